/**
 * Every enumeration and bitfield of the specification, as typed constants. Values are exactly the
 * platform's; names are the specification's.
 */

/** Default Message Notification Level. */
export const DefaultMessageNotificationLevel = { ALL_MESSAGES: 0, ONLY_MENTIONS: 1 } as const;
/** Explicit Content Filter Level. */
export const ExplicitContentFilterLevel = { DISABLED: 0, MEMBERS_WITHOUT_ROLES: 1, ALL_MEMBERS: 2 } as const;
/** MFA Level: ELEVATED requires two-factor for moderation actions. */
export const MfaLevel = { NONE: 0, ELEVATED: 1 } as const;
/** Verification Level. */
export const VerificationLevel = { NONE: 0, LOW: 1, MEDIUM: 2, HIGH: 3, VERY_HIGH: 4 } as const;
/** Guild Age-Restriction (NSFW) Level. */
export const GuildNsfwLevel = { DEFAULT: 0, EXPLICIT: 1, SAFE: 2, AGE_RESTRICTED: 3 } as const;
/** Premium (boost) Tier. */
export const PremiumTier = { NONE: 0, TIER_1: 1, TIER_2: 2, TIER_3: 3 } as const;
/** Integration Expire Behavior. */
export const IntegrationExpireBehavior = { REMOVE_ROLE: 0, KICK: 1 } as const;
/** Onboarding Mode: what counts towards the default-channel constraints. */
export const OnboardingMode = { ONBOARDING_DEFAULT: 0, ONBOARDING_ADVANCED: 1 } as const;
/** Onboarding Prompt Type. */
export const PromptType = { MULTIPLE_CHOICE: 0, DROPDOWN: 1 } as const;
/** Invite Types. */
export const InviteType = { GUILD: 0, GROUP_DM: 1, FRIEND: 2 } as const;
/** Invite Target Types. */
export const InviteTargetType = { STREAM: 1, EMBEDDED_APPLICATION: 2 } as const;
/** Target users job status codes. */
export const TargetUsersJobStatus = { UNSPECIFIED: 0, PROCESSING: 1, COMPLETED: 2, FAILED: 3 } as const;

/** Channel types used by guild channel operations (platform values). */
export const ChannelType = {
  GUILD_TEXT: 0,
  DM: 1,
  GUILD_VOICE: 2,
  GROUP_DM: 3,
  GUILD_CATEGORY: 4,
  GUILD_ANNOUNCEMENT: 5,
  ANNOUNCEMENT_THREAD: 10,
  PUBLIC_THREAD: 11,
  PRIVATE_THREAD: 12,
  GUILD_STAGE_VOICE: 13,
  GUILD_DIRECTORY: 14,
  GUILD_FORUM: 15,
  GUILD_MEDIA: 16,
  /** A lobby's own channel (lobby messages carry its id). */
  LOBBY: 17,
} as const;

/**
 * Application Role Connection Metadata Types: how a guild's configured value is compared with the
 * user's value. Integer types compare integers, datetime types compare an ISO8601 date against a
 * number of days before now, boolean types compare 0 or 1.
 */
export const ApplicationRoleConnectionMetadataType = {
  INTEGER_LESS_THAN_OR_EQUAL: 1,
  INTEGER_GREATER_THAN_OR_EQUAL: 2,
  INTEGER_EQUAL: 3,
  INTEGER_NOT_EQUAL: 4,
  DATETIME_LESS_THAN_OR_EQUAL: 5,
  DATETIME_GREATER_THAN_OR_EQUAL: 6,
  BOOLEAN_EQUAL: 7,
  BOOLEAN_NOT_EQUAL: 8,
} as const;

/** System Channel Flags (bitfield). */
export const SystemChannelFlags = {
  SUPPRESS_JOIN_NOTIFICATIONS: 1 << 0,
  SUPPRESS_PREMIUM_SUBSCRIPTIONS: 1 << 1,
  SUPPRESS_GUILD_REMINDER_NOTIFICATIONS: 1 << 2,
  SUPPRESS_JOIN_NOTIFICATION_REPLIES: 1 << 3,
  SUPPRESS_ROLE_SUBSCRIPTION_PURCHASE_NOTIFICATIONS: 1 << 4,
  SUPPRESS_ROLE_SUBSCRIPTION_PURCHASE_NOTIFICATION_REPLIES: 1 << 5,
} as const;

