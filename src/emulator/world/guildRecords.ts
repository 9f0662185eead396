/**
 * Records of guilds and everything inside them (snake_case wire names, times as epoch ms; see
 * accountRecords). A guild owns its roles, channels (threads included), members, bans, integrations
 * and audit log; invites live in the world by code because they are looked up by code alone.
 */
import type { AuditLogEventValue } from '../../spec/auditLogEvents.js';
import type { EpochMs, Snowflake } from './accountRecords.js';

/** Role colors (gradient colors with ENHANCED_ROLE_COLORS). */
export interface RoleColorsRecord {
  primary_color: number;
  secondary_color: number | null;
  tertiary_color: number | null;
}

/** A role. The @everyone role has the guild's id and position 0. */
export interface RoleRecord {
  id: Snowflake;
  name: string;
  /** Permission bitfield as a decimal string. */
  permissions: string;
  position: number;
  color: number;
  colors: RoleColorsRecord;
  hoist: boolean;
  managed: boolean;
  mentionable: boolean;
  icon: string | null;
  unicode_emoji: string | null;
  flags: number;
}

/** A channel permission overwrite: type 0 targets a role, 1 a member. */
export interface OverwriteRecord {
  id: Snowflake;
  type: 0 | 1;
  allow: string;
  deny: string;
}

/** A thread's metadata (threads are channels of type 10, 11 or 12). */
export interface ThreadMetadataRecord {
  archived: boolean;
  auto_archive_duration: number;
  archive_timestamp: EpochMs;
  locked: boolean;
  invitable: boolean;
  create_timestamp: EpochMs;
}

/** A member of a thread. */
export interface ThreadMemberRecord {
  user_id: Snowflake;
  join_timestamp: EpochMs;
  flags: number;
}

/**
 * A guild channel or thread. Type-specific fields are null or absent where the type has none;
 * `extra` keeps any further wire fields a handler stores verbatim (forum tags, …).
 */
export interface ChannelRecord {
  id: Snowflake;
  type: number;
  guild_id: Snowflake;
  name: string;
  position: number;
  permission_overwrites: OverwriteRecord[];
  topic: string | null;
  nsfw: boolean;
  last_message_id: Snowflake | null;
  bitrate: number | null;
  user_limit: number | null;
  rate_limit_per_user: number;
  parent_id: Snowflake | null;
  rtc_region: string | null;
  video_quality_mode: number | null;
  default_auto_archive_duration: number | null;
  default_thread_rate_limit_per_user: number | null;
  flags: number;
  /** Voice channel status (Set Voice Channel Status), at most 500 characters, or null. */
  voice_status: string | null;
  /** Threads only. */
  thread_metadata: ThreadMetadataRecord | null;
  /** Threads only: the creator. */
  owner_id: Snowflake | null;
  /** Threads only: members by user id. */
  thread_members: Map<Snowflake, ThreadMemberRecord>;
  /** Other wire fields stored as sent (available_tags, default_reaction_emoji, …). */
  extra: Record<string, unknown>;
}

/** A guild member. */
export interface MemberRecord {
  user_id: Snowflake;
  nick: string | null;
  avatar: string | null;
  banner: string | null;
  bio: string | null;
  /** Role ids, @everyone excluded. */
  roles: Snowflake[];
  joined_at: EpochMs;
  premium_since: EpochMs | null;
  deaf: boolean;
  mute: boolean;
  flags: number;
  /** True while the member has not passed membership screening. */
  pending: boolean;
  /** Timeout expiry; null or past means not timed out. */
  communication_disabled_until: EpochMs | null;
  /** The voice channel the member is connected to, or null (mute/deaf need one). */
  voice_channel_id: Snowflake | null;
  /** Last activity (prune counts members inactive for `days`); null means since joining. */
  last_active_at: EpochMs | null;
}

/** A ban. */
export interface BanRecord {
  user_id: Snowflake;
  reason: string | null;
  created_at: EpochMs;
}

