/** Records of lobbies, their members and messages in the emulator's world (snake_case, see accountRecords). */
import type { EpochMs, Snowflake } from './accountRecords.js';

/** A string → string dictionary as lobby metadata carries it. */
export type StringDict = Record<string, string>;

/** A lobby member. */
export interface LobbyMemberRecord {
  id: Snowflake;
  metadata: StringDict | null;
  /** Lobby member flags: CanLinkLobby = 1. */
  flags: number;
  /** A display name shown beside the user's own (1-80 characters), or null. */
  additional_name: string | null;
}

/** A message sent in a lobby. */
export interface LobbyMessageRecord {
  id: Snowflake;
  lobby_id: Snowflake;
  author_id: Snowflake;
  content: string;
  metadata: StringDict | null;
  /** Moderation metadata, scoped to the application that set it (the lobby's application). */
  moderation_metadata: StringDict | null;
  flags: number;
  application_id: Snowflake;
  timestamp: EpochMs;
}

/** A lobby. */
export interface LobbyRecord {
  id: Snowflake;
  application_id: Snowflake;
  metadata: StringDict | null;
  /** Members by user id, in insertion order. Change through the LobbyStore so its indexes follow. */
  members: Map<Snowflake, LobbyMemberRecord>;
  /** The linked guild channel, or null. */
  linked_channel_id: Snowflake | null;
  idle_timeout_seconds: number;
  flags: number;
  /** The secret of Create or Join Lobby, when made that way. */
  secret: string | null;
  /** Messages, oldest first. */
  messages: LobbyMessageRecord[];
  created_at: EpochMs;
  /** The last change, message or join: the platform's idle clock starts here. */
  last_activity_at: EpochMs;
}
