/**
 * The client's protocol logic — buckets, 429s, the global limit, retries, timeouts, aborts, invalid
 * requests, development limits — over a scripted transport and a ManualClock: nothing sleeps.
 */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import {
  isInvalidResponseError,
  isNetworkError,
  isRateLimitError,
  isTimeoutError,
} from '../../src/rest/errors/guards.js';
import type { RateLimitError } from '../../src/rest/errors/RateLimitError.js';
import type { RateLimitedEvent, RetryEvent } from '../../src/rest/RestEvents.js';
import { RouteClient } from '../../src/rest/RouteClient.js';
import type { RestClientOptions } from '../../src/rest/restClientDefaults.js';
import { developmentRateLimits } from '../../src/spec/limits.js';
import { type FakeAnswer, fakeTransport, flush, type RecordedRequest, rl } from './support/fakeTransport.js';
import { abortListeners } from './support/listeners.js';
import { testRoutes } from './support/testRoutes.js';

const BOT = 'bot-token-0123456789abcdefghij';

function setup(
  handler: (req: RecordedRequest, i: number) => FakeAnswer | Promise<FakeAnswer>,
  options: RestClientOptions = {},
) {
  const clock = new ManualClock();
  const transport = fakeTransport(handler);
  const client = new RouteClient({
    routes: testRoutes,
    baseUrl: 'http://api.test/api/v10',
    auth: { bot: BOT },
    transport,
    clock,
    random: () => 0,
    ...options,
  });
  return { client, transport, clock };
}

/** Settles `p` (recording how), so that a test can step the clock while it is pending. */
function track<T>(p: Promise<T>) {
  const state: { done: boolean; value?: T; error?: unknown } = { done: false };
  p.then(
    (value) => Object.assign(state, { done: true, value }),
    (error) => Object.assign(state, { done: true, error }),
  );
  return state;
}

async function step(clock: ManualClock, ms: number, by = 10): Promise<void> {
  for (let t = 0; t < ms; t += by) {
    clock.advance(Math.min(by, ms - t));
    await flush(2);
  }
}

const ok = (headers: Record<string, string> = {}): FakeAnswer => ({
  status: 200,
  headers,
  body: { id: '1' },
});
const getLobby = { params: { lobby_id: '1' } } as const;

