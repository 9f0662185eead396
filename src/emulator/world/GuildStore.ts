/**
 * The guilds of the world and the changes every guild operation builds on: creating guilds, roles
 * and channels, adding, updating and removing members, and recording audit-log entries. Methods that
 * correspond to a platform event emit it (GUILD_MEMBER_ADD, GUILD_MEMBER_UPDATE via
 * {@link GuildStore.memberUpdated}, GUILD_MEMBER_REMOVE, GUILD_ROLE_CREATE, CHANNEL_CREATE,
 * GUILD_AUDIT_LOG_ENTRY_CREATE); other handlers emit their own events through `world.emit`.
 * Look-ups that fail throw {@link PlatformError} with the platform's "Unknown …" code.
 */
import type { Clock } from '../../clock.js';
import { ErrorCode } from '../../spec/codes.js';
import { combinePermissions } from '../../spec/permissions.js';
import { PlatformError } from '../PlatformError.js';
import type { Snowflake, UserRecord } from './accountRecords.js';
import type {
  AuditLogEntryRecord,
  ChannelRecord,
  GuildRecord,
  MemberRecord,
  RoleRecord,
} from './guildRecords.js';
import { memberEventPayload, memberRemovePayload, renderChannel, renderRole } from './renderGuild.js';
import type { SnowflakeGenerator } from './SnowflakeGenerator.js';

/** The @everyone permissions of a new guild: what the platform gives a fresh server. */
export const defaultEveryonePermissions: string = combinePermissions(
  'CREATE_INSTANT_INVITE',
  'CHANGE_NICKNAME',
  'VIEW_CHANNEL',
  'SEND_MESSAGES',
  'READ_MESSAGE_HISTORY',
  'CONNECT',
  'USE_EXTERNAL_APPS',
);

/** The guild feature that turns membership screening on (new members join pending). */
export const SCREENING_FEATURE = 'MEMBER_VERIFICATION_GATE_ENABLED';

/** What a new guild starts with. */
export interface NewGuild {
  name: string;
  owner_id: Snowflake;
  features?: string[];
  premium_tier?: number;
  /** Use this id instead of a fresh one (seeds). */
  id?: Snowflake;
  /** @everyone's permissions (default {@link defaultEveryonePermissions}). */
  everyone_permissions?: string;
}

/** Fields of a new role; the rest take the platform's defaults. */
export type NewRole = Partial<Omit<RoleRecord, 'colors'>> & { colors?: Partial<RoleRecord['colors']> };

/** Fields of a new channel: `name` and `type` are needed, the rest default. */
export type NewChannel = Partial<ChannelRecord> & Pick<ChannelRecord, 'name' | 'type'>;

/** Fields of a new member. `pending` defaults to whether the guild has membership screening. */
export type NewMember = Partial<Omit<MemberRecord, 'user_id'>>;

/** Services the store needs from the world. */
export interface GuildStoreDeps {
  readonly ids: SnowflakeGenerator;
  readonly clock: Clock;
  /** Emits an event into the world's log. */
  readonly emit: (type: string, data: unknown, guildId?: Snowflake) => void;
  /** Finds a user for rendering (a placeholder when unknown). */
  readonly user: (id: Snowflake) => UserRecord;
}

/** The world's guilds. */
export class GuildStore {
  readonly #deps: GuildStoreDeps;
  readonly #guilds = new Map<Snowflake, GuildRecord>();
  /** channel id → guild id, so that `/channels/{id}` routes find their guild. */
  readonly #channelGuild = new Map<Snowflake, Snowflake>();

  constructor(deps: GuildStoreDeps) {
    this.#deps = deps;
  }

  /** Every guild, in creation order. */
  all(): IterableIterator<GuildRecord> {
    return this.#guilds.values();
  }

  /** The guild, or undefined. */
  get(id: Snowflake): GuildRecord | undefined {
    return this.#guilds.get(id);
  }

  /** The guild, or a 404 code 10004 Unknown Guild. */
  require(id: Snowflake): GuildRecord {
    const guild = this.#guilds.get(id);
    if (!guild) throw PlatformError.unknown(ErrorCode.UNKNOWN_GUILD);
    return guild;
  }

