/**
 * The Lobby handle's operations that act as a user, with the user's bearer token (the client passed
 * per call): sending messages, linking and unlinking a channel, leaving. Plus the messages a webhook
 * reports, so that a message sent here and echoed by the platform fires `message` once. Each takes
 * the handle's {@link LobbyCore}.
 */
import type { LobbyMessage } from '../spec/schemas/lobby.js';
import type { WebhookLobbyMessage } from '../spec/schemas/webhookEvent.js';
import { checkSnowflake } from './checkLobbyInput.js';
import { type LobbyUserCallOptions, signalArg } from './lobbyCallOptions.js';
import type { LobbyCore } from './LobbyCore.js';

/** A message change a webhook event reports (see `Lobby.receiveRemoteMessage`). */
export type RemoteMessageChange =
  | { readonly kind: 'create'; readonly message: LobbyMessage }
  | { readonly kind: 'update'; readonly message: WebhookLobbyMessage }
  | { readonly kind: 'delete'; readonly messageId: string };

/** Sends a message as the user of `options.rest` (Send Lobby Message); `message` fires (origin `local`). */
export async function sendMessage(
  core: LobbyCore,
  content: string,
  options: LobbyUserCallOptions & { readonly metadata?: Readonly<Record<string, string>> },
): Promise<LobbyMessage> {
  core.assertOpen();
  const body = options.metadata === undefined ? { content } : { content, metadata: { ...options.metadata } };
  const message = await options.rest.call('sendLobbyMessage', {
    params: { lobby_id: core.id },
    body,
    ...signalArg(options),
  });
  if (!core.closed) {
    core.touched();
    // Its webhook echo may have come first (fired as `remote`): a message fires once.
    if (core.firstSight(message.id)) core.emit('message', { message, origin: 'local' });
  }
  return message;
}

/**
 * A message event from a webhook. A new message fires `message` (origin `remote`) and counts as
 * activity, unless the handle already saw it; edits and deletions fire `messageUpdated` and
 * `messageDeleted`.
 */
export function receiveRemoteMessage(core: LobbyCore, change: RemoteMessageChange): void {
  if (core.closed) return;
  if (change.kind === 'create') {
    if (!core.firstSight(change.message.id)) return;
    core.touched();
    core.emit('message', { message: change.message, origin: 'remote' });
  } else if (change.kind === 'update') {
    core.emit('messageUpdated', { message: change.message, origin: 'remote' });
  } else {
    core.emit('messageDeleted', { messageId: change.messageId, lobbyId: core.id, origin: 'remote' });
  }
}

/** Links guild text channel `channelId`, or unlinks with null (Link or Unlink Channel to Lobby). */
export function linkChannel(
  core: LobbyCore,
  channelId: string | null,
  options: LobbyUserCallOptions,
): Promise<void> {
  core.assertOpen();
  if (channelId !== null) checkSnowflake(channelId, 'channelId');
  return core.ops.run(async () => {
    const wire = await options.rest.call('linkLobbyChannel', {
      params: { lobby_id: core.id },
      body: channelId === null ? {} : { channel_id: channelId },
      ...signalArg(options),
    });
    if (core.closed) return;
    core.picture.setLinkedChannel(wire.linked_channel ?? null, 'local');
    core.picture.applyServer(wire, core.queue, undefined, 'remote');
  });
}

/** Flushes what is pending, leaves the lobby as the user (Leave Lobby), and lets the handle go. */
export function leave(core: LobbyCore, options: LobbyUserCallOptions): Promise<void> {
  core.assertOpen();
  return core.ops.run(async () => {
    await core.flushNow(options.signal);
    await options.rest.call('leaveLobby', { params: { lobby_id: core.id }, ...signalArg(options) });
    core.release();
  });
}
