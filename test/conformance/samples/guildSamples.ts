/**
 * Conformance samples of the guild operations (settings, channels, threads, regions, invites,
 * integrations, widget, vanity URL, welcome screen, onboarding, incident actions, current user
 * guilds): realistic requests and answers that both the official OpenAPI document and our schemas
 * accept.
 */
import type { SampleSet } from './types.js';

const guildId = '1301234567890123456';
const ownerId = '1301234567890120002';
const botId = '1301234567890120001';
const applicationId = '1301234567890120001';
const everyoneRoleId = guildId;
const modRoleId = '1301234567890124001';
const generalId = '1301234567890125001';
const rulesId = '1301234567890125002';
const modLogId = '1301234567890125004';
const lobbyVoiceId = '1301234567890125005';
const afkVoiceId = '1301234567890125006';
const categoryId = '1301234567890125007';
const stageId = '1301234567890125008';
const threadId = '1301234567890125101';
const emojiId = '1301234567890126001';
const stickerId = '1301234567890127001';
const integrationId = '1301234567890128001';

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

const owner = user(ownerId, 'mira');
const bot = user(botId, 'lobbykit-bot', true);

const roles = [
  {
    id: everyoneRoleId,
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
  },
  {
    id: modRoleId,
    name: 'Moderators',
    permissions: '1099511627782',
    position: 1,
    color: 3447003,
    colors: { primary_color: 3447003, secondary_color: null, tertiary_color: null },
    hoist: true,
    managed: false,
    mentionable: true,
    icon: null,
    unicode_emoji: null,
    flags: 0,
  },
];

const emojis = [
  {
    id: emojiId,
    name: 'gg',
    roles: [],
    require_colons: true,
    managed: false,
    animated: false,
    available: true,
  },
];

const stickers = [
  {
    id: stickerId,
    name: 'Victory',
    tags: 'trophy',
    type: 2,
    format_type: 1,
    description: 'Our team won the match',
    available: true,
    guild_id: guildId,
  },
];

/** A community guild with every field the specification and the document name filled in. */
const guild = {
  id: guildId,
  name: 'Speedrun Lounge',
  icon: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
  description: 'Races, routes and resets.',
  home_header: null,
  splash: 'b1c2d3e4f5a60718293a4b5c6d7e8f91',
  discovery_splash: 'c1d2e3f4a5b60718293a4b5c6d7e8f92',
  features: ['COMMUNITY', 'NEWS', 'WELCOME_SCREEN_ENABLED', 'INVITE_SPLASH', 'VANITY_URL', 'BANNER'],
  banner: 'd1e2f3a4b5c60718293a4b5c6d7e8f93',
  owner_id: ownerId,
  application_id: applicationId,
  region: 'deprecated',
  afk_channel_id: afkVoiceId,
  afk_timeout: 300,
  system_channel_id: generalId,
  system_channel_flags: 4,
  widget_enabled: true,
  widget_channel_id: generalId,
  verification_level: 2,
  roles,
  default_message_notifications: 1,
  mfa_level: 0,
  explicit_content_filter: 2,
  max_presences: null,
  max_members: 500000,
  max_stage_video_channel_users: 50,
  max_video_channel_users: 25,
  vanity_url_code: 'speedrun',
  premium_tier: 1,
  premium_subscription_count: 3,
  preferred_locale: 'en-US',
  rules_channel_id: rulesId,
  safety_alerts_channel_id: modLogId,
  public_updates_channel_id: modLogId,
  premium_progress_bar_enabled: true,
  nsfw: false,
  nsfw_level: 0,
  emojis,
  stickers,
  incidents_data: {
    invites_disabled_until: '2025-06-01T18:00:00.000000+00:00',
    dms_disabled_until: '2025-06-01T12:00:00.000000+00:00',
  },
};

const guildWithCounts = { ...guild, approximate_member_count: 1284, approximate_presence_count: 311 };

const generalChannel = {
  id: generalId,
  type: 0,
  guild_id: guildId,
  name: 'general',
  position: 0,
  flags: 0,
  parent_id: categoryId,
  topic: 'Say hi!',
  nsfw: false,
  last_message_id: null,
  rate_limit_per_user: 0,
  permission_overwrites: [],
};

const categoryChannel = {
  id: categoryId,
  type: 4,
  guild_id: guildId,
  name: 'Lobby',
  position: 0,
  flags: 0,
  parent_id: null,
  permission_overwrites: [],
};

const voiceChannel = {
  id: lobbyVoiceId,
  type: 2,
  guild_id: guildId,
  name: 'Race Voice',
  position: 1,
  flags: 0,
  parent_id: categoryId,
  nsfw: false,
  last_message_id: null,
  rate_limit_per_user: 0,
  bitrate: 64000,
  user_limit: 8,
  rtc_region: null,
  video_quality_mode: 1,
  permission_overwrites: [
    { id: modRoleId, type: 0, allow: '1048576', deny: '0' },
    { id: everyoneRoleId, type: 0, allow: '0', deny: '1024' },
  ],
};

