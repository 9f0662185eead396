/**
 * The platform's role rules: creating (at the bottom, just above @everyone), editing, reordering and
 * deleting roles, with the hierarchy (only roles below the actor's highest role; the owner may any)
 * and the rule that an actor grants only permissions it holds (administrators and the owner hold
 * all). Events: GUILD_ROLE_CREATE / UPDATE / DELETE, plus audit ROLE_CREATE / UPDATE / DELETE.
 *
 * Choices where the specification is silent: null for `name` or `permissions` keeps the value (they
 * cannot be null on a role), null for the other fields resets them to Create Guild Role's defaults;
 * a guild holds at most 250 roles (400 code 30005); @everyone cannot be deleted or moved (400 code
 * 50028 / 50035); deleting an unknown role is 404 code 10011.
 */
import { limits } from '../../../spec/limits.js';
import { roleIconIssues } from '../../../spec/schemas/roleRequests.js';
import { zodIssuesToFieldErrors } from '../../http/zodIssuesToFieldErrors.js';
import { ErrorCode } from '../../../spec/codes.js';
import { fieldErrorTree, PlatformError } from '../../PlatformError.js';
import type { Snowflake } from '../../world/accountRecords.js';
import type { GuildRecord, RoleColorsRecord, RoleRecord } from '../../world/guildRecords.js';
import type { NewRole } from '../../world/GuildStore.js';
import { compareIds, renderRole } from '../../world/renderGuild.js';
import type { Actor } from '../access.js';
import { type AuditChange, changeOf, recordAudit } from '../recordAudit.js';
import { highestPosition, isOwner, requireManageableRole } from './roleHierarchy.js';
import { imageHash } from '../imageHash.js';

/** Create and Modify Guild Role body (validated). */
export interface RoleInput {
  readonly name?: string | null | undefined;
  readonly permissions?: string | null | undefined;
  readonly color?: number | null | undefined;
  readonly colors?: RoleColorsRecord | null | undefined;
  readonly hoist?: boolean | null | undefined;
  readonly icon?: string | null | undefined;
  readonly unicode_emoji?: string | null | undefined;
  readonly mentionable?: boolean | null | undefined;
}

/** Roles by position, then id (the platform's order). */
export function sortedRoles(guild: GuildRecord): RoleRecord[] {
  return [...guild.roles.values()].sort((a, b) => a.position - b.position || compareIds(a.id, b.id));
}

function requireIconFeature(guild: GuildRecord, body: RoleInput): void {
  const issues = roleIconIssues(body, guild);
  if (issues.length > 0) throw PlatformError.invalidForm(fieldErrorTree(zodIssuesToFieldErrors(issues)));
}

/** 403 50013 when `next` adds a permission bit the actor does not hold (owner and ADMINISTRATOR hold all). */
function requireGrantable(actor: Actor, previous: string, next: string): void {
  const added = BigInt(next) & ~BigInt(previous);
  if ((added & ~actor.permissions) !== 0n) throw PlatformError.missingPermissions();
}

function emitRoleUpdate(actor: Actor, role: RoleRecord): void {
  actor.world.emit('GUILD_ROLE_UPDATE', { guild_id: actor.guild.id, role: renderRole(role) }, actor.guild.id);
}

/** Create Guild Role: a new role at position 1; the roles above it move up one (GUILD_ROLE_UPDATE each). */
export function createRole(actor: Actor, body: RoleInput): RoleRecord {
  const { world, guild } = actor;
  requireIconFeature(guild, body);
  if (guild.roles.size >= limits.role.maxPerGuild) {
    throw PlatformError.badRequest(
      `Maximum number of guild roles reached (${limits.role.maxPerGuild})`,
      ErrorCode.MAX_ROLES,
    );
  }
  const everyone = guild.roles.get(guild.id)?.permissions ?? '0';
  const permissions = body.permissions ?? everyone;
  requireGrantable(actor, '0', permissions);
  for (const other of sortedRoles(guild)) {
    if (other.id === guild.id) continue;
    other.position += 1;
    emitRoleUpdate(actor, other);
  }
  const input: NewRole = {
    name: body.name ?? 'new role',
    permissions,
    hoist: body.hoist ?? false,
    mentionable: body.mentionable ?? false,
    icon: imageHash(body.icon),
    unicode_emoji: body.unicode_emoji ?? null,
    position: 1,
  };
  if (body.color !== undefined && body.color !== null) input.color = body.color;
  if (body.colors !== undefined && body.colors !== null) input.colors = { ...body.colors };
  const role = world.guilds.createRole(guild, input);
  recordAudit(actor, 'ROLE_CREATE', role.id, {
    changes: [
      ...changeOf('name', undefined, role.name),
      ...changeOf('permissions', undefined, role.permissions),
      ...changeOf('color', undefined, role.color),
      ...changeOf('hoist', undefined, role.hoist),
      ...changeOf('mentionable', undefined, role.mentionable),
    ],
  });
  return role;
}

