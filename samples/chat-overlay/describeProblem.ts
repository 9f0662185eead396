/**
 * What the overlay tells the player when a call fails: one of a few clear states, each with a line of
 * text and whether trying again can help. Never the error's own message (it may name a route, and
 * the player needs to know what to do, not what was sent).
 */
import { isApiError, isNetworkError, isRateLimitError, isTimeoutError } from 'lobbykit/browser';

/** The states the overlay shows. */
export type OverlayState =
  | 'connecting'
  | 'ready'
  | 'rate-limited'
  | 'lobby-gone'
  | 'token-refused'
  | 'offline'
  | 'error';

/** A state with its text and whether a later try may succeed. */
export interface OverlayProblem {
  readonly state: Exclude<OverlayState, 'connecting' | 'ready'>;
  readonly text: string;
  /** False when trying the same again cannot help (the lobby is gone, the token or the action is refused). */
  readonly retryable: boolean;
  /** How long the platform asked us to wait, when it said. */
  readonly retryAfterMs?: number;
}

/** The platform's code for a lobby that does not exist (any more). */
const UNKNOWN_LOBBY = 10031;

/** Whole seconds, rounded up, for a human. */
function seconds(ms: number): string {
  const s = Math.max(1, Math.ceil(ms / 1000));
  return s === 1 ? '1 second' : `${s} seconds`;
}

/** Classifies an error from a lobby call into the state the overlay shows. */
export function describeProblem(error: unknown): OverlayProblem {
  if (isRateLimitError(error)) {
    return {
      state: 'rate-limited',
      text: `Rate limited: too many requests. Wait ${seconds(error.retryAfterMs)} before trying again.`,
      retryable: true,
      retryAfterMs: error.retryAfterMs,
    };
  }
  if (isApiError(error)) {
    if (error.status === 404 && error.platformCode === UNKNOWN_LOBBY) {
      return {
        state: 'lobby-gone',
        text: 'This lobby is gone (it was deleted or idled out).',
        retryable: false,
      };
    }
    if (error.status === 401) {
      return {
        state: 'token-refused',
        text: 'Your sign-in was refused. Sign in again to chat.',
        retryable: false,
      };
    }
    if (error.status === 403) {
      // One action refused (say, linking without the permission): chatting goes on.
      return { state: 'error', text: 'You are not allowed to do that in this lobby.', retryable: false };
    }
    if (error.status >= 500) {
      return { state: 'error', text: 'The chat service is having trouble. Retrying…', retryable: true };
    }
    return { state: 'error', text: `The chat service refused that (${error.status}).`, retryable: false };
  }
  if (isNetworkError(error) || isTimeoutError(error)) {
    return { state: 'offline', text: 'Offline: cannot reach the chat service. Retrying…', retryable: true };
  }
  return { state: 'error', text: 'Something went wrong. Retrying…', retryable: true };
}

/** The problem shown while the browser says it is offline. */
export const offlineProblem: OverlayProblem = {
  state: 'offline',
  text: 'Offline: waiting for the network to come back.',
  retryable: true,
};
