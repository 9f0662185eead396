/**
 * Many deadlines on one timer: the per-attempt timeouts of a client. A timer per attempt (set, then
 * cleared when the answer arrives, nearly always) costs a timer object and two calls into the
 * runtime's timer lists on every request; here an attempt costs one heap entry, and the client keeps
 * at most one Clock timer, armed for the earliest deadline.
 *
 * The deadlines are kept in a {@link DeadlineHeap} (the one the lobby runtime schedules with), so
 * deadlines due together expire in the order they were added. The timer is not moved when the entry
 * it was armed for goes away: when it fires, it expires what is due and re-arms for the new earliest
 * (so while requests flow it fires about once per timeout, not once per request). It is cleared when
 * the list empties, so that an idle client leaves no timer behind. Entries never expire early: an
 * entry due at `at` expires once the clock reads `at` or later. Times are read from the clock's
 * monotonic reading where it has one (`SystemClock`: `performance.now()`), so that a step of the wall
 * clock neither expires in-flight attempts early nor holds them.
 */
import type { Clock, TimerHandle } from '../../clock.js';
import { type DeadlineEntry, DeadlineHeap } from './DeadlineHeap.js';

/** What a deadline calls when it passes. */
export interface Expirable {
  expire(): void;
}

/** A deadline in the list; pass it to {@link DeadlineList.remove} once it no longer matters. */
export interface Deadline {
  /** When it expires, on the list's timebase (the clock's monotonic reading, or `now()`). */
  readonly at: number;
}

/** Deadlines sharing one Clock timer, expired in due order. */
export class DeadlineList {
  readonly #clock: Clock;
  readonly #heap = new DeadlineHeap<Expirable>();
  #timer: TimerHandle | undefined;
  /** Clock time the timer is armed for. */
  #armedAt = 0;
  readonly #onTimer = (): void => this.#fire();

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  /** The list's timebase: never stepped by wall-clock corrections when the clock can tell. */
  #now(): number {
    return this.#clock.monotonicNow?.() ?? this.#clock.now();
  }

  /** Deadlines pending. */
  get size(): number {
    return this.#heap.size;
  }

  /** Calls `target.expire()` once, `ms` milliseconds from now, unless removed before. */
  add(ms: number, target: Expirable): Deadline {
    const now = this.#now();
    const entry = this.#heap.push(target, now + ms);
    if (this.#timer === undefined || entry.at < this.#armedAt) this.#arm(entry.at, now);
    return entry;
  }

  /** Takes a deadline out (doing nothing when it already expired or was removed). */
  remove(deadline: Deadline): void {
    this.#heap.remove(deadline as DeadlineEntry<Expirable>);
    if (this.#heap.size === 0) this.#disarm();
  }

  /** Arms the timer for `at`; `now`: a reading just taken, if the caller has one. */
  #arm(at: number, now: number = this.#now()): void {
    if (this.#timer !== undefined) this.#clock.clearTimeout(this.#timer);
    this.#armedAt = at;
    // The attempts' sockets hold the process while they are in flight; the deadline need not.
    this.#timer = this.#clock.setTimeout(this.#onTimer, at - now, { ref: false });
  }

  #disarm(): void {
    if (this.#timer === undefined) return;
    this.#clock.clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #fire(): void {
    this.#timer = undefined;
    // The timer ran for as long as it was set for, even if a clock without a monotonic reading stepped back.
    const now = Math.max(this.#now(), this.#armedAt);
    const heap = this.#heap;
    for (let entry = heap.peek(); entry !== undefined && entry.at <= now; entry = heap.peek()) {
      heap.remove(entry);
      try {
        entry.value.expire();
      } catch (error) {
        // Reported as a throwing timer callback would be, without stopping the other expiries.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
    // An expiry may have added or removed deadlines (and armed the timer) already.
    const next = heap.peek();
    if (next !== undefined && this.#timer === undefined) this.#arm(next.at);
  }
}
