/**
 * Waiting through the Clock seam, abortable: the building block of every wait in the client.
 * Each wait subscribes to the signal through {@link subscribeAbort} and unsubscribes when it settles,
 * so that a signal reused for many requests carries one listener at most, and none afterwards.
 */
import type { Clock } from '../../clock.js';
import { subscribeAbort } from './subscribeAbort.js';

/** The reason a signal was aborted with, as an Error (fetch's convention: a DOMException `AbortError`). */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

/** Throws the signal's reason when it is aborted. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortReason(signal);
}

/** Resolves after `ms` milliseconds of `clock` time; rejects with the signal's reason on abort. */
export function abortableSleep(clock: Clock, ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(abortReason(signal));
  if (!(ms > 0)) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const handle = clock.setTimeout(() => {
      unsubscribe?.();
      resolve();
    }, ms);
    const unsubscribe =
      signal &&
      subscribeAbort(signal, () => {
        clock.clearTimeout(handle);
        reject(abortReason(signal));
      });
  });
}
