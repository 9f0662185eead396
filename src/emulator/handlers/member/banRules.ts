/**
 * The platform's ban rules: listing in ascending user-id order with `before`/`after` cursors (only
 * `before` counts when both are given), banning one user or up to 200 at once, and lifting bans.
 * A ban removes the member (GUILD_MEMBER_REMOVE), then records the ban (GUILD_BAN_ADD, audit
 * MEMBER_BAN_ADD with the X-Audit-Log-Reason as the ban's reason).
 *
 * Choices where the specification is silent: banning a user already banned changes nothing and
 * answers 204; `before` returns the bans nearest below the cursor (the page just before it), still in
 * ascending order; lifting a ban that does not exist is 404 code 10026 Unknown Ban; the bulk ban
 * fires the same events as single bans, one user at a time.
 */
import { ErrorCode } from '../../../spec/codes.js';
import { PlatformError } from '../../PlatformError.js';
import type { Snowflake } from '../../world/accountRecords.js';
import type { BanRecord, GuildRecord } from '../../world/guildRecords.js';
import { renderUser } from '../../world/renderAccount.js';
import { compareIds } from '../../world/renderGuild.js';
import type { World } from '../../world/World.js';
import type { Actor } from '../access.js';
import { recordAudit } from '../recordAudit.js';
import { outranks } from './roleHierarchy.js';

/** A ban object: the reason given and the banned user. */
export function renderBan(world: World, ban: BanRecord): Record<string, unknown> {
  return { reason: ban.reason, user: renderUser(world.userOrPlaceholder(ban.user_id)) };
}

/** Get Guild Bans: ascending by user id; `before` wins over `after` when both are given. */
export function listBans(
  guild: GuildRecord,
  query: { limit: number; before?: Snowflake | undefined; after?: Snowflake | undefined },
): BanRecord[] {
  const sorted = [...guild.bans.values()].sort((a, b) => compareIds(a.user_id, b.user_id));
  if (query.before !== undefined) {
    const cursor = BigInt(query.before);
    const below = sorted.filter((b) => BigInt(b.user_id) < cursor);
    return below.slice(Math.max(0, below.length - query.limit));
  }
  if (query.after !== undefined) {
    const cursor = BigInt(query.after);
    return sorted.filter((b) => BigInt(b.user_id) > cursor).slice(0, query.limit);
  }
  return sorted.slice(0, query.limit);
}

/** Get Guild Ban: the ban, or 404 code 10026 Unknown Ban. */
export function requireBan(guild: GuildRecord, userId: Snowflake): BanRecord {
  const ban = guild.bans.get(userId);
  if (!ban) throw PlatformError.unknown(ErrorCode.UNKNOWN_BAN);
  return ban;
}

/** Why a user cannot be banned by the actor, or undefined when they can. */
function banBlocker(
  actor: Actor,
  userId: Snowflake,
): 'unknownUser' | 'alreadyBanned' | 'protected' | undefined {
  if (!actor.world.user(userId)) return 'unknownUser';
  if (actor.guild.bans.has(userId)) return 'alreadyBanned';
  if (userId === actor.guild.owner_id || userId === actor.member.user_id) return 'protected';
  const member = actor.guild.members.get(userId);
  if (member && !outranks(actor, member)) return 'protected';
  return undefined;
}

/** Bans a user the actor may ban: removes the member, records the ban, emits and audits. */
function applyBan(actor: Actor, userId: Snowflake, deleteMessageSeconds: number): void {
  const { world, guild } = actor;
  world.guilds.removeMember(guild, userId);
  const ban: BanRecord = { user_id: userId, reason: actor.reason, created_at: world.now() };
  guild.bans.set(userId, ban);
  world.emit(
    'GUILD_BAN_ADD',
    { guild_id: guild.id, user: renderUser(world.userOrPlaceholder(userId)) },
    guild.id,
  );
  recordAudit(actor, 'MEMBER_BAN_ADD', userId, {
    // The emulator keeps no guild messages, so there is nothing to delete; the audit entry says how much was asked.
    ...(deleteMessageSeconds > 0
      ? { options: { delete_message_seconds: String(deleteMessageSeconds) } }
      : {}),
  });
}

/**
 * Create Guild Ban: 404 10013 for an unknown user, 403 50013 for the owner, the actor itself or a
 * member the actor does not outrank; an existing ban is left as it is.
 */
export function banUser(
  actor: Actor,
  userId: Snowflake,
  body: {
    delete_message_seconds?: number | null | undefined;
    delete_message_days?: number | null | undefined;
  },
): void {
  const blocker = banBlocker(actor, userId);
  if (blocker === 'unknownUser') throw PlatformError.unknown(ErrorCode.UNKNOWN_USER);
  if (blocker === 'protected') throw PlatformError.missingPermissions();
  if (blocker === 'alreadyBanned') return;
  // delete_message_seconds replaces the deprecated delete_message_days; it wins when both are sent.
  const seconds = body.delete_message_seconds ?? (body.delete_message_days ?? 0) * 86_400;
  applyBan(actor, userId, seconds);
}

/** Remove Guild Ban: lifts the ban (GUILD_BAN_REMOVE, audit MEMBER_BAN_REMOVE), else 404 10026. */
export function unbanUser(actor: Actor, userId: Snowflake): void {
  const { world, guild } = actor;
  requireBan(guild, userId);
  guild.bans.delete(userId);
  world.emit(
    'GUILD_BAN_REMOVE',
    { guild_id: guild.id, user: renderUser(world.userOrPlaceholder(userId)) },
    guild.id,
  );
  recordAudit(actor, 'MEMBER_BAN_REMOVE', userId);
}

/** Bulk Guild Ban answer. */
export interface BulkBanResult {
  banned_users: Snowflake[];
  failed_users: Snowflake[];
}

/**
 * Bulk Guild Ban: bans every listed user who can be banned; the others (unknown, already banned,
 * the owner, the actor, members the actor does not outrank) are failed users. When nobody could be
 * banned: 400 code 500000 "Failed to ban users", and nothing changes.
 */
export function bulkBan(
  actor: Actor,
  userIds: readonly Snowflake[],
  deleteMessageSeconds: number,
): BulkBanResult {
  const result: BulkBanResult = { banned_users: [], failed_users: [] };
  const unique = [...new Set(userIds)];
  const bannable = unique.filter((id) => banBlocker(actor, id) === undefined);
  if (bannable.length === 0) throw new PlatformError(400, ErrorCode.BULK_BAN_FAILED);
  for (const id of unique) {
    if (bannable.includes(id)) {
      applyBan(actor, id, deleteMessageSeconds);
      result.banned_users.push(id);
    } else {
      result.failed_users.push(id);
    }
  }
  return result;
}
