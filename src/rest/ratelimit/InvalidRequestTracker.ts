/**
 * Counts invalid requests — answers of status 401, 403 or 429 except 429s of scope `shared` — over a
 * sliding 10-minute window, as the platform does before banning an IP at 10,000. Says when to warn
 * and how long to hold the next request so that the count stays under the limit. Pure: the caller
 * passes the time.
 */
import { rateLimitLimits } from '../../spec/limitAreas.js';
import { SlidingWindowLog } from './SlidingWindowLog.js';

/** Thresholds of an {@link InvalidRequestTracker}. */
export interface InvalidRequestThresholds {
  /** The platform's limit. @defaultValue `10_000` */
  readonly limit?: number;
  /** The window. @defaultValue `600_000` (10 minutes) */
  readonly windowMs?: number;
  /** Warn each time the count reaches a multiple of this. @defaultValue `1000` */
  readonly warnEvery?: number;
  /** From this count on, requests are spread out. @defaultValue `8000` */
  readonly slowDownAt?: number;
  /** At this count, requests wait until the window frees a slot. @defaultValue `9500` */
  readonly stopAt?: number;
}

/** What {@link InvalidRequestTracker.record} reports. */
export interface InvalidRequestRecord {
  /** Invalid requests in the current window, this one included. */
  readonly count: number;
  /** Whether this one crossed a warning threshold. */
  readonly warn: boolean;
}

/** The sliding-window count of invalid requests. */
export class InvalidRequestTracker {
  readonly limit: number;
  readonly windowMs: number;
  readonly warnEvery: number;
  readonly slowDownAt: number;
  readonly stopAt: number;
  readonly #log: SlidingWindowLog;

  constructor(thresholds: InvalidRequestThresholds = {}) {
    this.limit = thresholds.limit ?? rateLimitLimits.invalidRequestsPer10Minutes;
    this.windowMs = thresholds.windowMs ?? 10 * 60 * 1000;
    this.warnEvery = thresholds.warnEvery ?? 1000;
    this.stopAt = Math.min(thresholds.stopAt ?? Math.floor(this.limit * 0.95), this.limit);
    this.slowDownAt = Math.min(thresholds.slowDownAt ?? Math.floor(this.limit * 0.8), this.stopAt);
    this.#log = new SlidingWindowLog(this.windowMs);
  }

  /** Whether an answer of `status` (and 429 `scope`) counts as invalid. */
  static counts(status: number, scope?: string): boolean {
    return status === 401 || status === 403 || (status === 429 && scope !== 'shared');
  }

  /** Records one invalid request at `now`. */
  record(now: number): InvalidRequestRecord {
    this.#log.record(now);
    const count = this.#log.count(now);
    return { count, warn: this.warnEvery > 0 && count % this.warnEvery === 0 };
  }

  /** Invalid requests in the window ending at `now`. */
  count(now: number): number {
    return this.#log.count(now);
  }

  /**
   * How long to hold the next request: 0 below `slowDownAt`; at `stopAt` and above, until the window
   * drops below `stopAt`; in between, the time until the oldest entry expires spread over the budget
   * left before `stopAt`.
   */
  delayMs(now: number): number {
    const count = this.#log.count(now);
    if (count < this.slowDownAt) return 0;
    if (count >= this.stopAt) return this.#log.waitMs(now, this.stopAt);
    return Math.ceil(this.#log.oldestExpiresInMs(now) / (this.stopAt - count));
  }
}