describe('buckets', () => {
  it('sends up to Remaining at once within a known bucket, and waits Reset-After when exhausted', async () => {
    let remaining = 5;
    const { client, transport, clock } = setup(async () => {
      await flush(1);
      remaining--;
      return ok(rl('b1', 5, Math.max(0, remaining), 1));
    });
    // Teach the bucket with one call.
    await client.call('getLobby', getLobby);
    const calls = Array.from({ length: 8 }, () => track(client.call('getLobby', getLobby)));
    await flush(10);
    expect(transport.requests).toHaveLength(5); // the first + 4 remaining
    expect(transport.maxInFlight).toBeGreaterThan(1);
    expect(transport.maxInFlight).toBeLessThanOrEqual(4);
    remaining = 5;
    await step(clock, 1000);
    await flush(10);
    expect(transport.requests).toHaveLength(9);
    expect(calls.every((c) => c.done && !c.error)).toBe(true);
  });

  it('a burst larger than the bucket ends with no 429 at all', async () => {
    // A server with a fixed window: 3 per second, counting what it receives.
    let used = 0;
    let windowEnd = 0;
    let refused = 0;
    const { client, clock } = setup(() => {
      const now = clock.now();
      if (now >= windowEnd) {
        used = 0;
        windowEnd = now + 1000;
      }
      const after = String((windowEnd - now) / 1000);
      if (used >= 3) {
        refused++;
        return {
          status: 429,
          headers: {
            ...rl('b', 3, 0, Number(after), String(windowEnd)),
            'retry-after': after,
            'x-ratelimit-scope': 'user',
          },
          body: { message: 'You are being rate limited.', retry_after: Number(after), global: false },
        };
      }
      used++;
      return ok(rl('b', 3, 3 - used, Number(after), String(windowEnd)));
    });
    const calls = Array.from({ length: 10 }, () => track(client.call('getLobby', getLobby)));
    await step(clock, 5000);
    expect(calls.every((c) => c.done && !c.error)).toBe(true);
    expect(refused).toBe(0);
  });

  it('a wait on a bucket longer than maxRateLimitWaitMs throws RateLimitError without sending', async () => {
    const { client, transport } = setup(() => ok(rl('b', 1, 0, 120)), { maxRateLimitWaitMs: 60_000 });
    await client.call('getLobby', getLobby);
    const error = (await client.call('getLobby', getLobby).catch((e) => e)) as RateLimitError;
    expect(isRateLimitError(error)).toBe(true);
    expect(error).toMatchObject({ kind: 'preemptive', scope: 'user', bucket: 'b', retryAfterMs: 120_000 });
    expect(transport.requests).toHaveLength(1);
  });

  it('does not give up on a bucket while answers in flight may refresh it', async () => {
    // Each answer shows a fresh window of 2 (as a server with nothing to limit might): the two in
    // flight refresh the bucket, so the calls waiting behind them go instead of giving up on the
    // 2-hour reset the first answer showed.
    let n = 0;
    const { client, transport } = setup(
      async () => {
        await flush(1);
        n++;
        return ok(rl('b', 2, 2, 7200, `w${n}`));
      },
      { maxRateLimitWaitMs: 60_000 },
    );
    await client.call('getLobby', getLobby);
    const calls = Array.from({ length: 6 }, () => track(client.call('getLobby', getLobby)));
    await flush(30);
    expect(calls.map((c) => c.error)).toEqual(new Array(6).fill(undefined));
    expect(calls.every((c) => c.done)).toBe(true);
    expect(transport.requests).toHaveLength(7);
  });

  it('gives up on the waits once the answers in flight leave the bucket exhausted', async () => {
    // The other side: the answers confirm the window (same reset, nothing remaining), so once none
    // is in flight the waits are judged and refused, as a wait is when nothing is out.
    const { client, transport } = setup(
      async () => {
        await flush(1);
        return ok(rl('b', 3, 0, 7200, 'w1'));
      },
      { maxRateLimitWaitMs: 60_000 },
    );
    const first = (await client.call('getLobby', getLobby).catch((e) => e)) as unknown;
    expect(first).toEqual({ id: '1' });
    // The first answer said 0 remaining: with nothing in flight, a new call is refused at once.
    const refusedAtOnce = (await client.call('getLobby', getLobby).catch((e) => e)) as RateLimitError;
    expect(refusedAtOnce).toMatchObject({ kind: 'preemptive', retryAfterMs: 7_200_000 });
    expect(transport.requests).toHaveLength(1);
  });

  it('judges the waiters when the last answer in flight leaves them waiting', async () => {
    let answers = 0;
    const { client, transport } = setup(
      async () => {
        await flush(1);
        answers++;
        // The probe teaches a window with 2 left; the two sent next use it up.
        return ok(rl('b', 3, answers === 1 ? 2 : 0, 7200, 'w1'));
      },
      { maxRateLimitWaitMs: 60_000 },
    );
    await client.call('getLobby', getLobby);
    const calls = Array.from({ length: 4 }, () => track(client.call('getLobby', getLobby)));
    await flush(30);
    expect(transport.requests).toHaveLength(3);
    expect(calls.slice(0, 2).every((c) => c.done && !c.error)).toBe(true);
    for (const c of calls.slice(2)) {
      expect(c.done).toBe(true);
      expect(c.error).toMatchObject({ name: 'RateLimitError', kind: 'preemptive', scope: 'user' });
    }
  });

  it('reports what it knows in rateLimits', async () => {
    const { client } = setup(() => ok(rl('b1', 5, 4, 1)));
    await client.call('getLobby', getLobby);
    const snapshot = client.rateLimits;
    expect(snapshot.buckets).toMatchObject([
      { bucket: 'b1', limit: 5, remaining: 4, lobbyId: undefined, routes: ['GET /lobbies/{lobby_id}'] },
    ]);
    expect(snapshot.global).toMatchObject([{ capacity: 50, used: 1 }]);
    expect(JSON.stringify(snapshot)).not.toContain(BOT);
    expect(snapshot.invalidRequests).toMatchObject({ count: 0, limit: 10_000 });
  });
});

