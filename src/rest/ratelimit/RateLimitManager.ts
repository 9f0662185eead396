/**
 * Everything that decides when a request may go, in order: the invalid-request brake, the
 * development limits, the route's bucket, and the global limit of the request's token. Each wait is
 * announced to `beforeWait` first, which may throw (the client throws `RateLimitError` past
 * `maxRateLimitWaitMs`). Pure of I/O; time through the Clock seam.
 */
import type { Clock } from '../../clock.js';
import { LobbykitError } from '../errors/LobbykitError.js';
import { abortableSleep } from '../util/abortableSleep.js';
import type { BucketState } from './Bucket.js';
import { BucketRegistry, type BucketTicket } from './BucketRegistry.js';
import type {
  DevelopmentBucketState,
  DevelopmentLimiter,
  DevelopmentLimiterFactory,
  DevelopmentTable,
} from './DevelopmentLimiter.js';
import {
  type InvalidRequestRecord,
  type InvalidRequestThresholds,
  InvalidRequestTracker,
} from './InvalidRequestTracker.js';
import type { LobbySplitFactory } from './LobbySplit.js';
import type { MajorParameter } from './majorParameter.js';
import type { RateLimitInfo, RateLimitVerdict } from './parseRateLimitHeaders.js';
import { WindowLimiter, type WindowLimiterState } from './WindowLimiter.js';

/** Which limit makes a request wait. */
export type WaitReason = 'invalid-requests' | 'development' | 'bucket' | 'global';

/** A wait about to happen. */
export interface WaitNotice {
  readonly reason: WaitReason;
  /** Expected wait in milliseconds (0 for a bucket waiting on answers still in flight). */
  readonly waitMs: number;
  /** The bucket id or development bucket, when there is one. */
  readonly bucket: string | undefined;
}

/** Options of {@link RateLimitManager}. */
export interface RateLimitManagerOptions {
  readonly clock: Clock;
  /** Requests per second per token; `Infinity` turns the global limiter off. */
  readonly globalPerSecond: number;
  /** The development table, or false to ignore development limits. */
  readonly developmentRateLimits: false | DevelopmentTable;
  readonly developmentWindowMs?: number;
  readonly invalidRequests?: InvalidRequestThresholds;
}

/**
 * The parts of the in-memory rate limits a client may leave out of its bundle: `RestClient` and
 * `RouteClient` have both, `LobbyClient` neither (a player's client sees neither its application's
 * development count nor many lobbies at once).
 */
export interface RateLimitParts {
  /** Keeps a lobby route's bucket per lobby once the platform shows it counts so (`LobbySplit`). */
  readonly lobbySplit?: LobbySplitFactory;
  /** Counts the development limits; without it, a development table is refused. */
  readonly development?: DevelopmentLimiterFactory;
}

/** One request's permission to go. */
export interface RatePermit {
  readonly ticket: BucketTicket;
  readonly authKey: string;
  /** The global limiter whose slot the request holds. */
  readonly global: WindowLimiter | undefined;
  /** The development limiter whose slot the request holds. */
  readonly development: WindowLimiter | undefined;
}

/** A request about to be sent. */
export interface RateRequest {
  /** `METHOD /path/{template}`. */
  readonly routeKey: string;
  readonly where: MajorParameter;
  /** The route's development bucket, if it has one. */
  readonly developmentBucket: string | undefined;
  /** An opaque id of the token the request carries (the global limit is per token). */
  readonly authKey: string;
  readonly signal: AbortSignal | undefined;
  /** Called before each wait; may throw to refuse it. */
  readonly beforeWait: (notice: WaitNotice) => void;
}

/** What the client knows of rate limits, for a UI. */
export interface RateLimitSnapshot {
  readonly buckets: readonly BucketState[];
  readonly global: readonly (WindowLimiterState & { readonly auth: string })[];
  readonly development: readonly DevelopmentBucketState[];
  readonly invalidRequests: {
    readonly count: number;
    readonly limit: number;
    readonly windowMs: number;
    readonly slowDownAt: number;
    readonly stopAt: number;
  };
}

/** Decides when requests may go. */
export class RateLimitManager {
  readonly #clock: Clock;
  readonly buckets: BucketRegistry;
  readonly invalid: InvalidRequestTracker;
  readonly #development: DevelopmentLimiter | undefined;
  readonly #globalPerSecond: number;
  readonly #global = new Map<string, WindowLimiter>();

  /** @param parts - what the client has beyond the core (see {@link RateLimitParts}) */
  constructor(options: RateLimitManagerOptions, parts: RateLimitParts) {
    this.#clock = options.clock;
    this.buckets = new BucketRegistry(options.clock, parts.lobbySplit);
    this.invalid = new InvalidRequestTracker(options.invalidRequests);
    const table = options.developmentRateLimits;
    if (table && parts.development === undefined) {
      throw new LobbykitError(
        'developmentRateLimits: this client does not count development limits (LobbyClient leaves them ' +
          "out: a player's client cannot see its application's count); use RestClient or RouteClient",
        { code: 'UNSUPPORTED_OPTION' },
      );
    }
    this.#development = table
      ? parts.development?.(options.clock, table, options.developmentWindowMs)
      : undefined;
    this.#globalPerSecond = options.globalPerSecond;
  }

