import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { Bucket } from '../../src/rest/ratelimit/Bucket.js';
import { BucketRegistry, type BucketTicket } from '../../src/rest/ratelimit/BucketRegistry.js';
import { lobbySplit } from '../../src/rest/ratelimit/LobbySplit.js';
import { fingerprint, type MajorParameter, majorParameter } from '../../src/rest/ratelimit/majorParameter.js';
import { abortListeners } from './support/listeners.js';
import { bucketInfo, info } from './support/rateLimitInfo.js';

const flush = () => new Promise<void>((r) => setImmediate(r));

describe('Bucket', () => {
  it('lets one probe through until its limit is known', () => {
    const clock = new ManualClock();
    const b = new Bucket(clock, 'k', undefined, 'global', undefined);
    expect(b.tryAcquire(clock.now())).toBe(true);
    expect(b.tryAcquire(clock.now())).toBe(false);
  });

  it('grants up to Remaining at once, minus what is in flight', () => {
    const clock = new ManualClock();
    const b = new Bucket(clock, 'k', 'h', 'global', undefined);
    b.update(bucketInfo('h', 5, 3, 1000), clock.now());
    expect([1, 2, 3, 4].map(() => b.tryAcquire(clock.now()))).toEqual([true, true, true, false]);
    expect(b.inFlight).toBe(3);
  });

  it('rolls the window over at Reset-After', () => {
    const clock = new ManualClock();
    const b = new Bucket(clock, 'k', 'h', 'global', undefined);
    b.update(bucketInfo('h', 2, 0, 1000), clock.now());
    expect(b.available(clock.now())).toBe(0);
    clock.advance(999);
    expect(b.available(clock.now())).toBe(0);
    clock.advance(1);
    expect(b.available(clock.now())).toBe(2);
  });

  it('keeps the lowest Remaining within one window (answers out of order)', () => {
    const clock = new ManualClock();
    const b = new Bucket(clock, 'k', 'h', 'global', undefined);
    b.update(bucketInfo('h', 5, 1, 800, 'w1'), clock.now());
    b.update(bucketInfo('h', 5, 3, 810, 'w1'), clock.now());
    expect(b.remaining).toBe(1);
  });

  it('takes a later window as new, and ignores one already over', () => {
    const clock = new ManualClock();
    const b = new Bucket(clock, 'k', 'h', 'global', undefined);
    b.update(bucketInfo('h', 5, 0, 1000, 'w1'), clock.now());
    clock.advance(1000);
    b.update(bucketInfo('h', 5, 4, 1000, 'w2'), clock.now());
    expect(b.remaining).toBe(4);
    b.update(bucketInfo('h', 5, 0, 0, 'w1'), clock.now()); // a late answer about the old window
    expect(b.remaining).toBe(4);
  });

  it('without reset information never stalls', () => {
    const clock = new ManualClock();
    const b = new Bucket(clock, 'k', 'h', 'global', undefined);
    b.update(info({ bucket: 'h', limit: 3, remaining: 0 }), clock.now());
    expect(b.available(clock.now())).toBe(3);
  });

  it('queues FIFO and grants at the reset, with no real sleep', async () => {
    const clock = new ManualClock();
    const b = new Bucket(clock, 'k', 'h', 'global', undefined);
    b.update(bucketInfo('h', 2, 0, 500), clock.now());
    const order: number[] = [];
    const waits = [1, 2, 3].map((n) => b.enqueue(undefined).then((g) => order.push(g ? n : -n)));
    await flush();
    expect(order).toEqual([]);
    clock.advance(500);
    await flush();
    expect(order).toEqual([1, 2]);
    expect(b.inFlight).toBe(2);
    b.release(); // an answer for one of them, no headers
    await flush();
    expect(order).toEqual([1, 2, 3]);
    await Promise.all(waits);
  });

  it('rejects a waiter at once on abort and leaves no listener behind', async () => {
    const clock = new ManualClock();
    const b = new Bucket(clock, 'k', 'h', 'global', undefined);
    b.update(bucketInfo('h', 1, 0, 60_000), clock.now());
    const controller = new AbortController();
    const p = b.enqueue(controller.signal);
    expect(abortListeners(controller.signal)).toBe(1);
    controller.abort(new Error('stop'));
    await expect(p).rejects.toThrow('stop');
    expect(b.queued).toBe(0);
    expect(abortListeners(controller.signal)).toBe(0);
    expect(clock.pending).toBe(0);
  });

  it('removes the listener of a granted waiter', async () => {
    const clock = new ManualClock();
    const b = new Bucket(clock, 'k', 'h', 'global', undefined);
    b.update(bucketInfo('h', 1, 0, 100), clock.now());
    const controller = new AbortController();
    const p = b.enqueue(controller.signal);
    clock.advance(100);
    await expect(p).resolves.toBe(true);
    expect(abortListeners(controller.signal)).toBe(0);
  });
});

