/**
 * The platform's prune rules: a member is pruned when inactive for `days` (last activity, or joining
 * when the control API never set one, at least `days` × 24 h ago) and every role they hold is among
 * `include_roles` (so, by default, only members without roles). Never pruned: the owner, bots, and
 * members the actor does not outrank. Unknown ids in `include_roles` match no member and change
 * nothing.
 */
import type { Snowflake } from '../../world/accountRecords.js';
import type { MemberRecord } from '../../world/guildRecords.js';
import type { World } from '../../world/World.js';
import type { Actor } from '../access.js';
import { recordAudit } from '../recordAudit.js';
import { outranks } from './roleHierarchy.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The members a prune of `days` with `includeRoles` would remove, now. */
export function pruneCandidates(
  actor: Actor,
  days: number,
  includeRoles: readonly Snowflake[],
): MemberRecord[] {
  const { world, guild } = actor;
  const cutoff = world.now() - days * DAY_MS;
  return [...guild.members.values()].filter(
    (member) =>
      !isBot(world, member.user_id) &&
      (member.last_active_at ?? member.joined_at) <= cutoff &&
      member.roles.every((id) => includeRoles.includes(id)) &&
      outranks(actor, member),
  );
}

function isBot(world: World, userId: Snowflake): boolean {
  return world.user(userId)?.bot === true;
}

/**
 * Begin Guild Prune: removes every candidate (GUILD_MEMBER_REMOVE each), records MEMBER_PRUNE with
 * the reason (header, else the deprecated body `reason`), and answers the count, or null when
 * `computeCount` is false.
 */
export function prune(
  actor: Actor,
  input: {
    days: number;
    compute_prune_count: boolean;
    include_roles: readonly Snowflake[];
    reason?: string | null | undefined;
  },
): number | null {
  const removed = pruneCandidates(actor, input.days, input.include_roles);
  for (const member of removed) actor.world.guilds.removeMember(actor.guild, member.user_id);
  recordAudit(actor, 'MEMBER_PRUNE', null, {
    options: { delete_member_days: String(input.days), members_removed: String(removed.length) },
    reason: actor.reason ?? input.reason ?? null,
  });
  return input.compute_prune_count ? removed.length : null;
}
