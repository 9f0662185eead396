/**
 * Field rules shared by the member operations: nicknames, role lists and per-field
 * permissions. Each throws the platform's answer (400 50035 naming the field, 403 50013).
 */
import { type FieldPermission, holdsFieldPermission } from '../../../spec/schemas/memberRequests.js';
import { PlatformError } from '../../PlatformError.js';
import type { Snowflake } from '../../world/accountRecords.js';
import type { GuildRecord, RoleRecord } from '../../world/guildRecords.js';
import type { Actor } from '../access.js';
import { requireManageableRole } from './roleHierarchy.js';

/**
 * A requested nickname as stored: null or "" clears it. Its length was checked with the body (the
 * member schemas hold `limits.member.nickMaxLength`).
 */
export function nickValue(nick: string | null | undefined): string | null {
  return nick === null || nick === undefined || nick === '' ? null : nick;
}

/** 403 50013 unless the actor holds the permission of every present field. */
export function requireFieldPermissions(actor: Actor, required: readonly FieldPermission[]): void {
  for (const requirement of required) {
    if (!holdsFieldPermission(actor.permissions, requirement)) throw PlatformError.missingPermissions();
  }
}

/**
 * The roles of a request's `roles` list: every id must be a role of the guild (else 400 50035 naming
 * `roles.N`); @everyone is dropped (every member has it) and duplicates are kept once.
 */
export function requestedRoles(guild: GuildRecord, ids: readonly Snowflake[]): RoleRecord[] {
  const roles = new Map<Snowflake, RoleRecord>();
  ids.forEach((id, index) => {
    const role = guild.roles.get(id);
    if (!role) throw PlatformError.field(['roles', index], 'UNKNOWN_ROLE', `Unknown role ${id}.`);
    if (id !== guild.id) roles.set(id, role);
  });
  return [...roles.values()];
}

/**
 * 403 50013 unless the actor may give or take each role: below its highest role (the owner may
 * any), and not managed by an integration (those follow their integration only).
 */
export function requireAssignable(actor: Actor, roles: readonly RoleRecord[]): void {
  for (const role of roles) {
    if (role.managed) throw PlatformError.missingPermissions();
    requireManageableRole(actor, role);
  }
}
