/**
 * Who may touch a guild, for the guild handlers: the guild by id (404 10004), the caller's membership
 * (403 50001 when not a member) and the caller's permissions (403 50013; owners and ADMINISTRATOR
 * pass), plus the guild's wire shape as these operations answer with it.
 */
import { ErrorCode } from '../../../spec/codes.js';
import { type PermissionName, Permissions } from '../../../spec/permissions.js';
import { ALL_PERMISSIONS, computeBasePermissions } from '../../permissions/computePermissions.js';
import { requirePermissions } from '../../permissions/requirePermissions.js';
import { PlatformError } from '../../platformError.js';
import type { UserRecord } from '../../world/accountRecords.js';
import type { ChannelRecord, GuildRecord, MemberRecord } from '../../world/guildRecords.js';
import { presenceCount } from '../../world/presence.js';
import { renderGuild } from '../../world/renderGuild.js';
import type { World } from '../../world/world.js';
import type { HandlerContext } from '../handlerTypes.js';

/** Every permission bit the platform defines (what an owner's or administrator's total shows). */
export const KNOWN_PERMISSIONS: bigint = Object.values(Permissions).reduce((a, b) => a | b, 0n);

/** The guild, or 404 code 10004 Unknown Guild. */
export function requireGuild(world: World, guildId: string): GuildRecord {
  const guild = world.guilds.get(guildId);
  if (!guild) throw PlatformError.unknown(ErrorCode.UNKNOWN_GUILD);
  return guild;
}

/** The acting user of an authenticated call (the bot user for a Bot token). */
export function actingUser(ctx: HandlerContext): UserRecord {
  if (ctx.caller.kind === 'anonymous') throw PlatformError.unauthorized();
  return ctx.caller.user;
}

/** The caller's membership, or 403 code 50001 Missing Access when the caller is not in the guild. */
export function requireCallerMember(ctx: HandlerContext, guild: GuildRecord): MemberRecord {
  const member = guild.members.get(actingUser(ctx).id);
  if (!member) throw PlatformError.missingAccess();
  return member;
}

/**
 * The guild, after checking the caller: a member (else 403 50001) holding the permissions the route
 * table declares for the operation (else 403 50013); routes that declare none check membership.
 */
export function guildForCaller(ctx: HandlerContext, guildId: string): GuildRecord {
  const guild = requireGuild(ctx.world, guildId);
  requireCallerMember(ctx, guild);
  const rule = ctx.route.permissions;
  if (rule !== undefined) requirePermissions(ctx, rule, { guild });
  return guild;
}

/** The caller's guild-level permissions (0 for non-members). */
export function callerPermissions(ctx: HandlerContext, guild: GuildRecord): bigint {
  const member = guild.members.get(actingUser(ctx).id);
  return member ? computeBasePermissions(guild, member, ctx.world.now()) : 0n;
}

/** True when the caller holds `name` in the guild (owners and administrators hold everything). */
export function callerHas(ctx: HandlerContext, guild: GuildRecord, name: PermissionName): boolean {
  return (callerPermissions(ctx, guild) & Permissions[name]) !== 0n;
}

/** True when the caller owns the guild or holds ADMINISTRATOR through a role. */
export function callerIsAdministrator(ctx: HandlerContext, guild: GuildRecord): boolean {
  return callerPermissions(ctx, guild) === ALL_PERMISSIONS;
}

/**
 * The "total permissions of the user in the guild, excluding overwrites" as Current User Guilds
 * shows them: for owners and administrators every defined bit, not the 64-bit mask the checks use.
 */
export function displayedPermissions(guild: GuildRecord, member: MemberRecord, now: number): string {
  const bits = computeBasePermissions(guild, member, now);
  return String(bits === ALL_PERMISSIONS ? KNOWN_PERMISSIONS : bits);
}

/**
 * The guild object of Get Guild, Modify Guild and GUILD_UPDATE; with `withCounts`, its member count
 * and its non-offline members (world/presence.ts).
 */
export function guildWire(world: World, guild: GuildRecord, withCounts = false): Record<string, unknown> {
  return renderGuild(guild, withCounts ? { withCounts, presenceCount: presenceCount(world, guild) } : {});
}

/** The channel of this guild (not a thread), or undefined. */
export function guildChannel(guild: GuildRecord, channelId: string): ChannelRecord | undefined {
  return guild.channels.get(channelId);
}

/**
 * Whether @everyone (a member with no role) holds every permission of `names` in `channel`: the
 * @everyone role's permissions with the channel's @everyone overwrite applied.
 */
export function everyoneCan(
  guild: GuildRecord,
  channel: ChannelRecord,
  names: readonly PermissionName[],
): boolean {
  const everyone = guild.roles.get(guild.id);
  let bits = everyone && /^\d+$/.test(everyone.permissions) ? BigInt(everyone.permissions) : 0n;
  if ((bits & Permissions.ADMINISTRATOR) !== 0n) return true;
  const overwrite = channel.permission_overwrites.find((o) => o.type === 0 && o.id === guild.id);
  if (overwrite) bits = (bits & ~BigInt(overwrite.deny)) | BigInt(overwrite.allow);
  return names.every((name) => (bits & Permissions[name]) !== 0n);
}
