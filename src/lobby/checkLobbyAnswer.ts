/**
 * The lobby a call answered, checked before a handle is built on it or reconciled with it: a JSON
 * answer of another shape (a proxy's, a platform change) is an `InvalidResponseError` naming the
 * request, not a TypeError deep in the handle. Checked whatever the client's `validateResponses`
 * says, since the runtime depends on the shape; the calls are few (create, open, join, reconcile).
 */
import { InvalidResponseError } from '../rest/errors/InvalidResponseError.js';
import { ValidationError } from '../rest/errors/ValidationError.js';
import { lobbyRoutes } from '../spec/routes/lobbyRoutes.js';
import { type Lobby as LobbyWire, lobby } from '../spec/schemas/lobby.js';

/** The lobby operations whose answer is a whole lobby. */
export type LobbyAnsweringOperation = 'createLobby' | 'getLobby' | 'createOrJoinLobby' | 'modifyLobby';

/** `answer` as a lobby; throws `InvalidResponseError` (reason `schema`) when it is not one. */
export function checkLobbyAnswer(
  answer: unknown,
  operation: LobbyAnsweringOperation,
  path: string,
): LobbyWire {
  const result = lobby.safeParse(answer);
  if (result.success) return answer as LobbyWire;
  const route = lobbyRoutes[operation];
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