/** An integration (bots, subscriptions, streaming providers). */
export interface IntegrationRecord {
  id: Snowflake;
  name: string;
  type: string;
  enabled: boolean;
  syncing: boolean | null;
  role_id: Snowflake | null;
  enable_emoticons: boolean | null;
  expire_behavior: number | null;
  expire_grace_period: number | null;
  user_id: Snowflake | null;
  account: { id: string; name: string };
  synced_at: EpochMs | null;
  subscriber_count: number | null;
  revoked: boolean | null;
  /** For bot integrations: the application, whose bot is kicked when the integration is deleted. */
  application_id: Snowflake | null;
  scopes: string[];
}

/** One audit-log entry; `reason` is the request's X-Audit-Log-Reason. */
export interface AuditLogEntryRecord {
  id: Snowflake;
  guild_id: Snowflake;
  user_id: Snowflake | null;
  target_id: Snowflake | null;
  /** The platform's audit-log event number, from spec/auditLogEvents.ts (20 MEMBER_KICK, …). */
  action_type: AuditLogEventValue;
  reason: string | null;
  changes: Array<{ key: string; old_value?: unknown; new_value?: unknown }>;
  options: Record<string, unknown> | null;
}

/** A welcome screen channel. */
export interface WelcomeChannelRecord {
  channel_id: Snowflake;
  description: string;
  emoji_id: Snowflake | null;
  emoji_name: string | null;
}

/** The welcome screen. */
export interface WelcomeScreenRecord {
  enabled: boolean;
  description: string | null;
  welcome_channels: WelcomeChannelRecord[];
}

/** Onboarding, kept in wire shape (prompts and options as sent, with ids assigned). */
export interface OnboardingRecord {
  prompts: Array<Record<string, unknown>>;
  default_channel_ids: Snowflake[];
  enabled: boolean;
  mode: number;
}

/** Incident actions and detections. */
export interface IncidentsDataRecord {
  invites_disabled_until: EpochMs | null;
  dms_disabled_until: EpochMs | null;
  dm_spam_detected_at: EpochMs | null;
  raid_detected_at: EpochMs | null;
}

/** A guild and everything in it. Scalar fields carry the platform's names and meanings. */
export interface GuildRecord {
  id: Snowflake;
  name: string;
  icon: string | null;
  splash: string | null;
  discovery_splash: string | null;
  banner: string | null;
  description: string | null;
  owner_id: Snowflake;
  region: string | null;
  afk_channel_id: Snowflake | null;
  afk_timeout: number;
  widget_enabled: boolean;
  widget_channel_id: Snowflake | null;
  verification_level: number;
  default_message_notifications: number;
  explicit_content_filter: number;
  mfa_level: number;
  nsfw_level: number;
  features: string[];
  /** Custom emojis and stickers, in wire shape. */
  emojis: Array<Record<string, unknown>>;
  stickers: Array<Record<string, unknown>>;
  application_id: Snowflake | null;
  system_channel_id: Snowflake | null;
  system_channel_flags: number;
  rules_channel_id: Snowflake | null;
  public_updates_channel_id: Snowflake | null;
  safety_alerts_channel_id: Snowflake | null;
  max_presences: number | null;
  max_members: number;
  max_video_channel_users: number;
  max_stage_video_channel_users: number;
  vanity_url_code: string | null;
  vanity_url_uses: number;
  premium_tier: number;
  premium_subscription_count: number;
  preferred_locale: string;
  premium_progress_bar_enabled: boolean;
  incidents_data: IncidentsDataRecord;
  welcome_screen: WelcomeScreenRecord;
  onboarding: OnboardingRecord;
  roles: Map<Snowflake, RoleRecord>;
  /** Channels and threads by id. */
  channels: Map<Snowflake, ChannelRecord>;
  members: Map<Snowflake, MemberRecord>;
  bans: Map<Snowflake, BanRecord>;
  integrations: Map<Snowflake, IntegrationRecord>;
  audit_log: AuditLogEntryRecord[];
  created_at: EpochMs;
}