/** Modify Guild Role: changes the fields sent; GUILD_ROLE_UPDATE and audit ROLE_UPDATE. */
export function modifyRole(actor: Actor, roleId: Snowflake, body: RoleInput): RoleRecord {
  const { guild } = actor;
  const role = actor.world.guilds.requireRole(guild, roleId);
  requireManageableRole(actor, role);
  requireIconFeature(guild, body);
  if (body.permissions !== undefined && body.permissions !== null) {
    requireGrantable(actor, role.permissions, body.permissions);
  }
  const before = { ...role, colors: { ...role.colors } };
  if (body.name !== undefined && body.name !== null && role.id !== guild.id) role.name = body.name;
  if (body.permissions !== undefined && body.permissions !== null) role.permissions = body.permissions;
  if (body.colors !== undefined) {
    role.colors = body.colors
      ? { ...body.colors }
      : { primary_color: 0, secondary_color: null, tertiary_color: null };
  } else if (body.color !== undefined) {
    role.colors = { ...role.colors, primary_color: body.color ?? 0 };
  }
  role.color = role.colors.primary_color;
  if (body.hoist !== undefined) role.hoist = body.hoist ?? false;
  if (body.mentionable !== undefined) role.mentionable = body.mentionable ?? false;
  if (body.icon !== undefined) role.icon = imageHash(body.icon);
  if (body.unicode_emoji !== undefined) role.unicode_emoji = body.unicode_emoji;
  const changes: AuditChange[] = (
    ['name', 'permissions', 'color', 'hoist', 'mentionable', 'icon', 'unicode_emoji'] as const
  ).flatMap((key) => changeOf(key, before[key], role[key]));
  emitRoleUpdate(actor, role);
  if (changes.length > 0) recordAudit(actor, 'ROLE_UPDATE', role.id, { changes });
  return role;
}

/**
 * Modify Guild Role Positions: listed roles take their new position, the others keep theirs; roles
 * are then ordered by position, equal positions by id, and numbered 1, 2, … above @everyone. Every
 * role whose position changed fires GUILD_ROLE_UPDATE. Answers every role.
 */
export function moveRoles(
  actor: Actor,
  entries: ReadonlyArray<{ id: Snowflake; position?: number | null | undefined }>,
): RoleRecord[] {
  const { guild } = actor;
  const requested = new Map<Snowflake, number>();
  entries.forEach((entry, index) => {
    const role = guild.roles.get(entry.id);
    if (!role) throw PlatformError.field([index, 'id'], 'UNKNOWN_ROLE', `Unknown role ${entry.id}.`);
    if (role.id === guild.id) {
      throw PlatformError.field([index, 'id'], 'ROLE_INVALID', 'The @everyone role cannot be moved.');
    }
    if (entry.position !== undefined && entry.position !== null) requested.set(role.id, entry.position);
  });
  const top = highestPosition(guild, actor.member);
  const movable = sortedRoles(guild).filter((r) => r.id !== guild.id);
  for (const role of movable) {
    const target = requested.get(role.id);
    if (target === undefined || target === role.position || isOwner(actor)) continue;
    // Only roles below the actor's highest role, and only to places below it.
    if (role.position >= top || target >= top) throw PlatformError.missingPermissions();
  }
  const order = movable
    .map((role) => ({ role, key: requested.get(role.id) ?? role.position }))
    .sort((a, b) => a.key - b.key || compareIds(a.role.id, b.role.id));
  order.forEach(({ role }, index) => {
    const position = index + 1;
    if (role.position === position) return;
    const old = role.position;
    role.position = position;
    emitRoleUpdate(actor, role);
    recordAudit(actor, 'ROLE_UPDATE', role.id, { changes: changeOf('position', old, position) });
  });
  return sortedRoles(guild);
}

/** Delete Guild Role: removes it from every member; GUILD_ROLE_DELETE and audit ROLE_DELETE. */
export function deleteRole(actor: Actor, roleId: Snowflake): void {
  const { world, guild } = actor;
  const role = world.guilds.requireRole(guild, roleId);
  if (role.id === guild.id || role.managed) {
    throw PlatformError.badRequest('Invalid role', ErrorCode.INVALID_ROLE);
  }
  requireManageableRole(actor, role);
  guild.roles.delete(role.id);
  for (const member of guild.members.values()) {
    if (member.roles.includes(role.id)) member.roles = member.roles.filter((id) => id !== role.id);
  }
  // A deleted role's channel overwrites go with it, as on the platform (overwrite type 0 is a role).
  for (const channel of guild.channels.values()) {
    const kept = channel.permission_overwrites.filter((o) => !(o.type === 0 && o.id === role.id));
    if (kept.length !== channel.permission_overwrites.length) channel.permission_overwrites = kept;
  }
  world.emit('GUILD_ROLE_DELETE', { guild_id: guild.id, role_id: role.id }, guild.id);
  recordAudit(actor, 'ROLE_DELETE', role.id, {
    changes: [
      ...changeOf('name', role.name, undefined),
      ...changeOf('permissions', role.permissions, undefined),
    ],
  });
}

/** Get Guild Role Member Counts: every role but @everyone, with how many members hold it. */
export function roleMemberCounts(guild: GuildRecord): Record<Snowflake, number> {
  const counts: Record<Snowflake, number> = Object.create(null);
  for (const role of sortedRoles(guild)) if (role.id !== guild.id) counts[role.id] = 0;
  for (const member of guild.members.values()) {
    for (const id of member.roles) if (id in counts) counts[id] = (counts[id] ?? 0) + 1;
  }
  return { ...counts };
}
