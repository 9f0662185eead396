/**
 * The audit-log event numbers of the member area (the platform's Audit Log Events) and a helper
 * that records one entry with the request's X-Audit-Log-Reason. Recording emits
 * GUILD_AUDIT_LOG_ENTRY_CREATE (see GuildStore.audit).
 */
import type { Snowflake } from '../../world/accountRecords.js';
import type { AuditLogEntryRecord } from '../../world/guildRecords.js';
import type { Actor } from './memberAccess.js';

/** Audit-log action types written by member, ban, role and prune operations. */
export const AuditAction = {
  MEMBER_KICK: 20,
  MEMBER_PRUNE: 21,
  MEMBER_BAN_ADD: 22,
  MEMBER_BAN_REMOVE: 23,
  MEMBER_UPDATE: 24,
  MEMBER_ROLE_UPDATE: 25,
  MEMBER_MOVE: 26,
  MEMBER_DISCONNECT: 27,
  ROLE_CREATE: 30,
  ROLE_UPDATE: 31,
  ROLE_DELETE: 32,
} as const;

/** One change of an audit-log entry. */
export type AuditChange = AuditLogEntryRecord['changes'][number];

/** Records an entry by the actor on `targetId`, with the request's reason (or `reasonOverride`). */
export function recordAudit(
  actor: Actor,
  actionType: number,
  targetId: Snowflake | null,
  extra: { changes?: AuditChange[]; options?: Record<string, unknown>; reason?: string | null } = {},
): AuditLogEntryRecord {
  return actor.world.guilds.audit(actor.guild, {
    user_id: actor.member.user_id,
    target_id: targetId,
    action_type: actionType,
    reason: extra.reason ?? actor.reason,
    ...(extra.changes === undefined ? {} : { changes: extra.changes }),
    ...(extra.options === undefined ? {} : { options: extra.options }),
  });
}

/** A change entry, or nothing when the value did not change. */
export function changeOf(key: string, oldValue: unknown, newValue: unknown): AuditChange[] {
  if (JSON.stringify(oldValue) === JSON.stringify(newValue)) return [];
  const change: AuditChange = { key };
  if (oldValue !== undefined && oldValue !== null) change.old_value = oldValue;
  if (newValue !== undefined && newValue !== null) change.new_value = newValue;
  return [change];
}
