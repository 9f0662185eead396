/** The development rate limits of lobby routes, with the specification's figures, over HTTP. */
import { describe, expect, it } from 'vitest';
import { bucketId } from '../../src/emulator/rateLimits/RateLimiter.js';
import { demo } from '../../src/emulator/world/demoSeed.js';
import { useEmulator } from '../support/emulator.js';
import { expectConforms } from '../support/openapi.js';

// The development table with the specification's figures; the global per-second limit is lifted here
// because the manual clock stands still (it has its own emulator below).
const emu = useEmulator({ rateLimits: { globalPerSecond: 1_000_000 }, clock: 'manual' });
const strict = useEmulator({ rateLimits: 'development', clock: 'manual' });
const TWO_HOURS = 2 * 60 * 60 * 1000;

describe('development rate limits', () => {
  it('allow 20 POST /lobbies per application per 2 hours, then 429 until the window ends', async () => {
    for (let i = 0; i < 20; i++) {
      const res = await emu.call('POST', '/lobbies', { json: {} });
      expect(res.status).toBe(201);
      expect(res.headers['x-ratelimit-limit']).toBe('20');
      expect(res.headers['x-ratelimit-remaining']).toBe(String(19 - i));
      expect(res.headers['x-ratelimit-bucket']).toBe(bucketId('dev:createLobby'));
      expect(Number(res.headers['x-ratelimit-reset-after'])).toBeCloseTo(7200, 0);
    }
    const refused = await emu.call('POST', '/lobbies', { json: {} });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      message: 'You are being rate limited.',
      retry_after: 7200,
      global: false,
    });
    expect(refused.headers['retry-after']).toBe('7200');
    expect(refused.headers['x-ratelimit-scope']).toBe('user');
    expectConforms('POST', '/lobbies', refused);

    // Other buckets are unaffected.
    expect((await emu.call('GET', `/lobbies/${demo.lobbyId}`)).status).toBe(200);

    await emu.control('POST', '/clock', { advance_ms: TWO_HOURS - 1000 });
    const stillRefused = await emu.call('POST', '/lobbies', { json: {} });
    expect(stillRefused.status).toBe(429);
    expect(stillRefused.body).toMatchObject({ retry_after: 1 });
    await emu.control('POST', '/clock', { advance_ms: 1000 });
    expect((await emu.call('POST', '/lobbies', { json: {} })).status).toBe(201);
  });

  it('count per application: a second application has its own budget', async () => {
    for (let i = 0; i < 20; i++) await emu.call('POST', '/lobbies', { json: {} });
    expect((await emu.call('POST', '/lobbies', { json: {} })).status).toBe(429);
    const app = await emu.control<{ bot_token: string }>('POST', '/applications', { name: 'Second Game' });
    expect((await emu.call('POST', '/lobbies', { auth: { bot: app.body.bot_token }, json: {} })).status).toBe(
      201,
    );
  });

  it('allow 20 channel-linking calls and 100 member upserts', async () => {
    const alice = demo.users[0];
    for (let i = 0; i < 20; i++) {
      const res = await emu.call('PATCH', `/lobbies/${demo.lobbyId}/channel-linking`, {
        auth: { bearer: alice.token },
        json: {},
      });
      expect(res.status).toBe(200);
    }
    expect(
      (
        await emu.call('PATCH', `/lobbies/${demo.lobbyId}/channel-linking`, {
          auth: { bearer: alice.token },
          json: {},
        })
      ).status,
    ).toBe(429);
    for (let i = 0; i < 100; i++) {
      expect(
        (await emu.call('PUT', `/lobbies/${demo.lobbyId}/members/${alice.id}`, { json: {} })).status,
      ).toBe(200);
    }
    const refused = await emu.call('PUT', `/lobbies/${demo.lobbyId}/members/${alice.id}`, { json: {} });
    expect(refused.status).toBe(429);
    expect(refused.headers['x-ratelimit-limit']).toBe('100');
  });

  it('carry headers on routes without a development bucket too', async () => {
    const res = await emu.call('GET', `/lobbies/${demo.lobbyId}`);
    for (const name of [
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
      'x-ratelimit-reset',
      'x-ratelimit-reset-after',
      'x-ratelimit-bucket',
    ]) {
      expect(res.headers[name], name).toBeDefined();
    }
  });
});

describe('the global limit', () => {
  it('allows 50 requests per second per token, then answers a global 429', async () => {
    for (let i = 0; i < 50; i++)
      expect((await strict.call('GET', `/lobbies/${demo.lobbyId}`)).status).toBe(200);
    const refused = await strict.call('GET', `/lobbies/${demo.lobbyId}`);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: 'You are being rate limited.', retry_after: 1, global: true });
    expect(refused.headers['x-ratelimit-global']).toBe('true');
    expect(refused.headers['x-ratelimit-scope']).toBe('global');
    expect(refused.headers['retry-after']).toBe('1');
    // Another token is not affected; the next second is allowed again.
    expect(
      (
        await strict.call('GET', `/lobbies/${demo.lobbyId}/messages`, {
          auth: { bearer: demo.users[0].token },
        })
      ).status,
    ).toBe(200);
    await strict.control('POST', '/clock', { advance_ms: 1000 });
    expect((await strict.call('GET', `/lobbies/${demo.lobbyId}`)).status).toBe(200);
  });
});
