/**
 * The 16 lobby operations. Each handler authorises the caller against the lobby's application and
 * hands the rule work to lobbyRules.ts.
 */
import { limits } from '../../../spec/limits.js';
import { lobbyMembersJson } from '../../world/lobbyMembersJson.js';
import { renderLobby, renderLobbyMember } from '../../world/renderLobby.js';
import type { World } from '../../world/World.js';
import { callerApplication, callerUser } from '../access.js';
import { defineHandlers, reply } from '../handlerTypes.js';
import {
  addLobbyMember,
  createLinkedChannelInvite,
  createLobby,
  createOrJoinLobby,
  linkChannel,
  lobbyMessages,
  messageWire,
  modifyLobby,
  requireLobby,
  requireMembership,
  requireUsers,
  sendLobbyMessage,
  setDmModerationMetadata,
  setLobbyModerationMetadata,
  upsertSilently,
} from './lobbyRules.js';

const lobbyWire = (world: World, lobby: Parameters<typeof renderLobby>[0]) =>
  renderLobby(lobby, (id) => world.guilds.findChannel(id)?.channel);

/** Handlers of the lobby routes. */
export const lobbyHandlers = defineHandlers({
  createLobby: ({ world, caller, body }) => {
    const lobby = createLobby(world, callerApplication(caller), body);
    return reply.json(lobbyWire(world, lobby), 201);
  },

  createOrJoinLobby: ({ world, caller, body }) => {
    const lobby = createOrJoinLobby(world, callerApplication(caller), callerUser(caller), body);
    return reply.json(lobbyWire(world, lobby));
  },

  getLobby: ({ world, caller, params }) => {
    return reply.json(lobbyWire(world, requireLobby(world, params.lobby_id, callerApplication(caller))));
  },

  modifyLobby: ({ world, caller, params, body }) => {
    const lobby = requireLobby(world, params.lobby_id, callerApplication(caller));
    return reply.json(lobbyWire(world, modifyLobby(world, lobby, body)));
  },

  deleteLobby: ({ world, caller, params }) => {
    // Safe when already deleted: a lobby that is gone (or another application's) is left alone.
    const lobby = world.lobbies.get(params.lobby_id);
    if (lobby && lobby.application_id === callerApplication(caller).id) world.lobbies.delete(lobby.id);
    return reply.noContent();
  },

  addLobbyMember: ({ world, caller, params, body }) => {
    const lobby = requireLobby(world, params.lobby_id, callerApplication(caller));
    return reply.json(renderLobbyMember(addLobbyMember(world, lobby, params.user_id, body ?? {})));
  },

  removeLobbyMember: ({ world, caller, params }) => {
    const lobby = requireLobby(world, params.lobby_id, callerApplication(caller));
    world.lobbies.removeMember(lobby, params.user_id);
    return reply.noContent();
  },

  leaveLobby: ({ world, caller, params }) => {
    const lobby = requireLobby(world, params.lobby_id, callerApplication(caller));
    world.lobbies.removeMember(lobby, callerUser(caller).id);
    return reply.noContent();
  },

  bulkUpdateLobbyMembers: ({ world, caller, params, body }) => {
    const lobby = requireLobby(world, params.lobby_id, callerApplication(caller));
    // An unknown user fails the whole request before anything changes.
    requireUsers(world, body);
    return reply.jsonText(lobbyMembersJson(upsertSilently(world, lobby, body)));
  },

  linkLobbyChannel: ({ world, caller, params, body }) => {
    const lobby = requireLobby(world, params.lobby_id, callerApplication(caller));
    return reply.json(lobbyWire(world, linkChannel(world, lobby, callerUser(caller), body?.channel_id)));
  },

  sendLobbyMessage: ({ world, caller, params, body }) => {
    const lobby = requireLobby(world, params.lobby_id, callerApplication(caller));
    const message = sendLobbyMessage(world, lobby, callerUser(caller), body);
    return reply.json(messageWire(world, lobby, message), 201);
  },

  getLobbyMessages: ({ world, caller, params, query }) => {
    const lobby = requireLobby(world, params.lobby_id, callerApplication(caller));
    // A user reads only lobbies they are in; the application's bot reads any of its lobbies.
    if (caller.kind === 'bearer') requireMembership(lobby, caller.user.id);
    const limit = query.limit ?? limits.lobby.messagesLimitDefault;
    return reply.json(lobbyMessages(lobby, limit).map((m) => messageWire(world, lobby, m)));
  },

  setLobbyMessageModerationMetadata: ({ world, caller, params, body }) => {
    const lobby = requireLobby(world, params.lobby_id, callerApplication(caller));
    setLobbyModerationMetadata(world, lobby, params.message_id, body);
    return reply.noContent();
  },

  setDmMessageModerationMetadata: ({ world, caller, params, body }) => {
    setDmModerationMetadata(
      world,
      callerApplication(caller),
      [params.user_id_1, params.user_id_2],
      params.message_id,
      body,
    );
    return reply.noContent();
  },

  createLinkedChannelInviteForSelf: ({ world, caller, params }) => {
    const lobby = requireLobby(world, params.lobby_id, callerApplication(caller));
    const user = callerUser(caller);
    return reply.json(createLinkedChannelInvite(world, lobby, user.id, user.id));
  },

  createLinkedChannelInviteForUser: ({ world, caller, params }) => {
    const lobby = requireLobby(world, params.lobby_id, callerApplication(caller));
    world.requireUser(params.user_id);
    return reply.json(createLinkedChannelInvite(world, lobby, params.user_id, callerUser(caller).id));
  },
});
