/**
 * Renders lobbies, lobby members and lobby messages in the platform's wire shape. Lobbies and
 * members are rendered for answers only, which are serialized in the turn their handler returns
 * (PlatformPipeline sends them at once), before anything can change the world: their metadata is
 * the record's own object rather than a copy, a copy per member being a good part of the cost of
 * answering a bulk update. Lobby messages, which events carry as well, are rendered with copies.
 */
import type { UserRecord } from './accountRecords.js';
import type { ChannelRecord } from './guildRecords.js';
import type { LobbyMemberRecord, LobbyMessageRecord, LobbyRecord } from './lobbyRecords.js';
import { renderUser } from './renderAccount.js';
import { renderChannel } from './renderGuild.js';

/** A lobby member: `additional_name` only when set (the OpenAPI document types it as a plain string). */
export function renderLobbyMember(member: LobbyMemberRecord): Record<string, unknown> {
  const wire: Record<string, unknown> = {
    id: member.id,
    metadata: member.metadata,
    flags: member.flags,
  };
  if (member.additional_name !== null) wire.additional_name = member.additional_name;
  return wire;
}

/**
 * A lobby: `linked_channel` present only while a channel is linked (the platform's "with / without
 * linked_channel"). `channel` looks the linked channel up; a linked channel that was deleted since
 * is left out.
 */
export function renderLobby(
  lobby: LobbyRecord,
  channel: (id: string) => ChannelRecord | undefined,
): Record<string, unknown> {
  const wire: Record<string, unknown> = {
    id: lobby.id,
    application_id: lobby.application_id,
    metadata: lobby.metadata,
    members: [...lobby.members.values()].map(renderLobbyMember),
    flags: lobby.flags,
  };
  const linked = lobby.linked_channel_id === null ? undefined : channel(lobby.linked_channel_id);
  if (linked) wire.linked_channel = renderChannel(linked);
  return wire;
}

/**
 * A lobby message. Its `channel_id` is the lobby's id (a lobby is its own channel); `lobby_member`
 * carries the author's additional name when the author has one.
 */
export function renderLobbyMessage(
  message: LobbyMessageRecord,
  author: UserRecord,
  authorMember: LobbyMemberRecord | undefined,
): Record<string, unknown> {
  const wire: Record<string, unknown> = {
    id: message.id,
    type: 0,
    content: message.content,
    lobby_id: message.lobby_id,
    channel_id: message.lobby_id,
    author: renderUser(author),
    flags: message.flags,
    application_id: message.application_id,
  };
  if (message.metadata !== null) wire.metadata = { ...message.metadata };
  if (message.moderation_metadata !== null) wire.moderation_metadata = { ...message.moderation_metadata };
  if (authorMember?.additional_name) wire.lobby_member = { additional_name: authorMember.additional_name };
  return wire;
}