  /**
   * The global limiter of a token. With `globalPerSecond` Infinity it counts nothing but still pauses
   * after a global 429. Idle limiters of other tokens are dropped as the map grows.
   */
  #globalLimiter(authKey: string): WindowLimiter {
    let limiter = this.#global.get(authKey);
    if (!limiter) {
      if (this.#global.size >= 256) {
        for (const [key, l] of this.#global) {
          const state = l.state();
          if (state.used === 0 && state.queued === 0 && state.pausedUntil === undefined)
            this.#global.delete(key);
        }
      }
      limiter = new WindowLimiter(this.#clock, this.#globalPerSecond, 1000);
      this.#global.set(authKey, limiter);
    }
    return limiter;
  }

  /**
   * Lets the request go: at once (a permit) when nothing holds it, else a promise that waits until it
   * may go and rejects with the signal's reason on abort.
   */
  acquire(req: RateRequest): RatePermit | Promise<RatePermit> {
    // The fast path: no brake, no development limit, a bucket and a global slot free right now.
    if (req.developmentBucket === undefined || this.#development === undefined) {
      // One clock reading for the whole grant (each reading is a call into the runtime).
      const now = this.#clock.now();
      if (this.invalid.delayMs(now) === 0) {
        const granted = this.buckets.acquire(
          req.routeKey,
          req.where,
          req.signal,
          (bucket, waitMs) => req.beforeWait({ reason: 'bucket', waitMs, bucket: bucket.hash }),
          now,
        );
        if (!(granted instanceof Promise)) {
          const global = this.#globalLimiter(req.authKey);
          if (global.tryTake(now))
            return { ticket: granted, authKey: req.authKey, global, development: undefined };
          return this.#acquireGlobal(req, granted, global);
        }
        return granted.then((ticket) => {
          const global = this.#globalLimiter(req.authKey);
          if (global.tryTake()) return { ticket, authKey: req.authKey, global, development: undefined };
          return this.#acquireGlobal(req, ticket, global);
        });
      }
    }
    return this.#acquireSlow(req);
  }

  async #acquireGlobal(req: RateRequest, ticket: BucketTicket, global: WindowLimiter): Promise<RatePermit> {
    try {
      req.beforeWait({ reason: 'global', waitMs: global.estimateWaitMs(), bucket: undefined });
      await global.take(req.signal);
    } catch (error) {
      this.buckets.release(ticket);
      throw error;
    }
    return { ticket, authKey: req.authKey, global, development: undefined };
  }

  async #acquireSlow(req: RateRequest): Promise<RatePermit> {
    const brake = this.invalid.delayMs(this.#clock.now());
    if (brake > 0) {
      req.beforeWait({ reason: 'invalid-requests', waitMs: brake, bucket: undefined });
      await abortableSleep(this.#clock, brake, req.signal);
    }

    let development: WindowLimiter | undefined;
    if (req.developmentBucket !== undefined) {
      const dev = this.#development?.limiter(req.developmentBucket);
      if (dev && !dev.tryTake()) {
        req.beforeWait({
          reason: 'development',
          waitMs: dev.estimateWaitMs(),
          bucket: req.developmentBucket,
        });
        await dev.take(req.signal);
      }
      development = dev;
    }

    let ticket: BucketTicket | undefined;
    try {
      const granted = this.buckets.acquire(req.routeKey, req.where, req.signal, (bucket, waitMs) =>
        req.beforeWait({ reason: 'bucket', waitMs, bucket: bucket.hash }),
      );
      ticket = granted instanceof Promise ? await granted : granted;

      const global = this.#globalLimiter(req.authKey);
      if (!global.tryTake()) {
        req.beforeWait({ reason: 'global', waitMs: global.estimateWaitMs(), bucket: undefined });
        await global.take(req.signal);
      }
      return { ticket, authKey: req.authKey, global, development };
    } catch (error) {
      if (ticket) this.buckets.release(ticket);
      development?.finish();
      throw error;
    }
  }

  /** The request got no answer. */
  release(permit: RatePermit): void {
    this.buckets.release(permit.ticket);
    permit.global?.finish();
    permit.development?.finish();
  }

  /** The request got an answer; `verdict` is given for a 429. */
  complete(permit: RatePermit, status: number, info: RateLimitInfo, verdict?: RateLimitVerdict): void {
    this.buckets.complete(permit.ticket, status, info, verdict?.retryAfterMs);
    permit.global?.finish();
    permit.development?.finish();
    if (verdict?.global) permit.global?.pause(this.#clock.now() + verdict.retryAfterMs);
  }

  /** Counts an invalid answer (401, 403, 429 except scope shared); undefined when it does not count. */
  recordInvalid(status: number, scope?: string): InvalidRequestRecord | undefined {
    if (!InvalidRequestTracker.counts(status, scope)) return undefined;
    return this.invalid.record(this.#clock.now());
  }

  /** What is known now. */
  snapshot(): RateLimitSnapshot {
    const now = this.#clock.now();
    return {
      buckets: this.buckets.snapshot(),
      global: [...this.#global].map(([auth, limiter]) => ({ auth, ...limiter.state() })),
      development: this.#development?.snapshot() ?? [],
      invalidRequests: {
        count: this.invalid.count(now),
        limit: this.invalid.limit,
        windowMs: this.invalid.windowMs,
        slowDownAt: this.invalid.slowDownAt,
        stopAt: this.invalid.stopAt,
      },
    };
  }
}
