import { describe, expect, it } from 'vitest';
import {
  allLobbyMemberFlags,
  DefaultMessageNotificationLevel,
  editableGuildMemberFlags,
  ExplicitContentFilterLevel,
  GuildInviteFlags,
  GuildMemberFlags,
  GuildNsfwLevel,
  guildFeatures,
  hasFlag,
  IntegrationExpireBehavior,
  InviteTargetType,
  InviteType,
  LobbyMemberFlags,
  MfaLevel,
  mutableGuildFeatures,
  OnboardingMode,
  PremiumTier,
  PromptType,
  SystemChannelFlags,
  TargetUsersJobStatus,
  VerificationLevel,
  widgetStyles,
} from '../../src/spec/flags.js';

describe('enumerations', () => {
  it('match the specification value for value', () => {
    expect(DefaultMessageNotificationLevel).toEqual({ ALL_MESSAGES: 0, ONLY_MENTIONS: 1 });
    expect(ExplicitContentFilterLevel).toEqual({ DISABLED: 0, MEMBERS_WITHOUT_ROLES: 1, ALL_MEMBERS: 2 });
    expect(MfaLevel).toEqual({ NONE: 0, ELEVATED: 1 });
    expect(VerificationLevel).toEqual({ NONE: 0, LOW: 1, MEDIUM: 2, HIGH: 3, VERY_HIGH: 4 });
    expect(GuildNsfwLevel).toEqual({ DEFAULT: 0, EXPLICIT: 1, SAFE: 2, AGE_RESTRICTED: 3 });
    expect(PremiumTier).toEqual({ NONE: 0, TIER_1: 1, TIER_2: 2, TIER_3: 3 });
    expect(IntegrationExpireBehavior).toEqual({ REMOVE_ROLE: 0, KICK: 1 });
    expect(OnboardingMode).toEqual({ ONBOARDING_DEFAULT: 0, ONBOARDING_ADVANCED: 1 });
    expect(PromptType).toEqual({ MULTIPLE_CHOICE: 0, DROPDOWN: 1 });
    expect(InviteType).toEqual({ GUILD: 0, GROUP_DM: 1, FRIEND: 2 });
    expect(InviteTargetType).toEqual({ STREAM: 1, EMBEDDED_APPLICATION: 2 });
    expect(TargetUsersJobStatus).toEqual({ UNSPECIFIED: 0, PROCESSING: 1, COMPLETED: 2, FAILED: 3 });
    expect(widgetStyles).toEqual(['shield', 'banner1', 'banner2', 'banner3', 'banner4']);
  });

  it('lists every guild feature once, MORE_EMOJI included', () => {
    expect(new Set(guildFeatures).size).toBe(guildFeatures.length);
    expect(guildFeatures).toContain('ENHANCED_ROLE_COLORS');
    expect(guildFeatures).toContain('MORE_EMOJI');
    expect(guildFeatures).toHaveLength(33);
  });

  it('names the permission each mutable feature needs', () => {
    expect(mutableGuildFeatures).toEqual({
      COMMUNITY: 'ADMINISTRATOR',
      DISCOVERABLE: 'ADMINISTRATOR',
      INVITES_DISABLED: 'MANAGE_GUILD',
      RAID_ALERTS_DISABLED: 'MANAGE_GUILD',
    });
  });
});

describe('bitfields', () => {
  it('match the specification bit for bit', () => {
    expect(SystemChannelFlags.SUPPRESS_JOIN_NOTIFICATIONS).toBe(1);
    expect(SystemChannelFlags.SUPPRESS_ROLE_SUBSCRIPTION_PURCHASE_NOTIFICATION_REPLIES).toBe(32);
    expect(GuildMemberFlags.DM_SETTINGS_UPSELL_ACKNOWLEDGED).toBe(512);
    expect(GuildMemberFlags.AUTOMOD_QUARANTINED_GUILD_TAG).toBe(1024);
    expect(Object.values(GuildMemberFlags)).not.toContain(256);
    expect(LobbyMemberFlags.CanLinkLobby).toBe(1);
    expect(allLobbyMemberFlags).toBe(1);
    expect(GuildInviteFlags.IS_GUEST_INVITE).toBe(1);
  });

  it('marks only BYPASSES_VERIFICATION as editable', () => {
    expect(editableGuildMemberFlags).toBe(GuildMemberFlags.BYPASSES_VERIFICATION);
    expect(hasFlag(editableGuildMemberFlags, GuildMemberFlags.DID_REJOIN)).toBe(false);
  });

  it('hasFlag needs every bit of the flag', () => {
    expect(hasFlag(0b101, 0b001)).toBe(true);
    expect(hasFlag(0b101, 0b011)).toBe(false);
  });
});
