/**
 * One rate-limit bucket as the client knows it: the platform's last word on it (limit, remaining,
 * when the window resets) plus the requests the client has in flight and those waiting. Requests are
 * granted while `remaining - inFlight > 0`: within a known bucket up to `Remaining` go at once, and
 * none goes that the known state says would be refused. A bucket whose limit is not known yet lets
 * one request through at a time (a probe) until an answer teaches it.
 */
import type { Clock, TimerHandle } from '../../clock.js';
import { subscribeAbort } from '../util/subscribeAbort.js';
import { abortReason } from '../util/abortableSleep.js';
import type { MajorParameter } from './majorParameter.js';
import type { RateLimitInfo } from './parseRateLimitHeaders.js';

/** `<bucket id or route:…>|<major>|<lobby>|<token id>`: a bucket's key in the registry. */
export function bucketKey(id: string, where: MajorParameter, lobbyId: string | undefined): string {
  return `${id}|${where.major}|${lobbyId ?? ''}|${where.auth ?? ''}`;
}

/** Two windows whose resets (computed from `Reset-After`) are this close are taken for one. */
const SAME_WINDOW_TOLERANCE_MS = 250;

interface Waiter {
  /** `true`: granted (counted in flight); `false`: the bucket was retired, look up the key again. */
  resolve(granted: boolean): void;
  reject(reason: unknown): void;
  signal: AbortSignal | undefined;
  /** Stops listening to the signal (undefined without one). */
  unsubscribe: (() => void) | undefined;
  /**
   * Judges the wait once nothing is in flight any more (the answers still out may have refreshed
   * the bucket); throws to refuse it. Undefined once judged, or when the wait was judged at once.
   */
  judge: ((waitMs: number) => void) | undefined;
}

/** What is known of a bucket, for `client.rateLimits`. */
export interface BucketState {
  /** The client's key: bucket id (or route while unknown), major parameter, lobby. */
  readonly key: string;
  /** `X-RateLimit-Bucket`, once learned. */
  readonly bucket: string | undefined;
  /** The major parameter (`guild_id=…`, `channel_id=…`, or `global`). */
  readonly major: string;
  /** The lobby id the bucket is kept per, if any. */
  readonly lobbyId: string | undefined;
  /** The opaque id of the token the bucket counts for (never the token). */
  readonly auth: string | undefined;
  /** The route templates seen on this bucket (`GET /lobbies/{lobby_id}`). */
  readonly routes: readonly string[];
  /** `X-RateLimit-Limit`, once known. */
  readonly limit: number | undefined;
  /** What the platform last said remains in the window (before in-flight requests). */
  readonly remaining: number;
  /** Requests sent and not yet answered. */
  readonly inFlight: number;
  /** Requests waiting for this bucket. */
  readonly queued: number;
  /** Milliseconds until the window resets, if a reset is pending. */
  readonly resetAfterMs: number | undefined;
}

/** The client's view of one bucket. */
export class Bucket {
  readonly key: string;
  readonly major: string;
  readonly lobbyId: string | undefined;
  readonly auth: string | undefined;
  /** `X-RateLimit-Bucket`; undefined for the probe bucket of a route not learned yet. */
  readonly hash: string | undefined;
  readonly routes = new Set<string>();
  limit: number | undefined;
  remaining = 1;
  /** Clock time at which the window resets. */
  resetAt: number | undefined;
  /** `X-RateLimit-Reset` of the window `remaining` belongs to. */
  windowId: string | undefined;
  inFlight = 0;
  retired = false;
  lastUsed: number;
  readonly #clock: Clock;
  #waiters: Waiter[] = [];
  #timer: TimerHandle | undefined;

  constructor(
    clock: Clock,
    key: string,
    hash: string | undefined,
    major: string,
    lobbyId: string | undefined,
    auth?: string,
  ) {
    this.#clock = clock;
    this.key = key;
    this.hash = hash;
    this.major = major;
    this.lobbyId = lobbyId;
    this.auth = auth;
    this.lastUsed = clock.now();
  }

  /** Requests waiting. */
  get queued(): number {
    return this.#waiters.length;
  }

  /** Requests that may be sent now; rolls the window over when its reset has passed. */
  available(now: number): number {
    if (this.resetAt !== undefined && now >= this.resetAt) {
      this.remaining = this.limit ?? 1;
      this.resetAt = undefined;
      this.windowId = undefined;
    } else if (this.resetAt === undefined && this.inFlight === 0 && this.remaining <= 0) {
      // Exhausted with no reset in sight and nothing out to tell us more: do not stall forever.
      this.remaining = this.limit ?? 1;
    }
    return this.remaining - this.inFlight;
  }

  /** Milliseconds until the window resets (0 when unknown or past). */
  resetInMs(now: number): number {
    return this.resetAt === undefined ? 0 : Math.max(0, this.resetAt - now);
  }

