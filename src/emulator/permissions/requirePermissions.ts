/**
 * Permission checks of operations: {@link requirePermissions} answers 403 code 50013 Missing
 * Permissions when the caller lacks what a {@link PermissionRule} asks (and 403 code 50001 Missing
 * Access when the caller is not a member of the guild at all). Owners and ADMINISTRATOR pass.
 * Rules with conditions beyond permissions (the route's `note`: "the inviter passes", per-field
 * permissions) are the handler's: test them with {@link satisfies} and {@link permissionsOf}.
 */
import type { PermissionRule } from '../../spec/route.js';
import { type PermissionName, Permissions } from '../../spec/permissions.js';
import type { HandlerContext } from '../handlers/handlerTypes.js';
import { PlatformError } from '../PlatformError.js';
import type { ChannelRecord, GuildRecord } from '../world/guildRecords.js';
import type { World } from '../world/World.js';
import { computeBasePermissions, computeChannelPermissions } from './computePermissions.js';

/** Where a rule is checked: a guild, and a channel for channel-scoped rules. */
export interface PermissionTarget {
  readonly guild: GuildRecord;
  /** Needed when the rule's scope is `channel`; without it the guild-level set is used. */
  readonly channel?: ChannelRecord;
}

/** The user's permissions in the guild (or channel), or undefined when they are not a member. */
export function permissionsOf(world: World, userId: string, target: PermissionTarget): bigint | undefined {
  const member = target.guild.members.get(userId);
  if (!member) return undefined;
  const now = world.now();
  return target.channel
    ? computeChannelPermissions(target.guild, member, target.channel, now)
    : computeBasePermissions(target.guild, member, now);
}

/**
 * The permission rule the route table declares for the operation being handled. For handlers whose
 * route declares one (a missing rule is an emulator bug, not a client error).
 */
export function declaredRule(ctx: HandlerContext): PermissionRule {
  const rule = ctx.route.permissions;
  if (rule === undefined) throw new Error(`route ${ctx.route.name} declares no permissions`);
  return rule;
}

/** True when `permissions` hold every `allOf` and at least one `anyOf` of the rule. */
export function satisfies(permissions: bigint, rule: Pick<PermissionRule, 'allOf' | 'anyOf'>): boolean {
  const has = (name: PermissionName): boolean => (permissions & Permissions[name]) === Permissions[name];
  const all = (rule.allOf ?? []).every(has);
  const any = rule.anyOf === undefined || rule.anyOf.length === 0 || rule.anyOf.some(has);
  return all && any;
}

/** Whether `userId` passes `rule` in `target` (false for non-members). */
export function hasPermission(
  world: World,
  userId: string,
  rule: PermissionRule,
  target: PermissionTarget,
): boolean {
  const scoped: PermissionTarget = rule.scope === 'channel' ? target : { guild: target.guild };
  const permissions = permissionsOf(world, userId, scoped);
  return permissions !== undefined && satisfies(permissions, rule);
}

/**
 * Throws 403 unless the caller passes `rule` in `target`: 50001 when the caller is not a member of
 * the guild (or calls anonymously), 50013 when a permission is missing.
 */
export function requirePermissions(
  ctx: HandlerContext,
  rule: PermissionRule,
  target: PermissionTarget,
): void {
  if (ctx.caller.kind === 'anonymous') throw PlatformError.missingAccess();
  const scoped: PermissionTarget = rule.scope === 'channel' ? target : { guild: target.guild };
  const permissions = permissionsOf(ctx.world, ctx.caller.user.id, scoped);
  if (permissions === undefined) throw PlatformError.missingAccess();
  if (!satisfies(permissions, rule)) throw PlatformError.missingPermissions();
}
