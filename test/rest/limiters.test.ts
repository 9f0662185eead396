import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { DevelopmentLimiter } from '../../src/rest/ratelimit/DevelopmentLimiter.js';
import { InvalidRequestTracker } from '../../src/rest/ratelimit/InvalidRequestTracker.js';
import { parseRateLimitHeaders, rateLimitVerdict } from '../../src/rest/ratelimit/parseRateLimitHeaders.js';
import { SlidingWindowLog } from '../../src/rest/ratelimit/SlidingWindowLog.js';
import { WindowLimiter } from '../../src/rest/ratelimit/WindowLimiter.js';
import { headersFromRecord } from '../../src/rest/transport/Transport.js';
import { abortableSleep } from '../../src/rest/util/abortableSleep.js';
import { developmentRateLimits } from '../../src/spec/limits.js';
import { abortListeners } from './support/listeners.js';

const flush = () => new Promise<void>((r) => setImmediate(r));

describe('SlidingWindowLog', () => {
  it('counts events in the window and says when a slot frees', () => {
    const log = new SlidingWindowLog(1000);
    log.record(0);
    log.record(100);
    log.record(200);
    expect(log.count(999)).toBe(3);
    expect(log.waitMs(500, 3)).toBe(500); // the oldest leaves at 1000
    expect(log.waitMs(500, 4)).toBe(0);
    expect(log.waitMs(500, 3, 1)).toBe(600); // one queued ahead: the second oldest
    expect(log.count(1000)).toBe(2);
    expect(log.oldestExpiresInMs(1000)).toBe(100);
    expect(log.waitMs(0, Number.POSITIVE_INFINITY)).toBe(0);
  });
});

describe('WindowLimiter (the global limit)', () => {
  it('allows N per sliding second, never N+1 within any second', async () => {
    const clock = new ManualClock(0);
    const limiter = new WindowLimiter(clock, 50, 1000);
    const sent: number[] = [];
    // Each request is answered at once: its slot frees one second after.
    const all = Array.from({ length: 120 }, () =>
      limiter.take().then(() => {
        sent.push(clock.now());
        limiter.finish();
      }),
    );
    await flush();
    expect(sent.length).toBe(50);
    for (let t = 0; t < 3000; t += 10) {
      clock.advance(10);
      await flush();
    }
    await Promise.all(all);
    expect(sent.length).toBe(120);
    for (let i = 50; i < sent.length; i++)
      expect((sent[i] as number) - (sent[i - 50] as number)).toBeGreaterThanOrEqual(1000);
  });

  it('holds a slot while its request is in flight, and one window after its answer', async () => {
    const clock = new ManualClock(0);
    const limiter = new WindowLimiter(clock, 2, 1000);
    expect(limiter.tryTake()).toBe(true);
    expect(limiter.tryTake()).toBe(true);
    expect(limiter.tryTake()).toBe(false);
    let granted = false;
    const p = limiter.take().then(() => (granted = true));
    clock.advance(5000);
    await flush();
    expect(granted).toBe(false); // both still in flight
    limiter.finish(); // answered at t=5000
    clock.advance(999);
    await flush();
    expect(granted).toBe(false);
    clock.advance(1);
    await p;
    expect(limiter.state().used).toBe(2);
  });

  it('pauses on a global 429 and resumes after', async () => {
    const clock = new ManualClock(0);
    const limiter = new WindowLimiter(clock, 50, 1000);
    limiter.pause(2000);
    expect(limiter.tryTake()).toBe(false);
    expect(limiter.estimateWaitMs()).toBe(2000);
    let done = false;
    const p = limiter.take().then(() => (done = true));
    clock.advance(1999);
    await flush();
    expect(done).toBe(false);
    clock.advance(1);
    await p;
    expect(limiter.state()).toMatchObject({ used: 1, queued: 0, pausedUntil: undefined });
  });

  it('rejects an aborted waiter at once, without leaking listeners or timers', async () => {
    const clock = new ManualClock(0);
    const limiter = new WindowLimiter(clock, 1, 1000);
    limiter.tryTake();
    const controller = new AbortController();
    const waits = Array.from({ length: 20 }, () => limiter.take(controller.signal));
    // One listener however many waits share the signal (no MaxListeners warning at 11).
    expect(abortListeners(controller.signal)).toBe(1);
    controller.abort();
    for (const w of waits) await expect(w).rejects.toMatchObject({ name: 'AbortError' });
    expect(abortListeners(controller.signal)).toBe(0);
    expect(clock.pending).toBe(0);
  });
});

describe('DevelopmentLimiter', () => {
  it('queues past the table figure for the 2-hour window', async () => {
    const clock = new ManualClock(0);
    const dev = new DevelopmentLimiter(clock, developmentRateLimits);
    const create = dev.limiter('createLobby')!;
    for (let i = 0; i < 20; i++) {
      expect(create.tryTake()).toBe(true);
      create.finish();
    }
    expect(create.tryTake()).toBe(false);
    expect(create.estimateWaitMs()).toBe(2 * 60 * 60 * 1000);
    expect(dev.limiter('unknownBucket')).toBeUndefined();
    expect(dev.snapshot()).toMatchObject([{ bucket: 'createLobby', capacity: 20, used: 20 }]);
    clock.advance(2 * 60 * 60 * 1000);
    expect(create.tryTake()).toBe(true);
  });
});

