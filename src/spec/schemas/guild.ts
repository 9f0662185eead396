/**
 * Guilds as the platform returns them (guild, unavailable guild, preview, the partial guilds of
 * Current User Guilds, voice regions, active threads, incidents data) and the requests of Get Guild,
 * Modify Guild and Current User Guilds. {@link featureChangeIssues} tells which permission each
 * change of a mutable feature needs.
 */
import { z } from 'zod';
import {
  DefaultMessageNotificationLevel,
  ExplicitContentFilterLevel,
  guildFeatures,
  type MutableGuildFeature,
  mutableGuildFeatures,
  SystemChannelFlags,
  VerificationLevel,
} from '../flags.js';
import { limits } from '../limits.js';
import type { PermissionName } from '../permissions.js';
import { channel } from './channel.js';
import {
  flagsInt,
  permissionString,
  queryBoolean,
  queryInt,
  responseObject,
  responseTimestamp,
  snowflake,
} from './common.js';
import { emoji, sticker } from './emoji.js';
import { imageData } from './memberRequests.js';
import { role } from './role.js';
import { threadMember } from './threadMember.js';
import { welcomeScreen } from './welcomeScreen.js';

/**
 * A guild's incidents data: when paused invites and DMs resume, and when DM spam or a raid was last
 * detected.
 */
export const incidentsData = responseObject({
  invites_disabled_until: responseTimestamp.nullish(),
  dms_disabled_until: responseTimestamp.nullish(),
  dm_spam_detected_at: responseTimestamp.nullish(),
  raid_detected_at: responseTimestamp.nullish(),
});
/** Incidents data. */
export type IncidentsData = z.infer<typeof incidentsData>;

/**
 * A guild, field for field as the specification's Guild table marks it, except that the fields the
 * specification marks optional and the platform sends as `null` when unset (its OpenAPI document
 * types them required and nullable: icon, banner, channel ids, …) also accept `null`, so that real
 * answers validate. `owner` and `permissions`
 * come only from Current User Guilds; the approximate counts only with `with_counts=true`.
 * `features` accepts strings the specification does not list, since the platform adds features.
 * `region` is deprecated (see a channel's `rtc_region`).
 */
export const guild = responseObject({
  id: snowflake,
  name: z.string(),
  icon: z.string().nullish(),
  /** Returned inside the template object. */
  icon_hash: z.string().nullish(),
  splash: z.string().nullish(),
  /** Only for guilds with the DISCOVERABLE feature. */
  discovery_splash: z.string().nullish(),
  owner: z.boolean().optional(),
  owner_id: snowflake,
  /** Total permissions of the user, overwrites and implicit permissions excluded. */
  permissions: permissionString.optional(),
  region: z.string().nullish(),
  afk_channel_id: snowflake.nullish(),
  /** Seconds: one of 60, 300, 900, 1800, 3600. */
  afk_timeout: z.number().int(),
  widget_enabled: z.boolean().optional(),
  /** Null means the widget generates no invite. */
  widget_channel_id: snowflake.nullish(),
  verification_level: z.number().int(),
  default_message_notifications: z.number().int(),
  explicit_content_filter: z.number().int(),
  roles: z.array(role),
  emojis: z.array(emoji),
  features: z.array(z.string()),
  mfa_level: z.number().int(),
  /** The creating application, when a bot created the guild. */
  application_id: snowflake.nullish(),
  system_channel_id: snowflake.nullish(),
  system_channel_flags: flagsInt,
  rules_channel_id: snowflake.nullish(),
  /** Null except for the largest guilds. */
  max_presences: z.number().int().nullish(),
  max_members: z.number().int().optional(),
  vanity_url_code: z.string().nullish(),
  description: z.string().nullish(),
  banner: z.string().nullish(),
  premium_tier: z.number().int(),
  premium_subscription_count: z.number().int().optional(),
  /** Default en-US. */
  preferred_locale: z.string(),
  public_updates_channel_id: snowflake.nullish(),
  max_video_channel_users: z.number().int().optional(),
  max_stage_video_channel_users: z.number().int().optional(),
  approximate_member_count: z.number().int().optional(),
  approximate_presence_count: z.number().int().optional(),
  /** Returned in an invite's guild object. */
  welcome_screen: welcomeScreen.optional(),
  nsfw_level: z.number().int(),
  stickers: z.array(sticker).optional(),
  premium_progress_bar_enabled: z.boolean(),
  safety_alerts_channel_id: snowflake.nullish(),
  incidents_data: incidentsData.nullish(),
});
/** A guild. */
export type Guild = z.infer<typeof guild>;

