/**
 * One clock timer kept at the earliest time a runtime has something due, so that nothing waits for a
 * `tick()` that never comes. Arming for a time no earlier than the one armed keeps the timer (a
 * deadline that went away is found not due when it fires, and the runtime arms again).
 */
import type { Clock, TimerHandle } from '../clock.js';

/** A runtime's single wake-up timer on the Clock. */
export class WakeTimer {
  readonly #clock: Clock;
  readonly #wake: () => void;
  #handle: TimerHandle | undefined;
  #at = Number.POSITIVE_INFINITY;
  #holds = false;

  /** @param wake - called when the armed time comes (after the timer is spent, so it may arm again) */
  constructor(clock: Clock, wake: () => void) {
    this.#clock = clock;
    this.#wake = wake;
  }

  /**
   * Wakes at `at`, the earliest time anything is due now (clock time; Infinity clears). `holds`:
   * whether the pending wake keeps a Node process running — only while the runtime holds work nobody
   * awaits that would otherwise be lost; a change of it sets the timer again, at `at`.
   */
  arm(at: number, holds = false): void {
    if (at === Number.POSITIVE_INFINITY) {
      this.clear();
      return;
    }
    if (this.#handle !== undefined && this.#at <= at && this.#holds === holds) return;
    this.clear();
    this.#at = at;
    this.#holds = holds;
    this.#handle = this.#clock.setTimeout(
      () => {
        this.#handle = undefined;
        this.#at = Number.POSITIVE_INFINITY;
        this.#wake();
      },
      at - this.#clock.now(),
      { ref: holds },
    );
  }

  /** Cancels the pending wake, if any. */
  clear(): void {
    if (this.#handle !== undefined) this.#clock.clearTimeout(this.#handle);
    this.#handle = undefined;
    this.#at = Number.POSITIVE_INFINITY;
  }
}
