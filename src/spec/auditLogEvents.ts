/**
 * The platform's audit-log event numbers (an entry's `action_type`) of the operations this contract
 * covers: the specification's operations marked (audit) write these. The emulator records entries
 * only through this table; a client reads them back from GUILD_AUDIT_LOG_ENTRY_CREATE.
 */

/** Audit-log event numbers by the platform's name for them. */
export const AuditLogEvent = {
  /** Modify Guild, Modify Guild Widget, Modify Guild Welcome Screen. */
  GUILD_UPDATE: 1,
  /** Create Guild Channel. */
  CHANNEL_CREATE: 10,
  /** Remove Guild Member. */
  MEMBER_KICK: 20,
  /** Begin Guild Prune. */
  MEMBER_PRUNE: 21,
  /** Create Guild Ban, Bulk Guild Ban. */
  MEMBER_BAN_ADD: 22,
  /** Remove Guild Ban. */
  MEMBER_BAN_REMOVE: 23,
  /** Modify Guild Member, Modify Current Member: nick, timeout, mute, deaf, flags. */
  MEMBER_UPDATE: 24,
  /** A member's roles changed (Modify Guild Member's `roles`, Add or Remove Guild Member Role). */
  MEMBER_ROLE_UPDATE: 25,
  /** A member moved to another voice channel (Modify Guild Member's `channel_id`). */
  MEMBER_MOVE: 26,
  /** A member disconnected from voice (Modify Guild Member's `channel_id: null`). */
  MEMBER_DISCONNECT: 27,
  /** Create Guild Role. */
  ROLE_CREATE: 30,
  /** Modify Guild Role, Modify Guild Role Positions. */
  ROLE_UPDATE: 31,
  /** Delete Guild Role. */
  ROLE_DELETE: 32,
  /** Create Channel Invite. */
  INVITE_CREATE: 40,
  /** Delete Invite. */
  INVITE_DELETE: 42,
  /** Delete Guild Integration. */
  INTEGRATION_DELETE: 82,
  /** Modify Guild Onboarding. */
  ONBOARDING_UPDATE: 167,
  /** Set Voice Channel Status with a status (the change notices: "VOICE_CHANNEL_STATUS_UPDATE (192)"). */
  VOICE_CHANNEL_STATUS_UPDATE: 192,
  /** Set Voice Channel Status clearing it (the change notices: "VOICE_CHANNEL_STATUS_DELETE (193)"). */
  VOICE_CHANNEL_STATUS_DELETE: 193,
} as const;

/** The platform's name of an audit-log event. */
export type AuditLogEventName = keyof typeof AuditLogEvent;

/** An audit-log event number (`action_type`). */
export type AuditLogEventValue = (typeof AuditLogEvent)[AuditLogEventName];
