/**
 * The gateway's contract as data: opcodes, close codes (and which of them a client may retry),
 * intents and the events each one carries, the send limits and the sharding formula. Values are the
 * platform's; the emulator's gateway server and `GatewayClient` both read them from here.
 */

/** API version the gateway speaks (the `v` query parameter). */
export const GATEWAY_VERSION = 10;

/** Gateway opcodes. */
export const GatewayOpcode = {
  DISPATCH: 0,
  HEARTBEAT: 1,
  IDENTIFY: 2,
  PRESENCE_UPDATE: 3,
  VOICE_STATE_UPDATE: 4,
  RESUME: 6,
  RECONNECT: 7,
  REQUEST_GUILD_MEMBERS: 8,
  INVALID_SESSION: 9,
  HELLO: 10,
  HEARTBEAT_ACK: 11,
  REQUEST_SOUNDBOARD_SOUNDS: 31,
  REQUEST_CHANNEL_INFO: 43,
} as const;
/** A gateway opcode value. */
export type GatewayOpcodeValue = (typeof GatewayOpcode)[keyof typeof GatewayOpcode];

/** Gateway close codes the platform sends. */
export const GatewayCloseCode = {
  UNKNOWN_ERROR: 4000,
  UNKNOWN_OPCODE: 4001,
  DECODE_ERROR: 4002,
  NOT_AUTHENTICATED: 4003,
  AUTHENTICATION_FAILED: 4004,
  ALREADY_AUTHENTICATED: 4005,
  INVALID_SEQ: 4007,
  RATE_LIMITED: 4008,
  SESSION_TIMED_OUT: 4009,
  INVALID_SHARD: 4010,
  SHARDING_REQUIRED: 4011,
  INVALID_API_VERSION: 4012,
  INVALID_INTENTS: 4013,
  DISALLOWED_INTENTS: 4014,
} as const;
/** A gateway close code value. */
export type GatewayCloseCodeValue = (typeof GatewayCloseCode)[keyof typeof GatewayCloseCode];

/** Close codes after which reconnecting cannot help: the token, shard, version or intents are wrong. */
export const fatalCloseCodes: ReadonlySet<number> = new Set([
  GatewayCloseCode.AUTHENTICATION_FAILED,
  GatewayCloseCode.INVALID_SHARD,
  GatewayCloseCode.SHARDING_REQUIRED,
  GatewayCloseCode.INVALID_API_VERSION,
  GatewayCloseCode.INVALID_INTENTS,
  GatewayCloseCode.DISALLOWED_INTENTS,
]);

/** Close codes after which the session is gone: reconnect, but identify anew instead of resuming. */
export const sessionEndingCloseCodes: ReadonlySet<number> = new Set([
  GatewayCloseCode.NOT_AUTHENTICATED,
  GatewayCloseCode.INVALID_SEQ,
  GatewayCloseCode.SESSION_TIMED_OUT,
]);

/** The name of each close code, for messages. */
export const gatewayCloseCodeNames: Readonly<Record<number, string>> = Object.fromEntries(
  Object.entries(GatewayCloseCode).map(([name, code]) => [code, name]),
);

/** Gateway intents: bit values by name. */
export const GatewayIntent = {
  GUILDS: 1 << 0,
  GUILD_MEMBERS: 1 << 1,
  GUILD_MODERATION: 1 << 2,
  GUILD_EXPRESSIONS: 1 << 3,
  GUILD_INTEGRATIONS: 1 << 4,
  GUILD_WEBHOOKS: 1 << 5,
  GUILD_INVITES: 1 << 6,
  GUILD_VOICE_STATES: 1 << 7,
  GUILD_PRESENCES: 1 << 8,
  GUILD_MESSAGES: 1 << 9,
  GUILD_MESSAGE_REACTIONS: 1 << 10,
  GUILD_MESSAGE_TYPING: 1 << 11,
  DIRECT_MESSAGES: 1 << 12,
  DIRECT_MESSAGE_REACTIONS: 1 << 13,
  DIRECT_MESSAGE_TYPING: 1 << 14,
  MESSAGE_CONTENT: 1 << 15,
  GUILD_SCHEDULED_EVENTS: 1 << 16,
  AUTO_MODERATION_CONFIGURATION: 1 << 20,
  AUTO_MODERATION_EXECUTION: 1 << 21,
  GUILD_MESSAGE_POLLS: 1 << 24,
  DIRECT_MESSAGE_POLLS: 1 << 25,
} as const;
/** The name of an intent. */
export type GatewayIntentName = keyof typeof GatewayIntent;

