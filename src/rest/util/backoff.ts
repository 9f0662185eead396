/**
 * Exponential backoff with "equal jitter": the n-th retry (n = 0, 1, …) waits between half and all of
 * `min(maxMs, baseMs · 2ⁿ)`. Half is kept so that a retry never fires immediately; the random half
 * spreads clients that failed together. Randomness comes from the injectable `random` source.
 */

/** A source of uniform random numbers in [0, 1), like `Math.random`. */
export type RandomSource = () => number;

/** The delay before retry number `retry` (0-based), in milliseconds. */
export function backoffDelay(retry: number, baseMs: number, maxMs: number, random: RandomSource): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, retry));
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.round(ceiling / 2 + (r * ceiling) / 2);
}