  /** Makes a guild with its @everyone role (id = guild id) and the owner as its first member. */
  create(input: NewGuild): GuildRecord {
    const now = this.#deps.clock.now();
    const id = input.id ?? this.#deps.ids.next();
    const guild: GuildRecord = {
      id,
      name: input.name,
      icon: null,
      splash: null,
      discovery_splash: null,
      banner: null,
      description: null,
      owner_id: input.owner_id,
      region: null,
      afk_channel_id: null,
      afk_timeout: 300,
      widget_enabled: false,
      widget_channel_id: null,
      verification_level: 0,
      default_message_notifications: 0,
      explicit_content_filter: 0,
      mfa_level: 0,
      nsfw_level: 0,
      features: [...(input.features ?? [])],
      emojis: [],
      stickers: [],
      application_id: null,
      system_channel_id: null,
      system_channel_flags: 0,
      rules_channel_id: null,
      public_updates_channel_id: null,
      safety_alerts_channel_id: null,
      max_presences: null,
      max_members: 500_000,
      max_video_channel_users: 25,
      max_stage_video_channel_users: 50,
      vanity_url_code: null,
      vanity_url_uses: 0,
      premium_tier: input.premium_tier ?? 0,
      premium_subscription_count: 0,
      preferred_locale: 'en-US',
      premium_progress_bar_enabled: false,
      incidents_data: {
        invites_disabled_until: null,
        dms_disabled_until: null,
        dm_spam_detected_at: null,
        raid_detected_at: null,
      },
      welcome_screen: { enabled: false, description: null, welcome_channels: [] },
      onboarding: { prompts: [], default_channel_ids: [], enabled: false, mode: 0 },
      roles: new Map(),
      channels: new Map(),
      members: new Map(),
      bans: new Map(),
      integrations: new Map(),
      audit_log: [],
      created_at: now,
    };
    this.#guilds.set(id, guild);
    guild.roles.set(id, {
      ...roleDefaults(id),
      name: '@everyone',
      permissions: input.everyone_permissions ?? defaultEveryonePermissions,
      position: 0,
    });
    // The owner joins without screening: the platform never holds an owner pending.
    this.#addMemberRecord(guild, input.owner_id, { pending: false });
    return guild;
  }

  /** Deletes a guild and forgets its channels. */
  delete(id: Snowflake): boolean {
    const guild = this.#guilds.get(id);
    if (!guild) return false;
    for (const channelId of guild.channels.keys()) this.#channelGuild.delete(channelId);
    return this.#guilds.delete(id);
  }

  /** The role, or a 404 code 10011 Unknown Role. */
  requireRole(guild: GuildRecord, roleId: Snowflake): RoleRecord {
    const role = guild.roles.get(roleId);
    if (!role) throw PlatformError.unknown(ErrorCode.UNKNOWN_ROLE);
    return role;
  }

  /** Makes a role (position: above every other) and emits GUILD_ROLE_CREATE. */
  createRole(guild: GuildRecord, input: NewRole = {}): RoleRecord {
    const top = Math.max(0, ...[...guild.roles.values()].map((r) => r.position));
    const id = input.id ?? this.#deps.ids.next();
    const base = roleDefaults(id);
    const role: RoleRecord = {
      ...base,
      ...input,
      id,
      position: input.position ?? top + 1,
      permissions: input.permissions ?? '0',
      colors: {
        ...base.colors,
        ...(input.colors ?? {}),
        primary_color: input.colors?.primary_color ?? input.color ?? 0,
      },
    };
    role.color = role.colors.primary_color;
    guild.roles.set(id, role);
    this.#deps.emit('GUILD_ROLE_CREATE', { guild_id: guild.id, role: renderRole(role) }, guild.id);
    return role;
  }

  /** The channel and its guild by channel id (threads included), or undefined. */
  findChannel(channelId: Snowflake): { guild: GuildRecord; channel: ChannelRecord } | undefined {
    const guildId = this.#channelGuild.get(channelId);
    const guild = guildId === undefined ? undefined : this.#guilds.get(guildId);
    const channel = guild?.channels.get(channelId);
    return guild && channel ? { guild, channel } : undefined;
  }

  /** Like {@link findChannel}, or a 404 code 10003 Unknown Channel. */
  requireChannel(channelId: Snowflake): { guild: GuildRecord; channel: ChannelRecord } {
    const found = this.findChannel(channelId);
    if (!found) throw PlatformError.unknown(ErrorCode.UNKNOWN_CHANNEL);
    return found;
  }

  /** Makes a channel or thread (position: after the last) and emits CHANNEL_CREATE (THREAD_CREATE for threads). */
  createChannel(guild: GuildRecord, input: NewChannel): ChannelRecord {
    const id = input.id ?? this.#deps.ids.next();
    const last = Math.max(-1, ...[...guild.channels.values()].map((c) => c.position));
    const channel: ChannelRecord = {
      permission_overwrites: [],
      topic: null,
      nsfw: false,
      last_message_id: null,
      bitrate: null,
      user_limit: null,
      rate_limit_per_user: 0,
      parent_id: null,
      rtc_region: null,
      video_quality_mode: null,
      default_auto_archive_duration: null,
      default_thread_rate_limit_per_user: null,
      flags: 0,
      voice_status: null,
      thread_metadata: null,
      owner_id: null,
      thread_members: new Map(),
      extra: {},
      ...input,
      id,
      guild_id: guild.id,
      position: input.position ?? last + 1,
    };
    guild.channels.set(id, channel);
    this.#channelGuild.set(id, guild.id);
    const isThreadType = channel.type === 10 || channel.type === 11 || channel.type === 12;
    this.#deps.emit(isThreadType ? 'THREAD_CREATE' : 'CHANNEL_CREATE', renderChannel(channel), guild.id);
    return channel;
  }

