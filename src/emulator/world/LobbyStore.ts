/**
 * The lobbies of the world, with the indexes the platform's rules need: how many lobbies of one
 * application a user belongs to (the bulk update's silent drop) and lobbies by secret (Create or
 * Join Lobby). Change lobby membership only through this store so that the indexes follow.
 */
import type { Clock } from '../../clock.js';
import { limits } from '../../spec/limits.js';
import type { Snowflake } from './accountRecords.js';
import type { LobbyMemberRecord, LobbyMessageRecord, LobbyRecord, StringDict } from './lobbyRecords.js';
import type { SnowflakeGenerator } from './SnowflakeGenerator.js';

/** What a new lobby starts with. */
export interface NewLobby {
  application_id: Snowflake;
  metadata?: StringDict | null;
  idle_timeout_seconds?: number;
  flags?: number;
  secret?: string | null;
  /** Use this id instead of a fresh one (seeds). */
  id?: Snowflake;
}

/** A member upsert: fields left out keep their value on an existing member. */
export interface LobbyMemberChange {
  metadata?: StringDict | null;
  flags?: number;
  /** Null clears it. */
  additional_name?: string | null;
}

/** How many lobby messages the emulator keeps per lobby (older ones are dropped). */
export const LOBBY_MESSAGES_KEPT = 1000;

/** The world's lobbies. */
export class LobbyStore {
  readonly #ids: SnowflakeGenerator;
  readonly #clock: Clock;
  readonly #lobbies = new Map<Snowflake, LobbyRecord>();
  /** `${application_id}:${user_id}` → lobby ids the user is a member of. */
  readonly #byUser = new Map<string, Set<Snowflake>>();
  /** `${application_id}:${secret}` → lobby id. */
  readonly #bySecret = new Map<string, Snowflake>();

  constructor(ids: SnowflakeGenerator, clock: Clock) {
    this.#ids = ids;
    this.#clock = clock;
  }

  /** Every lobby, in creation order. */
  all(): IterableIterator<LobbyRecord> {
    return this.#lobbies.values();
  }

  /** Number of lobbies. */
  get size(): number {
    return this.#lobbies.size;
  }

  /** The lobby, or undefined. */
  get(id: Snowflake): LobbyRecord | undefined {
    return this.#lobbies.get(id);
  }

  /** Makes a lobby with no members. */
  create(input: NewLobby): LobbyRecord {
    const now = this.#clock.now();
    const lobby: LobbyRecord = {
      id: input.id ?? this.#ids.next(),
      application_id: input.application_id,
      metadata: input.metadata ?? null,
      members: new Map(),
      linked_channel_id: null,
      idle_timeout_seconds: input.idle_timeout_seconds ?? limits.lobby.idleTimeoutDefaultSeconds,
      flags: input.flags ?? 0,
      secret: input.secret ?? null,
      messages: [],
      created_at: now,
      last_activity_at: now,
    };
    this.#lobbies.set(lobby.id, lobby);
    if (lobby.secret !== null) this.#bySecret.set(secretKey(lobby.application_id, lobby.secret), lobby.id);
    return lobby;
  }

  /** Deletes a lobby; true when it existed. */
  delete(id: Snowflake): boolean {
    const lobby = this.#lobbies.get(id);
    if (!lobby) return false;
    for (const userId of [...lobby.members.keys()]) this.removeMember(lobby, userId);
    if (lobby.secret !== null) this.#bySecret.delete(secretKey(lobby.application_id, lobby.secret));
    this.#lobbies.delete(id);
    return true;
  }

  /** The lobby an application made with Create or Join Lobby and this secret, if it still exists. */
  bySecret(applicationId: Snowflake, secret: string): LobbyRecord | undefined {
    const id = this.#bySecret.get(secretKey(applicationId, secret));
    return id === undefined ? undefined : this.#lobbies.get(id);
  }

  /**
   * Adds or updates a member: a new member starts with the given fields (absent ones empty), an
   * existing one changes only the fields given. Limits (1000 members, lobbies per user) are the
   * caller's to check first, because the platform answers them differently per operation.
   */
  upsertMember(lobby: LobbyRecord, userId: Snowflake, change: LobbyMemberChange): LobbyMemberRecord {
    const member = this.applyMember(lobby, userId, change);
    this.touch(lobby);
    return member;
  }

  /**
   * {@link upsertMember} without marking activity: for a caller that upserts many members in one
   * operation and then calls {@link touch} once (one clock read per request rather than per member).
   */
  applyMember(lobby: LobbyRecord, userId: Snowflake, change: LobbyMemberChange): LobbyMemberRecord {
    let member = lobby.members.get(userId);
    if (!member) {
      member = { id: userId, metadata: null, flags: 0, additional_name: null };
      lobby.members.set(userId, member);
      this.#index(lobby.application_id, userId).add(lobby.id);
    }
    if (change.metadata !== undefined) member.metadata = change.metadata;
    if (change.flags !== undefined) member.flags = change.flags;
    if (change.additional_name !== undefined) member.additional_name = change.additional_name;
    return member;
  }

  /** Removes a member; true when they were one (removing a non-member is safe). */
  removeMember(lobby: LobbyRecord, userId: Snowflake): boolean {
    if (!lobby.members.delete(userId)) return false;
    const key = userKey(lobby.application_id, userId);
    const set = this.#byUser.get(key);
    set?.delete(lobby.id);
    if (set && set.size === 0) this.#byUser.delete(key);
    this.touch(lobby);
    return true;
  }

  /** How many lobbies of `applicationId` the user is a member of. */
  lobbyCount(applicationId: Snowflake, userId: Snowflake): number {
    return this.#byUser.get(userKey(applicationId, userId))?.size ?? 0;
  }

  /** Appends a message (keeping the newest {@link LOBBY_MESSAGES_KEPT}). */
  addMessage(
    lobby: LobbyRecord,
    message: Omit<LobbyMessageRecord, 'id' | 'timestamp' | 'lobby_id'>,
  ): LobbyMessageRecord {
    const record: LobbyMessageRecord = {
      ...message,
      id: this.#ids.next(),
      lobby_id: lobby.id,
      timestamp: this.#clock.now(),
    };
    lobby.messages.push(record);
    if (lobby.messages.length > LOBBY_MESSAGES_KEPT)
      lobby.messages.splice(0, lobby.messages.length - LOBBY_MESSAGES_KEPT);
    this.touch(lobby);
    return record;
  }

  /** Marks activity now (resets the platform's idle clock). */
  touch(lobby: LobbyRecord): void {
    lobby.last_activity_at = this.#clock.now();
  }

  /** Forgets every lobby. */
  clear(): void {
    this.#lobbies.clear();
    this.#byUser.clear();
    this.#bySecret.clear();
  }

  #index(applicationId: Snowflake, userId: Snowflake): Set<Snowflake> {
    const key = userKey(applicationId, userId);
    let set = this.#byUser.get(key);
    if (!set) {
      set = new Set();
      this.#byUser.set(key, set);
    }
    return set;
  }
}

function userKey(applicationId: Snowflake, userId: Snowflake): string {
  return `${applicationId}:${userId}`;
}

function secretKey(applicationId: Snowflake, secret: string): string {
  return `${applicationId}:${secret}`;
}
