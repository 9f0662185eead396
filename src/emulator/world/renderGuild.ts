/**
 * Renders guild records (guild, role, channel, member) in the platform's wire shape. Handlers answer
 * with these, events carry them, and they are the one place a record's shape turns into JSON.
 */
import { ChannelType } from '../../spec/flags.js';
import type { UserRecord } from './accountRecords.js';
import type { ChannelRecord, GuildRecord, MemberRecord, RoleRecord } from './guildRecords.js';
import { renderUser, type UserWire } from './renderAccount.js';
import { toIso, toIsoOrNull } from './time.js';

/** Finds a user by id for embedding (callers pass `world.users.get`-like lookups). */
export type UserLookup = (id: string) => UserRecord;

/** A role object. */
export function renderRole(role: RoleRecord): Record<string, unknown> {
  return {
    id: role.id,
    name: role.name,
    description: null,
    permissions: role.permissions,
    position: role.position,
    color: role.color,
    colors: { ...role.colors },
    hoist: role.hoist,
    managed: role.managed,
    mentionable: role.mentionable,
    icon: role.icon,
    unicode_emoji: role.unicode_emoji,
    flags: role.flags,
  };
}

/** A partial role, as invites carry it (id, name, position, color, colors, icon, unicode_emoji). */
export function renderPartialRole(role: RoleRecord): Record<string, unknown> {
  return {
    id: role.id,
    name: role.name,
    position: role.position,
    color: role.color,
    colors: { ...role.colors },
    icon: role.icon,
    unicode_emoji: role.unicode_emoji,
  };
}

const THREAD_TYPES: ReadonlySet<number> = new Set([
  ChannelType.ANNOUNCEMENT_THREAD,
  ChannelType.PUBLIC_THREAD,
  ChannelType.PRIVATE_THREAD,
]);
const VOICE_TYPES: ReadonlySet<number> = new Set([ChannelType.GUILD_VOICE, ChannelType.GUILD_STAGE_VOICE]);
const TEXTUAL_TYPES: ReadonlySet<number> = new Set([
  ChannelType.GUILD_TEXT,
  ChannelType.GUILD_ANNOUNCEMENT,
  ChannelType.GUILD_FORUM,
  ChannelType.GUILD_MEDIA,
]);

/** True for thread channel types (10, 11, 12). */
export function isThread(channel: Pick<ChannelRecord, 'type'>): boolean {
  return THREAD_TYPES.has(channel.type);
}

/** True for voice and stage channels. */
export function isVoiceLike(channel: Pick<ChannelRecord, 'type'>): boolean {
  return VOICE_TYPES.has(channel.type);
}

/** A channel object with the fields its type has. */
export function renderChannel(channel: ChannelRecord): Record<string, unknown> {
  const wire: Record<string, unknown> = {
    id: channel.id,
    type: channel.type,
    guild_id: channel.guild_id,
    name: channel.name,
    flags: channel.flags,
    parent_id: channel.parent_id,
  };
  if (isThread(channel)) {
    const meta = channel.thread_metadata;
    wire.owner_id = channel.owner_id;
    wire.last_message_id = channel.last_message_id;
    wire.rate_limit_per_user = channel.rate_limit_per_user;
    wire.member_count = channel.thread_members.size;
    wire.message_count = 0;
    wire.total_message_sent = 0;
    if (meta) {
      wire.thread_metadata = {
        archived: meta.archived,
        auto_archive_duration: meta.auto_archive_duration,
        archive_timestamp: toIso(meta.archive_timestamp),
        locked: meta.locked,
        invitable: meta.invitable,
        create_timestamp: toIso(meta.create_timestamp),
      };
    }
    return { ...wire, ...channel.extra };
  }
  wire.position = channel.position;
  wire.permission_overwrites = channel.permission_overwrites.map((o) => ({ ...o }));
  if (channel.type !== ChannelType.GUILD_CATEGORY) wire.nsfw = channel.nsfw;
  if (TEXTUAL_TYPES.has(channel.type)) {
    wire.topic = channel.topic;
    wire.last_message_id = channel.last_message_id;
    wire.rate_limit_per_user = channel.rate_limit_per_user;
    if (channel.default_auto_archive_duration !== null) {
      wire.default_auto_archive_duration = channel.default_auto_archive_duration;
    }
    if (channel.default_thread_rate_limit_per_user !== null) {
      wire.default_thread_rate_limit_per_user = channel.default_thread_rate_limit_per_user;
    }
  }
  if (VOICE_TYPES.has(channel.type)) {
    wire.last_message_id = channel.last_message_id;
    wire.rate_limit_per_user = channel.rate_limit_per_user;
    wire.bitrate = channel.bitrate ?? 64_000;
    wire.user_limit = channel.user_limit ?? 0;
    wire.rtc_region = channel.rtc_region;
    wire.video_quality_mode = channel.video_quality_mode ?? 1;
  }
  return { ...wire, ...channel.extra };
}

