/**
 * What causes webhook events in the emulator's world: lobby messages posted, edited and deleted,
 * direct messages recorded, edited and deleted, and users authorizing or revoking an application.
 * Each change is made to the world and its event appended for the application it belongs to; the
 * {@link WebhookDispatcher} delivers it from the log.
 */
import { ErrorCode } from '../../spec/codes.js';
import { messageWire, sendLobbyMessage } from '../handlers/lobby/lobbyRules.js';
import { PlatformError } from '../PlatformError.js';
import type { DmMessageRecord, Snowflake } from '../world/accountRecords.js';
import type { LobbyRecord, StringDict } from '../world/lobbyRecords.js';
import { renderUser } from '../world/renderAccount.js';
import { toIso } from '../world/time.js';
import type { World } from '../world/World.js';

/** The lobby (of any application), or 404 code 10031 Unknown Lobby. */
export function anyLobby(world: World, lobbyId: Snowflake): LobbyRecord {
  const lobby = world.lobbies.get(lobbyId);
  if (!lobby) throw PlatformError.unknown(ErrorCode.UNKNOWN_LOBBY);
  return lobby;
}

/** A user posts in a lobby as Send Lobby Message would (member only: 403 50001); LOBBY_MESSAGE_CREATE. */
export function postLobbyMessage(
  world: World,
  lobbyId: Snowflake,
  input: {
    user_id: Snowflake;
    content: string;
    metadata?: StringDict | null | undefined;
    flags?: number | null | undefined;
  },
): Record<string, unknown> {
  const lobby = anyLobby(world, lobbyId);
  const user = world.requireUser(input.user_id);
  const message = sendLobbyMessage(world, lobby, user, input);
  return messageWire(world, lobby, message);
}

/** Edits a lobby message's content or metadata; LOBBY_MESSAGE_UPDATE with `edited_timestamp`. */
export function editLobbyMessage(
  world: World,
  lobbyId: Snowflake,
  messageId: Snowflake,
  input: { content?: string | undefined; metadata?: StringDict | null | undefined },
): Record<string, unknown> {
  const lobby = anyLobby(world, lobbyId);
  const message = lobby.messages.find((m) => m.id === messageId);
  if (!message) throw PlatformError.unknown(ErrorCode.UNKNOWN_MESSAGE);
  if (input.content !== undefined) message.content = input.content;
  if (input.metadata !== undefined) message.metadata = input.metadata === null ? null : { ...input.metadata };
  const wire = {
    ...messageWire(world, lobby, message),
    edited_timestamp: toIso(world.now()),
    timestamp: toIso(message.timestamp),
  };
  world.emitForApplication(lobby.application_id, 'LOBBY_MESSAGE_UPDATE', wire);
  return wire;
}

/** Deletes a lobby message (404 10008 when unknown); LOBBY_MESSAGE_DELETE `{id, lobby_id}`. */
export function deleteLobbyMessage(world: World, lobbyId: Snowflake, messageId: Snowflake): void {
  const lobby = anyLobby(world, lobbyId);
  const index = lobby.messages.findIndex((m) => m.id === messageId);
  if (index < 0) throw PlatformError.unknown(ErrorCode.UNKNOWN_MESSAGE);
  lobby.messages.splice(index, 1);
  world.emitForApplication(lobby.application_id, 'LOBBY_MESSAGE_DELETE', {
    id: messageId,
    lobby_id: lobby.id,
  });
}

/**
 * The applications a direct message's events go to: the application whose SDK sent it, or else
 * every application for which the author or the recipient holds a token with `sdk.social_layer`
 * (the emulator's stand-in for "an active Social SDK session").
 */
export function dmApplications(world: World, message: DmMessageRecord): Snowflake[] {
  if (message.application_id !== null) return [message.application_id];
  const apps = new Set<Snowflake>();
  for (const token of world.bearerTokens.values()) {
    const party = token.user_id === message.author_id || token.user_id === message.recipient_id;
    if (party && token.scopes.includes('sdk.social_layer')) apps.add(token.application_id);
  }
  return [...apps];
}

