/**
 * The emulator's world: every application, user, token, lobby, guild, invite and event, in memory.
 *
 * How to build on it (handlers for more operations need no change here):
 * - Records mirror the platform's wire fields in snake_case, times in epoch ms (see accountRecords).
 *   Read them through the maps and stores; mutate fields in place, then emit the platform's event.
 * - `world.lobbies` ({@link LobbyStore}), `world.guilds` ({@link GuildStore}) and `world.invites`
 *   ({@link InviteStore}) hold the collections and the changes that keep indexes or fire events.
 * - `world.ids.next()` makes a snowflake from the emulator's clock; `world.now()` reads that clock.
 * - `world.emit(type, data, guildId?)` appends to the event log that `/_emulator/events` serves.
 * - `require…` look-ups throw {@link PlatformError} with the platform's code (10013 Unknown User, …).
 * - Tokens live here too: `bot_token` on applications, bearer tokens in `bearerTokens`. They appear
 *   in the state dump (a local development tool) but are never written to a log.
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from '../../clock.js';
import { ErrorCode } from '../../spec/codes.js';
import { limits } from '../../spec/limits.js';
import { GatewayState } from '../gateway/GatewayState.js';
import { PlatformError } from '../PlatformError.js';
import {
  type ApplicationRecord,
  type BearerTokenRecord,
  type DmMessageRecord,
  defaultUserScopes,
  type OAuth2Scope,
  type PresenceStatus,
  type PrivilegedIntent,
  privilegedIntents,
  type RoleConnectionRecord,
  type Snowflake,
  type UserRecord,
  userRecord,
} from './accountRecords.js';
import { WebhookStore } from '../webhooks/WebhookStore.js';
import { EventLog } from './EventLog.js';
import { GuildStore } from './GuildStore.js';
import { InviteStore } from './InviteStore.js';
import { LobbyStore } from './LobbyStore.js';
import { unknownUser } from './renderAccount.js';
import { SnowflakeGenerator } from './SnowflakeGenerator.js';

/** Platform behaviour the emulator lets a developer tune. */
export interface WorldSettings {
  /**
   * How many lobbies of one application a user may belong to; the bulk update silently drops users
   * at this number. @defaultValue 100 (`limits.lobby.maxLobbiesPerUserPerApplication`)
   */
  readonly maxLobbiesPerUserPerApplication: number;
  /** Members a lobby holds at most. @defaultValue 1000 (`limits.lobby.maxMembers`) */
  readonly maxLobbyMembers: number;
}

/** The defaults of {@link WorldSettings}. */
export const defaultWorldSettings: WorldSettings = {
  maxLobbiesPerUserPerApplication: limits.lobby.maxLobbiesPerUserPerApplication,
  maxLobbyMembers: limits.lobby.maxMembers,
};

/** Options of {@link World}. */
export interface WorldOptions {
  readonly clock: Clock;
  readonly settings?: Partial<WorldSettings>;
  /** Random bytes for tokens and invite codes. @defaultValue node:crypto's randomBytes */
  readonly random?: (bytes: number) => Uint8Array;
}

/** Fields of a new application. */
export interface NewApplication {
  name: string;
  /** @defaultValue GUILD_MEMBERS and MESSAGE_CONTENT (the control API's documented default) */
  privileged_intents?: PrivilegedIntent[];
  id?: Snowflake;
  bot_user_id?: Snowflake;
  bot_token?: string;
  /** @defaultValue the application's name, lower-cased, with " bot" */
  bot_username?: string;
  /** 64 hex digits: the seed of the application's Ed25519 webhook signing key. @defaultValue random */
  signing_key_seed?: string;
}

/** Fields of a new user. */
export interface NewUser {
  username: string;
  id?: Snowflake;
  global_name?: string | null;
  bot?: boolean;
  application_id?: Snowflake | null;
  premium_type?: number;
  /** @defaultValue 'online' (bots too) */
  status?: PresenceStatus;
}

