/**
 * Who acts in a member-area operation, with what permissions, and over whom: the acting member (the
 * bot), the route's permission rule from the route table, and the platform's role hierarchy.
 *
 * Hierarchy, as the platform documents it: an actor manages only roles below its highest role, and
 * kicks, bans, renames or times out only members whose highest role is below its own. The owner
 * stands above everyone and nobody acts on the owner. ADMINISTRATOR passes permission checks but not
 * the hierarchy (as on the platform).
 */
import type { PermissionRule } from '../../../spec/route.js';
import { computeBasePermissions } from '../../permissions/computePermissions.js';
import { requirePermissions } from '../../permissions/requirePermissions.js';
import { PlatformError } from '../../platformError.js';
import type { Snowflake } from '../../world/accountRecords.js';
import type { GuildRecord, MemberRecord, RoleRecord } from '../../world/guildRecords.js';
import type { World } from '../../world/world.js';
import { callerUser } from '../callerOf.js';
import type { HandlerContext } from '../handlerTypes.js';

/** The acting member of a guild operation and what it may do. */
export interface Actor {
  readonly world: World;
  readonly guild: GuildRecord;
  readonly member: MemberRecord;
  /** Guild-level permissions of the actor now (owner and ADMINISTRATOR: every bit). */
  readonly permissions: bigint;
  /** The request's X-Audit-Log-Reason, or null. */
  readonly reason: string | null;
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
    permissions: computeBasePermissions(guild, member, world.now()),
    reason: ctx.auditReason,
  };
}

/** The highest position among the member's roles (0, @everyone's, when they have none). */
export function highestPosition(guild: GuildRecord, member: MemberRecord): number {
  let top = 0;
  for (const id of member.roles) {
    const role = guild.roles.get(id);
    if (role && role.position > top) top = role.position;
  }
  return top;
}

/** True when the actor owns the guild. */
export function isOwner(actor: Actor): boolean {
  return actor.guild.owner_id === actor.member.user_id;
}

/** True when the actor may kick, ban, rename or time out `target` (never the owner, never itself). */
export function outranks(actor: Actor, target: MemberRecord): boolean {
  if (target.user_id === actor.guild.owner_id) return false;
  if (isOwner(actor)) return target.user_id !== actor.member.user_id;
  return highestPosition(actor.guild, actor.member) > highestPosition(actor.guild, target);
}

/** 403 50013 unless the actor outranks `target`. */
export function requireOutranks(actor: Actor, target: MemberRecord): void {
  if (!outranks(actor, target)) throw PlatformError.missingPermissions();
}

/** True when the actor may assign, edit, move or delete `role` (below its highest role). */
export function canManageRole(actor: Actor, role: RoleRecord): boolean {
  return isOwner(actor) || role.position < highestPosition(actor.guild, actor.member);
}

/** 403 50013 unless the actor may manage `role`. */
export function requireManageableRole(actor: Actor, role: RoleRecord): void {
  if (!canManageRole(actor, role)) throw PlatformError.missingPermissions();
}

/** A member by id, 404 10007 Unknown Member when absent. */
export function targetMember(actor: Actor, userId: Snowflake): MemberRecord {
  return actor.world.guilds.requireMember(actor.guild, userId);
}

/** The acting user's id. */
export function actorId(actor: Actor): Snowflake {
  return actor.member.user_id;
}
