/**
 * The platform's lobby rules, applied to the world: membership limits, the silent drop of the bulk
 * update, member-set replacement, channel linking, messages and moderation metadata. The handlers
 * (lobbyHandlers.ts) parse and authorise; these functions decide.
 *
 * Choices where the specification names no status (documented in docs/emulator.md):
 * - a lobby of another application is "unknown" (404 10031), as if it did not exist;
 * - Add a Member past the 1000-member or the per-user lobby maximum is a 400 with code 0;
 *   Create Lobby and Modify Lobby drop such users silently, like the bulk update;
 * - linking and messages by a user who is not a lobby member are 403 50001, linking without
 *   CanLinkLobby or without the channel permissions is 403 50013;
 * - an unknown message is 404 code 10008 Unknown Message.
 */
import { ErrorCode } from '../../../spec/codes.js';
import { ChannelType, hasFlag, LobbyMemberFlags } from '../../../spec/flags.js';
import { limits } from '../../../spec/limits.js';
import { hasPermission } from '../../permissions/requirePermissions.js';
import { PlatformError } from '../../PlatformError.js';
import type { ApplicationRecord, Snowflake, UserRecord } from '../../world/accountRecords.js';
import type {
  LobbyMemberRecord,
  LobbyMessageRecord,
  LobbyRecord,
  StringDict,
} from '../../world/lobbyRecords.js';
import type { LobbyMemberChange } from '../../world/LobbyStore.js';
import { renderLobbyMessage } from '../../world/renderLobby.js';
import type { World } from '../../world/World.js';

/** A member entry of Create Lobby, Modify Lobby or the bulk update. */
export interface LobbyMemberInput {
  readonly id: Snowflake;
  readonly metadata?: StringDict | null | undefined;
  readonly flags?: number | null | undefined;
  readonly additional_name?: string | null | undefined;
  readonly remove_member?: boolean | null | undefined;
}

/** The lobby if it exists and belongs to `application`, else 404 code 10031 Unknown Lobby. */
export function requireLobby(world: World, lobbyId: Snowflake, application: ApplicationRecord): LobbyRecord {
  const lobby = world.lobbies.get(lobbyId);
  if (!lobby || lobby.application_id !== application.id) throw PlatformError.unknown(ErrorCode.UNKNOWN_LOBBY);
  return lobby;
}

/**
 * The member change an input entry asks for (absent fields keep their value). The metadata object
 * is taken as it is, not copied: entries come from a validated request body, which is that
 * request's own copy (the validators build every object they answer), so nothing else holds it.
 */
export function memberChange(entry: Omit<LobbyMemberInput, 'id' | 'remove_member'>): LobbyMemberChange {
  const change: LobbyMemberChange = {};
  if (entry.metadata !== undefined) change.metadata = entry.metadata;
  if (entry.flags !== undefined) change.flags = entry.flags ?? 0;
  if (entry.additional_name !== undefined) change.additional_name = entry.additional_name;
  return change;
}

/** Why a user who is not yet a member cannot join, or undefined when they can. */
export function joinBlocker(
  world: World,
  lobby: LobbyRecord,
  userId: Snowflake,
): 'lobbyFull' | 'userAtLimit' | undefined {
  if (lobby.members.has(userId)) return undefined;
  if (lobby.members.size >= world.settings.maxLobbyMembers) return 'lobbyFull';
  if (
    world.lobbies.lobbyCount(lobby.application_id, userId) >= world.settings.maxLobbiesPerUserPerApplication
  ) {
    return 'userAtLimit';
  }
  return undefined;
}

/** The 400 answer for a join that a limit refuses. */
export function joinRefusal(world: World, reason: 'lobbyFull' | 'userAtLimit'): PlatformError {
  return reason === 'lobbyFull'
    ? PlatformError.badRequest(`Maximum number of lobby members reached (${world.settings.maxLobbyMembers}).`)
    : PlatformError.badRequest(
        `The user is already a member of the maximum number of lobbies of this application (${world.settings.maxLobbiesPerUserPerApplication}).`,
      );
}