describe('majorParameter', () => {
  it('picks guild, channel or webhook id; keeps the lobby id; never the webhook token', () => {
    expect(majorParameter({ guild_id: '1', user_id: '2' })).toEqual({
      major: 'guild_id=1',
      lobbyId: undefined,
    });
    expect(majorParameter({ channel_id: '3' })).toEqual({ major: 'channel_id=3', lobbyId: undefined });
    expect(majorParameter({ lobby_id: '4', user_id: '5' })).toEqual({ major: 'global', lobbyId: '4' });
    const webhook = majorParameter({ webhook_id: '6', webhook_token: 'secret-token' });
    expect(webhook.major).toBe(`webhook_id=6:${fingerprint('secret-token')}`);
    expect(webhook.major).not.toContain('secret-token');
  });
});

describe('BucketRegistry', () => {
  const GET = 'GET /guilds/{guild_id}';
  const g1: MajorParameter = { major: 'guild_id=1', lobbyId: undefined };
  const g2: MajorParameter = { major: 'guild_id=2', lobbyId: undefined };

  async function ticket(r: BucketRegistry, route: string, where: MajorParameter): Promise<BucketTicket> {
    return await r.acquire(route, where);
  }

  it('probes an unknown route one at a time, then sends up to Remaining at once', async () => {
    const clock = new ManualClock();
    const r = new BucketRegistry(clock);
    const first = await ticket(r, GET, g1);
    let granted = 0;
    const waiting = [1, 2, 3, 4, 5].map(() =>
      Promise.resolve(r.acquire(GET, g1)).then((t) => {
        granted++;
        return t;
      }),
    );
    await flush();
    expect(granted).toBe(0);
    r.complete(first, 200, bucketInfo('abc', 5, 3, 1000), undefined);
    await flush();
    expect(granted).toBe(3); // Remaining 3: three go at once, two wait for the reset
    expect(r.bucketOf(GET)).toBe('abc');
    clock.advance(1000);
    await flush();
    expect(granted).toBe(5);
    await Promise.all(waiting);
  });

  it('keys buckets by bucket id and major parameter', async () => {
    const clock = new ManualClock();
    const r = new BucketRegistry(clock);
    const t = await ticket(r, GET, g1);
    r.complete(t, 200, bucketInfo('abc', 1, 0, 1000), undefined);
    expect(r.resolve(GET, g1)?.available(clock.now())).toBe(0);
    // Another guild: the same bucket id, its own counter (a probe until it answers).
    const other = r.acquire(GET, g2);
    expect(other).not.toBeInstanceOf(Promise);
    // Another route on the same bucket id shares the counter.
    const t2 = await ticket(r, 'PATCH /guilds/{guild_id}', g1);
    r.complete(t2, 200, bucketInfo('abc', 1, 0, 1000), undefined);
    expect(r.resolve('PATCH /guilds/{guild_id}', g1)).toBe(r.resolve(GET, g1));
  });

  it('keeps buckets per token (the platform counts per bot or user)', async () => {
    const clock = new ManualClock();
    const r = new BucketRegistry(clock);
    const alice: MajorParameter = { ...g1, auth: 'bearer:a' };
    const bob: MajorParameter = { ...g1, auth: 'bearer:b' };
    const t = await ticket(r, GET, alice);
    r.complete(t, 200, bucketInfo('abc', 1, 0, 1000), undefined);
    expect(r.resolve(GET, alice)?.available(clock.now())).toBe(0);
    expect(r.acquire(GET, bob)).not.toBeInstanceOf(Promise);
    expect(majorParameter({ guild_id: '1' }, 'bot:x')).toEqual({
      major: 'guild_id=1',
      lobbyId: undefined,
      auth: 'bot:x',
    });
  });

  it('marks a route without rate-limit headers as unlimited', async () => {
    const r = new BucketRegistry(new ManualClock());
    const t = await ticket(r, GET, g1);
    r.complete(t, 200, info(), undefined);
    expect(r.bucketOf(GET)).toBeNull();
    const many = [1, 2, 3].map(() => r.acquire(GET, g1));
    expect(many.every((m) => !(m instanceof Promise) && m.bucket === null)).toBe(true);
  });

  it('a 429 of scope user exhausts the bucket for retry_after', async () => {
    const clock = new ManualClock();
    const r = new BucketRegistry(clock);
    const t = await ticket(r, GET, g1);
    r.complete(t, 200, bucketInfo('abc', 5, 4, 1000), undefined);
    const t2 = await ticket(r, GET, g1);
    r.complete(
      t2,
      429,
      info({ bucket: 'abc', limit: 5, remaining: 0, resetAfterMs: 1000, reset: 'w1', scope: 'user' }),
      3000,
    );
    const b = r.resolve(GET, g1)!;
    expect(b.available(clock.now())).toBe(0);
    clock.advance(2999);
    expect(b.available(clock.now())).toBe(0);
    clock.advance(1);
    expect(b.available(clock.now())).toBe(5);
  });

  it('a 429 of scope shared or global leaves the bucket alone', async () => {
    const clock = new ManualClock();
    const r = new BucketRegistry(clock);
    const t = await ticket(r, GET, g1);
    r.complete(t, 200, bucketInfo('abc', 5, 4, 1000), undefined);
    const t2 = await ticket(r, GET, g1);
    r.complete(
      t2,
      429,
      info({ bucket: 'abc', limit: 5, remaining: 3, resetAfterMs: 1000, reset: 'w1', scope: 'shared' }),
      5000,
    );
    expect(r.resolve(GET, g1)!.available(clock.now())).toBe(3);
  });

  it('calls beforeWait with the time to the reset, which may refuse', async () => {
    const clock = new ManualClock();
    const r = new BucketRegistry(clock);
    const t = await ticket(r, GET, g1);
    r.complete(t, 200, bucketInfo('abc', 1, 0, 4000), undefined);
    const seen: number[] = [];
    await expect(
      r.acquire(GET, g1, undefined, (_b, ms) => {
        seen.push(ms);
        throw new Error('too long');
      }),
    ).rejects.toThrow('too long');
    expect(seen).toEqual([4000]);
    expect(r.resolve(GET, g1)!.queued).toBe(0);
  });

  describe('lobby routes', () => {
    const L = 'PATCH /lobbies/{lobby_id}';
    const lobby = (id: string): MajorParameter => ({ major: 'global', lobbyId: id });

    it('counts lobbies together until the platform shows otherwise (the stated rule)', async () => {
      const clock = new ManualClock();
      const r = new BucketRegistry(clock, lobbySplit);
      const t = await ticket(r, L, lobby('1'));
      r.complete(t, 200, bucketInfo('lob', 3, 2, 5000, 'w1'), undefined);
      expect(r.resolve(L, lobby('1'))).toBe(r.resolve(L, lobby('2')));
      // Parallel probes for two lobbies of one unknown route are one probe.
      const r2 = new BucketRegistry(clock, lobbySplit);
      const first = r2.acquire(L, lobby('1'));
      expect(first).not.toBeInstanceOf(Promise);
      expect(r2.acquire(L, lobby('2'))).toBeInstanceOf(Promise);
    });

    it('keeps a bucket per lobby once two lobbies show two windows open at once', async () => {
      const clock = new ManualClock();
      const r = new BucketRegistry(clock, lobbySplit);
      const t1 = await ticket(r, L, lobby('1'));
      r.complete(t1, 200, bucketInfo('lob', 2, 1, 5000, 'a'), undefined);
      clock.advance(100);
      const t2 = await ticket(r, L, lobby('2'));
      r.complete(t2, 200, bucketInfo('lob', 2, 1, 5000, 'b'), undefined);
      expect(r.isSplitByLobby('lob')).toBe(true);
      const one = r.resolve(L, lobby('1'))!;
      const two = r.resolve(L, lobby('2'))!;
      expect(one).not.toBe(two);
      // Each seeded with its own window.
      expect([one.remaining, one.resetInMs(clock.now())]).toEqual([1, 4900]);
      expect([two.remaining, two.resetInMs(clock.now())]).toEqual([1, 5000]);
      expect(
        r
          .snapshot()
          .map((b) => b.lobbyId)
          .sort(),
      ).toEqual(['1', '2']);
    });

    it('does not take consecutive windows of one counter for two counters', async () => {
      const clock = new ManualClock();
      const r = new BucketRegistry(clock, lobbySplit);
      const t1 = await ticket(r, L, lobby('1'));
      r.complete(t1, 200, bucketInfo('lob', 2, 1, 1000, 'a'), undefined);
      clock.advance(1000);
      const t2 = await ticket(r, L, lobby('2'));
      r.complete(t2, 200, bucketInfo('lob', 2, 1, 1000, 'b'), undefined);
      expect(r.isSplitByLobby('lob')).toBe(false);
    });

    it('without the per-lobby part (LobbyClient) counts lobbies together, whatever their windows', async () => {
      const clock = new ManualClock();
      const r = new BucketRegistry(clock);
      const t1 = await ticket(r, L, lobby('1'));
      r.complete(t1, 200, bucketInfo('lob', 2, 1, 5000, 'a'), undefined);
      clock.advance(100);
      const t2 = await ticket(r, L, lobby('2'));
      r.complete(t2, 200, bucketInfo('lob', 2, 1, 5000, 'b'), undefined);
      expect(r.isSplitByLobby('lob')).toBe(false);
      expect(r.resolve(L, lobby('1'))).toBe(r.resolve(L, lobby('2')));
      expect(r.snapshot().map((b) => b.lobbyId)).toEqual([undefined]);
    });

    it('counts lobbies together again after a 429 the per-lobby state did not predict', async () => {
      const clock = new ManualClock();
      const r = new BucketRegistry(clock, lobbySplit);
      const t1 = await ticket(r, L, lobby('1'));
      r.complete(t1, 200, bucketInfo('lob', 2, 1, 5000, 'a'), undefined);
      const t2 = await ticket(r, L, lobby('2'));
      r.complete(t2, 200, bucketInfo('lob', 2, 1, 5000, 'b'), undefined);
      expect(r.isSplitByLobby('lob')).toBe(true);
      const t3 = await ticket(r, L, lobby('2')); // informed grant: remaining 1
      r.complete(
        t3,
        429,
        info({ bucket: 'lob', limit: 2, remaining: 0, resetAfterMs: 5000, reset: 'a', scope: 'user' }),
        5000,
      );
      expect(r.isSplitByLobby('lob')).toBe(false);
      expect(r.resolve(L, lobby('1'))).toBe(r.resolve(L, lobby('2')));
      expect(r.resolve(L, lobby('1'))!.available(clock.now())).toBe(0);
    });
  });

  it('describes its buckets for a UI', async () => {
    const clock = new ManualClock();
    const r = new BucketRegistry(clock);
    const t = await ticket(r, GET, g1);
    r.complete(t, 200, bucketInfo('abc', 5, 4, 1000), undefined);
    expect(r.snapshot()).toEqual([
      {
        key: 'abc|guild_id=1||',
        bucket: 'abc',
        major: 'guild_id=1',
        lobbyId: undefined,
        auth: undefined,
        routes: [GET],
        limit: 5,
        remaining: 4,
        inFlight: 0,
        queued: 0,
        resetAfterMs: 1000,
      },
    ]);
  });
});