const thread = {
  id: threadId,
  type: 11,
  guild_id: guildId,
  parent_id: generalId,
  owner_id: ownerId,
  name: 'Any% route notes',
  flags: 0,
  last_message_id: '1301234567890129001',
  rate_limit_per_user: 0,
  message_count: 12,
  member_count: 3,
  total_message_sent: 12,
  thread_metadata: {
    archived: false,
    auto_archive_duration: 1440,
    archive_timestamp: '2025-05-10T09:00:00.000000+00:00',
    locked: false,
    create_timestamp: '2025-05-10T09:00:00.000000+00:00',
  },
};

const welcomeScreen = {
  description: 'Welcome to the Speedrun Lounge!',
  welcome_channels: [
    { channel_id: rulesId, description: 'Read the rules first', emoji_id: emojiId, emoji_name: 'gg' },
    { channel_id: generalId, description: 'Say hello', emoji_id: '1301234567890126002', emoji_name: 'wave' },
  ],
};

const defaultChannelIds = Array.from({ length: 7 }, (_, i) => (1301234567890125001n + BigInt(i)).toString());

const onboarding = {
  guild_id: guildId,
  prompts: [
    {
      id: '1301234567890130001',
      type: 0,
      title: 'Which games do you run?',
      single_select: false,
      required: false,
      in_onboarding: true,
      options: [
        {
          id: '1301234567890131001',
          title: 'Platformers',
          description: 'Mario, Celeste and friends',
          emoji: { id: null, name: '🍄', animated: false },
          role_ids: [modRoleId],
          channel_ids: [stageId],
        },
      ],
    },
  ],
  default_channel_ids: defaultChannelIds,
  enabled: true,
  mode: 0,
};