  /** Grants a request at once when nobody waits and the bucket allows it. */
  tryAcquire(now: number): boolean {
    this.lastUsed = now;
    if (this.retired || this.#waiters.length > 0 || this.available(now) <= 0) return false;
    this.inFlight++;
    return true;
  }

  /**
   * Waits in line. Resolves `true` once granted (counted in flight), `false` when the bucket was
   * retired meanwhile (the caller looks its bucket up again); rejects with the signal's reason on
   * abort. `judge`, when given, is called with the wait still ahead once no request of the bucket is
   * in flight and the waiter still waits; what it throws rejects the wait.
   */
  enqueue(signal: AbortSignal | undefined, judge?: (waitMs: number) => void): Promise<boolean> {
    if (this.retired) return Promise.resolve(false);
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    return new Promise<boolean>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject, signal, unsubscribe: undefined, judge };
      if (signal) {
        waiter.unsubscribe = subscribeAbort(signal, () => {
          const i = this.#waiters.indexOf(waiter);
          if (i >= 0) this.#waiters.splice(i, 1);
          if (this.#waiters.length === 0) this.#clearTimer();
          reject(abortReason(signal));
        });
      }
      this.#waiters.push(waiter);
      this.drain();
    });
  }

  /**
   * Applies what an answer says. Answers can arrive out of order, so within one window (same
   * `X-RateLimit-Reset`) the lowest `Remaining` wins; a later window replaces the state; an answer
   * about a window that is already over changes nothing but the limit.
   */
  update(info: RateLimitInfo, now: number): void {
    if (info.limit !== undefined) this.limit = info.limit;
    if (info.remaining === undefined) return;
    if (info.resetAfterMs === undefined) {
      if (this.resetAt === undefined) this.remaining = info.remaining;
      return;
    }
    const resetAt = now + info.resetAfterMs;
    if (info.resetAfterMs <= 0) return;
    const sameWindow =
      this.resetAt !== undefined &&
      (this.windowId !== undefined && info.reset !== undefined
        ? this.windowId === info.reset
        : Math.abs(resetAt - this.resetAt) <= SAME_WINDOW_TOLERANCE_MS);
    if (sameWindow) {
      this.remaining = Math.min(this.remaining, info.remaining);
    } else if (this.resetAt === undefined || resetAt > this.resetAt) {
      this.remaining = info.remaining;
      this.resetAt = resetAt;
      this.windowId = info.reset;
    }
  }

  /** The platform refused with a 429 on this bucket: nothing more until `retryAfterMs` from now. */
  exhaust(retryAfterMs: number, now: number, reset: string | undefined): void {
    this.remaining = 0;
    const until = now + retryAfterMs;
    if (this.resetAt === undefined || until > this.resetAt) {
      this.resetAt = until;
      this.windowId = reset;
    }
  }

  /** Grants waiting requests while the bucket allows, and arranges to wake at the next reset. */
  drain(): void {
    // Nearly every release finds nobody waiting: no clock read, nothing to schedule.
    if (this.#waiters.length === 0) {
      this.#clearTimer();
      return;
    }
    const now = this.#clock.now();
    while (this.#waiters.length > 0 && this.available(now) > 0) {
      const waiter = this.#waiters.shift() as Waiter;
      waiter.unsubscribe?.();
      this.inFlight++;
      waiter.resolve(true);
    }
    if (this.#waiters.length > 0 && this.inFlight === 0) this.#judgeWaiters(now);
    if (this.#waiters.length === 0) {
      this.#clearTimer();
    } else if (this.#timer === undefined && this.resetAt !== undefined && this.resetAt > now) {
      this.#timer = this.#clock.setTimeout(() => {
        this.#timer = undefined;
        this.drain();
      }, this.resetAt - now);
    }
    // Otherwise the waiters wait for an in-flight answer, whose release drains again.
  }

  /**
   * Nothing is in flight and requests still wait: no answer can refresh the bucket before its
   * reset, so the waits left to judge are judged now; a waiter whose judge throws leaves the line.
   */
  #judgeWaiters(now: number): void {
    const waitMs = this.resetInMs(now);
    for (const waiter of [...this.#waiters]) {
      const judge = waiter.judge;
      if (judge === undefined) continue;
      waiter.judge = undefined;
      try {
        judge(waitMs);
      } catch (error) {
        const i = this.#waiters.indexOf(waiter);
        if (i >= 0) this.#waiters.splice(i, 1);
        waiter.unsubscribe?.();
        waiter.reject(error);
      }
    }
  }

  /** A request granted here finished (answered or not). */
  release(): void {
    if (this.inFlight > 0) this.inFlight--;
    this.drain();
  }

  /** Takes the bucket out of use: every waiter is told to look its bucket up again. */
  retire(): void {
    this.retired = true;
    this.#clearTimer();
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const waiter of waiters) {
      waiter.unsubscribe?.();
      waiter.resolve(false);
    }
  }

  /** Whether the bucket can be forgotten: nothing in flight or waiting, no window pending. */
  idle(now: number): boolean {
    return (
      this.inFlight === 0 && this.#waiters.length === 0 && (this.resetAt === undefined || this.resetAt <= now)
    );
  }

  /** What is known, for snapshots. */
  state(now: number): BucketState {
    this.available(now);
    return {
      key: this.key,
      bucket: this.hash,
      major: this.major,
      lobbyId: this.lobbyId,
      auth: this.auth,
      routes: [...this.routes],
      limit: this.limit,
      remaining: this.remaining,
      inFlight: this.inFlight,
      queued: this.#waiters.length,
      resetAfterMs: this.resetAt === undefined ? undefined : Math.max(0, this.resetAt - now),
    };
  }

  #clearTimer(): void {
    if (this.#timer !== undefined) {
      this.#clock.clearTimeout(this.#timer);
      this.#timer = undefined;
    }
  }
}