/** Every entry's user must be known, else 404 code 10013 Unknown User (nothing is changed). */
export function requireUsers(world: World, entries: readonly { readonly id: Snowflake }[]): void {
  for (const entry of entries) world.requireUser(entry.id);
}

/**
 * Upserts entries in order; a user who cannot join (lobby full, lobby maximum of the application)
 * is silently dropped. Returns the members upserted, once each, in order of first appearance (a
 * member removed by a later entry is left out, and one upserted again after that comes last). The
 * lobby's activity is marked once, after the last change, as one operation.
 */
export function upsertSilently(
  world: World,
  lobby: LobbyRecord,
  entries: readonly LobbyMemberInput[],
): LobbyMemberRecord[] {
  // A list rather than a map by id: a member's record is one object while they are a member, so
  // it is told apart by identity (a lookup of at most 25 entries in a request, without a map's
  // tables and its copy into the answer).
  const upserted: LobbyMemberRecord[] = [];
  let changed = false;
  for (const entry of entries) {
    if (entry.remove_member === true) {
      const member = lobby.members.get(entry.id);
      if (member !== undefined && world.lobbies.removeMember(lobby, entry.id)) {
        const at = upserted.indexOf(member);
        if (at >= 0) upserted.splice(at, 1);
      }
      continue;
    }
    if (joinBlocker(world, lobby, entry.id) !== undefined) continue;
    const member = world.lobbies.applyMember(lobby, entry.id, memberChange(entry));
    if (!upserted.includes(member)) upserted.push(member);
    changed = true;
  }
  if (changed) world.lobbies.touch(lobby);
  return upserted;
}

/** Create Lobby: a new lobby of `application` with the listed members (limits drop silently). */
export function createLobby(
  world: World,
  application: ApplicationRecord,
  input: {
    metadata?: StringDict | null | undefined;
    members?: readonly LobbyMemberInput[] | null | undefined;
    idle_timeout_seconds?: number | null | undefined;
    flags?: number | null | undefined;
  },
): LobbyRecord {
  const members = input.members ?? [];
  requireUsers(world, members);
  const lobby = world.lobbies.create({
    application_id: application.id,
    metadata: input.metadata ?? null,
    idle_timeout_seconds: input.idle_timeout_seconds ?? limits.lobby.idleTimeoutDefaultSeconds,
    flags: input.flags ?? 0,
  });
  upsertSilently(world, lobby, members);
  return lobby;
}

/**
 * Create or Join Lobby: the caller joins the application's lobby with this secret, which is made
 * first if there is none. Lobby metadata and the idle timeout, when given, apply either way; member
 * metadata applies to the caller.
 */
export function createOrJoinLobby(
  world: World,
  application: ApplicationRecord,
  user: UserRecord,
  input: {
    secret: string;
    lobby_metadata?: StringDict | null | undefined;
    member_metadata?: StringDict | null | undefined;
    idle_timeout_seconds?: number | null | undefined;
    flags?: number | null | undefined;
  },
): LobbyRecord {
  let lobby = world.lobbies.bySecret(application.id, input.secret);
  if (lobby) {
    const blocker = joinBlocker(world, lobby, user.id);
    if (blocker) throw joinRefusal(world, blocker);
    if (input.lobby_metadata !== undefined)
      lobby.metadata = input.lobby_metadata === null ? null : { ...input.lobby_metadata };
    if (input.idle_timeout_seconds != null) lobby.idle_timeout_seconds = input.idle_timeout_seconds;
  } else {
    if (world.lobbies.lobbyCount(application.id, user.id) >= world.settings.maxLobbiesPerUserPerApplication) {
      throw joinRefusal(world, 'userAtLimit');
    }
    lobby = world.lobbies.create({
      application_id: application.id,
      metadata: input.lobby_metadata ?? null,
      idle_timeout_seconds: input.idle_timeout_seconds ?? limits.lobby.idleTimeoutDefaultSeconds,
      flags: input.flags ?? 0,
      secret: input.secret,
    });
  }
  world.lobbies.upsertMember(lobby, user.id, memberChange({ metadata: input.member_metadata }));
  return lobby;
}

