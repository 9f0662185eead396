/**
 * The demo world: what `lobbykit emulator` and `startEmulator({ seed: 'demo' })` start with, so that
 * samples and docs work offline with fixed, documented ids and tokens.
 *
 * - Application **Demo Game** (`demo.applicationId`) and its bot `demo_game_bot`, bot token
 *   `demo-bot-token`; privileged intents GUILD_MEMBERS and MESSAGE_CONTENT; webhook events signed
 *   with a fixed Ed25519 key whose public key is `demo.webhookPublicKey`.
 * - Five users with bearer tokens of Demo Game (scopes identify, guilds, guilds.join,
 *   sdk.social_layer, role_connections.write): alice `demo-user-1-token`, bob `demo-user-2-token`,
 *   carol `demo-user-3-token`, dave `demo-user-4-token`, erin `demo-user-5-token`.
 * - Guild **Demo Guild** owned by alice, with a category `game` holding text `general`, text
 *   `lobby-chat` (for linking lobbies), voice `Voice`, stage `Stage` and forum `forum`, plus a public
 *   thread `welcome` in `general`.
 * - Roles: Admin (ADMINISTRATOR) for alice, Moderator (kick, ban, timeouts, voice moderation, audit
 *   log) for bob, Player (no extra permission) for carol and dave, and Game Bot for the bot: manage
 *   guild, channels and roles, kick, ban, moderate, invites, nicknames, voice moderation, audit log,
 *   threads and voice channel status — everything the demos do, without ADMINISTRATOR.
 * - Members: alice (owner), bob, carol, dave (connected to `Voice`) and the bot; erin is not a member,
 *   so that Add Guild Member has someone to add.
 * - Lobby `demo.lobbyId` of Demo Game with alice (CanLinkLobby) and bob, metadata `{mode: "demo"}`.
 *
 * Ids are snowflakes of 2025-01-01T00:00:00Z, made in a fixed order: the same in every run.
 */
import { combinePermissions } from '../../spec/permissions.js';
import type { SeedObject } from './seed.js';
import { SnowflakeGenerator } from './SnowflakeGenerator.js';

/** The demo world's fixed creation time: 2025-01-01T00:00:00Z. */
export const DEMO_EPOCH_MS = Date.UTC(2025, 0, 1);

const gen = new SnowflakeGenerator(() => DEMO_EPOCH_MS);
const id = (): string => gen.next();

const applicationId = id();
const botUserId = id();
const userIds = [id(), id(), id(), id(), id()] as const;
const guildId = id();
const roleIds = { admin: id(), moderator: id(), player: id(), gameBot: id() } as const;
const channelIds = {
  category: id(),
  general: id(),
  lobbyChat: id(),
  voice: id(),
  stage: id(),
  forum: id(),
  welcomeThread: id(),
} as const;
const lobbyId = id();

const usernames = ['alice', 'bob', 'carol', 'dave', 'erin'] as const;

/** One demo user: id, username and bearer token. */
export interface DemoUser {
  readonly id: string;
  readonly username: string;
  readonly token: string;
}

function demoUser(i: 0 | 1 | 2 | 3 | 4): DemoUser {
  return { id: userIds[i], username: usernames[i], token: `demo-user-${i + 1}-token` };
}

/** The demo world's ids and tokens, for samples, docs and tests. */
export const demo = {
  applicationId,
  applicationName: 'Demo Game',
  botUserId,
  botToken: 'demo-bot-token',
  /**
   * Hex Ed25519 public key that verifies Demo Game's webhook events. Its private key is derived from
   * a seed written in this file: fine for a local demo, never a pattern for a real application.
   */
  webhookPublicKey: 'd1db8092d4028faa5da0e4a1843cd88f620e7026e99b6ddc4f27212656fc1d67',
  /** alice, bob, carol, dave, erin: tokens `demo-user-1-token` … `demo-user-5-token`. */
  users: [demoUser(0), demoUser(1), demoUser(2), demoUser(3), demoUser(4)] as const,
  guildId,
  roleIds,
  channelIds,
  lobbyId,
} as const;

/** The scopes of the demo users' tokens. */
export const demoUserScopes = [
  'identify',
  'guilds',
  'guilds.join',
  'sdk.social_layer',
  'role_connections.write',
];

