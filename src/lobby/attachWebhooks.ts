/**
 * Feeds webhook events to the Lobby handles of a runtime (`attachWebhooks(runtime, receiver)`):
 * lobby message events for a lobby the runtime holds go to its handle; everything else — messages
 * of lobbies it does not hold, direct messages, authorizations, unknown types — is emitted on the
 * runtime as `webhook`. A function beside the runtime, not a method of it: webhooks reach a server,
 * never a page, so a browser game's bundle does not carry this.
 */
import type { LobbyMessage } from '../spec/schemas/lobby.js';
import type { WebhookEvent } from '../webhooks/WebhookEvent.js';
import type { WebhookReceiver } from '../webhooks/WebhookReceiver.js';
import type { Lobby } from './Lobby.js';
import type { LobbyRuntime } from './LobbyRuntime.js';

/**
 * Feeds a webhook receiver's events to the runtime's handles: LOBBY_MESSAGE_CREATE for a lobby held
 * there fires its `message` (origin `remote`, counted as activity), UPDATE and DELETE fire
 * `messageUpdated` and `messageDeleted`; every other event is emitted on the runtime as `webhook`.
 * Returns a function that detaches the receiver.
 *
 * @example
 * ```ts
 * const receiver = createWebhookReceiver({ publicKey });
 * const detach = attachWebhooks(runtime, receiver);
 * ```
 */
export function attachWebhooks(runtime: LobbyRuntime, receiver: WebhookReceiver): () => void {
  const listener = (event: WebhookEvent): void => {
    if (!routeWebhookEvent(event, (id) => runtime.get(id))) runtime.emit('webhook', event);
  };
  receiver.on('event', listener);
  return () => {
    receiver.off('event', listener);
  };
}

/** Delivers `event` to the handle it concerns; false when no open handle took it. */
function routeWebhookEvent(event: WebhookEvent, handle: (lobbyId: string) => Lobby | undefined): boolean {
  if (!event.known) return false;
  switch (event.type) {
    case 'LOBBY_MESSAGE_CREATE': {
      const lobby = handle(event.data.lobby_id);
      if (!lobby) return false;
      // The webhook's lobby message leaves out what the REST answer always has; fill it in.
      const message: LobbyMessage = {
        ...event.data,
        type: event.data.type ?? 0,
        flags: event.data.flags ?? 0,
        application_id: event.data.application_id ?? event.applicationId,
      };
      lobby.receiveRemoteMessage({ kind: 'create', message });
      return true;
    }
    case 'LOBBY_MESSAGE_UPDATE': {
      const lobby = handle(event.data.lobby_id);
      if (!lobby) return false;
      lobby.receiveRemoteMessage({ kind: 'update', message: event.data });
      return true;
    }
    case 'LOBBY_MESSAGE_DELETE': {
      const lobby = handle(event.data.lobby_id);
      if (!lobby) return false;
      lobby.receiveRemoteMessage({ kind: 'delete', messageId: event.data.id });
      return true;
    }
    default:
      return false;
  }
}