/** Fields of a new bearer token. */
export interface NewBearerToken {
  user_id: Snowflake;
  application_id: Snowflake;
  /** @defaultValue identify, guilds, guilds.join, sdk.social_layer */
  scopes?: OAuth2Scope[];
  token?: string;
}

/** The in-memory world. */
export class World {
  /** The emulator's clock: every time the world records or compares comes from here. */
  readonly clock: Clock;
  /** Snowflakes from the clock, strictly increasing. */
  readonly ids: SnowflakeGenerator;
  readonly settings: WorldSettings;
  readonly events = new EventLog();
  readonly applications = new Map<Snowflake, ApplicationRecord>();
  readonly users = new Map<Snowflake, UserRecord>();
  /** Bearer tokens by token string. */
  readonly bearerTokens = new Map<string, BearerTokenRecord>();
  /** Role connections by `${application_id}:${user_id}`. */
  readonly roleConnections = new Map<string, RoleConnectionRecord>();
  /** Direct messages by id. */
  readonly dmMessages = new Map<Snowflake, DmMessageRecord>();
  readonly lobbies: LobbyStore;
  readonly guilds: GuildStore;
  readonly invites: InviteStore;
  /** Webhook signing keys, Webhook Events URLs and delivery outcomes. */
  readonly webhooks: WebhookStore;
  /** The gateway's settings and session start limits. */
  readonly gateway: GatewayState;
  readonly #random: (bytes: number) => Uint8Array;
  /** Bot token → application id. */
  readonly #botTokens = new Map<string, Snowflake>();

