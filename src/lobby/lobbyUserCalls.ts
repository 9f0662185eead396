/**
 * The Lobby handle's operations that act as a user, with the user's bearer token (the client passed
 * per call): sending messages, linking and unlinking a channel, leaving. Plus the messages a webhook
 * reports, so that a message sent here and echoed by the platform fires `message` once. Each takes
 * the handle's {@link LobbyCore}; joining, which comes before any handle, takes the user's client.
 */
import type { Lobby as LobbyWire, LobbyMessage } from '../spec/schemas/lobby.js';
import type { WebhookLobbyMessage } from '../spec/schemas/webhookEvent.js';
import { checkLobbyAnswer } from './checkLobbyAnswer.js';
import { checkIdleTimeout, checkMetadata, checkSnowflake } from './checkLobbyInput.js';
import { type LobbyCallOptions, type LobbyUserCallOptions, signalArg } from './lobbyCallOptions.js';
import type { LobbyCore } from './LobbyCore.js';
import type { LobbyRest } from './LobbyRest.js';
import type { Metadata } from './LobbyMemberView.js';

/** A message change a webhook event reports (see `Lobby.receiveRemoteMessage`). */
export type RemoteMessageChange =
  | { readonly kind: 'create'; readonly message: LobbyMessage }
  | { readonly kind: 'update'; readonly message: WebhookLobbyMessage }
  | { readonly kind: 'delete'; readonly messageId: string };

/** What both runtimes' `join` send: the lobby's and the member's metadata, the idle timeout. */
interface JoinInput extends LobbyCallOptions {
  readonly lobbyMetadata?: Metadata;
  readonly memberMetadata?: Metadata;
  readonly idleTimeoutSeconds?: number;
}

/**
 * Creates or joins the lobby holding `secret` as the user of `rest` (Create or Join Lobby): the input
 * is checked before anything is sent (`ValidationError` naming the option), the answer once it comes.
 */
export async function joinBySecret(rest: LobbyRest, secret: string, options: JoinInput): Promise<LobbyWire> {
  if (options.lobbyMetadata) checkMetadata(options.lobbyMetadata, ['lobbyMetadata']);
  if (options.memberMetadata) checkMetadata(options.memberMetadata, ['memberMetadata']);
  if (options.idleTimeoutSeconds !== undefined) checkIdleTimeout(options.idleTimeoutSeconds);
  const answer = await rest.call('createOrJoinLobby', {
    body: {
      secret,
      ...(options.lobbyMetadata ? { lobby_metadata: { ...options.lobbyMetadata } } : {}),
      ...(options.memberMetadata ? { member_metadata: { ...options.memberMetadata } } : {}),
      ...(options.idleTimeoutSeconds === undefined
        ? {}
        : { idle_timeout_seconds: options.idleTimeoutSeconds }),
    },
    ...signalArg(options),
  });
  return checkLobbyAnswer(answer, 'createOrJoinLobby', '/lobbies');
}

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
