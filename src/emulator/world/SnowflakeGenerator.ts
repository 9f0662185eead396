/**
 * Real snowflakes: `(ms since 2015-01-01) << 22 | worker << 17 | process << 12 | increment`, read from
 * the emulator's clock, strictly increasing even when the clock stands still (a manual clock) or
 * many ids are made in one millisecond.
 */
import type { Clock } from '../../clock.js';

/** The platform's epoch: the first millisecond of 2015, UTC. */
export const PLATFORM_EPOCH_MS = 1_420_070_400_000;

/** Makes snowflakes from a clock. */
export class SnowflakeGenerator {
  readonly #now: () => number;
  #last = 0n;

  /** `now` is read for every id; pass a clock or a fixed-time function (the demo world's ids). */
  constructor(now: Clock | (() => number)) {
    this.#now = typeof now === 'function' ? now : () => now.now();
  }

  /** The next id, greater than every id this generator made before and every id passed to {@link observe}. */
  next(): string {
    const ms = BigInt(Math.max(0, Math.floor(this.#now()) - PLATFORM_EPOCH_MS));
    // worker 1, process 0: fixed, so that ids of one emulator differ only by time and increment.
    let id = (ms << 22n) | (1n << 17n);
    if (id <= this.#last) id = this.#last + 1n;
    this.#last = id;
    return id.toString();
  }

  /** Makes later ids greater than `id` (after a seed brought its own ids). Non-snowflakes are ignored. */
  observe(id: string): void {
    if (!/^\d{1,20}$/.test(id)) return;
    const value = BigInt(id);
    if (value > this.#last) this.#last = value;
  }
}

/** The creation time (ms since the Unix epoch) encoded in a snowflake. */
export function snowflakeTime(id: string): number {
  return Number(BigInt(id) >> 22n) + PLATFORM_EPOCH_MS;
}