/**
 * Modify Lobby: metadata overwrites; a members list replaces the member set (members absent from it
 * are removed, listed ones upserted, users who cannot join dropped silently).
 */
export function modifyLobby(
  world: World,
  lobby: LobbyRecord,
  input: {
    metadata?: StringDict | null | undefined;
    members?: readonly LobbyMemberInput[] | null | undefined;
    idle_timeout_seconds?: number | null | undefined;
    flags?: number | null | undefined;
  },
): LobbyRecord {
  if (input.members != null) requireUsers(world, input.members);
  if (input.metadata !== undefined) lobby.metadata = input.metadata === null ? null : { ...input.metadata };
  if (input.idle_timeout_seconds != null) lobby.idle_timeout_seconds = input.idle_timeout_seconds;
  if (input.flags != null) lobby.flags = input.flags;
  if (input.members != null) {
    const keep = new Set(input.members.map((m) => m.id));
    for (const userId of [...lobby.members.keys()])
      if (!keep.has(userId)) world.lobbies.removeMember(lobby, userId);
    upsertSilently(world, lobby, input.members);
  }
  world.lobbies.touch(lobby);
  return lobby;
}

/** Add a Member: upsert one member, or a 400 when a limit refuses a new one. */
export function addLobbyMember(
  world: World,
  lobby: LobbyRecord,
  userId: Snowflake,
  change: Omit<LobbyMemberInput, 'id' | 'remove_member'>,
): LobbyMemberRecord {
  world.requireUser(userId);
  const blocker = joinBlocker(world, lobby, userId);
  if (blocker) throw joinRefusal(world, blocker);
  return world.lobbies.upsertMember(lobby, userId, memberChange(change));
}

/** The caller's membership, or 403 50001 when they are not a member. */
export function requireMembership(lobby: LobbyRecord, userId: Snowflake): LobbyMemberRecord {
  const member = lobby.members.get(userId);
  if (!member) throw PlatformError.missingAccess();
  return member;
}

/**
 * Link or unlink a channel. The caller must be a member holding CanLinkLobby. A channel to link must
 * be a guild text channel, not NSFW, not linked to another lobby, in which the caller holds
 * MANAGE_CHANNELS, VIEW_CHANNEL and SEND_MESSAGES.
 */
export function linkChannel(
  world: World,
  lobby: LobbyRecord,
  user: UserRecord,
  channelId: Snowflake | null | undefined,
): LobbyRecord {
  const member = requireMembership(lobby, user.id);
  if (!hasFlag(member.flags, LobbyMemberFlags.CanLinkLobby)) throw PlatformError.missingPermissions();
  if (channelId === null || channelId === undefined) {
    lobby.linked_channel_id = null;
    world.lobbies.touch(lobby);
    return lobby;
  }
  const { guild, channel } = world.guilds.requireChannel(channelId);
  if (channel.type !== ChannelType.GUILD_TEXT) {
    throw PlatformError.field(['channel_id'], 'CHANNEL_TYPE_INVALID', 'Must be a text channel of a guild.');
  }
  if (channel.nsfw)
    throw PlatformError.field(['channel_id'], 'CHANNEL_NSFW', 'An age-restricted channel cannot be linked.');
  for (const other of world.lobbies.all()) {
    if (other !== lobby && other.linked_channel_id === channel.id) {
      throw PlatformError.field(
        ['channel_id'],
        'CHANNEL_ALREADY_LINKED',
        'The channel is linked to another lobby.',
      );
    }
  }
  if (!guild.members.has(user.id)) throw PlatformError.missingAccess();
  const rule = {
    allOf: ['MANAGE_CHANNELS', 'VIEW_CHANNEL', 'SEND_MESSAGES'] as const,
    scope: 'channel' as const,
  };
  if (!hasPermission(world, user.id, rule, { guild, channel })) throw PlatformError.missingPermissions();
  lobby.linked_channel_id = channel.id;
  world.lobbies.touch(lobby);
  return lobby;
}