  constructor(options: WorldOptions) {
    this.clock = options.clock;
    this.settings = { ...defaultWorldSettings, ...options.settings };
    this.#random = options.random ?? ((n) => randomBytes(n));
    this.ids = new SnowflakeGenerator(this.clock);
    this.lobbies = new LobbyStore(this.ids, this.clock);
    this.guilds = new GuildStore({
      ids: this.ids,
      clock: this.clock,
      emit: (type, data, guildId) => this.emit(type, data, guildId),
      user: (id) => this.userOrPlaceholder(id),
    });
    this.invites = new InviteStore(this.clock, this.#random);
    this.webhooks = new WebhookStore(this.#random);
    this.gateway = new GatewayState(this.clock);
  }

  /** The emulator clock's time, ms since the epoch. */
  now(): number {
    return this.clock.now();
  }

  /** Appends a platform event to the log. */
  emit(type: string, data: unknown, guildId?: Snowflake): void {
    this.events.emit(type, data, this.clock.now(), guildId);
  }

  /**
   * Appends an event that belongs to one application (the webhook events: lobby messages, game
   * DMs, authorizations); the webhook dispatcher delivers it to that application's URL.
   */
  emitForApplication(applicationId: Snowflake, type: string, data: unknown): void {
    this.events.emit(type, data, this.clock.now(), undefined, applicationId);
  }

  /** Makes an application and its bot user. */
  createApplication(input: NewApplication): ApplicationRecord {
    const id = input.id ?? this.ids.next();
    this.ids.observe(id);
    const bot = this.createUser({
      username: input.bot_username ?? `${input.name.toLowerCase().replace(/[^a-z0-9_.]+/g, '_')}_bot`,
      bot: true,
      application_id: id,
      ...(input.bot_user_id === undefined ? {} : { id: input.bot_user_id }),
    });
    const app: ApplicationRecord = {
      id,
      name: input.name,
      description: '',
      icon: null,
      bot_user_id: bot.id,
      bot_token: input.bot_token ?? this.#newBotToken(bot.id),
      privileged_intents: [...(input.privileged_intents ?? ['GUILD_MEMBERS', 'MESSAGE_CONTENT'])].filter(
        (i) => privilegedIntents.includes(i),
      ),
      role_connection_metadata: [],
      public_key: this.webhooks.createKey(id, input.signing_key_seed),
    };
    this.applications.set(id, app);
    this.#botTokens.set(app.bot_token, id);
    return app;
  }

  /** Makes a user (a person unless `bot`). */
  createUser(input: NewUser): UserRecord {
    const id = input.id ?? this.ids.next();
    this.ids.observe(id);
    const user = userRecord(id, this.clock.now(), input);
    this.users.set(id, user);
    return user;
  }

  /**
   * Sets a user's presence status, or throws 404 code 10013 Unknown User. No event: the
   * specification describes no presence event, only the counts and widget entries it drives.
   */
  setPresence(userId: Snowflake, status: PresenceStatus): UserRecord {
    const user = this.requireUser(userId);
    user.status = status;
    return user;
  }

  /** Issues a user's OAuth2 access token for an application. */
  issueToken(input: NewBearerToken): BearerTokenRecord {
    const record: BearerTokenRecord = {
      token: input.token ?? this.#newSecret(30),
      user_id: input.user_id,
      application_id: input.application_id,
      scopes: [...(input.scopes ?? defaultUserScopes)],
    };
    this.bearerTokens.set(record.token, record);
    return record;
  }

  /** The application whose bot token this is, or undefined. */
  applicationByBotToken(token: string): ApplicationRecord | undefined {
    const id = this.#botTokens.get(token);
    return id === undefined ? undefined : this.applications.get(id);
  }

  /** The user, or undefined. */
  user(id: Snowflake): UserRecord | undefined {
    return this.users.get(id);
  }

  /** The user, or a 404 code 10013 Unknown User. */
  requireUser(id: Snowflake): UserRecord {
    const user = this.users.get(id);
    if (!user) throw PlatformError.unknown(ErrorCode.UNKNOWN_USER);
    return user;
  }

  /** The user, or a placeholder "deleted user" so that rendering never fails. */
  userOrPlaceholder(id: Snowflake): UserRecord {
    return this.users.get(id) ?? unknownUser(id);
  }

  /** Records a direct message between two users (control API). */
  createDmMessage(input: {
    author_id: Snowflake;
    recipient_id: Snowflake;
    content: string;
    application_id?: Snowflake | null;
  }): DmMessageRecord {
    const message: DmMessageRecord = {
      id: this.ids.next(),
      channel_id: dmChannelId(input.author_id, input.recipient_id),
      author_id: input.author_id,
      recipient_id: input.recipient_id,
      content: input.content,
      application_id: input.application_id ?? null,
      moderation_metadata: {},
      timestamp: this.clock.now(),
    };
    this.dmMessages.set(message.id, message);
    return message;
  }

  /** Forgets everything: accounts, tokens, lobbies, guilds, invites, messages and events. */
  clear(): void {
    this.applications.clear();
    this.users.clear();
    this.bearerTokens.clear();
    this.#botTokens.clear();
    this.roleConnections.clear();
    this.dmMessages.clear();
    this.lobbies.clear();
    this.guilds.clear();
    this.invites.clear();
    this.webhooks.clear();
    this.events.clear();
    this.gateway.clear();
  }

  /** Bot tokens by token string (for the state dump). */
  botTokens(): ReadonlyMap<string, Snowflake> {
    return this.#botTokens;
  }

  #newBotToken(botUserId: Snowflake): string {
    // The platform's shape: base64 of the bot's id, a timestamp part and an HMAC part.
    const idPart = Buffer.from(botUserId).toString('base64url');
    return `${idPart}.${this.#newSecret(4)}.${this.#newSecret(20)}`;
  }

  #newSecret(bytes: number): string {
    return Buffer.from(this.#random(bytes)).toString('base64url');
  }
}

/**
 * The DM channel id of two users: stable for the pair whatever the order (the emulator has no DM
 * channel objects; a derived id keeps messages of one conversation together).
 */
export function dmChannelId(a: Snowflake, b: Snowflake): Snowflake {
  const [low, high] = BigInt(a) < BigInt(b) ? [a, b] : [b, a];
  return ((BigInt(low) ^ (BigInt(high) >> 1n)) & ((1n << 63n) - 1n)).toString();
}
