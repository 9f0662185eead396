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
  /** Whether a reconcile came due and waits for the runtime's turn (see `reconcileQueued`). */
  #reconcileWaiting = false;
  #idleActionAt = NEVER;
  /** Whether the idle action (dispose) goes with the flush's retry rather than at a time of its own. */
  #idleFollowsFlush = false;
  /**
   * Consecutive failures of each kind of work, for the backoff of its next retry: a flush that went
   * through starts the flush's backoff over, a reconcile the reconcile's, activity the idle action's.
   */
  #flushFailures = 0;
  #reconcileFailures = 0;
  #idleActionFailures = 0;
  readonly #backoff: (failure: number) => number;

  /**
   * @param firstReconcileAt - when the first reconcile is due (Infinity: never)
   * @param backoff - the delay before retry number `failure` (0-based)
   */
  constructor(firstReconcileAt: number, backoff: (failure: number) => number) {
    this.#reconcileAt = firstReconcileAt;
    this.#backoff = backoff;
  }

  /** When pending changes go out: the retry time while a failed flush waits, else the delay's end. */
  get flushAt(): number {
    return this.#retryAt !== NEVER ? this.#retryAt : this.#flushAt;
  }

  /** Whether a failed flush waits for its retry. */
  get flushRetrying(): boolean {
    return this.#retryAt !== NEVER;
  }

  /** When the next reconcile is due (Infinity while one waits for its turn). */
  get reconcileAt(): number {
    return this.#reconcileAt;
  }

  /** Whether a reconcile came due and waits for the runtime's turn. */
  get reconcileWaiting(): boolean {
    return this.#reconcileWaiting;
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
    if (!this.#reconcileWaiting) this.#reconcileAt = Math.min(this.#reconcileAt, this.#retryAt);
    return this.#retryAt;
  }

  /** A flush went through: the backoff starts over. */
  flushSucceeded(): void {
    this.#flushFailures = 0;
    this.#retryAt = NEVER;
  }

  /** The reconcile that came due waits for the runtime's turn: it is not due again meanwhile. */
  reconcileQueued(): void {
    this.#reconcileWaiting = true;
    this.#reconcileAt = NEVER;
  }

  /** A reconcile starts (its turn came, or `refresh()`); the next one is due at `nextAt`. */
  reconcileStarted(nextAt: number): void {
    this.#reconcileWaiting = false;
    this.#reconcileAt = nextAt;
  }

  /** A reconcile failed at `now`: tried again after a backoff. Returns the retry time. */
  reconcileFailed(now: number): number {
    this.#reconcileAt = now + this.#backoff(this.#reconcileFailures++);
    return this.#reconcileAt;
  }

  /** A reconcile went through: the reconcile's backoff starts over. */
  reconcileSucceeded(): void {
    this.#reconcileFailures = 0;
  }

  /** The idle action starts: no retry of it waits any more (one is set again if it fails). */
  idleActionStarted(): void {
    this.#idleActionAt = NEVER;
    this.#idleFollowsFlush = false;
  }

  /** The idle action (delete) failed at `now`: tried again after a backoff. Returns the retry time. */
  idleActionFailed(now: number): number {
    this.#idleActionAt = now + this.#backoff(this.#idleActionFailures++);
    return this.#idleActionAt;
  }

  /**
   * The idle action (dispose) waits for a failed flush: it goes when the flush's retry is due, read
   * at that time (a later failure moves it), or at once when nothing is left to flush.
   */
  idleActionFollowsFlush(): void {
    this.#idleFollowsFlush = true;
  }

  /** The idle action is no longer wanted (activity started the countdown over): its backoff starts over. */
  idleActionSettled(): void {
    this.#idleActionAt = NEVER;
    this.#idleFollowsFlush = false;
    this.#idleActionFailures = 0;
  }

  /** When the idle action waiting is due, with `dirty` changes pending or not (Infinity: none waits). */
  idleActionAt(dirty: boolean): number {
    if (!this.#idleFollowsFlush) return this.#idleActionAt;
    return dirty ? this.flushAt : Number.NEGATIVE_INFINITY;
  }

  /** The work due at `now` when the lobby has `dirty` changes pending, or undefined. */
  due(now: number, dirty: boolean): DueWork {
    if (this.idleActionAt(dirty) <= now) return 'idleAction';
    if (dirty && this.flushAt <= now) return 'flush';
    if (this.#reconcileAt <= now) return 'reconcile';
    return undefined;
  }

  /** The earliest time anything is due, with `dirty` changes pending or not. */
  nextAt(dirty: boolean): number {
    const at = Math.min(this.#reconcileAt, this.idleActionAt(dirty));
    return dirty ? Math.min(at, this.flushAt) : at;
  }
}
