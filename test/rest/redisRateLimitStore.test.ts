/**
 * RedisRateLimitStore against a real redis-server (started on a free port by the test): stores built
 * side by side stand for the processes of a fleet. Time is a ManualClock (the store told to count in
 * the client's clock), except where clock skew is the point.
 */
import { createClient } from 'redis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import type { RateLimitVerdict } from '../../src/rest/ratelimit/parseRateLimitHeaders.js';
import type { RateRequest, WaitNotice } from '../../src/rest/ratelimit/RateLimitManager.js';
import {
  type RedisPermit,
  RedisRateLimitStore,
  type RedisRateLimitStoreOptions,
} from '../../src/redis/RedisRateLimitStore.js';
import { type RedisServer, startRedisServer } from '../support/redisServer.js';
import { info } from './support/rateLimitInfo.js';

type Redis = ReturnType<typeof createClient>;

let server: RedisServer;
let redis: Redis;
let prefix: string;
let run = 0;

beforeAll(async () => {
  server = await startRedisServer();
  redis = createClient({
    url: server.url,
    disableOfflineQueue: true,
    socket: { reconnectStrategy: () => 50 },
  });
  redis.on('error', () => {});
  await redis.connect();
});
afterAll(async () => {
  redis.destroy();
  await server.stop();
});
afterEach(() => {
  run++;
});

function store(clock: ManualClock, options: Partial<RedisRateLimitStoreOptions> = {}): RedisRateLimitStore {
  prefix = `lk-test-${run}`;
  return new RedisRateLimitStore({
    clock,
    globalPerSecond: 4,
    developmentRateLimits: false,
    redis,
    prefix,
    time: 'clock',
    fleetSize: 2,
    // Far beyond any advance of the ManualClock here: the real round trip is not on that clock.
    commandTimeoutMs: 3_600_000,
    ...options,
  });
}

/** A request of `route` for the bot whose token id is `auth`, its wait notices collected. */
function request(
  route = 'GET /lobbies/{lobby_id}',
  notices: WaitNotice[] = [],
  signal?: AbortSignal,
): RateRequest {
  return {
    routeKey: route,
    where: { major: 'global', lobbyId: undefined, auth: 'bot:1' },
    developmentBucket: undefined,
    authKey: 'bot:1',
    signal,
    beforeWait: (notice) => notices.push(notice),
  };
}

/** An answer without rate-limit headers. */
const noHeaders = info();

/** Lets the store's queued answers go to Redis and waits until they are in. */
async function flushAnswers(clock: ManualClock, s: RedisRateLimitStore): Promise<void> {
  const before = s.runs;
  clock.advance(0);
  await vi.waitFor(() => expect(s.runs).toBeGreaterThan(before));
  await redis.ping();
}

