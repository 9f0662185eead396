/**
 * Who is acting and what they may reach: the one place handlers ask before they act.
 *
 * - {@link callerUser} and {@link callerApplication}: the acting user (the bot user for a Bot token)
 *   and the application behind any token. The pipeline has already enforced the route's `auth`, so
 *   these only fail (401) for routes declared `none`.
 * - {@link actingIn}: the caller as a member of a guild, checked against the route table's
 *   permission rule — 404 10004 for an unknown guild, 403 50001 for a non-member, 403 50013 for a
 *   missing permission (owners and ADMINISTRATOR pass). The {@link Actor} it answers also writes
 *   audit-log entries (handlers/recordAudit.ts).
 * - Invites and channels, whose rules are not the route's alone: the inviter passes some checks
 *   ({@link requireInviterOr}, {@link requireInviteDeleter}); a channel must be visible
 *   ({@link requireVisibleChannel}).
 */
import { ErrorCode } from '../../spec/codes.js';
import { type PermissionName, Permissions } from '../../spec/permissions.js';
import type { PermissionRule } from '../../spec/route.js';
import { ALL_PERMISSIONS, computeBasePermissions } from '../permissions/computePermissions.js';
import { permissionsOf, requirePermissions } from '../permissions/requirePermissions.js';
import { PlatformError } from '../PlatformError.js';
import type { ApplicationRecord, Snowflake, UserRecord } from '../world/accountRecords.js';
import type { ChannelRecord, GuildRecord, MemberRecord } from '../world/guildRecords.js';
import type { InviteRecord } from '../world/inviteRecords.js';
import type { World } from '../world/World.js';
import type { Caller, HandlerContext } from './handlerTypes.js';
import type { AuditAuthor } from './recordAudit.js';

/** The application the caller's token belongs to. */
export function callerApplication(caller: Caller): ApplicationRecord {
  if (caller.kind === 'anonymous') throw PlatformError.unauthorized();
  return caller.application;
}

/** The acting user: the bot user for a Bot token, the token's user for a Bearer token. */
export function callerUser(caller: Caller): UserRecord {
  if (caller.kind === 'anonymous') throw PlatformError.unauthorized();
  return caller.user;
}

/** The acting member of a guild operation and what it may do. */
export interface Actor extends AuditAuthor {
  readonly member: MemberRecord;
  /** Guild-level permissions of the actor now (owner and ADMINISTRATOR: every bit). */
  readonly permissions: bigint;
}

/** A rule that only asks for membership (routes without a permission in the table). */
const MEMBERSHIP_ONLY: PermissionRule = { scope: 'guild' };

/**
 * The caller as a member of `guildId`: 404 10004 for an unknown guild, 403 50001 when the caller is
 * not a member, 403 50013 when it lacks the route's `permissions` (owners and ADMINISTRATOR pass).
 */
export function actingIn(ctx: HandlerContext, guildId: Snowflake): Actor {
  const { world } = ctx;
  const guild = world.guilds.require(guildId);
  requirePermissions(ctx, ctx.route.permissions ?? MEMBERSHIP_ONLY, { guild });
  const member = world.guilds.requireMember(guild, callerUser(ctx.caller).id);
  return {
    world,
    guild,
    member,
    userId: member.user_id,
    permissions: computeBasePermissions(guild, member, world.now()),
    reason: ctx.auditReason,
  };
}

/** True when the actor holds `name` in the guild (owners and administrators hold everything). */
export function holds(actor: Actor, name: PermissionName): boolean {
  return (actor.permissions & Permissions[name]) !== 0n;
}

/** True when the actor owns the guild or holds ADMINISTRATOR through a role. */
export function isAdministrator(actor: Actor): boolean {
  return actor.permissions === ALL_PERMISSIONS;
}

/**
 * The caller as the author of an audit-log entry in `guild`, for operations whose rule is not the
 * route's alone (the inviter may delete an invite without being a member any more).
 */
export function auditAuthor(ctx: HandlerContext, guild: GuildRecord): AuditAuthor {
  return { world: ctx.world, guild, userId: callerUser(ctx.caller).id, reason: ctx.auditReason };
}

/** A channel and its guild. */
export interface ChannelPlace {
  readonly guild: GuildRecord;
  readonly channel: ChannelRecord;
}

/** An invite's guild and channel; an invite to no guild (or a guild since deleted) is unknown. */
export function invitePlace(
  world: World,
  invite: InviteRecord,
): { guild: GuildRecord; channel?: ChannelRecord } {
  const guild = invite.guild_id === null ? undefined : world.guilds.get(invite.guild_id);
  if (!guild) throw PlatformError.unknown(ErrorCode.UNKNOWN_INVITE);
  const channel = invite.channel_id === null ? undefined : guild.channels.get(invite.channel_id);
  return channel ? { guild, channel } : { guild };
}

/** True when the caller is the user who made the invite. */
function isInviter(ctx: HandlerContext, invite: InviteRecord): boolean {
  return ctx.caller.kind !== 'anonymous' && invite.inviter_id === ctx.caller.user.id;
}

/**
 * The inviter passes; anyone else must pass `rule` in the invite's guild (403 50001 when not a
 * member, 50013 when a permission is missing).
 */
export function requireInviterOr(ctx: HandlerContext, invite: InviteRecord, rule: PermissionRule): void {
  const place = invitePlace(ctx.world, invite);
  if (isInviter(ctx, invite)) return;
  requirePermissions(ctx, rule, place);
}

/**
 * Delete Invite's rule: the inviter, or MANAGE_CHANNELS in the invite's channel (overwrites
 * applied), or MANAGE_GUILD in the guild (for any invite of the guild). Answers the invite's place.
 */
export function requireInviteDeleter(
  ctx: HandlerContext,
  invite: InviteRecord,
): { guild: GuildRecord; channel?: ChannelRecord } {
  const place = invitePlace(ctx.world, invite);
  if (isInviter(ctx, invite)) return place;
  if (ctx.caller.kind === 'anonymous') throw PlatformError.missingAccess();
  const userId = ctx.caller.user.id;
  const base = permissionsOf(ctx.world, userId, { guild: place.guild });
  if (base === undefined) throw PlatformError.missingAccess();
  const inChannel = place.channel ? permissionsOf(ctx.world, userId, place) : base;
  const has = (bits: bigint | undefined, bit: bigint): boolean => bits !== undefined && (bits & bit) === bit;
  if (has(inChannel, Permissions.MANAGE_CHANNELS) || has(base, Permissions.MANAGE_GUILD)) return place;
  throw PlatformError.missingPermissions();
}

/**
 * The channel of a `/channels/{id}` route, with its guild. The caller must be a member of the guild
 * and see the channel (VIEW_CHANNEL), else 403 50001 — the platform hides channels one cannot see.
 */
export function requireVisibleChannel(ctx: HandlerContext, channelId: string): ChannelPlace {
  const place = ctx.world.guilds.requireChannel(channelId);
  if (ctx.caller.kind === 'anonymous') throw PlatformError.missingAccess();
  const permissions = permissionsOf(ctx.world, ctx.caller.user.id, place);
  if (permissions === undefined || (permissions & Permissions.VIEW_CHANNEL) === 0n) {
    throw PlatformError.missingAccess();
  }
  return place;
}