describe('429', () => {
  const limited = (retryAfter: number, extra: Record<string, string> = {}, global = false): FakeAnswer => ({
    status: 429,
    headers: {
      'retry-after': String(Math.ceil(retryAfter)),
      'x-ratelimit-scope': global ? 'global' : 'user',
      ...extra,
    },
    body: { message: 'You are being rate limited.', retry_after: retryAfter, global },
  });

  it('waits retry_after and retries, with events', async () => {
    const { client, transport, clock } = setup((_r, i) => (i === 0 ? limited(1.5) : ok()));
    const limitedEvents: RateLimitedEvent[] = [];
    const retries: RetryEvent[] = [];
    client.on('rateLimited', (e) => limitedEvents.push(e));
    client.on('retry', (e) => retries.push(e));
    const call = track(client.call('getLobby', getLobby));
    await flush();
    expect(transport.requests).toHaveLength(1);
    await step(clock, 1490);
    expect(transport.requests).toHaveLength(1);
    await step(clock, 20);
    expect(call).toMatchObject({ done: true, value: { id: '1' } });
    expect(limitedEvents).toMatchObject([
      { source: 'response', scope: 'user', waitMs: 1500, operation: 'getLobby' },
    ]);
    expect(retries).toMatchObject([{ reason: 'rate-limit', attempt: 2, delayMs: 1500, status: 429 }]);
  });

  it('gives up after max429Retries with RateLimitError', async () => {
    const { client, transport, clock } = setup(() => limited(0.1), { max429Retries: 2 });
    const call = track(client.call('getLobby', getLobby));
    await step(clock, 1000);
    expect(call.done).toBe(true);
    expect(isRateLimitError(call.error)).toBe(true);
    expect((call.error as RateLimitError).reason).toContain('after 2 retries');
    expect(transport.requests).toHaveLength(3);
  });

  it('gives up at once when retry_after exceeds maxRateLimitWaitMs', async () => {
    const { client, transport } = setup(() => limited(7200), { maxRateLimitWaitMs: 10_000 });
    const error = (await client.call('getLobby', getLobby).catch((e) => e)) as RateLimitError;
    expect(error).toMatchObject({ name: 'RateLimitError', kind: 'response', retryAfterMs: 7_200_000 });
    expect(transport.requests).toHaveLength(1);
  });

  it('a global 429 holds every request of that token', async () => {
    let first = true;
    const { client, transport, clock } = setup(() => {
      if (first) {
        first = false;
        return limited(2, { 'x-ratelimit-global': 'true' }, true);
      }
      return ok();
    });
    const a = track(client.call('getLobby', getLobby));
    await flush();
    const b = track(client.call('getGuild', { params: { guild_id: '7' } }));
    await step(clock, 1900);
    expect(transport.requests).toHaveLength(1);
    expect(b.done).toBe(false);
    await step(clock, 200);
    expect(a.done && b.done).toBe(true);
    expect(transport.requests).toHaveLength(3);
  });

  it('a stream body is not sent twice: a 429 then throws', async () => {
    const { client, transport } = setup(() => limited(0.5));
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode('user_id\n1\n'));
        c.close();
      },
    });
    const error = await client
      .call('updateTargetUsers', { params: { code: 'x' }, files: { target_users_file: stream } })
      .catch((e) => e);
    expect(error).toMatchObject({ name: 'RateLimitError', reason: expect.stringContaining('stream') });
    expect(transport.requests).toHaveLength(1);
  });
});