describe('InvalidRequestTracker', () => {
  it('counts 401, 403 and 429 except scope shared', () => {
    expect([401, 403, 429, 404, 500].map((s) => InvalidRequestTracker.counts(s))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(InvalidRequestTracker.counts(429, 'shared')).toBe(false);
    expect(InvalidRequestTracker.counts(429, 'user')).toBe(true);
  });

  it('warns at every multiple of warnEvery within a sliding 10 minutes', () => {
    const t = new InvalidRequestTracker({ warnEvery: 3 });
    const warns = Array.from({ length: 7 }, (_, i) => t.record(i).warn);
    expect(warns).toEqual([false, false, true, false, false, true, false]);
    expect(t.count(600_000)).toBe(6); // the one at t=0 left the window
  });

  it('slows down before the limit and stops short of it', () => {
    const t = new InvalidRequestTracker({ limit: 100, slowDownAt: 80, stopAt: 95 });
    for (let i = 0; i < 79; i++) t.record(0);
    expect(t.delayMs(1000)).toBe(0);
    t.record(0);
    // 80 recorded: the oldest leaves at 600 000; 15 left before stopAt: spread over that time.
    expect(t.delayMs(1000)).toBe(Math.ceil(599_000 / 15));
    for (let i = 0; i < 15; i++) t.record(1000);
    expect(t.delayMs(1000)).toBe(599_000); // at stopAt: wait until one leaves
    expect(t.delayMs(600_000)).toBe(0); // the 80 from t=0 left the window; 15 remain
  });

  it('defaults to the platform figures', () => {
    const t = new InvalidRequestTracker();
    expect([t.limit, t.windowMs, t.slowDownAt, t.stopAt]).toEqual([10_000, 600_000, 8000, 9500]);
  });
});

describe('parseRateLimitHeaders and rateLimitVerdict', () => {
  it('reads every header of the protocol', () => {
    const h = headersFromRecord({
      'x-ratelimit-limit': '5',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': '1470173023.123',
      'x-ratelimit-reset-after': '1.25',
      'x-ratelimit-bucket': 'abcd1234',
      'x-ratelimit-scope': 'shared',
      'retry-after': '2',
    });
    expect(parseRateLimitHeaders(h)).toEqual({
      bucket: 'abcd1234',
      limit: 5,
      remaining: 0,
      resetAfterMs: 1250,
      reset: '1470173023.123',
      global: false,
      scope: 'shared',
      retryAfterMs: 2000,
    });
  });

  it('prefers the body retry_after, then Retry-After, then Reset-After', () => {
    const h = parseRateLimitHeaders(
      headersFromRecord({ 'retry-after': '2', 'x-ratelimit-reset-after': '3' }),
    );
    expect(rateLimitVerdict(h, { retry_after: 0.5, global: false, message: 'x' })).toEqual({
      retryAfterMs: 500,
      global: false,
      scope: 'user',
    });
    expect(rateLimitVerdict(h, undefined).retryAfterMs).toBe(2000);
    const only = parseRateLimitHeaders(headersFromRecord({ 'x-ratelimit-reset-after': '3' }));
    expect(rateLimitVerdict(only, 'not json').retryAfterMs).toBe(3000);
    expect(rateLimitVerdict(parseRateLimitHeaders(headersFromRecord({})), undefined).retryAfterMs).toBe(1000);
  });

  it('knows a global 429 by header, body or scope', () => {
    const none = parseRateLimitHeaders(headersFromRecord({}));
    expect(rateLimitVerdict(none, { retry_after: 1, global: true }).scope).toBe('global');
    const byHeader = parseRateLimitHeaders(headersFromRecord({ 'x-ratelimit-global': 'true' }));
    expect(rateLimitVerdict(byHeader, {}).global).toBe(true);
  });
});

describe('abortableSleep', () => {
  it('waits on the clock and cleans up after itself', async () => {
    const clock = new ManualClock(0);
    const controller = new AbortController();
    let done = false;
    const p = abortableSleep(clock, 100, controller.signal).then(() => (done = true));
    expect(abortListeners(controller.signal)).toBe(1);
    clock.advance(100);
    await p;
    expect(done).toBe(true);
    expect(abortListeners(controller.signal)).toBe(0);
  });

  it('rejects at once on abort and clears its timer', async () => {
    const clock = new ManualClock(0);
    const controller = new AbortController();
    const p = abortableSleep(clock, 100_000, controller.signal);
    controller.abort(new Error('bye'));
    await expect(p).rejects.toThrow('bye');
    expect(clock.pending).toBe(0);
    expect(abortListeners(controller.signal)).toBe(0);
    await expect(abortableSleep(clock, 1, controller.signal)).rejects.toThrow('bye');
  });
});
