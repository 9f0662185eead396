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
  /**
   * Consecutive failures of each kind of work, for the backoff of its next retry: a flush that went
   * through starts the flush's backoff over, a reconcile the reconcile's, activity the idle action's.
   */
  #flushFailures = 0;
  #reconcileFailures = 0;
  #idleActionFailures = 0;
  readonly #backoff: (failure: number) => number;
  readonly #pace: (desired: number) => number;

  /**
   * @param firstReconcileAt - when the first reconcile is due (Infinity: never)
   * @param backoff - the delay before retry number `failure` (0-based)
   * @param pace - the time a reconcile wished for `desired` may go (the runtime's reconcile pacing)
   */
  constructor(
    firstReconcileAt: number,
    backoff: (failure: number) => number,
    pace: (desired: number) => number = (desired) => desired,
  ) {
    this.#reconcileAt = firstReconcileAt;
    this.#backoff = backoff;
    this.#pace = pace;
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
    this.#retryAt = now + this.#backoff(this.#flushFailures++);
    this.#reconcileAt = Math.min(this.#reconcileAt, this.#retryAt);
    return this.#retryAt;
  }

  /** A flush went through: the backoff starts over. */
  flushSucceeded(): void {
    this.#flushFailures = 0;
    this.#retryAt = NEVER;
  }

  /** A reconcile starts; the next one is due at `nextAt`. */
  reconcileStarted(nextAt: number): void {
    this.#reconcileAt = nextAt;
  }

  /** A reconcile failed at `now`: tried again after a backoff, paced. Returns the retry time. */
  reconcileFailed(now: number): number {
    this.#reconcileAt = this.#pace(now + this.#backoff(this.#reconcileFailures++));
    return this.#reconcileAt;
  }

  /** A reconcile went through: the reconcile's backoff starts over. */
  reconcileSucceeded(): void {
    this.#reconcileFailures = 0;
  }

  /** The idle action starts: no retry of it waits any more (one is set again if it fails). */
  idleActionStarted(): void {
    this.#idleActionAt = NEVER;
  }

  /** The idle action (delete) failed at `now`: tried again after a backoff. Returns the retry time. */
  idleActionFailed(now: number): number {
    this.#idleActionAt = now + this.#backoff(this.#idleActionFailures++);
    return this.#idleActionAt;
  }

  /**
   * The idle action (dispose) waits for a flush that failed: tried again with that flush's retry, at
   * `at`, without a backoff of its own (the flush's is the one that counts).
   */
  idleActionFollows(at: number): void {
    this.#idleActionAt = at;
  }

  /** The idle action is no longer wanted (activity started the countdown over): its backoff starts over. */
  idleActionSettled(): void {
    this.#idleActionAt = NEVER;
    this.#idleActionFailures = 0;
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
