/**
 * One reconcile of one lobby: reads it (Get Lobby) and applies what changed elsewhere, pending local
 * changes staying on top. A lobby the platform no longer knows (404 Unknown Lobby) is gone.
 */
import type { Lobby as LobbyWire } from '../spec/schemas/lobby.js';
import { checkLobbyAnswer } from './checkLobbyAnswer.js';
import { classifySyncError } from './classifySyncError.js';
import type { SyncTarget } from './flushLobby.js';
import { signalArg } from './lobbyCallOptions.js';
import type { Corrections } from './LobbyPicture.js';

/**
 * Reads lobby `target.id` and applies the answer, with `corrected` (the things a flush just had
 * refused) reported as origin `server`. Rejects when the lobby could not be read for another reason.
 */
export async function reconcileLobby(
  target: SyncTarget,
  signal: AbortSignal | undefined,
  corrected: Corrections | undefined,
): Promise<void> {
  let wire: LobbyWire;
  try {
    const answer = await target.host.rest.call('getLobby', {
      params: { lobby_id: target.id },
      ...signalArg({ signal }),
    });
    wire = checkLobbyAnswer(answer, 'getLobby', `/lobbies/${target.id}`);
  } catch (error) {
    if (classifySyncError(error) === 'gone') {
      target.gone();
      return;
    }
    throw error;
  }
  target.reconcile(wire, corrected, 'remote');
}
