/**
 * Conformance samples of the invite operations and the other operations named beside them (voice
 * channel status, thread members, role connections). Each passes the OpenAPI document and our schema.
 */
import type { SampleSet } from './types.js';

const GUILD_ID = '1301234567890123456';
const CHANNEL_ID = '1301234567890123457';
const THREAD_ID = '1301234567890123458';
const INVITER_ID = '1301234567890123459';
const STREAMER_ID = '1301234567890123460';
const ROLE_ID = '1301234567890123461';

const inviter = {
  id: INVITER_ID,
  username: 'ruby_fox',
  avatar: '8342729096ea3675442027381ff50dfe',
  discriminator: '0',
  public_flags: 0,
  flags: 0,
  global_name: 'Ruby',
  primary_guild: null,
};

const streamer = {
  id: STREAMER_ID,
  username: 'pixel_wren',
  avatar: null,
  discriminator: '0',
  public_flags: 64,
  flags: 64,
  global_name: null,
  primary_guild: null,
};

const inviteGuild = {
  id: GUILD_ID,
  name: 'Lobbykit Playtest',
  splash: null,
  banner: null,
  description: 'Weekly playtests of the arena modes.',
  icon: 'a_1269e74af4df7417b13759eae50c83dc',
  features: ['COMMUNITY', 'INVITE_SPLASH'],
  verification_level: 1,
  vanity_url_code: null,
  nsfw_level: 0,
  nsfw: false,
  premium_subscription_count: 3,
};

const playtesterRole = {
  id: ROLE_ID,
  name: 'Playtester',
  position: 2,
  color: 3447003,
  colors: { primary_color: 3447003, secondary_color: null, tertiary_color: null },
  icon: null,
  unicode_emoji: null,
};

/** A guild invite with its metadata, granting a role (the shape Create Channel Invite answers). */
const guildInvite = {
  type: 0,
  code: 'Zq4mRbX2',
  inviter,
  max_age: 86400,
  created_at: '2025-06-01T12:00:00.000000+00:00',
  expires_at: '2025-06-02T12:00:00.000000+00:00',
  flags: 0,
  guild: inviteGuild,
  guild_id: GUILD_ID,
  channel: { id: CHANNEL_ID, type: 0, name: 'general' },
  uses: 0,
  max_uses: 10,
  temporary: false,
  roles: [playtesterRole],
};

/** A never-expiring stream invite to a voice channel, as Get Invite answers with_counts=true. */
const streamInvite = {
  type: 0,
  code: 'vC7hKp3s',
  inviter,
  expires_at: null,
  flags: 0,
  guild: inviteGuild,
  guild_id: GUILD_ID,
  channel: { id: CHANNEL_ID, type: 2, name: 'Arena Voice' },
  target_type: 1,
  target_user: streamer,
  approximate_member_count: 128,
  approximate_presence_count: 37,
};

const memberOfThread = {
  avatar: null,
  banner: null,
  communication_disabled_until: null,
  flags: 0,
  joined_at: '2024-11-03T18:22:41.120000+00:00',
  nick: 'Ruby (host)',
  pending: false,
  premium_since: null,
  roles: [ROLE_ID],
  user: inviter,
  mute: false,
  deaf: false,
};

const roleConnectionRecords = [
  {
    type: 2,
    key: 'matches_won',
    name: 'Matches won',
    name_localizations: { fr: 'Matchs gagnés', de: 'Gewonnene Spiele' },
    description: 'Ranked matches won at least',
    description_localizations: { fr: 'Au moins ce nombre de matchs classés gagnés' },
  },
  {
    type: 6,
    key: 'playing_since',
    name: 'Playing since',
    description: 'Days since the first match',
  },
  {
    type: 7,
    key: 'verified_player',
    name: 'Verified player',
    description: 'Has a verified player account',
  },
];

/** Samples of the 14 operations of the invite area, keyed by route name. */
export const inviteSamples: SampleSet = {
  getInvite: { response: [streamInvite, guildInvite] },
  deleteInvite: { response: [guildInvite] },
  // Get Target Users answers a CSV file, not JSON: nothing to sample here.
  getTargetUsers: {},
  // Update Target Users sends only the file `target_users_file`; its non-file form fields are an empty
  // object, which the OpenAPI multipart schema rejects because it requires the file property. No
  // request sample can pass both, so none is given (the route's bodyKind is multipart, so none is needed).
  updateTargetUsers: {},
  getTargetUsersJobStatus: {
    response: [
      {
        status: 2,
        total_users: 3,
        processed_users: 3,
        created_at: '2025-06-01T12:00:00.000000+00:00',
        completed_at: '2025-06-01T12:00:04.512000+00:00',
        error_message: null,
      },
      {
        status: 1,
        total_users: 5000,
        processed_users: 1250,
        created_at: '2025-06-01T12:05:00.000000+00:00',
        completed_at: null,
        error_message: null,
      },
    ],
  },
  createChannelInvite: {
    request: [
      { max_age: 3600, max_uses: 5, unique: true },
      { max_age: 0, max_uses: 0, temporary: true, role_ids: [ROLE_ID] },
      { max_age: 86400, target_type: 1, target_user_id: STREAMER_ID },
    ],
    response: [guildInvite],
  },
  getChannelInvites: { response: [[guildInvite, { ...guildInvite, code: 'Hn2wQe8L', uses: 4, roles: [] }]] },
  setVoiceChannelStatus: { request: [{ status: 'Ranked night: bring snacks' }, { status: null }] },
  listThreadMembers: {
    response: [
      [{ id: THREAD_ID, user_id: INVITER_ID, join_timestamp: '2025-05-30T09:15:00.000000+00:00', flags: 1 }],
      [
        {
          id: THREAD_ID,
          user_id: INVITER_ID,
          join_timestamp: '2025-05-30T09:15:00.000000+00:00',
          flags: 1,
          member: memberOfThread,
        },
      ],
    ],
  },
  getThreadMember: {
    response: [
      {
        id: THREAD_ID,
        user_id: INVITER_ID,
        join_timestamp: '2025-05-30T09:15:00.000000+00:00',
        flags: 1,
        member: memberOfThread,
      },
    ],
  },
  getApplicationRoleConnectionMetadata: { response: [roleConnectionRecords, []] },
  updateApplicationRoleConnectionMetadata: {
    request: [roleConnectionRecords, [roleConnectionRecords[0]], []],
    response: [roleConnectionRecords],
  },
  getUserRoleConnection: {
    response: [
      {
        platform_name: 'Lobbykit Arena',
        platform_username: 'ruby_fox',
        metadata: { matches_won: '42', playing_since: '2023-02-14', verified_player: '1' },
      },
      { platform_name: 'Lobbykit Arena', platform_username: null, metadata: {} },
    ],
  },
  updateUserRoleConnection: {
    request: [
      {
        platform_name: 'Lobbykit Arena',
        platform_username: 'ruby_fox',
        metadata: { matches_won: '42', playing_since: '2023-02-14', verified_player: '1' },
      },
      { metadata: { matches_won: '43' } },
    ],
    response: [
      {
        platform_name: 'Lobbykit Arena',
        platform_username: 'ruby_fox',
        metadata: { matches_won: '43', playing_since: '2023-02-14', verified_player: '1' },
      },
    ],
  },
};
