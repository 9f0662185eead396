/**
 * How long a lobby waits between two reconciles (Get Lobby). Each open lobby reconciles once per
 * interval, so N lobbies read the platform N / interval times a second on average; past
 * `maxPerSecond` that would eat the token's global budget (50 requests a second on the platform) and
 * hold up the flushes that carry players' changes. So the interval stretches with the number of open
 * lobbies: never shorter than asked, never so short that reconciles exceed `maxPerSecond`.
 */

/**
 * The delay until a lobby's next reconcile: `intervalMs`, stretched to `openLobbies / maxPerSecond`
 * seconds when that is longer. `Infinity` when reconciling is off (`intervalMs` ≤ 0).
 *
 * @param intervalMs - the wished interval per lobby (`reconcileIntervalMs`)
 * @param openLobbies - handles open in the runtime now
 * @param maxPerSecond - the ceiling on reconciles a second across the runtime (`Infinity`: none)
 */
export function reconcileDelayMs(intervalMs: number, openLobbies: number, maxPerSecond: number): number {
  if (!(intervalMs > 0)) return Number.POSITIVE_INFINITY;
  const paced = (Math.max(1, openLobbies) / maxPerSecond) * 1000;
  return Math.max(intervalMs, paced);
}
