/**
 * The one way handlers write an audit-log entry: {@link recordAudit} takes the event by its name in
 * the platform's table (spec/auditLogEvents.ts), the acting user and the request's
 * X-Audit-Log-Reason, and hands the entry to the guild store, which keeps it and emits
 * GUILD_AUDIT_LOG_ENTRY_CREATE.
 */
import { AuditLogEvent, type AuditLogEventName } from '../../spec/auditLogEvents.js';
import type { Snowflake } from '../world/accountRecords.js';
import type { AuditLogEntryRecord, GuildRecord } from '../world/guildRecords.js';
import type { World } from '../world/World.js';

/** Who writes an entry, where, and why: an {@link Actor} is one; see also {@link auditAuthor}. */
export interface AuditAuthor {
  readonly world: World;
  readonly guild: GuildRecord;
  /** The acting user (the bot user for a Bot token). */
  readonly userId: Snowflake;
  /** The request's X-Audit-Log-Reason, or null. */
  readonly reason: string | null;
}

/** One change of an audit-log entry. */
export type AuditChange = AuditLogEntryRecord['changes'][number];

/** What an entry carries beyond its event and target. */
export interface AuditDetails {
  readonly changes?: AuditChange[];
  readonly options?: Record<string, unknown>;
  /** Overrides the request's reason (Begin Guild Prune's deprecated body `reason`). */
  readonly reason?: string | null;
}

/** Records `event` by the author on `targetId`. */
export function recordAudit(
  author: AuditAuthor,
  event: AuditLogEventName,
  targetId: Snowflake | null,
  details: AuditDetails = {},
): AuditLogEntryRecord {
  return author.world.guilds.audit(author.guild, {
    user_id: author.userId,
    target_id: targetId,
    action_type: AuditLogEvent[event],
    reason: details.reason ?? author.reason,
    ...(details.changes === undefined ? {} : { changes: details.changes }),
    ...(details.options === undefined ? {} : { options: details.options }),
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
