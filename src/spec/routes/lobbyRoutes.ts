/**
 * The 16 lobby operations (paths.md's Lobbies table), keyed by name: the lobby client's entries
 * (`lobbyClientRoutes`, where method, path, auth, schemas and the rest are written) with their
 * summaries.
 */
import { defineRoutes } from '../route.js';
import { lobbyClientRoutes as c } from './lobbyClientRoutes.js';

/** Lobbies: 16 operations, keyed by name. */
export const lobbyRoutes = /*#__PURE__*/ defineRoutes({
  createLobby: {
    ...c.createLobby,
    summary: 'Creates a lobby owned by the calling application, optionally with members and metadata.',
  },
  createOrJoinLobby: {
    ...c.createOrJoinLobby,
    summary: 'Joins the calling user to the lobby holding `secret`, creating it when none does.',
  },
  getLobby: { ...c.getLobby, summary: 'Reads a lobby with its members, metadata and linked channel.' },
  modifyLobby: {
    ...c.modifyLobby,
    summary: 'Overwrites the metadata, replaces the member set, or changes the idle timeout.',
  },
  deleteLobby: { ...c.deleteLobby, summary: 'Deletes a lobby; succeeds when it is already deleted.' },
  addLobbyMember: {
    ...c.addLobbyMember,
    summary: "Adds a user to a lobby, or updates an existing member's metadata and flags.",
  },
  removeLobbyMember: {
    ...c.removeLobbyMember,
    summary: 'Removes a user from a lobby; succeeds when they are not a member, 404 10031 without the lobby.',
  },
  leaveLobby: {
    ...c.leaveLobby,
    summary:
      'Removes the calling user from a lobby; succeeds when not a member, 404 10031 without the lobby.',
  },
  bulkUpdateLobbyMembers: {
    ...c.bulkUpdateLobbyMembers,
    summary:
      'Upserts or removes 1-25 members at once; answers the upserted members only (users over limits are silently dropped).',
  },
  linkLobbyChannel: {
    ...c.linkLobbyChannel,
    summary:
      'Links a guild text channel to the lobby (`channel_id`), or unlinks it (no `channel_id`); the caller must be a member holding CanLinkLobby.',
  },
  sendLobbyMessage: { ...c.sendLobbyMessage, summary: 'Sends a message to the lobby as the calling user.' },
  getLobbyMessages: {
    ...c.getLobbyMessages,
    summary: 'Lists the newest messages of a lobby (limit 1-200, default 50).',
  },
  setLobbyMessageModerationMetadata: {
    ...c.setLobbyMessageModerationMetadata,
    summary: "Attaches the application's moderation metadata to a lobby message (at most 5 keys).",
  },
  setDmMessageModerationMetadata: {
    ...c.setDmMessageModerationMetadata,
    summary: "Attaches the application's moderation metadata to a direct message between two users.",
  },
  createLinkedChannelInviteForSelf: {
    ...c.createLinkedChannelInviteForSelf,
    summary: "Creates a single-use, one-hour invite to the lobby's linked channel for the calling user.",
  },
  createLinkedChannelInviteForUser: {
    ...c.createLinkedChannelInviteForUser,
    summary: "Creates a single-use, one-hour invite to the lobby's linked channel for a member.",
  },
});

/** The lobby area's table, summaries included (`LobbyClient` sends by `LobbyClientRoutes`, the same without them). */
export type LobbyRoutes = typeof lobbyRoutes;
/** The name of a lobby operation. */
export type LobbyRouteName = keyof LobbyRoutes;
