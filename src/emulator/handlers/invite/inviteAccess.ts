/**
 * Who may act on an invite or a channel: the look-ups and permission checks the invite operations
 * share. Rules follow the specification's Invites section: the inviter passes the target-users
 * checks and Delete Invite; everyone else needs the permissions the route table names.
 */
import { ErrorCode } from '../../../spec/codes.js';
import { Permissions } from '../../../spec/permissions.js';
import type { PermissionRule } from '../../../spec/route.js';
import { permissionsOf, requirePermissions } from '../../permissions/requirePermissions.js';
import { PlatformError } from '../../platformError.js';
import type { ChannelRecord, GuildRecord } from '../../world/guildRecords.js';
import type { InviteRecord } from '../../world/inviteRecords.js';
import type { World } from '../../world/world.js';
import type { HandlerContext } from '../handlerTypes.js';

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
export function isInviter(ctx: HandlerContext, invite: InviteRecord): boolean {
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
 * applied), or MANAGE_GUILD in the guild (for any invite of the guild).
 */
export function requireInviteDeleter(ctx: HandlerContext, invite: InviteRecord): void {
  const place = invitePlace(ctx.world, invite);
  if (isInviter(ctx, invite)) return;
  if (ctx.caller.kind === 'anonymous') throw PlatformError.missingAccess();
  const userId = ctx.caller.user.id;
  const base = permissionsOf(ctx.world, userId, { guild: place.guild });
  if (base === undefined) throw PlatformError.missingAccess();
  const inChannel = place.channel ? permissionsOf(ctx.world, userId, place) : base;
  const has = (bits: bigint | undefined, bit: bigint): boolean => bits !== undefined && (bits & bit) === bit;
  if (has(inChannel, Permissions.MANAGE_CHANNELS) || has(base, Permissions.MANAGE_GUILD)) return;
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
