/**
 * Keeps a runtime's reconciles under a ceiling per second. Each lobby reconciles once per interval,
 * so N lobbies read the platform N / interval times a second on average, and lobbies opened
 * together would read it together; past the ceiling that eats the token's global budget (50
 * requests a second on the platform) and holds up the flushes that carry players' changes.
 *
 * Time is cut into windows that each take a fixed number of reconciles (`maxPerSecond` per second);
 * a lobby asks for the time it wishes and is given that time when its window has room, else a slot
 * in the next window that has, spaced evenly there. So no window ever holds more than its share,
 * however many lobbies open at once, and with many lobbies the interval stretches by itself (10,000
 * lobbies at 25 a second: each every 400 s). A slot is not given back when its lobby goes: the
 * window may run below its share, never above it.
 */

/** Reconcile times under a ceiling per second, shared by every lobby of a runtime. */
export class ReconcilePacer {
  /** Reconciles a window takes (Infinity: no ceiling). */
  readonly #capacity: number;
  readonly #windowMs: number;
  /** The spacing of slots within a window. */
  readonly #slotMs: number;
  /** Reconciles given per window index (windows before `#lowest` are forgotten). */
  readonly #taken = new Map<number, number>();
  #lowest: number | undefined;

  /** @param maxPerSecond - the ceiling (above 0; `Infinity`: none) */
  constructor(maxPerSecond: number) {
    if (maxPerSecond === Number.POSITIVE_INFINITY) {
      this.#capacity = Number.POSITIVE_INFINITY;
      this.#windowMs = 1000;
      this.#slotMs = 0;
    } else {
      // Below 1 a second a window is longer than a second and takes one (0.5 a second: one per 2 s).
      this.#capacity = Math.max(1, Math.floor(maxPerSecond));
      this.#slotMs = 1000 / maxPerSecond;
      this.#windowMs = this.#capacity * this.#slotMs;
    }
  }

  /** The time a reconcile wished for `desired` goes (`desired` when its window has room), taken. */
  take(desired: number, now: number): number {
    if (this.#capacity === Number.POSITIVE_INFINITY || !Number.isFinite(desired)) return desired;
    this.#forget(now);
    for (let window = Math.floor(desired / this.#windowMs); ; window++) {
      const used = this.#taken.get(window) ?? 0;
      if (used < this.#capacity) {
        this.#taken.set(window, used + 1);
        return Math.max(desired, window * this.#windowMs + used * this.#slotMs);
      }
    }
  }

  /** Forgets the windows that ended before `now`. */
  #forget(now: number): void {
    const current = Math.floor(now / this.#windowMs);
    if (this.#lowest === undefined || current - this.#lowest > this.#taken.size) {
      // First call, or the clock jumped far: cheaper to look at what is kept than at every window passed.
      for (const window of this.#taken.keys()) if (window < current) this.#taken.delete(window);
    } else {
      for (let window = this.#lowest; window < current; window++) this.#taken.delete(window);
    }
    this.#lowest = current;
  }
}