/** A guild that is offline or not yet delivered: only its id and `unavailable: true`. */
export const unavailableGuild = responseObject({
  id: snowflake,
  unavailable: z.literal(true),
});
/** An unavailable guild. */
export type UnavailableGuild = z.infer<typeof unavailableGuild>;

/**
 * A guild preview (Get Guild Preview): readable by members, and by anyone for a discoverable guild.
 * `approximate_presence_count` counts online members.
 */
export const guildPreview = responseObject({
  id: snowflake,
  name: z.string(),
  icon: z.string().nullish(),
  splash: z.string().nullish(),
  discovery_splash: z.string().nullish(),
  emojis: z.array(emoji),
  features: z.array(z.string()),
  approximate_member_count: z.number().int(),
  approximate_presence_count: z.number().int(),
  description: z.string().nullish(),
  stickers: z.array(sticker),
});
/** A guild preview. */
export type GuildPreview = z.infer<typeof guildPreview>;

/**
 * A partial guild of Current User Guilds, relative to the requesting user (`owner`,
 * `permissions`); includes the banner. The approximate counts come only with `with_counts=true`.
 * The specification does not mark this partial's fields; `icon` and `banner` are nullable as the
 * platform sends them for guilds without one.
 */
export const currentUserGuild = responseObject({
  id: snowflake,
  name: z.string(),
  icon: z.string().nullable(),
  banner: z.string().nullable(),
  owner: z.boolean(),
  permissions: permissionString,
  features: z.array(z.string()),
  approximate_member_count: z.number().int().optional(),
  approximate_presence_count: z.number().int().optional(),
});
/** A partial guild of Current User Guilds. */
export type CurrentUserGuild = z.infer<typeof currentUserGuild>;

/** A voice region (Get Guild Voice Regions); VIP regions appear for VIP-enabled guilds. */
export const voiceRegion = responseObject({
  id: z.string(),
  name: z.string(),
  /** The closest region to the current user's client. */
  optimal: z.boolean(),
  deprecated: z.boolean(),
  /** A custom region (events and the like). */
  custom: z.boolean(),
});
/** A voice region. */
export type VoiceRegion = z.infer<typeof voiceRegion>;

/**
 * List Active Guild Threads: public and private threads ordered by id descending, and the thread
 * members of the threads the current user has joined.
 */
export const activeThreads = responseObject({
  threads: z.array(channel),
  members: z.array(threadMember),
});
/** Active guild threads. */
export type ActiveThreads = z.infer<typeof activeThreads>;

/** Get Guild query: `with_counts=true` adds the approximate member and presence counts. */
export const getGuildQuery = z.object({
  with_counts: queryBoolean.optional(),
});
/** Get Guild query (as sent). */
export type GetGuildQuery = z.input<typeof getGuildQuery>;

/**
 * Page sizes of Current User Guilds (platform documentation: 1-200, default 200). Pending a
 * `limits.user.guildsLimit*` entry in limits.ts, where it belongs.
 */
const currentUserGuildsLimit = { min: 1, max: 200, default: 200 } as const;

/**
 * Current User Guilds query: `before` / `after` page by guild id, `limit` 1-200 (default 200),
 * `with_counts` adds approximate counts.
 */
export const getCurrentUserGuildsQuery = z.object({
  before: snowflake.optional(),
  after: snowflake.optional(),
  limit: queryInt(currentUserGuildsLimit.min, currentUserGuildsLimit.max).default(
    currentUserGuildsLimit.default,
  ),
  with_counts: queryBoolean.optional(),
});
/** Current User Guilds query (as sent). */
export type GetCurrentUserGuildsQuery = z.input<typeof getCurrentUserGuildsQuery>;

/** A value of a constant object, as a zod enum of numbers (`0 | 1 | …`) with a message naming them. */
function intEnum<T extends Record<string, number>>(name: string, values: T) {
  const allowed = Object.values(values);
  return z
    .number()
    .int()
    .refine((v) => allowed.includes(v), {
      message: `${name} must be one of ${Object.entries(values)
        .map(([k, v]) => `${v} (${k})`)
        .join(', ')}`,
    });
}

