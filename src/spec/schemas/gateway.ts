/**
 * The gateway's shapes: Get Gateway and Get Gateway Bot answers, the payload envelope, the commands
 * a client sends and the dispatch events the specification's Events table names.
 */
import * as z from 'zod/mini';
import type { Channel } from './channel.js';
import { responseObject, snowflake } from './common.js';
import type { Guild, UnavailableGuild } from './guild.js';
import type { Integration } from './integration.js';
import type { GuildMember } from './member.js';
import type { Role } from './role.js';
import type { User } from './user.js';

/** Get Gateway: the WSS URL to connect to. */
export const getGatewayResponse = responseObject({ url: z.string() });
/** Get Gateway's answer. */
export type GetGatewayResponse = z.infer<typeof getGatewayResponse>;

/** How many sessions the bot may still start, and how many at once. */
export const sessionStartLimit = responseObject({
  total: z.number().check(z.int()),
  remaining: z.number().check(z.int()),
  /** Milliseconds until `remaining` is back to `total`. */
  reset_after: z.number().check(z.int()),
  /** Identify calls allowed per 5 seconds (shards with the same `shard_id % max_concurrency` queue). */
  max_concurrency: z.number().check(z.int()),
});
/** A session start limit. */
export type SessionStartLimit = z.infer<typeof sessionStartLimit>;

/** Get Gateway Bot: the URL, the recommended shard count and the session start limit. */
export const getGatewayBotResponse = responseObject({
  url: z.string(),
  shards: z.number().check(z.int()),
  session_start_limit: sessionStartLimit,
});
/** Get Gateway Bot's answer. */
export type GetGatewayBotResponse = z.infer<typeof getGatewayBotResponse>;

/** The envelope of every gateway payload. `s` and `t` are set on dispatches (op 0) only. */
export interface GatewayPayload<D = unknown> {
  readonly op: number;
  readonly d: D;
  readonly s?: number | null;
  readonly t?: string | null;
}

/** Identify (op 2). */
export const identifyData = z.object({
  token: z.string(),
  intents: z.number().check(z.int()),
  properties: z.object({ os: z.string(), browser: z.string(), device: z.string() }),
  compress: z.optional(z.boolean()),
  large_threshold: z.optional(z.number().check(z.int(), z.minimum(50), z.maximum(250))),
  shard: z.optional(z.tuple([z.number().check(z.int()), z.number().check(z.int())])),
  presence: z.optional(z.unknown()),
});
/** Identify's data. */
export type IdentifyData = z.infer<typeof identifyData>;

/** Resume (op 6). */
export const resumeData = z.object({
  token: z.string(),
  session_id: z.string(),
  seq: z.number().check(z.int()),
});
/** Resume's data. */
export type ResumeData = z.infer<typeof resumeData>;

/** Request Guild Members (op 8): a `query` (with `limit`) or `user_ids`. */
export const requestGuildMembersData = z
  .object({
    guild_id: snowflake,
    query: z.optional(z.string()),
    limit: z.optional(z.number().check(z.int(), z.minimum(0))),
    presences: z.optional(z.boolean()),
    user_ids: z.optional(z.union([snowflake, z.array(snowflake)])),
    nonce: z.optional(z.string()),
  })
  .check(
    z.refine((d) => d.user_ids !== undefined || (d.query !== undefined && d.limit !== undefined), {
      message: 'needs user_ids, or query with limit',
    }),
  );
/** Request Guild Members' data. */
export type RequestGuildMembersData = z.infer<typeof requestGuildMembersData>;

/** The fields Request Channel Info may ask for. */
export const channelInfoFields = ['status', 'voice_start_time'] as const;

/** Request Channel Info (op 43). */
export const requestChannelInfoData = z.object({
  guild_id: snowflake,
  fields: z.array(z.enum(channelInfoFields)),
});
/** Request Channel Info's data. */
export type RequestChannelInfoData = z.infer<typeof requestChannelInfoData>;

/** Ready: the session, and the bot's guilds (unavailable until their GUILD_CREATE). */
export interface ReadyEvent {
  readonly v: number;
  readonly user: User;
  readonly guilds: readonly UnavailableGuild[];
  readonly session_id: string;
  readonly resume_gateway_url: string;
  readonly shard?: readonly [number, number];
  readonly application: { readonly id: string; readonly flags: number };
}

/** GUILD_CREATE: the guild with the gateway-only fields. */
export type GuildCreateEvent = Guild & {
  readonly joined_at: string;
  readonly large: boolean;
  readonly unavailable?: boolean;
  readonly member_count: number;
  readonly members: readonly GuildMember[];
  readonly channels: readonly Channel[];
  readonly threads: readonly Channel[];
  readonly voice_states: readonly unknown[];
  readonly presences: readonly unknown[];
};