describe('the global limit', () => {
  it('sends at most globalPerSecond per second per token, losing nothing', async () => {
    const { client, transport, clock } = setup(() => ok(), { globalPerSecond: 5 });
    const calls = Array.from({ length: 12 }, (_, i) =>
      track(client.call('getGuild', { params: { guild_id: String(i) } })),
    );
    await flush(10);
    expect(transport.requests).toHaveLength(5);
    await step(clock, 1000);
    expect(transport.requests).toHaveLength(10);
    await step(clock, 1000);
    expect(calls.every((c) => c.done && !c.error)).toBe(true);
  });

  it('still pauses after a global 429 when turned off', async () => {
    let first = true;
    const { client, transport, clock } = setup(
      () => {
        if (!first) return ok();
        first = false;
        return {
          status: 429,
          headers: { 'x-ratelimit-global': 'true', 'retry-after': '1' },
          body: { retry_after: 1, global: true },
        };
      },
      { globalPerSecond: Number.POSITIVE_INFINITY },
    );
    const a = track(client.call('getLobby', getLobby));
    await flush();
    const b = track(client.call('getGuild', { params: { guild_id: '2' } }));
    await step(clock, 900);
    expect(transport.requests).toHaveLength(1);
    await step(clock, 200);
    expect(a.done && b.done).toBe(true);
  });

  it('counts per token', async () => {
    const { client, transport } = setup(() => ok(), { globalPerSecond: 2 });
    const calls = [
      client.call('getGuild', { params: { guild_id: '1' } }),
      client.call('getGuild', { params: { guild_id: '2' } }),
      client.call('getGuild', { params: { guild_id: '3' }, auth: { bearer: 'other-token-0123456789' } }),
    ];
    await Promise.all(calls);
    expect(transport.requests).toHaveLength(3);
  });
});

describe('retries', () => {
  it('retries 5xx with backoff on operations safe to repeat', async () => {
    const { client, transport, clock } = setup(
      (_r, i) => (i < 2 ? { status: 502, body: 'bad gateway' } : ok()),
      {
        retryBaseMs: 100,
      },
    );
    const retries: RetryEvent[] = [];
    client.on('retry', (e) => retries.push(e));
    const call = track(client.call('getLobby', getLobby));
    await step(clock, 400);
    expect(call).toMatchObject({ done: true, value: { id: '1' } });
    expect(retries.map((r) => [r.reason, r.delayMs, r.status])).toEqual([
      ['server-error', 50, 502],
      ['server-error', 100, 502],
    ]);
    expect(transport.requests).toHaveLength(3);
  });

  it('does not repeat an operation that is not safe to repeat', async () => {
    const { client, transport } = setup(() => ({ status: 500, body: { code: 0, message: 'oops' } }));
    await expect(client.call('createLobby')).rejects.toMatchObject({ name: 'ApiError', status: 500 });
    expect(transport.requests).toHaveLength(1);
    const { client: c2, transport: t2 } = setup(() => 'drop');
    const error = await c2.call('createLobby').catch((e) => e);
    expect(isNetworkError(error)).toBe(true);
    expect(error.message).toContain('not safe to repeat');
    expect(t2.requests).toHaveLength(1);
  });

  it('reads an empty or cut-off success answer as a lost answer: repeated only where safe', async () => {
    // Safe to repeat: a body lost on the way is asked for again, like a dropped connection.
    const bodies = ['', '{"id":"1","meta', ok()];
    const { client, transport, clock } = setup(
      (_r, i) => {
        const b = bodies[i]!;
        return typeof b === 'string' ? { status: 200, body: b } : b;
      },
      { retryBaseMs: 10 },
    );
    const retries: RetryEvent[] = [];
    client.on('retry', (e) => retries.push(e));
    const call = track(client.call('getLobby', getLobby));
    await step(clock, 200);
    expect(call).toMatchObject({ done: true, value: { id: '1' } });
    expect(retries.map((r) => [r.reason, r.status])).toEqual([
      ['invalid-response', 200],
      ['invalid-response', 200],
    ]);
    expect(transport.requests).toHaveLength(3);

    // Not safe to repeat (the platform may have applied it): one attempt, then InvalidResponseError.
    const { client: c2, transport: t2 } = setup(() => ({ status: 201, body: '' }));
    const error = await c2.call('createLobby').catch((e: unknown) => e);
    expect(isInvalidResponseError(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'INVALID_RESPONSE',
      reason: 'empty',
      status: 201,
      attempts: 1,
      operation: 'createLobby',
      method: 'POST',
      path: '/lobbies',
    });
    expect((error as Error).message).toContain('may have applied');
    expect(JSON.stringify(error)).not.toContain(BOT);
    expect(t2.requests).toHaveLength(1);
  });

  it('gives up on unreadable answers after maxRetries', async () => {
    const { client, transport, clock } = setup(() => ({ status: 200, body: '<html>' }), {
      maxRetries: 2,
      retryBaseMs: 10,
    });
    const call = track(client.call('getLobby', getLobby));
    await step(clock, 200);
    expect(isInvalidResponseError(call.error)).toBe(true);
    expect(call.error).toMatchObject({ reason: 'not-json', attempts: 3 });
    expect(transport.requests).toHaveLength(3);
  });

  it('does not repeat an answer that is readable but off the schema', async () => {
    const { client, transport } = setup(() => ({ status: 200, body: { id: 'not-a-snowflake' } }), {
      validateResponses: true,
    });
    const error = await client.call('getLobby', getLobby).catch((e: unknown) => e);
    expect(isInvalidResponseError(error)).toBe(true);
    expect(error).toMatchObject({ reason: 'schema', attempts: 1 });
    expect((error as { issues: { field: string }[] }).issues.map((i) => i.field)).toEqual(['response.id']);
    expect(transport.requests).toHaveLength(1);
  });

  it('gives up after maxRetries with the last error', async () => {
    const { client, transport, clock } = setup(() => 'drop', { maxRetries: 2, retryBaseMs: 10 });
    const call = track(client.call('getLobby', getLobby));
    await step(clock, 200);
    expect(isNetworkError(call.error)).toBe(true);
    expect(call.error).toMatchObject({ attempts: 3 });
    expect(transport.requests).toHaveLength(3);
  });

  it('times an attempt out, retries it if safe, else throws TimeoutError', async () => {
    const { client, transport, clock } = setup((_r, i) => (i === 0 ? 'stall' : ok()), {
      timeoutMs: 1000,
      retryBaseMs: 10,
    });
    const call = track(client.call('getLobby', getLobby));
    await step(clock, 1100);
    expect(call).toMatchObject({ done: true, value: { id: '1' } });
    expect(transport.requests).toHaveLength(2);

    const s2 = setup(() => 'stall', { timeoutMs: 1000 });
    const post = track(s2.client.call('createLobby'));
    await step(s2.clock, 1010);
    expect(isTimeoutError(post.error)).toBe(true);
    expect(post.error).toMatchObject({ timeoutMs: 1000, attempts: 1 });
    expect(s2.clock.pending).toBe(0);
  });

  it('a per-call timeout overrides the client one', async () => {
    const { client, clock } = setup(() => 'stall', { timeoutMs: 60_000 });
    const call = track(client.call('createLobby', { timeoutMs: 50 }));
    await step(clock, 60);
    expect(isTimeoutError(call.error)).toBe(true);
  });
});

