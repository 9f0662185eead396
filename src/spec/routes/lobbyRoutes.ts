/**
 * The 16 lobby operations (paths.md's Lobbies table), keyed by name: each is the lobby client's entry
 * (`lobbyClientRoutes`: method, path, auth, status, rate-limit bucket, …) with its area and its zod
 * schemas in place of the lean ones.
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
    area,
    params: noParams,
    body: createLobbyBody,
    response: lobby,
  },
  createOrJoinLobby: {
    ...c.createOrJoinLobby,
    area,
    params: noParams,
    body: createOrJoinLobbyBody,
    response: lobby,
  },
  getLobby: {
    ...c.getLobby,
    area,
    params: lobbyParams,
    response: lobby,
  },
  modifyLobby: {
    ...c.modifyLobby,
    area,
    params: lobbyParams,
    body: modifyLobbyBody,
    response: lobby,
  },
  deleteLobby: {
    ...c.deleteLobby,
    area,
    params: lobbyParams,
  },
  addLobbyMember: {
    ...c.addLobbyMember,
    area,
    params: lobbyUserParams,
    body: addLobbyMemberBody,
    response: lobbyMember,
  },
  removeLobbyMember: {
    ...c.removeLobbyMember,
    area,
    params: lobbyUserParams,
  },
  leaveLobby: {
    ...c.leaveLobby,
    area,
    params: lobbyParams,
  },
  bulkUpdateLobbyMembers: {
    ...c.bulkUpdateLobbyMembers,
    area,
    params: lobbyParams,
    body: bulkUpdateLobbyMembersBody,
    response: z.array(lobbyMember),
  },
  linkLobbyChannel: {
    ...c.linkLobbyChannel,
    area,
    params: lobbyParams,
    body: linkLobbyChannelBody,
    response: lobby,
  },
  sendLobbyMessage: {
    ...c.sendLobbyMessage,
    area,
    params: lobbyParams,
    body: sendLobbyMessageBody,
    response: lobbyMessage,
  },
  getLobbyMessages: {
    ...c.getLobbyMessages,
    area,
    params: lobbyParams,
    query: getLobbyMessagesQuery,
    response: z.array(lobbyMessage),
  },
  setLobbyMessageModerationMetadata: {
    ...c.setLobbyMessageModerationMetadata,
    area,
    params: z.object({ lobby_id: snowflake, message_id: snowflake }),
    body: moderationMetadataBody,
  },
  setDmMessageModerationMetadata: {
    ...c.setDmMessageModerationMetadata,
    area,
    params: z.object({ user_id_1: snowflake, user_id_2: snowflake, message_id: snowflake }),
    body: moderationMetadataBody,
  },
  createLinkedChannelInviteForSelf: {
    ...c.createLinkedChannelInviteForSelf,
    area,
    params: lobbyParams,
    response: linkedChannelInvite,
  },
  createLinkedChannelInviteForUser: {
    ...c.createLinkedChannelInviteForUser,
    area,
    params: lobbyUserParams,
    response: linkedChannelInvite,
  },
});

/** The lobby area's table: what a lobby client (`LobbyClient`) is typed and sent by. */
export type LobbyRoutes = typeof lobbyRoutes;
/** The name of a lobby operation. */
export type LobbyRouteName = keyof LobbyRoutes;
