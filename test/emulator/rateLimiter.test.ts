import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bucketId, RateLimiter } from '../../src/emulator/rateLimits/RateLimiter.js';
import { type RouteDef, defineRoute } from '../../src/spec/route.js';

const devRoute: RouteDef = defineRoute({
  name: 'createLobby',
  operation: 'Create Lobby',
  area: 'lobbies',
  method: 'POST',
  path: '/lobbies',
  auth: 'bot',
  audit: false,
  params: z.object({}),
  status: 201,
  responseKind: 'json',
  rateLimit: 'createLobby',
  idempotent: false,
});
const plainRoute: RouteDef = defineRoute({
  name: 'getGuild',
  operation: 'Get Guild',
  area: 'guilds',
  method: 'GET',
  path: '/guilds/{guild_id}',
  auth: 'bot',
  audit: false,
  params: z.object({ guild_id: z.string() }),
  status: 200,
  responseKind: 'json',
  idempotent: true,
});
const app = (id: string) => ({ applicationId: id, identity: `bot:${id}` });

describe('RateLimiter', () => {
  it('allows the development limit per application per window, then 429s until the window resets', () => {
    const limiter = new RateLimiter({
      development: { createLobby: 2 },
      developmentWindowMs: 10_000,
      globalPerSecond: 1000,
    });
    const t0 = 1_000_000;
    const first = limiter.take(devRoute, {}, app('1'), t0);
    expect(first.limited).toBeUndefined();
    expect(first.headers).toMatchObject({
      'X-RateLimit-Limit': '2',
      'X-RateLimit-Remaining': '1',
      'X-RateLimit-Reset': '1010.000',
      'X-RateLimit-Reset-After': '10.000',
      'X-RateLimit-Bucket': bucketId('dev:createLobby'),
    });
    expect(limiter.take(devRoute, {}, app('1'), t0 + 1).headers['X-RateLimit-Remaining']).toBe('0');
    const refused = limiter.take(devRoute, {}, app('1'), t0 + 2500);
    expect(refused.limited?.body).toEqual({
      message: 'You are being rate limited.',
      retry_after: 7.5,
      global: false,
    });
    expect(refused.headers).toMatchObject({
      'Retry-After': '8',
      'X-RateLimit-Scope': 'user',
      'X-RateLimit-Remaining': '0',
    });
    // Another application has its own budget.
    expect(limiter.take(devRoute, {}, app('2'), t0 + 2500).limited).toBeUndefined();
    // The window ends: allowed again.
    expect(limiter.take(devRoute, {}, app('1'), t0 + 10_000).limited).toBeUndefined();
  });

  it('applies the global limit per token per second', () => {
    const limiter = new RateLimiter({ globalPerSecond: 3 });
    for (let i = 0; i < 3; i++)
      expect(limiter.take(plainRoute, { guild_id: '1' }, app('1'), 5000).limited).toBeUndefined();
    const refused = limiter.take(plainRoute, { guild_id: '1' }, app('1'), 5400);
    expect(refused.limited?.body).toEqual({
      message: 'You are being rate limited.',
      retry_after: 0.6,
      global: true,
    });
    expect(refused.headers).toMatchObject({
      'X-RateLimit-Global': 'true',
      'X-RateLimit-Scope': 'global',
      'Retry-After': '1',
    });
    expect(limiter.take(plainRoute, { guild_id: '1' }, app('1'), 6000).limited).toBeUndefined();
  });

  it('gives routes without a development bucket a per-route bucket split by guild and channel', () => {
    const limiter = new RateLimiter({ perRoute: { limit: 1, windowMs: 1000 }, globalPerSecond: 1000 });
    expect(limiter.take(plainRoute, { guild_id: '1' }, app('1'), 0).headers['X-RateLimit-Bucket']).toBe(
      bucketId('route:getGuild'),
    );
    expect(limiter.take(plainRoute, { guild_id: '1' }, app('1'), 1).limited).toBeDefined();
    expect(limiter.take(plainRoute, { guild_id: '2' }, app('1'), 1).limited).toBeUndefined();
  });

  it('uses the specification figures by default; when off counts nothing and sends no header', () => {
    const dev = new RateLimiter('development');
    expect(dev.take(devRoute, {}, app('1'), 0).headers['X-RateLimit-Limit']).toBe('20');
    const off = new RateLimiter('off');
    for (let i = 0; i < 100; i++) expect(off.take(devRoute, {}, app('1'), 0).limited).toBeUndefined();
    // Nothing that limits: not even a full bucket of 20 resetting in 2 hours.
    expect(off.take(devRoute, {}, app('1'), 0).headers).toEqual({});
    expect(off.take(plainRoute, { guild_id: '1' }, app('1'), 0).headers).toEqual({});
  });

  it('gives stable, distinct, opaque bucket ids', () => {
    expect(bucketId('dev:createLobby')).toBe(bucketId('dev:createLobby'));
    expect(bucketId('dev:createLobby')).not.toBe(bucketId('dev:modifyLobby'));
    expect(bucketId('dev:createLobby')).toMatch(/^[0-9a-f]{32}$/);
  });
});
