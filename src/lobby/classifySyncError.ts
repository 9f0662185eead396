/**
 * How a failed sync call is handled: retried with every change kept (no answer, a 5xx, a rate limit,
 * an abort), the lobby is gone (404 Unknown Lobby), or the platform refused the change itself (a 4xx,
 * or client-side validation) and only that change is dropped.
 */
import { isApiError, isValidationError } from '../rest/errors/guards.js';
import type { ErrorCode } from '../spec/codes.js';

// The one code read here, as a constant checked against the table: importing the table's object would
// put every code of every area into a browser bundle (objects are not tree-shaken by property).
const UNKNOWN_LOBBY: (typeof ErrorCode)['UNKNOWN_LOBBY'] = 10031;

/** What to do about a failed call. */
export type SyncErrorKind = 'retry' | 'gone' | 'refused';

/** Classifies `error`, thrown by a call about one lobby. */
export function classifySyncError(error: unknown): SyncErrorKind {
  if (isApiError(error)) {
    if (error.status === 404 && error.platformCode === UNKNOWN_LOBBY) return 'gone';
    if (error.status >= 500 || error.status === 429) return 'retry';
    return 'refused';
  }
  if (isValidationError(error)) return 'refused';
  // No answer, a timeout, a rate limit given up on, an abort, or something unforeseen: keep
  // every change, because nothing says the platform refused it.
  return 'retry';
}

/**
 * Whether a refused bulk call may be the fault of one entry (so entries are retried one by one to
 * find it): a 400 or a 404 (unknown user), not an authorisation failure that every entry shares.
 */
export function isEntrySpecific(error: unknown): boolean {
  return isApiError(error) && (error.status === 400 || error.status === 404);
}
