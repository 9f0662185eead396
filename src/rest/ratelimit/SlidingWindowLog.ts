/**
 * The times of recent events within a sliding window: how many happened in the last `windowMs`, and
 * how long until fewer than `capacity` have. Pure; the caller passes the time.
 */
export class SlidingWindowLog {
  readonly windowMs: number;
  #times: number[] = [];
  #head = 0;

  constructor(windowMs: number) {
    this.windowMs = windowMs;
  }

  /** Drops events that left the window. */
  #prune(now: number): void {
    const times = this.#times;
    let head = this.#head;
    while (head < times.length && (times[head] as number) + this.windowMs <= now) head++;
    if (head > 1024 && head * 2 > times.length) {
      this.#times = times.slice(head);
      head = 0;
    }
    this.#head = head;
  }

  /** Events within the window ending at `now`. */
  count(now: number): number {
    this.#prune(now);
    return this.#times.length - this.#head;
  }

  /** Records an event at `now`. */
  record(now: number): void {
    this.#times.push(now);
  }

  /**
   * Milliseconds until the window holds fewer than `capacity - extra` events, i.e. until `extra + 1`
   * more could be recorded (0: one could be recorded now). Beyond what the log can tell (more waiting
   * than events recorded), each further window is assumed to be full.
   */
  waitMs(now: number, capacity: number, extra = 0): number {
    if (capacity === Number.POSITIVE_INFINITY) return 0;
    const count = this.count(now);
    if (capacity <= 0) return Number.POSITIVE_INFINITY;
    const index = count - capacity + extra; // the event that must expire, counted from the oldest
    if (index < 0) return 0;
    if (index < count) return (this.#times[this.#head + index] as number) + this.windowMs - now;
    const windows = Math.floor((index - count) / capacity) + 1;
    const last = count > 0 ? (this.#times[this.#times.length - 1] as number) + this.windowMs - now : 0;
    return Math.max(0, last) + windows * this.windowMs;
  }

  /** Milliseconds until the oldest event leaves the window (0 when empty). */
  oldestExpiresInMs(now: number): number {
    if (this.count(now) === 0) return 0;
    return (this.#times[this.#head] as number) + this.windowMs - now;
  }
}