  /** Deletes a channel; true when it existed. */
  deleteChannel(guild: GuildRecord, channelId: Snowflake): boolean {
    this.#channelGuild.delete(channelId);
    return guild.channels.delete(channelId);
  }

  /** The member, or undefined. */
  member(guild: GuildRecord, userId: Snowflake): MemberRecord | undefined {
    return guild.members.get(userId);
  }

  /** The member, or a 404 code 10007 Unknown Member. */
  requireMember(guild: GuildRecord, userId: Snowflake): MemberRecord {
    const member = guild.members.get(userId);
    if (!member) throw PlatformError.unknown(ErrorCode.UNKNOWN_MEMBER);
    return member;
  }

  /**
   * Adds a member and emits GUILD_MEMBER_ADD. Under membership screening the member joins pending
   * unless `pending` says otherwise. An existing member is returned unchanged (no event).
   */
  addMember(guild: GuildRecord, userId: Snowflake, input: NewMember = {}): MemberRecord {
    const existing = guild.members.get(userId);
    if (existing) return existing;
    const member = this.#addMemberRecord(guild, userId, input);
    this.#deps.emit('GUILD_MEMBER_ADD', memberEventPayload(guild, member, this.#deps.user), guild.id);
    return member;
  }

  /** Emits GUILD_MEMBER_UPDATE for a member the caller has just changed. */
  memberUpdated(guild: GuildRecord, member: MemberRecord): void {
    this.#deps.emit('GUILD_MEMBER_UPDATE', memberEventPayload(guild, member, this.#deps.user), guild.id);
  }

  /** Removes a member and emits GUILD_MEMBER_REMOVE; true when they were one. */
  removeMember(guild: GuildRecord, userId: Snowflake): boolean {
    if (!guild.members.delete(userId)) return false;
    for (const channel of guild.channels.values()) channel.thread_members.delete(userId);
    this.#deps.emit('GUILD_MEMBER_REMOVE', memberRemovePayload(guild, this.#deps.user(userId)), guild.id);
    return true;
  }

  /** The guilds a user is a member of. */
  guildsOf(userId: Snowflake): GuildRecord[] {
    return [...this.#guilds.values()].filter((g) => g.members.has(userId));
  }

  /**
   * Records an audit-log entry (with the request's X-Audit-Log-Reason) and emits
   * GUILD_AUDIT_LOG_ENTRY_CREATE with it.
   */
  audit(
    guild: GuildRecord,
    entry: Omit<AuditLogEntryRecord, 'id' | 'guild_id' | 'changes' | 'options'> &
      Partial<Pick<AuditLogEntryRecord, 'changes' | 'options'>>,
  ): AuditLogEntryRecord {
    const record: AuditLogEntryRecord = {
      id: this.#deps.ids.next(),
      guild_id: guild.id,
      changes: [],
      options: null,
      ...entry,
    };
    guild.audit_log.push(record);
    const data: Record<string, unknown> = { ...record };
    if (record.options === null) delete data.options;
    this.#deps.emit('GUILD_AUDIT_LOG_ENTRY_CREATE', data, guild.id);
    return record;
  }

  /** Forgets every guild. */
  clear(): void {
    this.#guilds.clear();
    this.#channelGuild.clear();
  }

  #addMemberRecord(guild: GuildRecord, userId: Snowflake, input: NewMember): MemberRecord {
    const member: MemberRecord = {
      nick: null,
      avatar: null,
      banner: null,
      bio: null,
      roles: [],
      joined_at: this.#deps.clock.now(),
      premium_since: null,
      deaf: false,
      mute: false,
      flags: 0,
      pending: guild.features.includes(SCREENING_FEATURE),
      communication_disabled_until: null,
      voice_channel_id: null,
      last_active_at: null,
      ...input,
      user_id: userId,
    };
    guild.members.set(userId, member);
    return member;
  }
}

function roleDefaults(id: Snowflake): RoleRecord {
  return {
    id,
    name: 'new role',
    permissions: '0',
    position: 1,
    color: 0,
    colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
    hoist: false,
    managed: false,
    mentionable: false,
    icon: null,
    unicode_emoji: null,
    flags: 0,
  };
}