/** Every defined intent bit; any other bit in `intents` closes the connection with 4013. */
export const ALL_INTENT_BITS: number = Object.values(GatewayIntent).reduce((a, b) => a | b, 0);

/** Intents that need the application's approval (else 4014 Disallowed intents). */
export const privilegedIntentNames = ['GUILD_PRESENCES', 'GUILD_MEMBERS', 'MESSAGE_CONTENT'] as const;

/**
 * Intents as bits: a number passes through, a list of names is OR-ed. Throws a RangeError on an
 * unknown name.
 */
export function intentBits(intents: number | readonly GatewayIntentName[]): number {
  if (typeof intents === 'number') return intents;
  let bits = 0;
  for (const name of intents) {
    const bit = GatewayIntent[name];
    if (bit === undefined) throw new RangeError(`unknown gateway intent ${String(name)}`);
    bits |= bit;
  }
  return bits;
}

/**
 * The intent each dispatched guild event needs (the events of the specification's Events table and
 * GUILD_CREATE/GUILD_DELETE). An event not listed here needs none.
 */
export const eventIntents: Readonly<Record<string, number>> = {
  GUILD_CREATE: GatewayIntent.GUILDS,
  GUILD_UPDATE: GatewayIntent.GUILDS,
  GUILD_DELETE: GatewayIntent.GUILDS,
  GUILD_ROLE_CREATE: GatewayIntent.GUILDS,
  GUILD_ROLE_UPDATE: GatewayIntent.GUILDS,
  GUILD_ROLE_DELETE: GatewayIntent.GUILDS,
  CHANNEL_CREATE: GatewayIntent.GUILDS,
  CHANNEL_UPDATE: GatewayIntent.GUILDS,
  CHANNEL_DELETE: GatewayIntent.GUILDS,
  THREAD_CREATE: GatewayIntent.GUILDS,
  THREAD_UPDATE: GatewayIntent.GUILDS,
  THREAD_DELETE: GatewayIntent.GUILDS,
  THREAD_MEMBERS_UPDATE: GatewayIntent.GUILDS,
  VOICE_CHANNEL_STATUS_UPDATE: GatewayIntent.GUILDS,
  VOICE_CHANNEL_START_TIME_UPDATE: GatewayIntent.GUILDS,
  GUILD_MEMBER_ADD: GatewayIntent.GUILD_MEMBERS,
  GUILD_MEMBER_UPDATE: GatewayIntent.GUILD_MEMBERS,
  GUILD_MEMBER_REMOVE: GatewayIntent.GUILD_MEMBERS,
  GUILD_AUDIT_LOG_ENTRY_CREATE: GatewayIntent.GUILD_MODERATION,
  GUILD_BAN_ADD: GatewayIntent.GUILD_MODERATION,
  GUILD_BAN_REMOVE: GatewayIntent.GUILD_MODERATION,
  GUILD_INTEGRATIONS_UPDATE: GatewayIntent.GUILD_INTEGRATIONS,
  INTEGRATION_CREATE: GatewayIntent.GUILD_INTEGRATIONS,
  INTEGRATION_UPDATE: GatewayIntent.GUILD_INTEGRATIONS,
  INTEGRATION_DELETE: GatewayIntent.GUILD_INTEGRATIONS,
  INVITE_CREATE: GatewayIntent.GUILD_INVITES,
  INVITE_DELETE: GatewayIntent.GUILD_INVITES,
};

/** Gateway send limits. */
export const gatewayLimits = {
  /** "120 gateway events per connection every 60 seconds"; more closes the connection with 4008. */
  sendsPerWindow: 120,
  sendWindowMs: 60_000,
  /** A sent payload may not exceed 4096 bytes (4002 Decode error). */
  maxPayloadBytes: 4096,
  /** Identify calls are counted per `max_concurrency` bucket over this window. */
  identifyWindowMs: 5_000,
  /** Request Guild Members for all members: once per guild per bot within 30 s, else RATE_LIMITED. */
  allMembersRequestWindowMs: 30_000,
  /** A chunk of Guild Members Chunk carries at most 1000 members. */
  membersPerChunk: 1000,
  /** A query or a `user_ids` request returns at most 100 members. */
  maxQueryMembers: 100,
  /** A nonce longer than 32 bytes is ignored. */
  maxNonceBytes: 32,
  /** A session handles at most 2500 guilds; more needs sharding (4011). */
  maxGuildsPerShard: 2500,
} as const;

/** The shard a guild's events go to: `(guild_id >> 22) % num_shards`. */
export function shardOf(guildId: string, shardCount: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(shardCount));
}