const allSystemChannelFlags = Object.values(SystemChannelFlags).reduce((a, b) => a | b, 0);

/** A guild name in a request: 2-100 characters once leading and trailing whitespace is trimmed. */
export const guildName = z
  .string()
  .trim()
  .min(limits.guild.nameMinLength, {
    message: `name must be ${limits.guild.nameMinLength}-${limits.guild.nameMaxLength} characters (leading and trailing whitespace excluded)`,
  })
  .max(limits.guild.nameMaxLength, {
    message: `name must be ${limits.guild.nameMinLength}-${limits.guild.nameMaxLength} characters (leading and trailing whitespace excluded)`,
  });

/** An AFK timeout in seconds: one of 60, 300, 900, 1800, 3600. */
export const afkTimeout = z
  .number()
  .int()
  .refine((v) => (limits.guild.afkTimeouts as readonly number[]).includes(v), {
    message: `afk_timeout must be one of ${limits.guild.afkTimeouts.join(', ')} seconds`,
  });

/** A guild feature string a request may carry (the specification's list). */
export const guildFeatureName = z.enum(guildFeatures, { message: 'must be a guild feature string' });

/**
 * Modify Guild body: every field optional; every field but `name` also nullable (null clears it).
 * `name` is trimmed and must then be 2-100 characters. Images are data URIs: `icon` (animated gif
 * needs ANIMATED_ICON), `splash` (needs INVITE_SPLASH), `discovery_splash` (needs DISCOVERABLE),
 * `banner` (needs BANNER; animated needs ANIMATED_BANNER). Changing a mutable feature in
 * `features` needs its own permission ({@link featureChangeIssues}): COMMUNITY and DISCOVERABLE
 * need ADMINISTRATOR.
 */
export const modifyGuildBody = z.object({
  name: guildName.optional(),
  /** Deprecated: set a channel's rtc_region instead. */
  region: z.string().nullish(),
  verification_level: intEnum('verification_level', VerificationLevel).nullish(),
  default_message_notifications: intEnum(
    'default_message_notifications',
    DefaultMessageNotificationLevel,
  ).nullish(),
  explicit_content_filter: intEnum('explicit_content_filter', ExplicitContentFilterLevel).nullish(),
  afk_channel_id: snowflake.nullish(),
  afk_timeout: afkTimeout.nullish(),
  icon: imageData.nullish(),
  splash: imageData.nullish(),
  discovery_splash: imageData.nullish(),
  banner: imageData.nullish(),
  system_channel_id: snowflake.nullish(),
  system_channel_flags: flagsInt
    .refine((v) => (v & ~allSystemChannelFlags) === 0, {
      message: 'system_channel_flags may only hold System Channel Flags bits',
    })
    .nullish(),
  rules_channel_id: snowflake.nullish(),
  public_updates_channel_id: snowflake.nullish(),
  /** Default en-US. */
  preferred_locale: z.string().nullish(),
  features: z.array(guildFeatureName).nullish(),
  description: z.string().nullish(),
  premium_progress_bar_enabled: z.boolean().nullish(),
  safety_alerts_channel_id: snowflake.nullish(),
});
/** Modify Guild body. */
export type ModifyGuildBody = z.infer<typeof modifyGuildBody>;

/** One change of a mutable guild feature and the permission it needs. */
export interface FeatureChange {
  readonly feature: MutableGuildFeature;
  readonly change: 'added' | 'removed';
  readonly permission: PermissionName;
}

/**
 * Which mutable features (COMMUNITY, DISCOVERABLE, INVITES_DISABLED, RAID_ALERTS_DISABLED) differ
 * between the guild's `current` features and the requested `next` ones, each with the permission
 * the change needs. Other features are not client-mutable and are left out. The emulator checks each
 * permission (owners and ADMINISTRATOR pass); DISCOVERABLE also needs every discovery requirement.
 */
export function featureChangeIssues(current: readonly string[], next: readonly string[]): FeatureChange[] {
  const changes: FeatureChange[] = [];
  for (const [feature, permission] of Object.entries(mutableGuildFeatures) as [
    MutableGuildFeature,
    PermissionName,
  ][]) {
    const had = current.includes(feature);
    const has = next.includes(feature);
    if (had !== has) changes.push({ feature, change: has ? 'added' : 'removed', permission });
  }
  return changes;
}
