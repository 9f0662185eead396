/**
 * Over whom an {@link Actor} acts: the platform's role hierarchy.
 *
 * Hierarchy, as the platform documents it: an actor manages only roles below its highest role, and
 * kicks, bans, renames or times out only members whose highest role is below its own. The owner
 * stands above everyone and nobody acts on the owner. ADMINISTRATOR passes permission checks but not
 * the hierarchy (as on the platform).
 */
import { PlatformError } from '../../PlatformError.js';
import type { Snowflake } from '../../world/accountRecords.js';
import type { GuildRecord, MemberRecord, RoleRecord } from '../../world/guildRecords.js';
import type { Actor } from '../access.js';

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