/** A member event's payload: the member with `guild_id`. */
export type GuildMemberEvent = GuildMember & { readonly guild_id: string };
/** GUILD_MEMBER_REMOVE. */
export interface GuildMemberRemoveEvent {
  readonly guild_id: string;
  readonly user: User;
}
/** GUILD_BAN_ADD and GUILD_BAN_REMOVE. */
export interface GuildBanEvent {
  readonly guild_id: string;
  readonly user: User;
}
/** GUILD_ROLE_CREATE and GUILD_ROLE_UPDATE. */
export interface GuildRoleEvent {
  readonly guild_id: string;
  readonly role: Role;
}
/** GUILD_ROLE_DELETE. */
export interface GuildRoleDeleteEvent {
  readonly guild_id: string;
  readonly role_id: string;
}
/** GUILD_INTEGRATIONS_UPDATE. */
export interface GuildIntegrationsUpdateEvent {
  readonly guild_id: string;
}
/** INTEGRATION_DELETE. */
export interface IntegrationDeleteEvent {
  readonly id: string;
  readonly guild_id: string;
  readonly application_id?: string;
}
/** INVITE_CREATE. */
export interface InviteCreateEvent {
  readonly channel_id: string;
  readonly code: string;
  readonly created_at: string;
  readonly guild_id?: string;
  readonly max_age: number;
  readonly max_uses: number;
  readonly temporary: boolean;
  readonly uses: number;
  readonly [field: string]: unknown;
}
/** INVITE_DELETE. */
export interface InviteDeleteEvent {
  readonly channel_id: string;
  readonly guild_id?: string;
  readonly code: string;
}
/** GUILD_AUDIT_LOG_ENTRY_CREATE: an audit-log entry with `guild_id`. */
export interface GuildAuditLogEntryCreateEvent {
  readonly guild_id: string;
  readonly id: string;
  readonly action_type: number;
  readonly user_id: string | null;
  readonly target_id: string | null;
  readonly reason?: string;
  readonly [field: string]: unknown;
}
/** VOICE_CHANNEL_STATUS_UPDATE. */
export interface VoiceChannelStatusUpdateEvent {
  readonly id: string;
  readonly guild_id: string;
  readonly status: string | null;
}
/** GUILD_MEMBERS_CHUNK: one chunk of an answer to Request Guild Members. */
export interface GuildMembersChunkEvent {
  readonly guild_id: string;
  readonly members: readonly GuildMember[];
  readonly chunk_index: number;
  readonly chunk_count: number;
  readonly not_found?: readonly string[];
  readonly presences?: readonly unknown[];
  readonly nonce?: string;
}
/** One channel of CHANNEL_INFO. */
export interface ChannelInfoChannel {
  readonly id: string;
  readonly status?: string | null;
  readonly voice_start_time?: number | null;
}
/** CHANNEL_INFO: the answer to Request Channel Info. */
export interface ChannelInfoEvent {
  readonly guild_id: string;
  readonly channels: readonly ChannelInfoChannel[];
}
/** RATE_LIMITED: a command was refused; `retry_after` in seconds. */
export interface GatewayRateLimitedEvent {
  readonly opcode: number;
  readonly retry_after: number;
  readonly meta: { readonly guild_id: string; readonly nonce?: string };
}

/** Every dispatch event lobbykit knows, by name, with its payload type. */
export interface GatewayDispatchEvents {
  READY: ReadyEvent;
  RESUMED: null;
  GUILD_CREATE: GuildCreateEvent;
  GUILD_UPDATE: Guild;
  GUILD_DELETE: { readonly id: string; readonly unavailable?: boolean };
  CHANNEL_CREATE: Channel;
  CHANNEL_UPDATE: Channel;
  CHANNEL_DELETE: Channel;
  THREAD_CREATE: Channel;
  GUILD_MEMBER_ADD: GuildMemberEvent;
  GUILD_MEMBER_UPDATE: GuildMemberEvent;
  GUILD_MEMBER_REMOVE: GuildMemberRemoveEvent;
  GUILD_BAN_ADD: GuildBanEvent;
  GUILD_BAN_REMOVE: GuildBanEvent;
  GUILD_ROLE_CREATE: GuildRoleEvent;
  GUILD_ROLE_UPDATE: GuildRoleEvent;
  GUILD_ROLE_DELETE: GuildRoleDeleteEvent;
  GUILD_INTEGRATIONS_UPDATE: GuildIntegrationsUpdateEvent;
  INTEGRATION_CREATE: Integration & { readonly guild_id: string };
  INTEGRATION_UPDATE: Integration & { readonly guild_id: string };
  INTEGRATION_DELETE: IntegrationDeleteEvent;
  INVITE_CREATE: InviteCreateEvent;
  INVITE_DELETE: InviteDeleteEvent;
  GUILD_AUDIT_LOG_ENTRY_CREATE: GuildAuditLogEntryCreateEvent;
  VOICE_CHANNEL_STATUS_UPDATE: VoiceChannelStatusUpdateEvent;
  GUILD_MEMBERS_CHUNK: GuildMembersChunkEvent;
  CHANNEL_INFO: ChannelInfoEvent;
  RATE_LIMITED: GatewayRateLimitedEvent;
}
/** The name of a dispatch event lobbykit knows. */
export type GatewayDispatchName = keyof GatewayDispatchEvents;