/** A guild member object with its user. */
export function renderMember(member: MemberRecord, user: UserLookup): Record<string, unknown> {
  return {
    user: renderUser(user(member.user_id)),
    nick: member.nick,
    avatar: member.avatar,
    banner: member.banner,
    roles: [...member.roles],
    joined_at: toIso(member.joined_at),
    premium_since: toIsoOrNull(member.premium_since),
    deaf: member.deaf,
    mute: member.mute,
    flags: member.flags,
    pending: member.pending,
    communication_disabled_until: toIsoOrNull(member.communication_disabled_until),
    avatar_decoration_data: null,
    collectibles: null,
  };
}

/** The payload of GUILD_MEMBER_ADD and GUILD_MEMBER_UPDATE: the member plus `guild_id`. */
export function memberEventPayload(
  guild: GuildRecord,
  member: MemberRecord,
  user: UserLookup,
): Record<string, unknown> {
  return { ...renderMember(member, user), guild_id: guild.id };
}

/** The payload of GUILD_MEMBER_REMOVE. */
export function memberRemovePayload(
  guild: GuildRecord,
  user: UserRecord,
): { guild_id: string; user: UserWire } {
  return { guild_id: guild.id, user: renderUser(user) };
}

/** Options of {@link renderGuild}. */
export interface RenderGuildOptions {
  /** Add approximate_member_count and approximate_presence_count (with_counts=true). */
  readonly withCounts?: boolean;
  /**
   * Non-offline members for approximate_presence_count: pass `presenceCount(world, guild)` from
   * presence.ts whenever `withCounts` is set. @defaultValue 0
   */
  readonly presenceCount?: number;
}

/** The guild object of Get Guild, Modify Guild and the control API. */
export function renderGuild(guild: GuildRecord, options: RenderGuildOptions = {}): Record<string, unknown> {
  const roles = [...guild.roles.values()].sort((a, b) => a.position - b.position || compareIds(a.id, b.id));
  const incidents = guild.incidents_data;
  const wire: Record<string, unknown> = {
    id: guild.id,
    name: guild.name,
    icon: guild.icon,
    icon_hash: guild.icon,
    splash: guild.splash,
    discovery_splash: guild.discovery_splash,
    owner_id: guild.owner_id,
    // The platform's OpenAPI document requires a string; the deprecated field reads 'deprecated' unset.
    region: guild.region ?? 'deprecated',
    afk_channel_id: guild.afk_channel_id,
    afk_timeout: guild.afk_timeout,
    widget_enabled: guild.widget_enabled,
    widget_channel_id: guild.widget_channel_id,
    verification_level: guild.verification_level,
    default_message_notifications: guild.default_message_notifications,
    explicit_content_filter: guild.explicit_content_filter,
    roles: roles.map(renderRole),
    emojis: guild.emojis.map((e) => ({ ...e })),
    features: [...guild.features],
    mfa_level: guild.mfa_level,
    application_id: guild.application_id,
    system_channel_id: guild.system_channel_id,
    system_channel_flags: guild.system_channel_flags,
    rules_channel_id: guild.rules_channel_id,
    max_presences: guild.max_presences,
    max_members: guild.max_members,
    vanity_url_code: guild.vanity_url_code,
    description: guild.description,
    banner: guild.banner,
    premium_tier: guild.premium_tier,
    premium_subscription_count: guild.premium_subscription_count,
    preferred_locale: guild.preferred_locale,
    public_updates_channel_id: guild.public_updates_channel_id,
    max_video_channel_users: guild.max_video_channel_users,
    max_stage_video_channel_users: guild.max_stage_video_channel_users,
    nsfw_level: guild.nsfw_level,
    // Required by the OpenAPI document though the specification omits them: no home header, and
    // `nsfw` true for the explicit (1) and age-restricted (3) levels.
    home_header: null,
    nsfw: guild.nsfw_level === 1 || guild.nsfw_level === 3,
    stickers: guild.stickers.map((s) => ({ ...s })),
    premium_progress_bar_enabled: guild.premium_progress_bar_enabled,
    safety_alerts_channel_id: guild.safety_alerts_channel_id,
    incidents_data: {
      invites_disabled_until: toIsoOrNull(incidents.invites_disabled_until),
      dms_disabled_until: toIsoOrNull(incidents.dms_disabled_until),
      dm_spam_detected_at: toIsoOrNull(incidents.dm_spam_detected_at),
      raid_detected_at: toIsoOrNull(incidents.raid_detected_at),
    },
  };
  if (options.withCounts) {
    wire.approximate_member_count = guild.members.size;
    wire.approximate_presence_count = options.presenceCount ?? 0;
  }
  return wire;
}

/** Orders two snowflakes numerically, for sorting (`ids.sort(compareIds)` is ascending). */
export function compareIds(a: string, b: string): number {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
