/**
 * Records of applications, users, tokens and direct messages in the emulator's world.
 *
 * World records mirror the platform's wire fields in snake_case (they are the platform's own state,
 * and the state dump and control API speak JSON); times are kept as epoch milliseconds
 * ({@link EpochMs}) so that they can be compared, and renderers turn them into ISO strings.
 */

/** A snowflake id: a decimal string. */
export type Snowflake = string;
/** Milliseconds since the Unix epoch (renderers send ISO8601). */
export type EpochMs = number;

/** A privileged gateway intent an application may have enabled. */
export type PrivilegedIntent = 'GUILD_MEMBERS' | 'MESSAGE_CONTENT' | 'GUILD_PRESENCES';

/** Every privileged intent, in the platform's order. */
export const privilegedIntents: readonly PrivilegedIntent[] = [
  'GUILD_PRESENCES',
  'GUILD_MEMBERS',
  'MESSAGE_CONTENT',
];

/**
 * Every presence status a user can show, as the guild widget names them. All but `offline` count as
 * present: the "non-offline members" of approximate_presence_count and the widget's online count.
 */
export const presenceStatuses = ['online', 'idle', 'dnd', 'offline'] as const;

/** A user's presence status (see {@link presenceStatuses}). */
export type PresenceStatus = (typeof presenceStatuses)[number];

/** An application (a game) with its bot user. */
export interface ApplicationRecord {
  id: Snowflake;
  name: string;
  description: string;
  icon: string | null;
  /** The bot user's id (a {@link UserRecord} with `bot: true`). */
  bot_user_id: Snowflake;
  /** The bot's token, sent as `Authorization: Bot <token>`. Never logged. */
  bot_token: string;
  /** Privileged intents switched on for this application. */
  privileged_intents: PrivilegedIntent[];
  /** Application role connection metadata records (Get/Update Application Role Connection Metadata). */
  role_connection_metadata: Array<Record<string, unknown>>;
  /** Hex Ed25519 public key that verifies its webhook events (the private key stays in the WebhookStore). */
  public_key: string;
}

/** A user: a person or an application's bot. */
export interface UserRecord {
  id: Snowflake;
  username: string;
  global_name: string | null;
  discriminator: string;
  avatar: string | null;
  banner: string | null;
  accent_color: number | null;
  public_flags: number;
  flags: number;
  bot: boolean;
  /** The true premium type; reads 0 to callers without the identify.premium scope. */
  premium_type: number;
  /** For bot users: the application they belong to. */
  application_id: Snowflake | null;
  /** When the account was made (drives nothing yet; kept for verification levels). */
  created_at: EpochMs;
  /**
   * The user's presence, bots included. Starts `online` so that a world built only from memberships
   * shows everyone present; the control API and seeds change it.
   */
  status: PresenceStatus;
}

/** The fields of a user record that are chosen when it is made; the rest start empty. */
export type UserRecordFields = Pick<UserRecord, 'username'> &
  Partial<Pick<UserRecord, 'global_name' | 'bot' | 'premium_type' | 'application_id' | 'status'>>;

/** A user record made at `createdAt`: `fields` as given, the rest as the platform starts them. */
export function userRecord(id: Snowflake, createdAt: EpochMs, fields: UserRecordFields): UserRecord {
  return {
    id,
    username: fields.username,
    global_name: fields.global_name ?? null,
    discriminator: '0',
    avatar: null,
    banner: null,
    accent_color: null,
    public_flags: 0,
    flags: 0,
    bot: fields.bot ?? false,
    premium_type: fields.premium_type ?? 0,
    application_id: fields.application_id ?? null,
    created_at: createdAt,
    status: fields.status ?? 'online',
  };
}

/** An OAuth2 scope name, e.g. `guilds.join`. */
export type OAuth2Scope = string;

/** The OAuth2 scopes a control-API user gets unless told otherwise. */
export const defaultUserScopes: readonly OAuth2Scope[] = [
  'identify',
  'guilds',
  'guilds.join',
  'sdk.social_layer',
];

/** A user's OAuth2 access token (`Authorization: Bearer <token>`) issued to one application. */
export interface BearerTokenRecord {
  /** The token string. Never logged. */
  token: string;
  user_id: Snowflake;
  application_id: Snowflake;
  scopes: OAuth2Scope[];
}

/** A user's role connection for one application (Get/Update User Role Connection). */
export interface RoleConnectionRecord {
  user_id: Snowflake;
  application_id: Snowflake;
  platform_name: string | null;
  platform_username: string | null;
  metadata: Record<string, string>;
}

/**
 * A direct message between two users, which the platform offers no way to create here: the control
 * API makes them, the DM moderation-metadata operation updates them.
 */
export interface DmMessageRecord {
  id: Snowflake;
  /** The DM channel's id. */
  channel_id: Snowflake;
  author_id: Snowflake;
  recipient_id: Snowflake;
  content: string;
  /** The application whose SDK sent the message, if any. */
  application_id: Snowflake | null;
  /** Moderation metadata per application id (the platform scopes it to the application). */
  moderation_metadata: Record<Snowflake, Record<string, string>>;
  timestamp: EpochMs;
}
