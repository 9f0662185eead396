/**
 * One abort listener per signal, however many waits share it: a signal reused for hundreds of
 * concurrent calls would otherwise collect hundreds of listeners (and Node warns past ten). Each wait
 * subscribes here; the first subscription adds the signal's only listener, the last unsubscription
 * removes it, so nothing stays behind once the waits settle.
 */

/** The part of an `AbortSignal` this needs. */
interface AbortSource {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void, options?: { readonly once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

interface Hub {
  readonly callbacks: Set<() => void>;
  readonly listener: () => void;
}

const hubs = new WeakMap<AbortSource, Hub>();

/**
 * Calls `callback` once when `signal` aborts. Returns the unsubscribe function; call it when the wait
 * settles otherwise (calling it again, or after the abort, does nothing).
 */
export function subscribeAbort(signal: AbortSource, callback: () => void): () => void {
  let hub = hubs.get(signal);
  if (hub === undefined) {
    const callbacks = new Set<() => void>();
    const listener = (): void => {
      hubs.delete(signal);
      // A callback may settle other waits of this signal; each runs once, in subscription order.
      for (const cb of [...callbacks]) cb();
      callbacks.clear();
    };
    hub = { callbacks, listener };
    hubs.set(signal, hub);
    signal.addEventListener('abort', listener, { once: true });
  }
  const { callbacks, listener } = hub;
  callbacks.add(callback);
  return () => {
    if (!callbacks.delete(callback) || callbacks.size > 0) return;
    if (hubs.get(signal)?.callbacks === callbacks) hubs.delete(signal);
    signal.removeEventListener('abort', listener);
  };
}
