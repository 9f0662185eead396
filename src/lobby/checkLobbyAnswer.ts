/**
 * What a lobby call answered, checked before the runtime builds on it: a lobby (Create Lobby, Get
 * Lobby, Create or Join Lobby, Modify Lobby) or the members a bulk update answered. JSON of another shape (a
 * proxy's, a platform change) is an `InvalidResponseError` naming the request, not a TypeError deep
 * in the handle. Checked whatever the client's `validateResponses` says, since the runtime depends on
 * the shape; these calls are few next to what they carry.
 */
import type * as z from 'zod/mini';
import { InvalidResponseError } from '../rest/errors/InvalidResponseError.js';
import { ValidationError } from '../rest/errors/ValidationError.js';
import { lobbyClientRoutes } from '../spec/routes/lobbyClientRoutes.js';
import type { lobbyRoutes } from '../spec/routes/lobbyRoutes.js';

/** The lobby operations whose answers the runtime builds on. */
export type CheckedLobbyOperation =
  | 'createLobby'
  | 'getLobby'
  | 'createOrJoinLobby'
  | 'modifyLobby'
  | 'bulkUpdateLobbyMembers';

/** `answer` as operation's response; throws `InvalidResponseError` (reason `schema`) when it is not. */
export function checkLobbyAnswer<O extends CheckedLobbyOperation>(
  answer: unknown,
  operation: O,
  path: string,
): z.output<(typeof lobbyRoutes)[O]['response']> {
  // The lean schemas: the same verdicts as the zod ones, without zod in a browser bundle.
  const route = lobbyClientRoutes[operation];
  const result = route.response.safeParse(answer);
  if (result.success) return answer as z.output<(typeof lobbyRoutes)[O]['response']>;
  const status: number | readonly number[] = route.status;
  throw new InvalidResponseError({
    operation,
    method: route.method,
    route: route.path,
    path,
    status: typeof status === 'number' ? status : (status[0] ?? 200),
    reason: 'schema',
    attempts: 1,
    issues: ValidationError.toIssues(result.error.issues, ['response']),
  });
}