/** A direct message in the shape GAME_DIRECT_MESSAGE_* events carry it. */
export function dmWire(world: World, message: DmMessageRecord): Record<string, unknown> {
  const wire: Record<string, unknown> = {
    id: message.id,
    type: 0,
    content: message.content,
    channel_id: message.channel_id,
    author: renderUser(world.userOrPlaceholder(message.author_id)),
    recipient_id: message.recipient_id,
    timestamp: toIso(message.timestamp),
    flags: 0,
    attachments: [],
  };
  if (message.application_id !== null) wire.application_id = message.application_id;
  return wire;
}

/** Appends a GAME_DIRECT_MESSAGE_* event for each application the message concerns. */
export function emitDmEvent(
  world: World,
  type: 'GAME_DIRECT_MESSAGE_CREATE' | 'GAME_DIRECT_MESSAGE_UPDATE' | 'GAME_DIRECT_MESSAGE_DELETE',
  message: DmMessageRecord,
  extra: Record<string, unknown> = {},
): void {
  const wire = { ...dmWire(world, message), ...extra };
  for (const appId of dmApplications(world, message)) world.emitForApplication(appId, type, wire);
}

/** The direct message, or 404 code 10008 Unknown Message. */
function requireDm(world: World, messageId: Snowflake): DmMessageRecord {
  const message = world.dmMessages.get(messageId);
  if (!message) throw PlatformError.unknown(ErrorCode.UNKNOWN_MESSAGE);
  return message;
}

/** Edits a direct message's content; GAME_DIRECT_MESSAGE_UPDATE. */
export function editDm(world: World, messageId: Snowflake, content: string): Record<string, unknown> {
  const message = requireDm(world, messageId);
  message.content = content;
  const extra = { edited_timestamp: toIso(world.now()) };
  emitDmEvent(world, 'GAME_DIRECT_MESSAGE_UPDATE', message, extra);
  return { ...dmWire(world, message), ...extra };
}

/** Deletes a direct message; GAME_DIRECT_MESSAGE_DELETE with the message as it was. */
export function deleteDm(world: World, messageId: Snowflake): void {
  const message = requireDm(world, messageId);
  world.dmMessages.delete(messageId);
  emitDmEvent(world, 'GAME_DIRECT_MESSAGE_DELETE', message);
}

/**
 * A user authorizes (links) the application: a bearer token is issued with `scopes` and
 * APPLICATION_AUTHORIZED (integration type 1, a user install) is appended.
 */
export function authorize(
  world: World,
  applicationId: Snowflake,
  input: { user_id: Snowflake; scopes: string[] },
): Record<string, unknown> {
  requireApplication(world, applicationId);
  const user = world.requireUser(input.user_id);
  const token = world.issueToken({ user_id: user.id, application_id: applicationId, scopes: input.scopes });
  world.emitForApplication(applicationId, 'APPLICATION_AUTHORIZED', {
    integration_type: 1,
    user: renderUser(user),
    scopes: [...token.scopes],
  });
  return { user_id: user.id, application_id: applicationId, scopes: token.scopes, access_token: token.token };
}

/**
 * A user revokes the application: every token of theirs for it stops working and
 * APPLICATION_DEAUTHORIZED is appended. Revoking what was never authorized changes nothing and
 * fires nothing (the delete is idempotent). Returns how many tokens were revoked.
 */
export function deauthorize(world: World, applicationId: Snowflake, userId: Snowflake): number {
  requireApplication(world, applicationId);
  const user = world.requireUser(userId);
  let revoked = 0;
  for (const [token, record] of world.bearerTokens) {
    if (record.user_id === userId && record.application_id === applicationId) {
      world.bearerTokens.delete(token);
      revoked++;
    }
  }
  if (revoked > 0)
    world.emitForApplication(applicationId, 'APPLICATION_DEAUTHORIZED', { user: renderUser(user) });
  return revoked;
}

/** The application, or 404 code 10002 Unknown Application. */
export function requireApplication(world: World, applicationId: Snowflake) {
  const app = world.applications.get(applicationId);
  if (!app) throw PlatformError.unknown(ErrorCode.UNKNOWN_APPLICATION);
  return app;
}
