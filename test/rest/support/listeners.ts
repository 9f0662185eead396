/** Counts a signal's abort listeners (Node's events.getEventListeners works on EventTargets). */
import { getEventListeners } from 'node:events';

export function abortListeners(signal: AbortSignal): number {
  return getEventListeners(signal, 'abort').length;
}