/** Every guild operation but members, bans, roles and pruning. */
export const guildSamples: SampleSet = {
  getGuild: { response: [guild, guildWithCounts] },
  getGuildPreview: {
    response: [
      {
        id: guildId,
        name: guild.name,
        icon: guild.icon,
        description: guild.description,
        home_header: null,
        splash: guild.splash,
        discovery_splash: guild.discovery_splash,
        features: guild.features,
        approximate_member_count: 1284,
        approximate_presence_count: 311,
        emojis,
        stickers,
      },
    ],
  },
  modifyGuild: {
    request: [
      { name: 'Speedrun Lounge', afk_timeout: 900, verification_level: 2 },
      {
        description: 'Races, routes and resets.',
        icon: pngData,
        system_channel_flags: 4,
        preferred_locale: 'en-US',
        features: ['COMMUNITY', 'NEWS', 'INVITES_DISABLED'],
        premium_progress_bar_enabled: true,
      },
      { afk_channel_id: null, banner: null, rules_channel_id: rulesId, safety_alerts_channel_id: modLogId },
    ],
    response: [guild],
  },
  createGuild: { response: [guild] },
  getGuildChannels: { response: [[categoryChannel, generalChannel, voiceChannel]] },
  createGuildChannel: {
    request: [
      {
        name: 'race-results',
        type: 0,
        topic: 'Post your times',
        rate_limit_per_user: 10,
        parent_id: categoryId,
      },
      {
        name: 'Race Voice',
        type: 2,
        bitrate: 64000,
        user_limit: 8,
        rtc_region: null,
        permission_overwrites: [{ id: everyoneRoleId, type: 0, allow: null, deny: 1024 }],
      },
      {
        name: 'route-ideas',
        type: 15,
        topic: 'One post per route',
        default_forum_layout: 1,
        default_sort_order: 0,
        default_reaction_emoji: { emoji_id: null, emoji_name: '🔥' },
        available_tags: [{ name: 'any%', moderated: false }],
        default_thread_rate_limit_per_user: 30,
      },
    ],
    response: [generalChannel, voiceChannel],
  },
  modifyGuildChannelPositions: {
    request: [
      [
        { id: generalId, position: 1 },
        { id: lobbyVoiceId, position: 0, parent_id: categoryId, lock_permissions: true },
      ],
    ],
  },
  listActiveGuildThreads: {
    response: [
      {
        threads: [thread],
        members: [
          { id: threadId, user_id: botId, join_timestamp: '2025-05-10T09:01:00.000000+00:00', flags: 1 },
        ],
        has_more: false,
      },
    ],
  },
  getGuildVoiceRegions: {
    response: [
      [
        { id: 'us-west', name: 'US West', custom: false, deprecated: false, optimal: true },
        { id: 'rotterdam', name: 'Rotterdam', custom: false, deprecated: false, optimal: false },
      ],
    ],
  },
  getGuildInvites: {
    response: [
      [
        {
          type: 0,
          code: 'sprint42',
          inviter: owner,
          expires_at: '2025-06-02T09:00:00+00:00',
          guild: {
            id: guildId,
            name: guild.name,
            splash: guild.splash,
            banner: guild.banner,
            description: guild.description,
            icon: guild.icon,
            features: guild.features,
            verification_level: 2,
            vanity_url_code: 'speedrun',
            nsfw_level: 0,
            nsfw: false,
            premium_subscription_count: 3,
          },
          guild_id: guildId,
          channel: { id: generalId, type: 0, name: 'general' },
          uses: 4,
          max_uses: 25,
          max_age: 86400,
          temporary: false,
          created_at: '2025-06-01T09:00:00+00:00',
          flags: 0,
        },
      ],
    ],
  },
  getGuildIntegrations: {
    response: [
      [
        {
          id: integrationId,
          name: 'lobbykit',
          type: 'discord',
          enabled: true,
          account: { id: applicationId, name: 'lobbykit' },
          application: {
            id: applicationId,
            name: 'lobbykit',
            icon: 'e1f2a3b4c5d60718293a4b5c6d7e8f94',
            description: 'Game lobbies for your server',
            type: null,
            bot,
          },
          scopes: ['applications.commands', 'bot'],
          user: owner,
        },
        {
          id: '1301234567890128002',
          name: 'Server Subscriptions',
          type: 'guild_subscription',
          enabled: true,
          account: { id: guildId, name: 'Speedrun Lounge' },
        },
      ],
    ],
  },
  deleteGuildIntegration: {},
  getGuildWidgetSettings: { response: [{ enabled: true, channel_id: generalId }] },
  modifyGuildWidget: {
    request: [{ enabled: true, channel_id: generalId }, { enabled: false }, { channel_id: null }],
    response: [{ enabled: true, channel_id: generalId }],
  },
  getGuildWidget: {
    response: [
      {
        id: guildId,
        name: guild.name,
        instant_invite: 'https://discord.com/invite/widget42',
        channels: [{ id: lobbyVoiceId, name: 'Race Voice', position: 1 }],
        members: [
          {
            id: '0',
            username: 'mira',
            discriminator: '0000',
            avatar: null,
            status: 'online',
            avatar_url: 'https://cdn.discordapp.com/widget-avatars/abc123/def456',
          },
        ],
        presence_count: 311,
      },
    ],
  },
  getGuildWidgetImage: {},
  getGuildVanityUrl: {
    response: [
      { code: 'speedrun', uses: 87 },
      { code: null, uses: 0 },
    ],
  },
  getGuildWelcomeScreen: { response: [welcomeScreen] },
  modifyGuildWelcomeScreen: {
    request: [
      {
        enabled: true,
        description: 'Welcome to the Speedrun Lounge!',
        welcome_channels: [
          { channel_id: rulesId, description: 'Read the rules first', emoji_id: emojiId, emoji_name: 'gg' },
          { channel_id: generalId, description: 'Say hello', emoji_name: '👋' },
        ],
      },
      { enabled: false },
      { description: null },
    ],
    response: [welcomeScreen],
  },
  getGuildOnboarding: { response: [onboarding] },
  modifyGuildOnboarding: {
    request: [
      { enabled: true, mode: 0, default_channel_ids: defaultChannelIds },
      {
        enabled: true,
        mode: 1,
        default_channel_ids: defaultChannelIds.slice(0, 5),
        prompts: [
          {
            id: '1301234567890130001',
            type: 0,
            title: 'Which games do you run?',
            single_select: false,
            required: false,
            in_onboarding: true,
            options: [
              {
                title: 'Platformers',
                description: 'Mario, Celeste and friends',
                emoji_name: '🍄',
                role_ids: [modRoleId],
                channel_ids: [stageId, '1301234567890125010'],
              },
            ],
          },
        ],
      },
      { enabled: false },
    ],
    response: [onboarding],
  },
  modifyGuildIncidentActions: {
    request: [
      { invites_disabled_until: '2025-06-01T18:00:00.000Z', dms_disabled_until: null },
      { invites_disabled_until: null },
    ],
    response: [
      {
        invites_disabled_until: '2025-06-01T18:00:00.000000+00:00',
        dms_disabled_until: '2025-06-01T12:00:00.000000+00:00',
      },
    ],
  },
  getCurrentUserGuilds: {
    response: [
      [
        {
          id: guildId,
          name: guild.name,
          icon: guild.icon,
          banner: guild.banner,
          owner: false,
          permissions: '2248473465835073',
          features: guild.features,
        },
        {
          id: '1301234567890123999',
          name: 'Quiet Corner',
          icon: null,
          banner: null,
          owner: true,
          permissions: '2251799813685247',
          features: [],
          approximate_member_count: 12,
          approximate_presence_count: 3,
        },
      ],
    ],
  },
};
