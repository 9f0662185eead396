/**
 * When one lobby next talks to the platform: its flush (a short delay after a change, or a backoff
 * after a failure), its next reconcile, and the retry of an idle policy's action that failed. Pure
 * bookkeeping over clock times, so that the Lobby handle only asks "what is due?" and "when next?".
 */

const NEVER = Number.POSITIVE_INFINITY;

/** What a lobby has due at a given time, in the order it is served. */
export type DueWork = 'idleAction' | 'flush' | 'reconcile' | undefined;

/** A lobby's deadlines for flushing, reconciling and retrying its idle action. */
export class SyncSchedule {
  #flushAt = NEVER;
  #retryAt = NEVER;
  #reconcileAt: number;
  #idleActionAt = NEVER;
  /** Consecutive failures, for the backoff of the next retry; a success starts over. */
  #failures = 0;
  readonly #backoff: (failure: number) => number;

  /**
   * @param firstReconcileAt - when the first reconcile is due (Infinity: never)
   * @param backoff - the delay before retry number `failure` (0-based)
   */
  constructor(firstReconcileAt: number, backoff: (failure: number) => number) {
    this.#reconcileAt = firstReconcileAt;
    this.#backoff = backoff;
  }

  /** When a pending change goes out: the retry time while a failed flush waits, else the flush delay's end. */
  get flushAt(): number {
    return this.#retryAt !== NEVER ? this.#retryAt : this.#flushAt;
  }

  /** When the next reconcile is due. */
  get reconcileAt(): number {
    return this.#reconcileAt;
  }

  /** When the idle action that failed is tried again (Infinity: none waits). */
  get idleActionAt(): number {
    return this.#idleActionAt;
  }

  /** A local change at `now`: flush after `delayMs` unless a flush is already due sooner. */
  changed(now: number, delayMs: number): void {
    if (this.#flushAt === NEVER) this.#flushAt = now + delayMs;
  }

  /** A flush starts: what it sends is no longer waiting for the delay. */
  flushStarted(): void {
    this.#flushAt = NEVER;
  }

  /**
   * A flush failed at `now`: it is retried after a backoff, and the lobby reconciles no later than
   * that (whatever the failed call did or did not do, the truth is read before trusting the picture).
   * Returns the retry time.
   */
  flushFailed(now: number): number {
    this.#retryAt = now + this.#backoff(this.#failures++);
    this.#reconcileAt = Math.min(this.#reconcileAt, this.#retryAt);
    return this.#retryAt;
  }

  /** A flush went through: the backoff starts over. */
  flushSucceeded(): void {
    this.#failures = 0;
    this.#retryAt = NEVER;
  }

  /** A reconcile starts; the next one is due at `nextAt`. */
  reconcileStarted(nextAt: number): void {
    this.#reconcileAt = nextAt;
  }

  /** A reconcile failed at `now`: tried again after a backoff. Returns the retry time. */
  reconcileFailed(now: number): number {
    this.#reconcileAt = now + this.#backoff(this.#failures++);
    return this.#reconcileAt;
  }

  /** The idle action (delete, dispose) failed at `now`: tried again after a backoff. Returns the retry time. */
  idleActionFailed(now: number): number {
    this.#idleActionAt = now + this.#backoff(this.#failures++);
    return this.#idleActionAt;
  }

  /** The idle action is no longer wanted (it went through, or activity started the countdown over). */
  idleActionSettled(): void {
    this.#idleActionAt = NEVER;
  }

  /** The work due at `now` when the lobby has `dirty` changes pending, or undefined. */
  due(now: number, dirty: boolean): DueWork {
    if (this.#idleActionAt <= now) return 'idleAction';
    if (dirty && this.flushAt <= now) return 'flush';
    if (this.#reconcileAt <= now) return 'reconcile';
    return undefined;
  }

  /** The earliest time anything is due, with `dirty` changes pending or not. */
  nextAt(dirty: boolean): number {
    const at = Math.min(this.#reconcileAt, this.#idleActionAt);
    return dirty ? Math.min(at, this.flushAt) : at;
  }
}
