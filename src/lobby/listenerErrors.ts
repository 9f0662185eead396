/**
 * Where an exception thrown by an event listener goes: never into the code that fired the event (a
 * flush half done must not stop there), but to the emitter's `error` listeners or, with none, to the
 * runtime's own path for uncaught exceptions (Node's `uncaughtException`, a browser's `error` event).
 */
import type { EventEmitter } from 'eventemitter3';
import type { ListenerErrorEvent } from './LobbyEvents.js';

/** An emitter with an `error` event carrying a {@link ListenerErrorEvent}. */
type ErrorEmitter = Pick<
  EventEmitter<{ error: (event: ListenerErrorEvent) => void }>,
  'listenerCount' | 'emit'
>;

/** Reports `error`, thrown by a listener of `event` on `emitter`. */
export function reportListenerError(emitter: ErrorEmitter, event: string, error: unknown): void {
  if (event !== 'error' && emitter.listenerCount('error') > 0) {
    try {
      emitter.emit('error', { error, event });
      return;
    } catch (thrown) {
      rethrowUncaught(thrown);
      return;
    }
  }
  rethrowUncaught(error);
}

/** Throws `error` outside any caller, as an uncaught exception of the runtime. */
function rethrowUncaught(error: unknown): void {
  queueMicrotask(() => {
    throw error;
  });
}