// The bits read on their own (below) are named constants first: reading them through their table's
// object would keep the whole object in a bundle that needs only the bit.
const BYPASSES_VERIFICATION = 1 << 2;
const CAN_LINK_LOBBY = 1 << 0;

/** Guild member flags (bitfield). Only {@link editableGuildMemberFlags} may be set by a client. */
export const GuildMemberFlags = {
  DID_REJOIN: 1 << 0,
  COMPLETED_ONBOARDING: 1 << 1,
  BYPASSES_VERIFICATION,
  STARTED_ONBOARDING: 1 << 3,
  IS_GUEST: 1 << 4,
  STARTED_HOME_ACTIONS: 1 << 5,
  COMPLETED_HOME_ACTIONS: 1 << 6,
  AUTOMOD_QUARANTINED_USERNAME: 1 << 7,
  DM_SETTINGS_UPSELL_ACKNOWLEDGED: 1 << 9,
  AUTOMOD_QUARANTINED_GUILD_TAG: 1 << 10,
} as const;

/** The guild member flag bits a client may edit (the specification marks only BYPASSES_VERIFICATION). */
export const editableGuildMemberFlags: number = BYPASSES_VERIFICATION;

/** Lobby member flags (bitfield). */
export const LobbyMemberFlags = {
  /** The user may link a text channel to the lobby. */
  CanLinkLobby: CAN_LINK_LOBBY,
} as const;

/** Every lobby member flag bit the platform knows. */
export const allLobbyMemberFlags: number = CAN_LINK_LOBBY;

/** Guild Invite Flags (bitfield). */
export const GuildInviteFlags = {
  /** Guest invite for a voice channel. */
  IS_GUEST_INVITE: 1 << 0,
} as const;

/** Widget image styles; `shield` is the default. */
export const widgetStyles = ['shield', 'banner1', 'banner2', 'banner3', 'banner4'] as const;
/** A widget image style. */
export type WidgetStyle = (typeof widgetStyles)[number];

/** Every guild feature string the specification enumerates, plus MORE_EMOJI seen in responses. */
export const guildFeatures = [
  'ANIMATED_BANNER',
  'ANIMATED_ICON',
  'APPLICATION_COMMAND_PERMISSIONS_V2',
  'AUTO_MODERATION',
  'BANNER',
  'COMMUNITY',
  'CREATOR_MONETIZABLE_PROVISIONAL',
  'CREATOR_STORE_PAGE',
  'DEVELOPER_SUPPORT_SERVER',
  'DISCOVERABLE',
  'FEATURABLE',
  'INVITES_DISABLED',
  'INVITE_SPLASH',
  'MEMBER_VERIFICATION_GATE_ENABLED',
  'MORE_SOUNDBOARD',
  'MORE_STICKERS',
  'NEWS',
  'PARTNERED',
  'PREVIEW_ENABLED',
  'RAID_ALERTS_DISABLED',
  'ROLE_ICONS',
  'ROLE_SUBSCRIPTIONS_AVAILABLE_FOR_PURCHASE',
  'ROLE_SUBSCRIPTIONS_ENABLED',
  'SOUNDBOARD',
  'TICKETED_EVENTS_ENABLED',
  'VANITY_URL',
  'VERIFIED',
  'VIP_REGIONS',
  'WELCOME_SCREEN_ENABLED',
  'GUESTS_ENABLED',
  'GUILD_TAGS',
  'ENHANCED_ROLE_COLORS',
  'MORE_EMOJI',
] as const;
/** A guild feature string. */
export type GuildFeature = (typeof guildFeatures)[number];

/**
 * The guild features Modify Guild may add or remove, with the permission each needs.
 * DISCOVERABLE also requires the guild to pass every discovery requirement.
 */
export const mutableGuildFeatures = {
  COMMUNITY: 'ADMINISTRATOR',
  DISCOVERABLE: 'ADMINISTRATOR',
  INVITES_DISABLED: 'MANAGE_GUILD',
  RAID_ALERTS_DISABLED: 'MANAGE_GUILD',
} as const satisfies Partial<Record<GuildFeature, string>>;
/** A guild feature Modify Guild may change. */
export type MutableGuildFeature = keyof typeof mutableGuildFeatures;

/** The values of a constant object, as a union type: `ValueOf<typeof PremiumTier>` is `0 | 1 | 2 | 3`. */
export type ValueOf<T> = T[keyof T];

/** True when every bit of `flag` is set in `bits`. */
export function hasFlag(bits: number, flag: number): boolean {
  return (bits & flag) === flag;
}
