/**
 * Runs one lobby's server operations one at a time, in call order, so that their answers never
 * cross: a flush never races a reconcile, and a delete waits for the flush before it.
 */

const noop = (): void => {};

/** A queue of async operations run one after another. */
export class SerialOperations {
  /** The tail of the queue; undefined when nothing runs. */
  #tail: Promise<unknown> | undefined;
  readonly #onIdle: () => void;

  /** @param onIdle - called when the last queued operation settles and nothing else is queued */
  constructor(onIdle: () => void) {
    this.#onIdle = onIdle;
  }

  /** Whether an operation runs or waits. */
  get busy(): boolean {
    return this.#tail !== undefined;
  }

  /**
   * Runs `operation` after every operation queued before it (at once when none is: a flush then
   * takes exactly what is pending at the call). Settles as `operation` does, once the queue's own
   * bookkeeping is done: a caller awaiting the last operation finds the queue idle and `onIdle`
   * called (so that, say, a test moving a manual clock right after sees the lobby rescheduled).
   */
  run<T>(operation: () => Promise<T>): Promise<T> {
    const run = this.#tail === undefined ? operation() : this.#tail.then(operation);
    const tail = run.then(noop, noop);
    this.#tail = tail;
    const settled = tail.then(() => {
      if (this.#tail === tail) {
        this.#tail = undefined;
        this.#onIdle();
      }
    });
    return settled.then(() => run);
  }
}