/** The demo world as a seed. */
export const demoSeed: SeedObject = {
  applications: [
    {
      id: applicationId,
      name: 'Demo Game',
      bot_user_id: botUserId,
      bot_username: 'demo_game_bot',
      bot_token: demo.botToken,
      privileged_intents: ['GUILD_MEMBERS', 'MESSAGE_CONTENT'],
      // Bytes of "lobbykit demo webhook signing k1": the demo's public key is the same in every run.
      signing_key_seed: '6c6f6262796b69742064656d6f20776562686f6f6b207369676e696e67206b31',
    },
  ],
  users: demo.users.map((u) => ({
    id: u.id,
    username: u.username,
    global_name: u.username[0]?.toUpperCase() + u.username.slice(1),
    access_token: u.token,
    application_id: applicationId,
    scopes: demoUserScopes,
  })),
  guilds: [
    {
      id: guildId,
      name: 'Demo Guild',
      owner_id: userIds[0],
      description: 'The lobbykit emulator demo guild',
      roles: [
        {
          id: roleIds.admin,
          name: 'Admin',
          permissions: combinePermissions('ADMINISTRATOR'),
          color: 0xe74c3c,
          hoist: true,
          position: 4,
        },
        {
          id: roleIds.moderator,
          name: 'Moderator',
          permissions: combinePermissions(
            'KICK_MEMBERS',
            'BAN_MEMBERS',
            'MODERATE_MEMBERS',
            'MANAGE_MESSAGES',
            'MANAGE_NICKNAMES',
            'MUTE_MEMBERS',
            'DEAFEN_MEMBERS',
            'MOVE_MEMBERS',
            'VIEW_AUDIT_LOG',
          ),
          color: 0x3498db,
          hoist: true,
          position: 2,
        },
        {
          id: roleIds.player,
          name: 'Player',
          permissions: '0',
          color: 0x2ecc71,
          mentionable: true,
          position: 1,
        },
        {
          id: roleIds.gameBot,
          name: 'Game Bot',
          permissions: combinePermissions(
            'CREATE_INSTANT_INVITE',
            'KICK_MEMBERS',
            'BAN_MEMBERS',
            'MANAGE_CHANNELS',
            'MANAGE_GUILD',
            'VIEW_AUDIT_LOG',
            'VIEW_CHANNEL',
            'SEND_MESSAGES',
            'MANAGE_MESSAGES',
            'READ_MESSAGE_HISTORY',
            'CONNECT',
            'MUTE_MEMBERS',
            'DEAFEN_MEMBERS',
            'MOVE_MEMBERS',
            'MANAGE_NICKNAMES',
            'MANAGE_ROLES',
            'MANAGE_THREADS',
            'MODERATE_MEMBERS',
            'SET_VOICE_CHANNEL_STATUS',
          ),
          color: 0x9b59b6,
          position: 3,
        },
      ],
      channels: [
        { id: channelIds.category, name: 'game', type: 4, position: 0 },
        {
          id: channelIds.general,
          name: 'general',
          type: 0,
          parent_id: channelIds.category,
          position: 1,
          topic: 'Say hello',
        },
        {
          id: channelIds.lobbyChat,
          name: 'lobby-chat',
          type: 0,
          parent_id: channelIds.category,
          position: 2,
          topic: 'Linked to game lobbies',
        },
        {
          id: channelIds.voice,
          name: 'Voice',
          type: 2,
          parent_id: channelIds.category,
          position: 3,
          bitrate: 64_000,
        },
        {
          id: channelIds.stage,
          name: 'Stage',
          type: 13,
          parent_id: channelIds.category,
          position: 4,
          bitrate: 64_000,
        },
        { id: channelIds.forum, name: 'forum', type: 15, parent_id: channelIds.category, position: 5 },
        {
          id: channelIds.welcomeThread,
          name: 'welcome',
          type: 11,
          parent_id: channelIds.general,
          owner_id: userIds[0],
          thread_member_ids: [userIds[0], userIds[1]],
        },
      ],
      members: [
        { user_id: userIds[0], roles: [roleIds.admin] },
        { user_id: userIds[1], roles: [roleIds.moderator] },
        { user_id: userIds[2], roles: [roleIds.player] },
        { user_id: userIds[3], roles: [roleIds.player], voice_channel_id: channelIds.voice },
        { user_id: botUserId, roles: [roleIds.gameBot] },
      ],
      widget: { enabled: true, channel_id: channelIds.general },
      system_channel_id: channelIds.general,
    },
  ],
  lobbies: [
    {
      id: lobbyId,
      application_id: applicationId,
      metadata: { mode: 'demo' },
      members: [
        { id: userIds[0], flags: 1 },
        { id: userIds[1], metadata: { team: 'blue' } },
      ],
    },
  ],
};
