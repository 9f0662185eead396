/**
 * The platform specification's limits, one object per area: {@link limits} (in `limits.ts`) joins
 * them. Code on a browser's path (the lobby client and runtime) imports the areas it reads from here,
 * so that a bundle carries only those; everything else reads `limits`. Each line quotes the
 * specification. Figures are written out (`86_400_000 // 24 h`), not as products: esbuild keeps an
 * unused object whose fields hold `a * b`.
 */

/** `limits.lobby`. */
export const lobbyLimits = {
  /** "metadata … maximum total length 1000" (sum of every key's and value's length). */
  metadataTotalLength: 1000,
  /** "Members in Create Lobby, Modify Lobby, bulk update: at most 25". */
  membersPerRequest: 25,
  /** "bulk: minimum 1". */
  bulkMinEntries: 1,
  /** "idle_timeout_seconds: 5 to 604800 (7 days)". */
  idleTimeoutMinSeconds: 5,
  /** "idle_timeout_seconds: 5 to 604800 (7 days)". */
  idleTimeoutMaxSeconds: 604_800,
  /** paths.md: "the default timeout is 300 s". */
  idleTimeoutDefaultSeconds: 300,
  /** paths.md: "A lobby holds at most 1,000 members". */
  maxMembers: 1000,
  /** paths.md: "A user can be a member of at most 100 lobbies of one application". */
  maxLobbiesPerUserPerApplication: 100,
  /** paths.md: "Create or Join Lobby (by secret, max 250 chars)". */
  secretMaxLength: 250,
  /** paths.md: "additional_name (1-80 characters)". */
  additionalNameMinLength: 1,
  /** paths.md: "additional_name (1-80 characters)". */
  additionalNameMaxLength: 80,
  /** paths.md: "Get Lobby Messages (query limit 1-200, default 50)". */
  messagesLimitMin: 1,
  /** paths.md: "Get Lobby Messages (query limit 1-200, default 50)". */
  messagesLimitMax: 200,
  /** paths.md: "Get Lobby Messages (query limit 1-200, default 50)". */
  messagesLimitDefault: 50,
  /** OpenAPI SDKMessageRequest: "content … maxLength 4000" (paths.md: content non-empty). */
  messageContentMaxLength: 4000,
} as const;

/** `limits.moderationMetadata`. */
export const moderationMetadataLimits = {
  /** "Moderation metadata: 5 keys". */
  maxKeys: 5,
  /** "key 1024 characters at most". */
  keyMaxLength: 1024,
  /** "value 2000 characters at most". */
  valueMaxLength: 2000,
} as const;

/** `limits.guild`. */
export const guildLimits = {
  /** "Guild name: 2-100 characters" (leading and trailing whitespace excluded). */
  nameMinLength: 2,
  /** "Guild name: 2-100 characters". */
  nameMaxLength: 100,
  /** "Guild afk_timeout: one of 60, 300, 900, 1800, 3600 seconds". */
  afkTimeouts: [60, 300, 900, 1800, 3600] as const,
  /** "Welcome screen channels: up to 5". */
  welcomeChannelsMax: 5,
  /** "Onboarding enabled: at least 7 default channels". */
  onboardingMinDefaultChannels: 7,
  /** "… at least 5 of which let @everyone send messages". */
  onboardingMinEveryoneSendable: 5,
  /** "Integrations listing: at most 50 returned". */
  integrationsListMax: 50,
  /** "Widget members: at most 100". */
  widgetMembersMax: 100,
  /** "Incident actions: at most 24 hours ahead". */
  incidentActionsMaxAheadMs: 86_400_000, // 24 h
} as const;

/** `limits.channel`. */
export const channelLimits = {
  /** "Channel name: 1-100 characters". */
  nameMinLength: 1,
  /** "Channel name: 1-100 characters". */
  nameMaxLength: 100,
  /** "topic 0-1024". */
  topicMaxLength: 1024,
  /** "rate_limit_per_user 0-21600". */
  rateLimitPerUserMax: 21_600,
  /** "bitrate … minimum 8000". */
  bitrateMin: 8000,
  /** "voice maximum 96000, 128000 at boost tier 1, 256000 at tier 2, 384000 at tier 3 or with VIP_REGIONS". */
  voiceBitrateMaxByTier: [96_000, 128_000, 256_000, 384_000] as const,
  /** "stage maximum 64000". */
  stageBitrateMax: 64_000,
  /** "Voice channel status: at most 500 characters". */
  voiceStatusMaxLength: 500,
} as const;

/** `limits.member`. */
export const memberLimits = {
  /** "List and search members limit: 1-1000, default 1". */
  listLimitMin: 1,
  /** "List and search members limit: 1-1000, default 1". */
  listLimitMax: 1000,
  /** "List and search members limit: 1-1000, default 1". */
  listLimitDefault: 1,
  /** "Member timeout: up to 28 days ahead". */
  timeoutMaxAheadMs: 2_419_200_000, // 28 days
  /** Platform docs: a member's "nick … 1-32 characters" (an empty nick clears it). */
  nickMaxLength: 32,
} as const;

