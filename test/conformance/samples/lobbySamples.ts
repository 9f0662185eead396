/** Realistic requests and answers of the 16 lobby operations. */
import type { SampleSet } from './types.js';

const appId = '1301234567890120001';
const lobbyId = '1301234567890123456';
const userA = '1301234567890120101';
const userB = '1301234567890120102';
const channelId = '1301234567890120301';
const guildId = '1301234567890120201';

const author = {
  id: userA,
  username: 'ada',
  discriminator: '0',
  avatar: null,
  global_name: 'Ada',
  public_flags: 0,
  flags: 0,
  primary_guild: null,
};

const plainLobby = {
  id: lobbyId,
  application_id: appId,
  metadata: { mode: 'ranked', map: 'harbor' },
  members: [
    { id: userA, metadata: { role: 'host' }, flags: 1 },
    { id: userB, metadata: null, flags: 0 },
  ],
  flags: 0,
};

const linkedLobby = {
  id: lobbyId,
  application_id: appId,
  metadata: null,
  members: [{ id: userA, metadata: null, flags: 1, additional_name: 'Captain' }],
  linked_channel: {
    id: channelId,
    type: 0,
    guild_id: guildId,
    name: 'match-chat',
    position: 1,
    permission_overwrites: [],
    nsfw: false,
    parent_id: null,
    topic: null,
    last_message_id: null,
    rate_limit_per_user: 0,
    flags: 0,
  },
};

const message = {
  id: '1301234567890129001',
  type: 0,
  content: 'gg',
  lobby_id: lobbyId,
  channel_id: lobbyId,
  author,
  metadata: { team: 'red' },
  flags: 0,
  application_id: appId,
};

export const lobbySamples: SampleSet = {
  createLobby: {
    request: [
      {},
      {
        metadata: { mode: 'ranked' },
        members: [{ id: userA, metadata: { role: 'host' }, flags: 1 }],
        idle_timeout_seconds: 300,
      },
    ],
    response: [plainLobby, { id: lobbyId, application_id: appId, metadata: null, members: [] }],
  },
  createOrJoinLobby: {
    request: [
      { secret: 'match-42' },
      {
        secret: 'match-42',
        lobby_metadata: { map: 'harbor' },
        member_metadata: { team: 'red' },
        idle_timeout_seconds: 600,
      },
    ],
    response: [plainLobby],
  },
  getLobby: { response: [plainLobby, linkedLobby] },
  modifyLobby: {
    request: [
      { metadata: { round: '2' } },
      { members: [{ id: userA }, { id: userB, flags: 1 }], idle_timeout_seconds: 5 },
    ],
    response: [plainLobby],
  },
  deleteLobby: {},
  addLobbyMember: {
    request: [{}, { metadata: { team: 'blue' }, flags: 1, additional_name: 'Scout' }],
    response: [{ id: userB, metadata: { team: 'blue' }, flags: 1, additional_name: 'Scout' }],
  },
  removeLobbyMember: {},
  leaveLobby: {},
  bulkUpdateLobbyMembers: {
    request: [
      [
        { id: userA, metadata: { team: 'red' } },
        { id: userB, remove_member: true },
      ],
      [{ id: userB, flags: 1, additional_name: null }],
    ],
    response: [[{ id: userA, metadata: { team: 'red' }, flags: 0 }], []],
  },
  linkLobbyChannel: {
    request: [{ channel_id: channelId }, {}],
    response: [linkedLobby, plainLobby],
  },
  sendLobbyMessage: {
    request: [{ content: 'gg' }, { content: 'ready?', metadata: { team: 'red' } }],
    response: [message],
  },
  getLobbyMessages: { response: [[message], []] },
  setLobbyMessageModerationMetadata: {
    request: [{ verdict: 'clean' }, { verdict: 'flagged', reason: 'spam', reviewer: 'bot' }],
  },
  setDmMessageModerationMetadata: { request: [{ verdict: 'clean' }] },
  createLinkedChannelInviteForSelf: { response: [{ code: 'abcXYZ12' }] },
  createLinkedChannelInviteForUser: { response: [{ code: 'abcXYZ13' }] },
};