describe('abort', () => {
  it('rejects at once while queued on a bucket', async () => {
    const { client, transport } = setup(() => ok(rl('b', 1, 0, 30)));
    await client.call('getLobby', getLobby);
    const controller = new AbortController();
    const call = track(client.call('getLobby', { ...getLobby, signal: controller.signal }));
    await flush();
    expect(call.done).toBe(false);
    controller.abort(new Error('user gave up'));
    await flush();
    expect(call.error).toMatchObject({ message: 'user gave up' });
    expect(transport.requests).toHaveLength(1);
    expect(abortListeners(controller.signal)).toBe(0);
  });

  it('rejects at once during a 429 wait', async () => {
    const { client } = setup(() => ({
      status: 429,
      headers: { 'retry-after': '30' },
      body: { retry_after: 30, global: false },
    }));
    const controller = new AbortController();
    const call = track(client.call('getLobby', { ...getLobby, signal: controller.signal }));
    await flush();
    controller.abort();
    await flush();
    expect(call.error).toMatchObject({ name: 'AbortError' });
  });

  it('rejects at once in flight', async () => {
    const { client, clock } = setup(() => 'stall');
    const controller = new AbortController();
    const call = track(client.call('getLobby', { ...getLobby, signal: controller.signal }));
    await flush();
    controller.abort();
    await flush();
    expect(call.error).toMatchObject({ name: 'AbortError' });
    expect(clock.pending).toBe(0);
  });

  it('rejects before sending when already aborted', async () => {
    const { client, transport } = setup(() => ok());
    await expect(client.call('getLobby', { ...getLobby, signal: AbortSignal.abort() })).rejects.toMatchObject(
      {
        name: 'AbortError',
      },
    );
    expect(transport.requests).toHaveLength(0);
  });

  it('leaves no listener on a signal reused for many requests', async () => {
    let n = 0;
    const { client, clock } = setup(
      () => {
        n++;
        if (n % 7 === 0)
          return { status: 429, headers: { 'retry-after': '0.01' }, body: { retry_after: 0.01 } };
        if (n % 5 === 0) return { status: 503 };
        return ok(rl('b', 4, 4 - (n % 4), 0.05, String(Math.floor(n / 4))));
      },
      { maxRetries: 20, max429Retries: 20 },
    );
    const controller = new AbortController();
    const calls = Array.from({ length: 200 }, (_, i) =>
      track(client.call('getLobby', { params: { lobby_id: String(i % 3) }, signal: controller.signal })),
    );
    await flush();
    expect(abortListeners(controller.signal)).toBeGreaterThan(0);
    for (let i = 0; i < 400 && !calls.every((c) => c.done); i++) await step(clock, 50, 50);
    expect(calls.every((c) => c.done)).toBe(true);
    expect(calls.filter((c) => c.error).map((c) => String(c.error))).toEqual([]);
    expect(abortListeners(controller.signal)).toBe(0);
  });
});