/** `limits.ban`. */
export const banLimits = {
  /** "Guild bans listing limit: up to 1000, default 1000". */
  listLimitMax: 1000,
  /** "Guild bans listing limit: up to 1000, default 1000". */
  listLimitDefault: 1000,
  /** "Bulk ban: up to 200 users". */
  bulkMaxUsers: 200,
  /** "delete_message_seconds 0-604800". */
  deleteMessageSecondsMax: 604_800,
  /** "delete_message_days? (integer 0-7, deprecated, default 0)". */
  deleteMessageDaysMax: 7,
} as const;

/** `limits.prune`. */
export const pruneLimits = {
  /** "Prune days: 1-30, default 7". */
  daysMin: 1,
  /** "Prune days: 1-30, default 7". */
  daysMax: 30,
  /** "Prune days: 1-30, default 7". */
  daysDefault: 7,
} as const;

/** `limits.role`. */
export const roleLimits = {
  /** "Role name: at most 100 characters". */
  nameMaxLength: 100,
  /** Platform error 30005: "Maximum number of guild roles reached (250)". */
  maxPerGuild: 250,
} as const;

/** `limits.invite`. */
export const inviteLimits = {
  /** "Invite stage topic: 1-120 characters". */
  stageTopicMinLength: 1,
  /** "Invite stage topic: 1-120 characters". */
  stageTopicMaxLength: 120,
  /** paths.md: linked-channel invites are "single use, 1 hour". */
  linkedChannelInviteMaxAgeSeconds: 3600,
  /** Create Channel Invite: "max_age 0 (never) to 604800 (7 days)". */
  maxAgeMaxSeconds: 604_800,
  /** Create Channel Invite: "max_age default 86400 (24 hours)". */
  maxAgeDefaultSeconds: 86_400,
  /** Create Channel Invite: "max_uses 0 (unlimited) to 100". */
  maxUsesMax: 100,
  /** OpenAPI CreateGuildInviteRequest.role_ids: at most 250, distinct. */
  roleIdsMax: 250,
} as const;

/** `limits.threadMembers`. */
export const threadMembersLimits = {
  /** Smallest page size of List Thread Members. */
  listLimitMin: 1,
  /** "List Thread Members … pagination with after and limit (default 100)". */
  listLimitDefault: 100,
  /** The platform's documented maximum page size for thread members. */
  listLimitMax: 100,
} as const;

/** `limits.roleConnection`. */
export const roleConnectionLimits = {
  /** Platform docs: "an application can have a maximum of 5 metadata records". */
  metadataRecordsMax: 5,
  /** "key: a-z, 0-9, or _ characters; 1-50 characters". */
  keyMinLength: 1,
  /** "key: … 1-50 characters". */
  keyMaxLength: 50,
  /** "name: 1-100 characters". */
  nameMinLength: 1,
  /** "name: 1-100 characters". */
  nameMaxLength: 100,
  /** "description: 1-200 characters". */
  descriptionMinLength: 1,
  /** "description: 1-200 characters". */
  descriptionMaxLength: 200,
  /** "platform_name (max 50 characters)". */
  platformNameMaxLength: 50,
  /** "platform_username (max 100 characters)". */
  platformUsernameMaxLength: 100,
  /** OpenAPI: metadata values are at least 1 character. */
  metadataValueMinLength: 1,
  /** "string-ified value (max 100 characters)". */
  metadataValueMaxLength: 100,
} as const;

/** `limits.gateway`. */
export const gatewayConnectionLimits = {
  /** "Request Guild Members for all members: 1 per guild per bot per 30 seconds". */
  requestAllMembersIntervalMs: 30_000,
} as const;

/** `limits.messages`. */
export const messagesLimits = {
  /** "Message components (new-style messages): 40 total". */
  componentsTotalMax: 40,
  /** "Embed fields: 25". */
  embedFieldsMax: 25,
  /** "Default file upload limit: 10 MiB, checked per attachment". */
  uploadMaxBytes: 10_485_760, // 10 MiB
  /** "Application emojis: up to 2000 per app". */
  applicationEmojisMax: 2000,
  /** "Context menu commands: 15 per type". */
  contextMenuCommandsPerType: 15,
  /** "User-installed app follow-ups: at most 5 per interaction". */
  userAppFollowUpsMax: 5,
} as const;

/** `limits.rateLimits`. */
export const rateLimitLimits = {
  /** paths.md: "Global limit: 50 requests per second per bot". */
  globalPerSecond: 50,
  /** paths.md: "10,000 responses of status 401, 403 or 429 … per 10 minutes per IP". */
  invalidRequestsPer10Minutes: 10_000,
  /** Window of the lobby development limits: "per 2 hours". */
  developmentWindowMs: 7_200_000, // 2 h
} as const;

/** `limits.auditLog`. */
export const auditLogLimits = {
  /** Not in the specification, which says only which operations take X-Audit-Log-Reason: the platform keeps a reason of "1-512 characters" (its audit log entry's `reason`). */
  reasonMaxLength: 512,
} as const;
