/**
 * Guilds as the platform returns them (guild, unavailable guild, preview, the partial guilds of
 * Current User Guilds, voice regions, active threads, incidents data) and the requests of Get Guild,
 * Modify Guild and Current User Guilds. {@link featureChangeIssues} tells which permission each
 * change of a mutable feature needs.
 */
import * as z from 'zod/mini';
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
  invites_disabled_until: z.nullish(responseTimestamp),
  dms_disabled_until: z.nullish(responseTimestamp),
  dm_spam_detected_at: z.nullish(responseTimestamp),
  raid_detected_at: z.nullish(responseTimestamp),
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
  icon: z.nullish(z.string()),
  /** Returned inside the template object. */
  icon_hash: z.nullish(z.string()),
  splash: z.nullish(z.string()),
  /** Only for guilds with the DISCOVERABLE feature. */
  discovery_splash: z.nullish(z.string()),
  owner: z.optional(z.boolean()),
  owner_id: snowflake,
  /** Total permissions of the user, overwrites and implicit permissions excluded. */
  permissions: z.optional(permissionString),
  region: z.nullish(z.string()),
  afk_channel_id: z.nullish(snowflake),
  /** Seconds: one of 60, 300, 900, 1800, 3600. */
  afk_timeout: z.number().check(z.int()),
  widget_enabled: z.optional(z.boolean()),
  /** Null means the widget generates no invite. */
  widget_channel_id: z.nullish(snowflake),
  verification_level: z.number().check(z.int()),
  default_message_notifications: z.number().check(z.int()),
  explicit_content_filter: z.number().check(z.int()),
  roles: z.array(role),
  emojis: z.array(emoji),
  features: z.array(z.string()),
  mfa_level: z.number().check(z.int()),
  /** The creating application, when a bot created the guild. */
  application_id: z.nullish(snowflake),
  system_channel_id: z.nullish(snowflake),
  system_channel_flags: flagsInt,
  rules_channel_id: z.nullish(snowflake),
  /** Null except for the largest guilds. */
  max_presences: z.nullish(z.number().check(z.int())),
  max_members: z.optional(z.number().check(z.int())),
  vanity_url_code: z.nullish(z.string()),
  description: z.nullish(z.string()),
  banner: z.nullish(z.string()),
  premium_tier: z.number().check(z.int()),
  premium_subscription_count: z.optional(z.number().check(z.int())),
  /** Default en-US. */
  preferred_locale: z.string(),
  public_updates_channel_id: z.nullish(snowflake),
  max_video_channel_users: z.optional(z.number().check(z.int())),
  max_stage_video_channel_users: z.optional(z.number().check(z.int())),
  approximate_member_count: z.optional(z.number().check(z.int())),
  approximate_presence_count: z.optional(z.number().check(z.int())),
  /** Returned in an invite's guild object. */
  welcome_screen: z.optional(welcomeScreen),
  nsfw_level: z.number().check(z.int()),
  stickers: z.optional(z.array(sticker)),
  premium_progress_bar_enabled: z.boolean(),
  safety_alerts_channel_id: z.nullish(snowflake),
  incidents_data: z.nullish(incidentsData),
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
  icon: z.nullish(z.string()),
  splash: z.nullish(z.string()),
  discovery_splash: z.nullish(z.string()),
  emojis: z.array(emoji),
  features: z.array(z.string()),
  approximate_member_count: z.number().check(z.int()),
  approximate_presence_count: z.number().check(z.int()),
  description: z.nullish(z.string()),
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
  icon: z.nullable(z.string()),
  banner: z.nullable(z.string()),
  owner: z.boolean(),
  permissions: permissionString,
  features: z.array(z.string()),
  approximate_member_count: z.optional(z.number().check(z.int())),
  approximate_presence_count: z.optional(z.number().check(z.int())),
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
  with_counts: z.optional(queryBoolean),
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
  before: z.optional(snowflake),
  after: z.optional(snowflake),
  limit: z._default(
    queryInt(currentUserGuildsLimit.min, currentUserGuildsLimit.max),
    currentUserGuildsLimit.default,
  ),
  with_counts: z.optional(queryBoolean),
});
/** Current User Guilds query (as sent). */
export type GetCurrentUserGuildsQuery = z.input<typeof getCurrentUserGuildsQuery>;

/** A value of a constant object, as a zod enum of numbers (`0 | 1 | …`) with a message naming them. */
function intEnum<T extends Record<string, number>>(name: string, values: T) {
  const allowed = Object.values(values);
  return z
    .number()
    .check(z.int())
    .check(
      z.refine((v) => allowed.includes(v), {
        message: `${name} must be one of ${Object.entries(values)
          .map(([k, v]) => `${v} (${k})`)
          .join(', ')}`,
      }),
    );
}

const allSystemChannelFlags = Object.values(SystemChannelFlags).reduce((a, b) => a | b, 0);

/** A guild name in a request: 2-100 characters once leading and trailing whitespace is trimmed. */
export const guildName = z
  .string()
  .check(z.trim())
  .check(
    z.minLength(limits.guild.nameMinLength, {
      message: `name must be ${limits.guild.nameMinLength}-${limits.guild.nameMaxLength} characters (leading and trailing whitespace excluded)`,
    }),
  )
  .check(
    z.maxLength(limits.guild.nameMaxLength, {
      message: `name must be ${limits.guild.nameMinLength}-${limits.guild.nameMaxLength} characters (leading and trailing whitespace excluded)`,
    }),
  );

/** An AFK timeout in seconds: one of 60, 300, 900, 1800, 3600. */
export const afkTimeout = z
  .number()
  .check(z.int())
  .check(
    z.refine((v) => (limits.guild.afkTimeouts as readonly number[]).includes(v), {
      message: `afk_timeout must be one of ${limits.guild.afkTimeouts.join(', ')} seconds`,
    }),
  );

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
  name: z.optional(guildName),
  /** Deprecated: set a channel's rtc_region instead. */
  region: z.nullish(z.string()),
  verification_level: z.nullish(intEnum('verification_level', VerificationLevel)),
  default_message_notifications: z.nullish(
    intEnum('default_message_notifications', DefaultMessageNotificationLevel),
  ),
  explicit_content_filter: z.nullish(intEnum('explicit_content_filter', ExplicitContentFilterLevel)),
  afk_channel_id: z.nullish(snowflake),
  afk_timeout: z.nullish(afkTimeout),
  icon: z.nullish(imageData),
  splash: z.nullish(imageData),
  discovery_splash: z.nullish(imageData),
  banner: z.nullish(imageData),
  system_channel_id: z.nullish(snowflake),
  system_channel_flags: z.nullish(
    flagsInt.check(
      z.refine((v) => (v & ~allSystemChannelFlags) === 0, {
        message: 'system_channel_flags may only hold System Channel Flags bits',
      }),
    ),
  ),
  rules_channel_id: z.nullish(snowflake),
  public_updates_channel_id: z.nullish(snowflake),
  /** Default en-US. */
  preferred_locale: z.nullish(z.string()),
  features: z.nullish(z.array(guildFeatureName)),
  description: z.nullish(z.string()),
  premium_progress_bar_enabled: z.nullish(z.boolean()),
  safety_alerts_channel_id: z.nullish(snowflake),
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
