/**
 * The 16 lobby operations (paths.md's Lobbies table), keyed by name: each is the lobby client's entry
 * (`lobbyClientRoutes`: method, path, auth, status, rate-limit bucket, …) with its summary and its
 * zod schemas in place of the lean ones.
 */
import * as z from 'zod/mini';
import { defineRoutes } from '../route.js';
import { lobbyClientRoutes as c } from './lobbyClientRoutes.js';
import { noParams, snowflake } from '../schemas/common.js';
import {
  addLobbyMemberBody,
  bulkUpdateLobbyMembersBody,
  createLobbyBody,
  createOrJoinLobbyBody,
  getLobbyMessagesQuery,
  linkedChannelInvite,
  linkLobbyChannelBody,
  lobby,
  lobbyMember,
  lobbyMessage,
  moderationMetadataBody,
  modifyLobbyBody,
  sendLobbyMessageBody,
} from '../schemas/lobby.js';

const area = 'lobbies';
const lobbyParams = z.object({ lobby_id: snowflake });
const lobbyUserParams = z.object({ lobby_id: snowflake, user_id: snowflake });

/** Lobbies: 16 operations, keyed by name. */
export const lobbyRoutes = /*#__PURE__*/ defineRoutes({
  createLobby: {
    ...c.createLobby,
    summary: 'Creates a lobby owned by the calling application, optionally with members and metadata.',
    area,
    params: noParams,
    body: createLobbyBody,
    response: lobby,
  },
  createOrJoinLobby: {
    ...c.createOrJoinLobby,
    summary: 'Joins the calling user to the lobby holding `secret`, creating it when none does.',
    area,
    params: noParams,
    body: createOrJoinLobbyBody,
    response: lobby,
  },
  getLobby: {
    ...c.getLobby,
    summary: 'Reads a lobby with its members, metadata and linked channel.',
    area,
    params: lobbyParams,
    response: lobby,
  },
  modifyLobby: {
    ...c.modifyLobby,
    summary: 'Overwrites the metadata, replaces the member set, or changes the idle timeout.',
    area,
    params: lobbyParams,
    body: modifyLobbyBody,
    response: lobby,
  },
  deleteLobby: {
    ...c.deleteLobby,
    summary: 'Deletes a lobby; succeeds when it is already deleted.',
    area,
    params: lobbyParams,
  },
  addLobbyMember: {
    ...c.addLobbyMember,
    summary: "Adds a user to a lobby, or updates an existing member's metadata and flags.",
    area,
    params: lobbyUserParams,
    body: addLobbyMemberBody,
    response: lobbyMember,
  },
  removeLobbyMember: {
    ...c.removeLobbyMember,
    summary: 'Removes a user from a lobby; succeeds when they are not a member, 404 10031 without the lobby.',
    area,
    params: lobbyUserParams,
  },
  leaveLobby: {
    ...c.leaveLobby,
    summary:
      'Removes the calling user from a lobby; succeeds when not a member, 404 10031 without the lobby.',
    area,
    params: lobbyParams,
  },
  bulkUpdateLobbyMembers: {
    ...c.bulkUpdateLobbyMembers,
    summary:
      'Upserts or removes 1-25 members at once; answers the upserted members only (users over limits are silently dropped).',
    area,
    params: lobbyParams,
    body: bulkUpdateLobbyMembersBody,
    response: z.array(lobbyMember),
  },
  linkLobbyChannel: {
    ...c.linkLobbyChannel,
    summary:
      'Links a guild text channel to the lobby (`channel_id`), or unlinks it (no `channel_id`); the caller must be a member holding CanLinkLobby.',
    area,
    params: lobbyParams,
    body: linkLobbyChannelBody,
    response: lobby,
  },
  sendLobbyMessage: {
    ...c.sendLobbyMessage,
    summary: 'Sends a message to the lobby as the calling user.',
    area,
    params: lobbyParams,
    body: sendLobbyMessageBody,
    response: lobbyMessage,
  },
  getLobbyMessages: {
    ...c.getLobbyMessages,
    summary: 'Lists the newest messages of a lobby (limit 1-200, default 50).',
    area,
    params: lobbyParams,
    query: getLobbyMessagesQuery,
    response: z.array(lobbyMessage),
  },
  setLobbyMessageModerationMetadata: {
    ...c.setLobbyMessageModerationMetadata,
    summary: "Attaches the application's moderation metadata to a lobby message (at most 5 keys).",
    area,
    params: z.object({ lobby_id: snowflake, message_id: snowflake }),
    body: moderationMetadataBody,
  },
  setDmMessageModerationMetadata: {
    ...c.setDmMessageModerationMetadata,
    summary: "Attaches the application's moderation metadata to a direct message between two users.",
    area,
    params: z.object({ user_id_1: snowflake, user_id_2: snowflake, message_id: snowflake }),
    body: moderationMetadataBody,
  },
  createLinkedChannelInviteForSelf: {
    ...c.createLinkedChannelInviteForSelf,
    summary: "Creates a single-use, one-hour invite to the lobby's linked channel for the calling user.",
    area,
    params: lobbyParams,
    response: linkedChannelInvite,
  },
  createLinkedChannelInviteForUser: {
    ...c.createLinkedChannelInviteForUser,
    summary: "Creates a single-use, one-hour invite to the lobby's linked channel for a member.",
    area,
    params: lobbyUserParams,
    response: linkedChannelInvite,
  },
});

/** The lobby area's table: what a lobby client (`LobbyClient`) is typed and sent by. */
export type LobbyRoutes = typeof lobbyRoutes;
/** The name of a lobby operation. */
export type LobbyRouteName = keyof LobbyRoutes;
