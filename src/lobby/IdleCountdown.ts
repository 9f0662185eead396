/**
 * The idle countdown of one lobby, as pure arithmetic on wall-clock times: no clock, no timers. The
 * owner tells it about activity and asks what is due at a given time, so that a loop that paused (a
 * hidden tab, a stalled server) catches up on its next call instead of replaying what it missed.
 */

/** What the countdown says is due at a given time. */
export type IdleStep =
  | { readonly type: 'warning'; readonly remainingMs: number; readonly deadline: number }
  | { readonly type: 'idle'; readonly deadline: number };

/**
 * Counts down `timeoutMs` from the last activity. Warnings fire at the configured remaining times;
 * after a jump only the most recent warning passed fires (with the true remaining time), and a jump
 * past the deadline fires `idle` alone: a stale warning is noise. A linked lobby never counts down.
 */
export class IdleCountdown {
  #lastActivityAt: number;
  #timeoutMs: number;
  /** Remaining times at which to warn, largest first (shared, never mutated). */
  readonly #warnings: readonly number[];
  /** Index of the next warning not fired yet. */
  #nextWarning = 0;
  #idleFired = false;
  #suspended = false;

  /**
   * @param now - the time of the activity that starts the countdown
   * @param timeoutMs - how long without activity makes the lobby idle
   * @param warningsMs - remaining times to warn at, largest first (see {@link sortWarnings})
   */
  constructor(now: number, timeoutMs: number, warningsMs: readonly number[]) {
    this.#lastActivityAt = now;
    this.#timeoutMs = timeoutMs;
    this.#warnings = warningsMs;
    this.#skipWarningsBeyondTimeout();
  }

  /** When the lobby goes idle, or null while suspended (linked channel). */
  get deadline(): number | null {
    return this.#suspended ? null : this.#lastActivityAt + this.#timeoutMs;
  }

  /** Milliseconds left at `now` (never below 0), or null while suspended. */
  remainingMs(now: number): number | null {
    const deadline = this.deadline;
    return deadline === null ? null : Math.max(0, deadline - now);
  }

  /** Whether `idle` has fired since the last activity. */
  get isIdle(): boolean {
    return this.#idleFired;
  }

  /** The idle timeout in milliseconds. */
  get timeoutMs(): number {
    return this.#timeoutMs;
  }

  /** Records activity at `now`: the countdown starts over and every warning is armed again. */
  touch(now: number): void {
    // A late report of older activity must not pull the deadline back.
    if (now > this.#lastActivityAt) this.#lastActivityAt = now;
    this.#nextWarning = 0;
    this.#idleFired = false;
    this.#skipWarningsBeyondTimeout();
  }

  /** Changes the timeout (the countdown keeps its last activity). */
  setTimeoutMs(timeoutMs: number): void {
    this.#timeoutMs = timeoutMs;
    this.#skipWarningsBeyondTimeout();
  }

  /**
   * Suspends the countdown (a linked channel keeps a lobby alive) or resumes it; resuming counts as
   * activity at `now`, so a lobby just unlinked gets its whole timeout.
   */
  setSuspended(suspended: boolean, now: number): void {
    if (suspended === this.#suspended) return;
    this.#suspended = suspended;
    if (!suspended) this.touch(now);
  }

  /** The next time at which {@link IdleCountdown.advance} has something to report, or Infinity. */
  nextAt(): number {
    if (this.#suspended || this.#idleFired) return Number.POSITIVE_INFINITY;
    const deadline = this.#lastActivityAt + this.#timeoutMs;
    const warning = this.#warnings[this.#nextWarning];
    return warning === undefined ? deadline : deadline - warning;
  }

  /** What is due at `now`: nothing, one warning, or idle. Each fires once per activity. */
  advance(now: number): IdleStep | undefined {
    if (this.#suspended || this.#idleFired) return undefined;
    const deadline = this.#lastActivityAt + this.#timeoutMs;
    if (now >= deadline) {
      this.#idleFired = true;
      this.#nextWarning = this.#warnings.length;
      return { type: 'idle', deadline };
    }
    let passed = false;
    while (
      this.#nextWarning < this.#warnings.length &&
      now >= deadline - this.#warnings[this.#nextWarning]!
    ) {
      this.#nextWarning++;
      passed = true;
    }
    return passed ? { type: 'warning', remainingMs: deadline - now, deadline } : undefined;
  }

  /** Warnings at or above the whole timeout would fire at the moment of activity: skip them. */
  #skipWarningsBeyondTimeout(): void {
    while (
      this.#nextWarning < this.#warnings.length &&
      this.#warnings[this.#nextWarning]! >= this.#timeoutMs
    ) {
      this.#nextWarning++;
    }
  }
}

/** Normalises warning times: positive, distinct, largest first. */
export function sortWarnings(warningsMs: readonly number[]): readonly number[] {
  return Object.freeze(
    [...new Set(warningsMs.filter((w) => Number.isFinite(w) && w > 0))].sort((a, b) => b - a),
  );
}