describe('RedisRateLimitStore', () => {
  it('lets the fleet together take no more than the global limit, and frees a slot a window after its answer', async () => {
    const clock = new ManualClock();
    const a = store(clock);
    const b = store(clock);
    const held: RedisPermit[] = [];
    // Four routes not learned yet: each one's first request goes (a route probes one at a time).
    for (const [i, s] of [a, b, a, b].entries()) held.push(await s.acquire(request(`GET /r${i}`)));
    const notices: WaitNotice[] = [];
    let granted: RedisPermit | undefined;
    void Promise.resolve(a.acquire(request('GET /users/@me', notices))).then((p) => {
      granted = p;
    });
    await vi.waitFor(() => expect(notices).toHaveLength(1));
    expect(notices[0]).toMatchObject({ reason: 'global' });
    expect(notices[0]?.waitMs).toBeLessThanOrEqual(1000);

    b.complete(held[1] as RedisPermit, 200, noHeaders);
    await flushAnswers(clock, b);
    clock.advance(999);
    await redis.ping();
    expect(granted).toBeUndefined();
    clock.advance(1);
    await vi.waitFor(() => expect(granted).toBeDefined());
    expect(granted && 'shared' in granted).toBe(true);
  });

  it('lets the requests waiting in a line go as soon as slots free, not after each one sleeps its stale refusal again', async () => {
    const clock = new ManualClock();
    const a = store(clock);
    const held: RedisPermit[] = [];
    for (let i = 0; i < 4; i++) held.push(await a.acquire(request(`GET /held${i}`)));
    // The window is full: three requests refused at once (each told 1,000 ms); one leads the line.
    const notices: WaitNotice[] = [];
    const granted: RedisPermit[] = [];
    for (let i = 0; i < 3; i++)
      void Promise.resolve(a.acquire(request(`GET /waiting${i}`, notices))).then((p) => granted.push(p));
    await vi.waitFor(() => expect(notices.length).toBeGreaterThanOrEqual(1));
    expect(notices[0]).toMatchObject({ reason: 'global', waitMs: 1000 });
    for (const permit of held) a.complete(permit, 200, noHeaders);
    await flushAnswers(clock, a);
    clock.advance(1000);
    // Every slot freed at 1,000: the whole line goes now. (It used to let one request go per 1,000 ms,
    // each request in turn sleeping the refusal it met before it queued; a fleet's other processes
    // took the freed slots meanwhile, and this one's lobbies starved.)
    await vi.waitFor(() => expect(granted).toHaveLength(3));
    expect(granted.every((p) => 'shared' in p)).toBe(true);
    expect(notices.every((n) => n.waitMs === 1000)).toBe(true);
  });

  it('tells every process what one learned of a bucket, and the route it belongs to', async () => {
    const clock = new ManualClock();
    const a = store(clock);
    const b = store(clock);
    const permit = await a.acquire(request());
    a.complete(permit, 200, {
      ...noHeaders,
      bucket: 'h1',
      limit: 3,
      remaining: 0,
      resetAfterMs: 5000,
      reset: 'w1',
    });
    await flushAnswers(clock, a);
    const notices: WaitNotice[] = [];
    void b.acquire(request('GET /lobbies/{lobby_id}', notices));
    await vi.waitFor(() => expect(notices).toHaveLength(1));
    expect(notices[0]).toEqual({ reason: 'bucket', waitMs: 5000, bucket: 'h1' });
    expect(await redis.hGet(`${prefix}:{bot:1}:r`, 'GET /lobbies/{lobby_id}')).toBe('h1');
  });

  it('lets a bucket with Remaining left go up to Remaining at once across processes, no further', async () => {
    const clock = new ManualClock();
    const a = store(clock, { globalPerSecond: Number.POSITIVE_INFINITY });
    const b = store(clock, { globalPerSecond: Number.POSITIVE_INFINITY });
    const first = await a.acquire(request());
    a.complete(first, 200, {
      ...noHeaders,
      bucket: 'h2',
      limit: 5,
      remaining: 2,
      resetAfterMs: 3000,
      reset: 'w',
    });
    await flushAnswers(clock, a);
    await a.acquire(request());
    await b.acquire(request());
    const notices: WaitNotice[] = [];
    void b.acquire(request('GET /lobbies/{lobby_id}', notices));
    await vi.waitFor(() => expect(notices).toHaveLength(1));
    // Both in flight: the third waits for their answers, not for the reset.
    expect(notices[0]).toEqual({ reason: 'bucket', waitMs: 0, bucket: 'h2' });
  });

  it('pauses every process of the token after a global 429', async () => {
    const clock = new ManualClock();
    const a = store(clock);
    const b = store(clock);
    const permit = await a.acquire(request());
    const verdict: RateLimitVerdict = { retryAfterMs: 2500, global: true, scope: 'global' };
    a.complete(permit, 429, { ...noHeaders, global: true, scope: 'global' }, verdict);
    await flushAnswers(clock, a);
    const notices: WaitNotice[] = [];
    void b.acquire(request('GET /users/@me', notices));
    await vi.waitFor(() => expect(notices).toHaveLength(1));
    expect(notices[0]).toEqual({ reason: 'global', waitMs: 2500, bucket: undefined });
  });

  it('counts invalid answers for the whole fleet, and brakes every process near the limit', async () => {
    const clock = new ManualClock();
    const thresholds = { limit: 10, slowDownAt: 4, stopAt: 5 };
    const a = store(clock, { invalidRequests: thresholds, globalPerSecond: Number.POSITIVE_INFINITY });
    const b = store(clock, { invalidRequests: thresholds, globalPerSecond: Number.POSITIVE_INFINITY });
    for (let i = 0; i < 5; i++) {
      const permit = await a.acquire(request('GET /users/@me'));
      a.complete(permit, 401, noHeaders);
      expect(a.recordInvalid(401)).toBeDefined();
    }
    await flushAnswers(clock, a);
    const notices: WaitNotice[] = [];
    void b.acquire(request('GET /users/@me', notices));
    await vi.waitFor(() => expect(notices).toHaveLength(1));
    expect(notices[0]?.reason).toBe('invalid-requests');
    expect(notices[0]?.waitMs).toBe(600_000);
    expect(b.snapshot().invalidRequests.count).toBe(5);
  });

  it('gives every key it writes an expiry', async () => {
    const clock = new ManualClock();
    const a = store(clock);
    const permit = await a.acquire(request());
    a.complete(permit, 200, {
      ...noHeaders,
      bucket: 'h3',
      limit: 3,
      remaining: 2,
      resetAfterMs: 1000,
      reset: 'w',
    });
    const bad = await a.acquire(request('GET /users/@me'));
    a.complete(bad, 403, noHeaders);
    await flushAnswers(clock, a);
    const keys = await redis.keys(`${prefix}:*`);
    expect(keys.length).toBeGreaterThanOrEqual(4);
    for (const key of keys) expect(await redis.pTTL(key), key).toBeGreaterThan(0);
  });

  it("counts windows in Redis's time, so processes whose clocks disagree by an hour still share the limit", async () => {
    const a = store(new ManualClock(Date.UTC(2026, 0, 1)), { time: 'redis', globalPerSecond: 2 });
    const b = store(new ManualClock(Date.UTC(2026, 0, 1, 1)), { time: 'redis', globalPerSecond: 2 });
    await a.acquire(request('GET /r1'));
    await b.acquire(request('GET /r2'));
    const notices: WaitNotice[] = [];
    const abort = new AbortController();
    const third = Promise.resolve(a.acquire(request('GET /users/@me', notices, abort.signal)));
    await vi.waitFor(() => expect(notices).toHaveLength(1));
    expect(notices[0]?.reason).toBe('global');
    expect(notices[0]?.waitMs).toBeLessThanOrEqual(1000);
    abort.abort(new Error('done'));
    await expect(third).rejects.toThrow('done');
  });

  it('decides alone on its local share while Redis is down, says so, and shares again once it is back', async () => {
    const clock = new ManualClock();
    const a = store(clock, { retryMs: 1000 });
    const events: string[] = [];
    a.on('unavailable', (e) => events.push(`unavailable ${e.localPerSecond}/s`));
    a.on('restored', () => events.push('restored'));
    await a.acquire(request());
    await server.stop();
    try {
      await vi.waitFor(() => expect(redis.isReady).toBe(false));
      const notices: WaitNotice[] = [];
      const granted: RedisPermit[] = [];
      for (let i = 0; i < 3; i++)
        void Promise.resolve(a.acquire(request(`GET /r${i}`, notices))).then((p) => granted.push(p));
      await vi.waitFor(() => expect(events).toEqual(['unavailable 2/s']));
      // One window of quiet (the fleet's last shared second), then the local share: 2 a second.
      await vi.waitFor(() => expect(notices.length).toBeGreaterThanOrEqual(1));
      clock.advance(1000);
      await vi.waitFor(() => expect(granted).toHaveLength(2));
      expect(granted.every((p) => 'local' in p)).toBe(true);
      for (const p of granted) a.complete(p, 200, noHeaders);
      clock.advance(1000);
      await vi.waitFor(() => expect(granted).toHaveLength(3));
    } finally {
      await server.start();
    }
    await vi.waitFor(() => expect(redis.isReady).toBe(true));
    clock.advance(1000);
    // The next request tries Redis again (a run that reserves nothing) and itself goes on the share.
    const meanwhile = await a.acquire(request('GET /r9'));
    expect('local' in meanwhile).toBe(true);
    await vi.waitFor(() => expect(events).toEqual(['unavailable 2/s', 'restored']));
    expect(a.shared).toBe(true);
    // What it let go alone in its last window now counts in Redis's global window.
    await a.flush();
    const slots = await redis.zRange(`${prefix}:{bot:1}:g`, 0, -1);
    expect(slots.filter((id) => id.includes(':l'))).toHaveLength(1);
    // A window and `retryMs` of quiet (the processes still alone finish theirs), then Redis again.
    const notices: WaitNotice[] = [];
    let back: RedisPermit | undefined;
    void Promise.resolve(a.acquire(request('GET /r10', notices))).then((p) => {
      back = p;
    });
    expect(notices).toEqual([{ reason: 'global', waitMs: 2000, bucket: undefined }]);
    clock.advance(2000);
    await vi.waitFor(() => expect(back).toBeDefined());
    expect(back && 'shared' in back).toBe(true);
  });

  it('sends the requests still waiting on the local share when Redis is back through Redis, none alone', async () => {
    const clock = new ManualClock();
    const a = store(clock, { retryMs: 1000 });
    const events: string[] = [];
    const notices: WaitNotice[] = [];
    let atRestore = 0;
    a.on('unavailable', () => events.push('unavailable'));
    a.on('restored', () => {
      events.push('restored');
      atRestore = notices.length;
    });
    await a.acquire(request());
    await server.stop();
    const granted: RedisPermit[] = [];
    try {
      await vi.waitFor(() => expect(redis.isReady).toBe(false));
      for (let i = 0; i < 5; i++)
        void Promise.resolve(a.acquire(request(`GET /q${i}`, notices))).then((p) => granted.push(p));
      await vi.waitFor(() => expect(events).toEqual(['unavailable']));
      // Each waits out one window of quiet first (the fleet's last shared second).
      await vi.waitFor(() => expect(notices).toHaveLength(5));
      clock.advance(1000);
      // The local share (2 a second) lets two go; three wait on it.
      await vi.waitFor(() => expect(granted).toHaveLength(2));
      expect(granted.every((p) => 'local' in p)).toBe(true);
    } finally {
      await server.start();
    }
    await vi.waitFor(() => expect(redis.isReady).toBe(true));
    // A request tries Redis again (and itself waits on the local share): Redis is back.
    void Promise.resolve(a.acquire(request('GET /trigger', notices))).then((p) => granted.push(p));
    await vi.waitFor(() => expect(events).toEqual(['unavailable', 'restored']));
    for (const p of granted) a.complete(p, 200, noHeaders);
    // The four waiting leave the local share for Redis's quiet window (a window and retryMs).
    await vi.waitFor(() =>
      expect(notices.slice(atRestore)).toEqual(
        Array(4).fill({ reason: 'global', waitMs: 2000, bucket: undefined }),
      ),
    );
    // The local share would let two go now: nothing goes.
    clock.advance(1000);
    await redis.ping();
    expect(granted).toHaveLength(2);
    clock.advance(1000);
    await vi.waitFor(() => expect(granted).toHaveLength(6));
    expect(granted.slice(2).every((p) => 'shared' in p)).toBe(true);
  });
});
