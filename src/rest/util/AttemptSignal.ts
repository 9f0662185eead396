/**
 * A minimal abort signal for one attempt (see `TransportSignal`): what a transport needs of an
 * `AbortSignal`, without the cost of creating a real one for every request. It is also the attempt's
 * entry in the client's {@link DeadlineList}, so that the per-attempt timeout costs no other object.
 */
import type { TransportSignal } from '../transport/Transport.js';
import type { DeadlineList, Expirable } from './DeadlineList.js';

/** An abort signal the client controls: `abort(reason)` once, listeners called once. */
export class AttemptSignal implements TransportSignal, Expirable {
  aborted = false;
  reason: unknown = undefined;
  /** Whether it was aborted by its deadline ({@link AttemptSignal.expire}). */
  timedOut = false;
  #listeners: (() => void)[] | undefined;

  addEventListener(_type: 'abort', listener: () => void): void {
    if (this.aborted) return;
    if (this.#listeners) this.#listeners.push(listener);
    else this.#listeners = [listener];
  }

  removeEventListener(_type: 'abort', listener: () => void): void {
    const listeners = this.#listeners;
    if (!listeners) return;
    const i = listeners.indexOf(listener);
    if (i >= 0) listeners.splice(i, 1);
  }

  /** Aborts with `reason`, calling every listener once. */
  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    const listeners = this.#listeners;
    this.#listeners = undefined;
    if (listeners) for (const listener of listeners) listener();
  }

  /** The attempt's deadline passed: aborts with a `TimeoutError` DOMException (see {@link DeadlineList}). */
  expire(): void {
    if (this.aborted) return;
    this.timedOut = true;
    this.abort(new DOMException('The attempt timed out', 'TimeoutError'));
  }

  /** Listeners still registered (for tests). */
  get listenerCount(): number {
    return this.#listeners?.length ?? 0;
  }
}
