/**
 * Conformance samples of the guild member, ban, role and prune operations: realistic requests and
 * answers that both the official OpenAPI document and our schemas accept.
 */
import type { SampleSet } from './types.js';

const guildId = '1301234567890123456';
const botId = '1301234567890120001';
const aliceId = '1301234567890120002';
const bobId = '1301234567890120003';
const moderatorRoleId = '1301234567890124001';
const helperRoleId = '1301234567890124002';

/** A 1x1 transparent PNG as image data. */
const pngData =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

function user(id: string, username: string, bot = false) {
  return {
    id,
    username,
    avatar: null,
    discriminator: '0',
    public_flags: 0,
    flags: 0,
    global_name: bot ? null : username.charAt(0).toUpperCase() + username.slice(1),
    primary_guild: null,
    ...(bot ? { bot: true } : {}),
  };
}

const alice = user(aliceId, 'alice');
const bob = user(bobId, 'bob');

const aliceMember = {
  user: alice,
  nick: 'Ali',
  avatar: null,
  banner: null,
  roles: [helperRoleId],
  joined_at: '2025-03-14T09:26:53.589000+00:00',
  premium_since: null,
  deaf: false,
  mute: false,
  flags: 0,
  pending: false,
  communication_disabled_until: null,
};

const bobMember = {
  user: bob,
  nick: null,
  avatar: null,
  banner: null,
  roles: [],
  joined_at: '2025-04-01T18:02:11.000000+00:00',
  premium_since: '2025-05-20T12:00:00.000000+00:00',
  deaf: false,
  mute: true,
  flags: 4,
  pending: false,
  communication_disabled_until: '2025-06-01T12:00:00.000000+00:00',
};

const botMember = {
  user: user(botId, 'lobbykit-bot', true),
  nick: 'Lobby Bot',
  avatar: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
  banner: null,
  roles: [moderatorRoleId],
  joined_at: '2025-01-02T03:04:05.000000+00:00',
  premium_since: null,
  deaf: false,
  mute: false,
  flags: 0,
  pending: false,
  communication_disabled_until: null,
};

const everyoneRole = {
  id: guildId,
  name: '@everyone',
  permissions: '2248473465835073',
  position: 0,
  color: 0,
  colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
  hoist: false,
  managed: false,
  mentionable: false,
  icon: null,
  unicode_emoji: null,
  flags: 0,
};

const moderatorRole = {
  id: moderatorRoleId,
  name: 'Moderator',
  permissions: '1099780063238',
  position: 2,
  color: 3447003,
  colors: { primary_color: 3447003, secondary_color: null, tertiary_color: null },
  hoist: true,
  managed: false,
  mentionable: true,
  icon: null,
  unicode_emoji: '🛡️',
  flags: 0,
};

const helperRole = {
  id: helperRoleId,
  name: 'Helper',
  permissions: '0',
  position: 1,
  color: 15844367,
  colors: { primary_color: 15844367, secondary_color: 3066993, tertiary_color: null },
  hoist: false,
  managed: false,
  mentionable: false,
  icon: null,
  unicode_emoji: null,
  flags: 0,
};

/** Samples for the 24 member, ban, role and prune routes. */
export const memberSamples: SampleSet = {
  getGuildMember: { response: [aliceMember, bobMember] },
  addGuildMember: {
    request: [
      { access_token: 'aB3xYz9QwErTyUiOp1234567890abc' },
      {
        access_token: 'aB3xYz9QwErTyUiOp1234567890abc',
        nick: 'Ali',
        roles: [helperRoleId],
        mute: false,
        deaf: false,
      },
    ],
    response: [aliceMember],
  },
  modifyGuildMember: {
    request: [
      { nick: 'Bobby', roles: [helperRoleId, moderatorRoleId] },
      { communication_disabled_until: '2025-06-01T12:00:00.000Z' },
      { nick: null, channel_id: null, communication_disabled_until: null, flags: 4 },
    ],
    response: [bobMember],
  },
  removeGuildMember: {},
  listGuildMembers: { response: [[aliceMember, bobMember], []] },
  searchGuildMembers: { response: [[aliceMember]] },
  modifyCurrentMember: {
    request: [{ nick: 'Lobby Bot' }, { avatar: pngData, bio: 'I keep the lobbies tidy.' }, { banner: null }],
    response: [botMember],
  },
  modifyCurrentUserNick: {
    request: [{ nick: 'Lobby Bot' }, { nick: null }],
    response: [{ nick: 'Lobby Bot' }, { nick: null }],
  },
  addGuildMemberRole: {},
  removeGuildMemberRole: {},
  getGuildBans: {
    response: [
      [
        { reason: 'Spamming invite links', user: bob },
        { reason: null, user: alice },
      ],
      [],
    ],
  },
  getGuildBan: { response: [{ reason: 'Spamming invite links', user: bob }] },
  createGuildBan: {
    request: [{}, { delete_message_seconds: 86_400 }, { delete_message_days: 7 }],
  },
  removeGuildBan: {},
  bulkGuildBan: {
    request: [{ user_ids: [aliceId, bobId], delete_message_seconds: 3600 }, { user_ids: [bobId] }],
    response: [
      { banned_users: [aliceId, bobId], failed_users: [] },
      { banned_users: [aliceId], failed_users: [bobId] },
    ],
  },
  getGuildRoles: { response: [[everyoneRole, helperRole, moderatorRole]] },
  createGuildRole: {
    request: [
      {},
      { name: 'Moderator', color: 3447003, hoist: true, mentionable: true },
      {
        name: 'Helper',
        colors: { primary_color: 15844367, secondary_color: 3066993, tertiary_color: null },
        unicode_emoji: '🛟',
      },
    ],
    response: [moderatorRole],
  },
  modifyGuildRolePositions: {
    request: [
      [
        { id: moderatorRoleId, position: 1 },
        { id: helperRoleId, position: 2 },
      ],
      [{ id: helperRoleId, position: null }],
    ],
    response: [[everyoneRole, { ...moderatorRole, position: 1 }, { ...helperRole, position: 2 }]],
  },
  getGuildRole: { response: [moderatorRole, everyoneRole] },
  modifyGuildRole: {
    request: [
      { name: 'Senior Moderator' },
      { icon: pngData, unicode_emoji: null },
      { hoist: false, color: null },
    ],
    response: [{ ...moderatorRole, name: 'Senior Moderator' }],
  },
  deleteGuildRole: {},
  getGuildRoleMemberCounts: { response: [{ [moderatorRoleId]: 3, [helperRoleId]: 12 }, {}] },
  getGuildPruneCount: { response: [{ pruned: 14 }] },
  beginGuildPrune: {
    request: [
      { days: 30 },
      { days: 7, compute_prune_count: false, include_roles: [helperRoleId] },
      { days: 1, compute_prune_count: true },
    ],
    response: [{ pruned: 14 }, { pruned: null }],
  },
};
