/** `client.lobbies`: the 16 lobby operations, one method each. */
import { facadeOf } from './facadeOf.js';

/** The lobby operations by method name (each entry's TSDoc is written from THE route table). */
interface LobbyOperations {
  /**
   * Creates a lobby owned by the calling application, optionally with members and metadata.
   *
   * Create Lobby: `POST /lobbies`. Bot token. Not retried after a failure (not safe to repeat).
   */
  create: 'createLobby';
  /**
   * Joins the calling user to the lobby holding `secret`, creating it when none does.
   *
   * Create or Join Lobby: `PUT /lobbies`. A user's bearer token (pass `auth: { bearer }`).
   */
  createOrJoin: 'createOrJoinLobby';
  /**
   * Reads a lobby with its members, metadata and linked channel.
   *
   * Get Lobby: `GET /lobbies/{lobby_id}`. Bot token.
   */
  get: 'getLobby';
  /**
   * Overwrites the metadata, replaces the member set, or changes the idle timeout.
   *
   * Modify Lobby: `PATCH /lobbies/{lobby_id}`. Bot token.
   */
  modify: 'modifyLobby';
  /**
   * Deletes a lobby; succeeds when it is already deleted.
   *
   * Delete Lobby: `DELETE /lobbies/{lobby_id}`. Bot token.
   */
  delete: 'deleteLobby';
  /**
   * Adds a user to a lobby, or updates an existing member's metadata and flags.
   *
   * Add a Member: `PUT /lobbies/{lobby_id}/members/{user_id}`. Bot token.
   */
  addMember: 'addLobbyMember';
  /**
   * Removes a user from a lobby; succeeds when they are not a member, 404 10031 without the lobby.
   *
   * Remove a Member: `DELETE /lobbies/{lobby_id}/members/{user_id}`. Bot token.
   */
  removeMember: 'removeLobbyMember';
  /**
   * Removes the calling user from a lobby; succeeds when not a member, 404 10031 without the lobby.
   *
   * Leave Lobby: `DELETE /lobbies/{lobby_id}/members/@me`. A user's bearer token (pass `auth: { bearer }`).
   */
  leave: 'leaveLobby';
  /**
   * Upserts or removes 1-25 members at once; answers the upserted members only (users over limits are
   * silently dropped).
   *
   * Bulk Update Lobby Members: `POST /lobbies/{lobby_id}/members/bulk`. Bot token.
   */
  bulkUpdateMembers: 'bulkUpdateLobbyMembers';
  /**
   * Links a guild text channel to the lobby (`channel_id`), or unlinks it (no `channel_id`); the caller must
   * be a member holding CanLinkLobby.
   *
   * Link or Unlink Channel to Lobby: `PATCH /lobbies/{lobby_id}/channel-linking`. A user's bearer token (pass
   * `auth: { bearer }`).
   */
  linkChannel: 'linkLobbyChannel';
  /**
   * Sends a message to the lobby as the calling user.
   *
   * Send Lobby Message: `POST /lobbies/{lobby_id}/messages`. A user's bearer token (pass `auth: { bearer }`).
   * Not retried after a failure (not safe to repeat).
   */
  sendMessage: 'sendLobbyMessage';
  /**
   * Lists the newest messages of a lobby (limit 1-200, default 50).
   *
   * Get Lobby Messages: `GET /lobbies/{lobby_id}/messages`. A user's bearer token (pass `auth: { bearer }`).
   */
  getMessages: 'getLobbyMessages';
  /**
   * Attaches the application's moderation metadata to a lobby message (at most 5 keys).
   *
   * Set Lobby Message Moderation Metadata:
   * `PUT /lobbies/{lobby_id}/messages/{message_id}/moderation-metadata`. Bot token.
   */
  setMessageModerationMetadata: 'setLobbyMessageModerationMetadata';
  /**
   * Attaches the application's moderation metadata to a direct message between two users.
   *
   * Set DM Message Moderation Metadata:
   * `PUT /partner-sdk/dms/{user_id_1}/{user_id_2}/messages/{message_id}/moderation-metadata`. Bot token.
   */
  setDmMessageModerationMetadata: 'setDmMessageModerationMetadata';
  /**
   * Creates a single-use, one-hour invite to the lobby's linked channel for the calling user.
   *
   * Create Linked-Channel Invite for Self: `POST /lobbies/{lobby_id}/members/@me/invites`. A user's bearer
   * token (pass `auth: { bearer }`). Not retried after a failure (not safe to repeat).
   */
  createLinkedChannelInviteForSelf: 'createLinkedChannelInviteForSelf';
  /**
   * Creates a single-use, one-hour invite to the lobby's linked channel for a member.
   *
   * Create Linked-Channel Invite for a User: `POST /lobbies/{lobby_id}/members/{user_id}/invites`. Bot token.
   * Not retried after a failure (not safe to repeat).
   */
  createLinkedChannelInviteForUser: 'createLinkedChannelInviteForUser';
}

/**
 * The lobby operations: create, join, read, change and delete lobbies; members; messages;
 * moderation metadata; linked-channel invites. One method per operation, each a thin `call`
 * (params first, then the rest of `call`'s arguments); payloads and answers keep the wire's snake_case.
 * Most take the bot token; the user-facing ones (join, leave, messages, channel linking, invite for
 * self) need a user's bearer token: pass `auth: { bearer }` per call.
 */
export class LobbiesFacade extends facadeOf<LobbyOperations>('lobbies') {}