/** The wire shape of a lobby message. */
export function messageWire(
  world: World,
  lobby: LobbyRecord,
  message: LobbyMessageRecord,
): Record<string, unknown> {
  return renderLobbyMessage(
    message,
    world.userOrPlaceholder(message.author_id),
    lobby.members.get(message.author_id),
  );
}

/** Send Lobby Message: a member posts; LOBBY_MESSAGE_CREATE is emitted. */
export function sendLobbyMessage(
  world: World,
  lobby: LobbyRecord,
  user: UserRecord,
  input: { content: string; metadata?: StringDict | null | undefined; flags?: number | null | undefined },
): LobbyMessageRecord {
  requireMembership(lobby, user.id);
  const message = world.lobbies.addMessage(lobby, {
    author_id: user.id,
    content: input.content,
    metadata: input.metadata ? { ...input.metadata } : null,
    moderation_metadata: null,
    flags: input.flags ?? 0,
    application_id: lobby.application_id,
  });
  world.emitForApplication(lobby.application_id, 'LOBBY_MESSAGE_CREATE', messageWire(world, lobby, message));
  return message;
}

/** The newest `limit` messages, newest first. */
export function lobbyMessages(lobby: LobbyRecord, limit: number): LobbyMessageRecord[] {
  return lobby.messages.slice(-limit).reverse();
}

/** Sets a lobby message's moderation metadata (replacing it) and emits LOBBY_MESSAGE_UPDATE. */
export function setLobbyModerationMetadata(
  world: World,
  lobby: LobbyRecord,
  messageId: Snowflake,
  metadata: StringDict,
): void {
  const message = lobby.messages.find((m) => m.id === messageId);
  if (!message) throw PlatformError.unknown(ErrorCode.UNKNOWN_MESSAGE);
  message.moderation_metadata = { ...metadata };
  world.emitForApplication(lobby.application_id, 'LOBBY_MESSAGE_UPDATE', messageWire(world, lobby, message));
}

/** Sets a DM's moderation metadata for `application`; the two users must be its author and recipient. */
export function setDmModerationMetadata(
  world: World,
  application: ApplicationRecord,
  users: readonly [Snowflake, Snowflake],
  messageId: Snowflake,
  metadata: StringDict,
): void {
  const message = world.dmMessages.get(messageId);
  const pair = new Set(users);
  if (!message || !pair.has(message.author_id) || !pair.has(message.recipient_id)) {
    throw PlatformError.unknown(ErrorCode.UNKNOWN_MESSAGE);
  }
  message.moderation_metadata[application.id] = { ...metadata };
}

/**
 * A single-use, one-hour invite to the lobby's linked channel for `userId` (who must be a lobby
 * member). Without a linked channel: 404 code 10003 Unknown Channel.
 */
export function createLinkedChannelInvite(
  world: World,
  lobby: LobbyRecord,
  userId: Snowflake,
  inviterId: Snowflake,
): { code: string } {
  requireMembership(lobby, userId);
  const linked =
    lobby.linked_channel_id === null ? undefined : world.guilds.findChannel(lobby.linked_channel_id);
  if (!linked) throw PlatformError.unknown(ErrorCode.UNKNOWN_CHANNEL);
  const invite = world.invites.create({
    guild_id: linked.guild.id,
    channel_id: linked.channel.id,
    inviter_id: inviterId,
    max_uses: 1,
    max_age: limits.invite.linkedChannelInviteMaxAgeSeconds,
    target_user_ids: [userId],
    lobby_id: lobby.id,
  });
  return { code: invite.code };
}