describe('invalid requests', () => {
  it('warns as 401/403/429 accumulate, and slows down before the limit', async () => {
    const { client, transport, clock } = setup(
      () => ({ status: 403, body: { code: 50013, message: 'Missing Permissions' } }),
      {
        invalidRequests: { warnEvery: 2, slowDownAt: 4, stopAt: 5 },
        maxRateLimitWaitMs: 60 * 60 * 1000,
      },
    );
    const warnings: number[] = [];
    client.on('invalidRequestWarning', (e) => warnings.push(e.count));
    for (let i = 0; i < 4; i++) await client.call('getLobby', getLobby).catch(() => undefined);
    expect(warnings).toEqual([2, 4]);
    const held: RateLimitedEvent[] = [];
    client.on('rateLimited', (e) => held.push(e));
    const call = track(client.call('getLobby', getLobby));
    await flush();
    expect(transport.requests).toHaveLength(4);
    expect(held[0]).toMatchObject({ source: 'invalid-requests', scope: 'invalid-requests' });
    await step(clock, held[0]!.waitMs + 10, 1000);
    expect(call.done).toBe(true);
    expect(transport.requests).toHaveLength(5);
    expect(client.rateLimits.invalidRequests.count).toBe(1); // the first four left the 10-minute window
  });

  it('does not count 429s of scope shared', async () => {
    const { client, clock } = setup((_r, i) =>
      i === 0
        ? {
            status: 429,
            headers: { 'x-ratelimit-scope': 'shared', 'retry-after': '1' },
            body: { retry_after: 1, global: false },
          }
        : ok(),
    );
    const call = track(client.call('getLobby', getLobby));
    await step(clock, 1100);
    expect(call.done).toBe(true);
    expect(client.rateLimits.invalidRequests.count).toBe(0);
  });
});

describe('development limits', () => {
  it('queues instead of being refused when a table is given', async () => {
    const { client, transport, clock } = setup(() => ({ status: 201, body: { id: '1' } }), {
      developmentRateLimits: developmentRateLimits,
      maxRateLimitWaitMs: 3 * 60 * 60 * 1000,
    });
    for (let i = 0; i < 20; i++) await client.call('createLobby');
    const events: RateLimitedEvent[] = [];
    client.on('rateLimited', (e) => events.push(e));
    const call = track(client.call('createLobby'));
    await flush();
    expect(transport.requests).toHaveLength(20);
    expect(events).toMatchObject([{ source: 'development', scope: 'development', bucket: 'createLobby' }]);
    expect(client.rateLimits.development).toMatchObject([
      { bucket: 'createLobby', capacity: 20, used: 20, queued: 1 },
    ]);
    clock.advance(2 * 60 * 60 * 1000);
    await flush();
    expect(call.done).toBe(true);
    expect(transport.requests).toHaveLength(21);
  });

  it('throws RateLimitError when the wait is longer than allowed', async () => {
    const { client } = setup(() => ({ status: 201, body: { id: '1' } }), {
      developmentRateLimits: { createLobby: 1 },
    });
    await client.call('createLobby');
    await expect(client.call('createLobby')).rejects.toMatchObject({
      name: 'RateLimitError',
      scope: 'development',
    });
  });
});
