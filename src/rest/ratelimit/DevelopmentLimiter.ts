/**
 * Awareness of the lobby development rate limits (paths.md: per application, per 2 hours): the
 * client counts what it sent per development bucket and queues a request the platform would refuse
 * instead of sending it. One limiter per bucket; the client acts for one application.
 */
import type { Clock } from '../../clock.js';
import { rateLimitLimits } from '../../spec/limitAreas.js';
import { WindowLimiter, type WindowLimiterState } from './WindowLimiter.js';

/** Requests per window for each development bucket. */
export type DevelopmentTable = Readonly<Partial<Record<string, number>>>;

/** What is known of one development bucket. */
export interface DevelopmentBucketState extends WindowLimiterState {
  readonly bucket: string;
  /** Milliseconds until a request could go (0: now). */
  readonly waitMs: number;
}

/** Counts requests per development bucket over a sliding window. */
export class DevelopmentLimiter {
  readonly #clock: Clock;
  readonly #table: DevelopmentTable;
  readonly #windowMs: number;
  readonly #limiters = new Map<string, WindowLimiter>();

  constructor(clock: Clock, table: DevelopmentTable, windowMs: number = rateLimitLimits.developmentWindowMs) {
    this.#clock = clock;
    this.#table = table;
    this.#windowMs = windowMs;
  }

  /** The limiter of `bucket`, or undefined when the table does not limit it. */
  limiter(bucket: string): WindowLimiter | undefined {
    let limiter = this.#limiters.get(bucket);
    if (!limiter) {
      const capacity = this.#table[bucket];
      if (capacity === undefined) return undefined;
      limiter = new WindowLimiter(this.#clock, capacity, this.#windowMs);
      this.#limiters.set(bucket, limiter);
    }
    return limiter;
  }

  /** What is known of every bucket used so far. */
  snapshot(): DevelopmentBucketState[] {
    return [...this.#limiters].map(([bucket, limiter]) => ({
      bucket,
      ...limiter.state(),
      waitMs: limiter.estimateWaitMs(),
    }));
  }
}

/** Makes the development-limit part of a client's rate limits (see `RateLimitParts`). */
export type DevelopmentLimiterFactory = (
  clock: Clock,
  table: DevelopmentTable,
  windowMs?: number,
) => DevelopmentLimiter;

/** The development-limit part, for the clients that have it. */
export const developmentLimiter: DevelopmentLimiterFactory = (clock, table, windowMs) =>
  new DevelopmentLimiter(clock, table, windowMs);
