/**
 * The Clock seam: every piece of lobbykit that reads the time or waits goes through a {@link Clock},
 * so that tests drive time with {@link ManualClock} and nothing sleeps for real.
 */

/** An opaque handle returned by {@link Clock.setTimeout}. */
export type TimerHandle = number | object;

/** How a timer relates to the process that runs it (Node; browsers have no such notion). */
export interface TimerOptions {
  /**
   * Whether the pending timer keeps a Node process running, as Node's own timers do. lobbykit passes
   * `false` only for housekeeping nobody awaits (a periodic reconcile, an idle countdown, a heartbeat
   * beside its open socket); a wait that a caller's promise depends on (a rate-limit wait, a retry's
   * backoff, a game loop) keeps the default, so that a script awaiting it is not ended by Node with
   * its request unsent. @defaultValue `true`
   */
  readonly ref?: boolean;
}

/** Reads wall-clock time and schedules callbacks. */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
  /**
   * Milliseconds on a clock that never steps (unlike wall time, which NTP or a user may move), on
   * the same timebase as {@link Clock.setTimeout}'s delays. Deadlines of in-flight work use it where
   * present so that a wall-clock step neither fires nor holds them; a clock without it (a test
   * clock, whose time moves only when told) is read through `now()`.
   */
  monotonicNow?(): number;
  /**
   * Calls `callback` once, `ms` milliseconds from now. A clock without processes to keep alive (a
   * test clock, a browser's) may ignore `options`.
   */
  setTimeout(callback: () => void, ms: number, options?: TimerOptions): TimerHandle;
  /** Cancels a callback scheduled with {@link Clock.setTimeout}; unknown handles are ignored. */
  clearTimeout(handle: TimerHandle): void;
}

/**
 * The real clock: `Date.now()` and the platform's timers. In Node a timer keeps the process running
 * unless it is set with `{ ref: false }`.
 */
export class SystemClock implements Clock {
  now(): number {
    return Date.now();
  }

  monotonicNow(): number {
    return performance.now();
  }

  setTimeout(callback: () => void, ms: number, options?: TimerOptions): TimerHandle {
    const handle = globalThis.setTimeout(callback, Math.max(0, ms));
    // Node returns an object with unref(); browsers a number.
    if (options?.ref === false) (handle as { unref?: () => void }).unref?.();
    return handle as TimerHandle;
  }

  clearTimeout(handle: TimerHandle): void {
    globalThis.clearTimeout(handle as Parameters<typeof globalThis.clearTimeout>[0]);
  }
}

interface ManualTimer {
  readonly id: number;
  readonly at: number;
  readonly callback: () => void;
}

/**
 * A clock that moves only when told to. `advance(ms)` runs every timer that falls due, in order of
 * due time (then of scheduling), with `now()` set to each timer's due time while it runs.
 */
export class ManualClock implements Clock {
  #now: number;
  #nextId = 1;
  #timers: ManualTimer[] = [];

  /** Starts at `start` milliseconds since the epoch (default: 2026-01-01T00:00:00Z). */
  constructor(start = Date.UTC(2026, 0, 1)) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  setTimeout(callback: () => void, ms: number): TimerHandle {
    const timer: ManualTimer = { id: this.#nextId++, at: this.#now + Math.max(0, ms), callback };
    this.#timers.push(timer);
    return timer.id;
  }

  clearTimeout(handle: TimerHandle): void {
    this.#timers = this.#timers.filter((t) => t.id !== handle);
  }

  /** Number of timers still scheduled. */
  get pending(): number {
    return this.#timers.length;
  }

  /**
   * Moves time forward by `ms`, running every timer that falls due on the way. A timer callback that
   * advances the clock itself (work that takes time, in a test) is not undone: time never goes back.
   */
  advance(ms: number): void {
    if (!(ms >= 0)) throw new RangeError(`ManualClock.advance: ms must be >= 0 (got ${ms})`);
    const target = this.#now + ms;
    for (;;) {
      const due = this.#nextDue(target);
      if (!due) break;
      this.#timers = this.#timers.filter((t) => t !== due);
      this.#now = Math.max(this.#now, due.at);
      due.callback();
    }
    this.#now = Math.max(this.#now, target);
  }

  /** Sets the time to `time` (which may not go backwards), running timers due on the way. */
  set(time: number): void {
    this.advance(time - this.#now);
  }

  /** Runs the timers already due without moving time. */
  runDue(): void {
    this.advance(0);
  }

  #nextDue(limit: number): ManualTimer | undefined {
    let best: ManualTimer | undefined;
    for (const t of this.#timers) {
      if (t.at <= limit && (!best || t.at < best.at || (t.at === best.at && t.id < best.id))) best = t;
    }
    return best;
  }
}
