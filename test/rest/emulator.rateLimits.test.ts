/**
 * The client's rate-limit handling against the emulator's real headers and 429s (system clock, small
 * windows): bursts larger than a bucket, development limits per application across lobbies, a global
 * storm, and abort during a rate-limit wait.
 */
import { describe, expect, it } from 'vitest';
import type { RateLimitedEvent } from '../../src/rest/RestEvents.js';
import type { RestClientOptions } from '../../src/rest/restClientDefaults.js';
import { demoBotClient, useEmulator } from '../support/emulator.js';

const LOBBY = '1323802873036931091';

describe('rate limits against the emulator', () => {
  const emu = useEmulator({
    clock: 'system',
    rateLimits: {
      development: { createLobby: 4, modifyLobby: 3 },
      developmentWindowMs: 600,
      globalPerSecond: 15,
    },
  });

  const client = (options: RestClientOptions = {}) => {
    const c = demoBotClient(emu.emulator, { globalPerSecond: 15, ...options });
    const refused: RateLimitedEvent[] = [];
    c.on('rateLimited', (e) => {
      if (e.source === 'response') refused.push(e);
    });
    return { c, refused };
  };

  it('a burst larger than a bucket finishes with at most one 429', async () => {
    const { c, refused } = client();
    const lobbies = await Promise.all(Array.from({ length: 10 }, () => c.call('createLobby')));
    expect(new Set(lobbies.map((l) => l.id)).size).toBe(10);
    expect(refused.length).toBeLessThanOrEqual(1);
    await c.close();
  });

  it('learns that a development bucket is shared across lobbies', async () => {
    const { c, refused } = client();
    const [a, b] = await Promise.all([c.call('createLobby'), c.call('createLobby')]);
    const calls = Array.from({ length: 9 }, (_, i) =>
      c.call('modifyLobby', {
        params: { lobby_id: (i % 2 ? a : b).id },
        body: { metadata: { n: String(i) } },
      }),
    );
    await Promise.all(calls);
    expect(refused.length).toBeLessThanOrEqual(1);
    await c.close();
  });

  it('a global-limit storm loses no request', async () => {
    const { c } = client();
    const results = await Promise.all(
      Array.from({ length: 40 }, () => c.call('getLobby', { params: { lobby_id: LOBBY } })),
    );
    expect(results.every((r) => r.id === LOBBY)).toBe(true);
    await c.close();
  });

  it('rejects at once when aborted during a rate-limit wait', async () => {
    const { c } = client();
    for (let i = 0; i < 4; i++) await c.call('createLobby');
    const controller = new AbortController();
    const p = c.call('createLobby', { signal: controller.signal });
    await new Promise((r) => setTimeout(r, 20));
    const started = Date.now();
    controller.abort();
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
    // The bucket would hold the call for hours: rejecting within seconds (a loaded CI machine's
    // scheduling, not a speed target) shows that the abort ended the wait.
    expect(Date.now() - started).toBeLessThan(5_000);
    await c.close();
  });
});

describe('rate limits off', () => {
  const emu = useEmulator({ rateLimits: 'off' });

  it('advertises nothing that limits: no rate-limit header on any answer', async () => {
    for (const path of ['/lobbies', `/lobbies/${LOBBY}`, '/guilds/1323802873036931079']) {
      const res = await fetch(`${emu.emulator.apiUrl}${path}`, {
        method: path === '/lobbies' ? 'POST' : 'GET',
        headers: { authorization: 'Bot demo-bot-token', 'content-type': 'application/json' },
        ...(path === '/lobbies' ? { body: '{}' } : {}),
      });
      expect(res.status, path).toBeLessThan(300);
      const names: string[] = [];
      res.headers.forEach((_value, name) => {
        if (name.startsWith('x-ratelimit') || name === 'retry-after') names.push(name);
      });
      expect(names, path).toEqual([]);
    }
  });

  it('64 concurrent Create Lobby calls all succeed, none waiting on a bucket', async () => {
    // The client's own global limit (50 per second) is the client's setting, not the platform's.
    const c = demoBotClient(emu.emulator, { globalPerSecond: Number.POSITIVE_INFINITY });
    const refused: RateLimitedEvent[] = [];
    c.on('rateLimited', (e) => refused.push(e));
    const settled = await Promise.allSettled(Array.from({ length: 64 }, () => c.call('createLobby')));
    expect(settled.filter((s) => s.status === 'rejected')).toEqual([]);
    expect(refused).toEqual([]);
    await c.close();
  });
});
