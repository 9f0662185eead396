/**
 * Guild settings, channels, widget, welcome screen, onboarding, integrations and incident actions:
 * every limit on both sides of its boundary, the context rules (bitrate by boost tier, onboarding's
 * @everyone rule, the 24-hour horizon, feature permissions), the route table entries and the samples.
 */
import { describe, expect, it } from 'vitest';
import { ChannelType, guildFeatures, widgetStyles } from '../../src/spec/flags.js';
import { limits } from '../../src/spec/limits.js';
import { type PermissionRule, pathParams } from '../../src/spec/route.js';
import { guildRoutes } from '../../src/spec/routes/guildRoutes.js';
import {
  currentUserGuild,
  featureChangeIssues,
  getCurrentUserGuildsQuery,
  getGuildQuery,
  guild,
  incidentsData,
  modifyGuildBody,
  unavailableGuild,
} from '../../src/spec/schemas/guild.js';
import {
  bitrateIssues,
  createChannelFieldTypes,
  createGuildChannelBody,
  modifyGuildChannelPositionsBody,
} from '../../src/spec/schemas/guildChannel.js';
import {
  incidentActionsBody,
  incidentActionsBodyAt,
  incidentActionsIssues,
  integration,
} from '../../src/spec/schemas/integration.js';
import {
  modifyOnboardingBody,
  onboardingChannelIssues,
  onboardingCountedChannels,
  onboardingEveryoneIssues,
} from '../../src/spec/schemas/onboarding.js';
import { modifyWelcomeScreenBody, welcomeScreen } from '../../src/spec/schemas/welcomeScreen.js';
import { modifyGuildWidgetBody, vanityUrl, widget, widgetImageQuery } from '../../src/spec/schemas/widget.js';
import { guildSamples } from '../conformance/samples/guildSamples.js';
import { expectConforms, expectRequestConforms } from '../support/openapi.js';
import { ids, issuePaths, ok, rejected } from '../support/schemaAssertions.js';

const ID = '1301234567890123456';

describe('Modify Guild body', () => {
  const { nameMinLength: min, nameMaxLength: max } = limits.guild;

  it(`name: ${min}-${max} characters`, () => {
    rejected(modifyGuildBody, { name: 'a'.repeat(min - 1) }, 'name');
    ok(modifyGuildBody, { name: 'a'.repeat(min) });
    ok(modifyGuildBody, { name: 'a'.repeat(max) });
    rejected(modifyGuildBody, { name: 'a'.repeat(max + 1) }, 'name');
  });

  it('name: leading and trailing whitespace does not count', () => {
    rejected(modifyGuildBody, { name: '  a  ' }, 'name');
    expect(modifyGuildBody.parse({ name: ' ab ' }).name).toBe('ab');
    ok(modifyGuildBody, { name: ` ${'a'.repeat(max)} ` });
    const message = modifyGuildBody.safeParse({ name: '  a  ' }).error?.issues[0]?.message;
    expect(message).toMatch(/2-100 characters/);
  });

  it('name may be omitted but not null', () => {
    ok(modifyGuildBody, {});
    rejected(modifyGuildBody, { name: null }, 'name');
  });

  it('afk_timeout: each allowed value passes, others are rejected', () => {
    for (const seconds of limits.guild.afkTimeouts) ok(modifyGuildBody, { afk_timeout: seconds });
    expect(limits.guild.afkTimeouts).toEqual([60, 300, 900, 1800, 3600]);
    ok(modifyGuildBody, { afk_timeout: 300 });
    rejected(modifyGuildBody, { afk_timeout: 301 }, 'afk_timeout');
    rejected(modifyGuildBody, { afk_timeout: 0 }, 'afk_timeout');
    rejected(modifyGuildBody, { afk_timeout: 7200 }, 'afk_timeout');
    ok(modifyGuildBody, { afk_timeout: null });
  });

  it('enumerations: every level passes, one past the last is rejected', () => {
    for (const v of [0, 1, 2, 3, 4]) ok(modifyGuildBody, { verification_level: v });
    rejected(modifyGuildBody, { verification_level: 5 }, 'verification_level');
    for (const v of [0, 1]) ok(modifyGuildBody, { default_message_notifications: v });
    rejected(modifyGuildBody, { default_message_notifications: 2 }, 'default_message_notifications');
    for (const v of [0, 1, 2]) ok(modifyGuildBody, { explicit_content_filter: v });
    rejected(modifyGuildBody, { explicit_content_filter: 3 }, 'explicit_content_filter');
  });

  it('system_channel_flags: only System Channel Flags bits', () => {
    ok(modifyGuildBody, { system_channel_flags: 0b111111 });
    rejected(modifyGuildBody, { system_channel_flags: 1 << 6 }, 'system_channel_flags');
  });

  it('features: guild feature strings only', () => {
    ok(modifyGuildBody, { features: [...guildFeatures] });
    rejected(modifyGuildBody, { features: ['NOT_A_FEATURE'] }, 'features.0');
  });

  it('images are data URIs; snowflake fields are ids; null clears', () => {
    rejected(modifyGuildBody, { icon: 'not-an-image' }, 'icon');
    rejected(modifyGuildBody, { afk_channel_id: 'general' }, 'afk_channel_id');
    ok(modifyGuildBody, {
      icon: null,
      splash: null,
      banner: null,
      discovery_splash: null,
      afk_channel_id: null,
    });
  });
});

describe('featureChangeIssues', () => {
  it('adding or removing COMMUNITY needs ADMINISTRATOR', () => {
    expect(featureChangeIssues([], ['COMMUNITY'])).toEqual([
      { feature: 'COMMUNITY', change: 'added', permission: 'ADMINISTRATOR' },
    ]);
    expect(featureChangeIssues(['COMMUNITY', 'NEWS'], ['NEWS'])).toEqual([
      { feature: 'COMMUNITY', change: 'removed', permission: 'ADMINISTRATOR' },
    ]);
  });

  it('INVITES_DISABLED and RAID_ALERTS_DISABLED need MANAGE_GUILD; DISCOVERABLE ADMINISTRATOR', () => {
    expect(featureChangeIssues(['COMMUNITY'], ['COMMUNITY', 'INVITES_DISABLED'])).toEqual([
      { feature: 'INVITES_DISABLED', change: 'added', permission: 'MANAGE_GUILD' },
    ]);
    expect(featureChangeIssues(['RAID_ALERTS_DISABLED'], [])).toEqual([
      { feature: 'RAID_ALERTS_DISABLED', change: 'removed', permission: 'MANAGE_GUILD' },
    ]);
    expect(featureChangeIssues([], ['DISCOVERABLE'])[0]?.permission).toBe('ADMINISTRATOR');
  });

  it('reports nothing when no mutable feature changes', () => {
    expect(featureChangeIssues(['COMMUNITY', 'NEWS'], ['NEWS', 'COMMUNITY', 'BANNER'])).toEqual([]);
  });
});

describe('guild responses', () => {
  const base = {
    id: ID,
    name: 'Guild',
    owner_id: ID,
    afk_timeout: 300,
    verification_level: 0,
    default_message_notifications: 0,
    explicit_content_filter: 0,
    roles: [],
    emojis: [],
    features: ['A_FUTURE_FEATURE'],
    mfa_level: 0,
    system_channel_flags: 0,
    premium_tier: 0,
    preferred_locale: 'en-US',
    nsfw_level: 0,
    premium_progress_bar_enabled: false,
  };

  it('accepts the required fields alone, and unknown feature strings', () => {
    ok(guild, base);
  });

  it('marks optionality and nullability as the specification does, accepting the nulls the platform sends', () => {
    // Optional in the specification, required and nullable in the platform's OpenAPI document.
    ok(guild, { ...base, icon: null, banner: null, afk_channel_id: null, incidents_data: null });
    rejected(guild, { ...base, name: null }, 'name');
    rejected(guild, { ...base, owner_id: null }, 'owner_id');
    ok(guild, { ...base, icon_hash: null, region: null, widget_channel_id: null, max_presences: null });
    for (const field of ['owner_id', 'afk_timeout', 'roles', 'premium_progress_bar_enabled']) {
      const { [field]: _, ...rest } = base as Record<string, unknown>;
      rejected(guild, rest, field);
    }
  });

  it('incidents data: every time optional and nullable (the platform sends null for no pause)', () => {
    ok(incidentsData, {});
    ok(incidentsData, { dm_spam_detected_at: null, raid_detected_at: null });
    ok(incidentsData, { invites_disabled_until: null, dms_disabled_until: null });
    rejected(incidentsData, { invites_disabled_until: 42 }, 'invites_disabled_until');
  });

  it('unavailable guild and current user guild', () => {
    ok(unavailableGuild, { id: ID, unavailable: true });
    rejected(unavailableGuild, { id: ID, unavailable: false }, 'unavailable');
    ok(currentUserGuild, {
      id: ID,
      name: 'G',
      icon: null,
      banner: null,
      owner: true,
      permissions: '8',
      features: [],
    });
    rejected(
      currentUserGuild,
      { id: ID, name: 'G', icon: null, banner: null, owner: true, features: [] },
      'permissions',
    );
  });

  it('Get Guild query: with_counts is a boolean', () => {
    expect(getGuildQuery.parse({ with_counts: 'true' })).toEqual({ with_counts: true });
    expect(getGuildQuery.parse({})).toEqual({});
    rejected(getGuildQuery, { with_counts: 'maybe' }, 'with_counts');
  });

  it('Current User Guilds query: limit 1-200, default 200; before and after are ids', () => {
    expect(getCurrentUserGuildsQuery.parse({})).toEqual({ limit: 200 });
    ok(getCurrentUserGuildsQuery, { limit: '1' });
    ok(getCurrentUserGuildsQuery, { limit: '200' });
    rejected(getCurrentUserGuildsQuery, { limit: '0' }, 'limit');
    rejected(getCurrentUserGuildsQuery, { limit: '201' }, 'limit');
    rejected(getCurrentUserGuildsQuery, { before: 'x' }, 'before');
  });
});

describe('Create Guild Channel body', () => {
  const { nameMaxLength, topicMaxLength, rateLimitPerUserMax, bitrateMin } = limits.channel;
  const voice = ChannelType.GUILD_VOICE;
  const stage = ChannelType.GUILD_STAGE_VOICE;

  it(`name is required, 1-${nameMaxLength} characters`, () => {
    rejected(createGuildChannelBody, {}, 'name');
    rejected(createGuildChannelBody, { name: '' }, 'name');
    ok(createGuildChannelBody, { name: 'a' });
    ok(createGuildChannelBody, { name: 'a'.repeat(nameMaxLength) });
    rejected(createGuildChannelBody, { name: 'a'.repeat(nameMaxLength + 1) }, 'name');
  });

  it(`topic: 0-${topicMaxLength} characters`, () => {
    ok(createGuildChannelBody, { name: 'c', topic: '' });
    ok(createGuildChannelBody, { name: 'c', topic: 't'.repeat(topicMaxLength) });
    rejected(createGuildChannelBody, { name: 'c', topic: 't'.repeat(topicMaxLength + 1) }, 'topic');
  });

  it(`rate_limit_per_user and default_thread_rate_limit_per_user: 0-${rateLimitPerUserMax}`, () => {
    for (const field of ['rate_limit_per_user', 'default_thread_rate_limit_per_user']) {
      ok(createGuildChannelBody, { name: 'c', [field]: 0 });
      ok(createGuildChannelBody, { name: 'c', [field]: rateLimitPerUserMax });
      rejected(createGuildChannelBody, { name: 'c', [field]: rateLimitPerUserMax + 1 }, field);
      rejected(createGuildChannelBody, { name: 'c', [field]: -1 }, field);
    }
  });

  it(`bitrate: at least ${bitrateMin}, at most 384000, stage at most 64000`, () => {
    rejected(createGuildChannelBody, { name: 'v', type: voice, bitrate: bitrateMin - 1 }, 'bitrate');
    ok(createGuildChannelBody, { name: 'v', type: voice, bitrate: bitrateMin });
    ok(createGuildChannelBody, { name: 'v', type: voice, bitrate: 384_000 });
    rejected(createGuildChannelBody, { name: 'v', type: voice, bitrate: 384_001 }, 'bitrate');
    ok(createGuildChannelBody, { name: 's', type: stage, bitrate: limits.channel.stageBitrateMax });
    rejected(
      createGuildChannelBody,
      { name: 's', type: stage, bitrate: limits.channel.stageBitrateMax + 1 },
      'bitrate',
    );
  });

  it('type: creatable guild channel types only', () => {
    for (const type of [0, 2, 4, 5, 13, 15, 16]) ok(createGuildChannelBody, { name: 'c', type });
    for (const type of [1, 3, 10, 11, 12, 17]) rejected(createGuildChannelBody, { name: 'c', type }, 'type');
    ok(createGuildChannelBody, { name: 'c', type: null });
  });

  it('rejects fields that do not apply to the channel type, with a clear message', () => {
    const result = createGuildChannelBody.safeParse({ name: 'v', type: voice, topic: 'hi' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['topic']);
    expect(result.error?.issues[0]?.message).toMatch(/topic does not apply to voice channels/);
    // The default type is text: bitrate does not apply there.
    rejected(createGuildChannelBody, { name: 't', bitrate: 64000 }, 'bitrate');
    rejected(
      createGuildChannelBody,
      { name: 'cat', type: ChannelType.GUILD_CATEGORY, parent_id: ID },
      'parent_id',
    );
    rejected(createGuildChannelBody, { name: 'm', type: ChannelType.GUILD_MEDIA, nsfw: true }, 'nsfw');
    rejected(
      createGuildChannelBody,
      { name: 'm', type: ChannelType.GUILD_MEDIA, default_forum_layout: 1 },
      'default_forum_layout',
    );
    ok(createGuildChannelBody, { name: 'f', type: ChannelType.GUILD_FORUM, default_forum_layout: 1 });
    // Null never counts as "given".
    ok(createGuildChannelBody, { name: 'v', type: voice, topic: null });
  });

  it('applies every field exactly to the types of its "Applies to" column', () => {
    const values: Record<string, unknown> = {
      topic: 't',
      bitrate: 64000,
      user_limit: 5,
      rate_limit_per_user: 5,
      parent_id: ID,
      nsfw: true,
      rtc_region: 'us-west',
      video_quality_mode: 1,
      default_auto_archive_duration: 60,
      default_reaction_emoji: { emoji_name: '🔥' },
      available_tags: [{ name: 'tag' }],
      default_sort_order: 0,
      default_forum_layout: 1,
      default_thread_rate_limit_per_user: 5,
    };
    const types = {
      text: 0,
      voice: 2,
      category: 4,
      announcement: 5,
      stage: 13,
      forum: 15,
      media: 16,
    } as const;
    for (const [field, kinds] of Object.entries(createChannelFieldTypes)) {
      for (const [kind, type] of Object.entries(types)) {
        const body = { name: 'c', type, [field]: values[field] };
        const applies = (kinds as readonly string[]).includes(kind);
        expect(issuePaths(createGuildChannelBody, body).includes(field), `${field} on ${kind}`).toBe(
          !applies,
        );
      }
    }
  });

  it('permission_overwrites: allow and deny may be omitted or null', () => {
    ok(createGuildChannelBody, { name: 'c', permission_overwrites: [{ id: ID }] });
    ok(createGuildChannelBody, {
      name: 'c',
      permission_overwrites: [{ id: ID, type: 0, allow: null, deny: null }],
    });
    ok(createGuildChannelBody, {
      name: 'c',
      permission_overwrites: [{ id: ID, type: 1, allow: '1024', deny: 2048 }],
    });
    rejected(
      createGuildChannelBody,
      { name: 'c', permission_overwrites: [{ id: ID, type: 2 }] },
      'permission_overwrites.0.type',
    );
    rejected(
      createGuildChannelBody,
      { name: 'c', permission_overwrites: [{ id: ID, allow: 'x' }] },
      'permission_overwrites.0.allow',
    );
  });

  it('enumerated integers', () => {
    for (const v of [60, 1440, 4320, 10080])
      ok(createGuildChannelBody, { name: 'c', default_auto_archive_duration: v });
    rejected(
      createGuildChannelBody,
      { name: 'c', default_auto_archive_duration: 61 },
      'default_auto_archive_duration',
    );
    for (const v of [1, 2]) ok(createGuildChannelBody, { name: 'v', type: voice, video_quality_mode: v });
    rejected(createGuildChannelBody, { name: 'v', type: voice, video_quality_mode: 3 }, 'video_quality_mode');
    const forum = ChannelType.GUILD_FORUM;
    rejected(createGuildChannelBody, { name: 'f', type: forum, default_sort_order: 2 }, 'default_sort_order');
    rejected(
      createGuildChannelBody,
      { name: 'f', type: forum, default_forum_layout: 3 },
      'default_forum_layout',
    );
  });
});

describe('bitrateIssues', () => {
  const tier = (premium_tier: number, features: string[] = []) => ({ premium_tier, features });
  const voice = ChannelType.GUILD_VOICE;

  it('96000 passes and 96001 fails at tier 0; 96001 passes at tier 1', () => {
    expect(bitrateIssues({ type: voice, bitrate: 96_000 }, tier(0))).toEqual([]);
    const issues = bitrateIssues({ type: voice, bitrate: 96_001 }, tier(0));
    expect(issues).toHaveLength(1);
    expect(issues[0]?.path).toEqual(['bitrate']);
    expect(issues[0]?.message).toMatch(/at most 96000 at boost tier 0/);
    expect(bitrateIssues({ type: voice, bitrate: 96_001 }, tier(1))).toEqual([]);
  });

  it('tier 1 caps at 128000, tier 2 at 256000', () => {
    expect(bitrateIssues({ type: voice, bitrate: 128_000 }, tier(1))).toEqual([]);
    expect(bitrateIssues({ type: voice, bitrate: 128_001 }, tier(1))).toHaveLength(1);
    expect(bitrateIssues({ type: voice, bitrate: 256_000 }, tier(2))).toEqual([]);
    expect(bitrateIssues({ type: voice, bitrate: 256_001 }, tier(2))).toHaveLength(1);
  });

  it('384000 passes at tier 3 and with VIP_REGIONS', () => {
    expect(bitrateIssues({ type: voice, bitrate: 384_000 }, tier(3))).toEqual([]);
    expect(bitrateIssues({ type: voice, bitrate: 384_000 }, tier(0, ['VIP_REGIONS']))).toEqual([]);
    expect(bitrateIssues({ type: voice, bitrate: 384_000 }, tier(2))).toHaveLength(1);
  });

  it('stage caps at 64000 whatever the tier', () => {
    const stage = ChannelType.GUILD_STAGE_VOICE;
    expect(bitrateIssues({ type: stage, bitrate: 64_000 }, tier(3))).toEqual([]);
    expect(bitrateIssues({ type: stage, bitrate: 64_001 }, tier(3))).toHaveLength(1);
  });

  it('ignores bodies without bitrate', () => {
    expect(bitrateIssues({ type: voice }, tier(0))).toEqual([]);
    expect(bitrateIssues({ type: voice, bitrate: null }, tier(0))).toEqual([]);
  });
});

describe('Modify Guild Channel Positions body', () => {
  it('is an array of {id, position??, lock_permissions??, parent_id??}', () => {
    ok(modifyGuildChannelPositionsBody, []);
    ok(modifyGuildChannelPositionsBody, [{ id: ID }]);
    ok(modifyGuildChannelPositionsBody, [{ id: ID, position: 2, lock_permissions: true, parent_id: ID }]);
    ok(modifyGuildChannelPositionsBody, [
      { id: ID, position: null, lock_permissions: null, parent_id: null },
    ]);
    rejected(modifyGuildChannelPositionsBody, [{ position: 1 }], '0.id');
    rejected(modifyGuildChannelPositionsBody, [{ id: ID, position: 1.5 }], '0.position');
    rejected(modifyGuildChannelPositionsBody, { id: ID }, '');
  });
});

describe('widget', () => {
  it('Modify Guild Widget takes the settings attributes', () => {
    ok(modifyGuildWidgetBody, { enabled: true, channel_id: ID });
    ok(modifyGuildWidgetBody, { channel_id: null });
    rejected(modifyGuildWidgetBody, { enabled: 'yes' }, 'enabled');
  });

  it('style: every widget style, default shield', () => {
    for (const style of widgetStyles) expect(widgetImageQuery.parse({ style }).style).toBe(style);
    expect(widgetImageQuery.parse({}).style).toBe('shield');
    rejected(widgetImageQuery, { style: 'banner5' }, 'style');
  });

  it(`members: at most ${limits.guild.widgetMembersMax}`, () => {
    const member = (i: number) => ({
      id: String(i),
      username: 'u',
      status: 'online',
      avatar_url: 'https://x/y',
    });
    const w = (n: number) => ({
      id: ID,
      name: 'G',
      channels: [],
      members: Array.from({ length: n }, (_, i) => member(i)),
      presence_count: n,
    });
    ok(widget, w(limits.guild.widgetMembersMax));
    rejected(widget, w(limits.guild.widgetMembersMax + 1), 'members');
  });

  it('vanity URL code is nullable', () => {
    ok(vanityUrl, { code: null, uses: 0 });
    rejected(vanityUrl, { uses: 0 }, 'code');
  });
});

describe('welcome screen', () => {
  const channel = { channel_id: ID, description: 'Say hi', emoji_name: '👋' };
  const max = limits.guild.welcomeChannelsMax;

  it(`welcome_channels: up to ${max}`, () => {
    ok(modifyWelcomeScreenBody, { welcome_channels: Array(max).fill(channel) });
    rejected(modifyWelcomeScreenBody, { welcome_channels: Array(max + 1).fill(channel) }, 'welcome_channels');
    ok(welcomeScreen, { welcome_channels: Array(max).fill(channel) });
    rejected(welcomeScreen, { welcome_channels: Array(max + 1).fill(channel) }, 'welcome_channels');
  });

  it('every field is optional and nullable', () => {
    ok(modifyWelcomeScreenBody, {});
    ok(modifyWelcomeScreenBody, { enabled: null, welcome_channels: null, description: null });
    rejected(
      modifyWelcomeScreenBody,
      { welcome_channels: [{ description: 'x' }] },
      'welcome_channels.0.channel_id',
    );
  });
});

describe('onboarding', () => {
  const min = limits.guild.onboardingMinDefaultChannels;
  const option = (channel_ids: string[]) => ({ title: 'opt', channel_ids });
  const prompt = (channel_ids: string[]) => ({ id: ID, title: 'Q', options: [option(channel_ids)] });

  it(`enabled with ${min - 1} default channels is rejected, ${min} pass`, () => {
    rejected(
      modifyOnboardingBody,
      { enabled: true, mode: 0, default_channel_ids: ids(min - 1) },
      'default_channel_ids',
    );
    ok(modifyOnboardingBody, { enabled: true, mode: 0, default_channel_ids: ids(min) });
  });

  it('applies only when enabled is true and default_channel_ids is given', () => {
    ok(modifyOnboardingBody, { enabled: false, mode: 0, default_channel_ids: ids(1) });
    ok(modifyOnboardingBody, { enabled: true, mode: 0 });
    ok(modifyOnboardingBody, { default_channel_ids: ids(1) });
    ok(modifyOnboardingBody, {});
  });

  it('counts distinct ids', () => {
    const six = ids(min - 1);
    rejected(
      modifyOnboardingBody,
      { enabled: true, mode: 0, default_channel_ids: [...six, six[0]] },
      'default_channel_ids',
    );
  });

  it('ADVANCED counts prompt channels too; DEFAULT does not', () => {
    const defaults = ids(min - 2);
    const extra = ids(3, 1301234567890900000n);
    const body = { enabled: true, default_channel_ids: defaults, prompts: [prompt(extra)] };
    ok(modifyOnboardingBody, { ...body, mode: 1 });
    rejected(modifyOnboardingBody, { ...body, mode: 0 }, 'default_channel_ids');
    // A prompt channel already among the defaults counts once.
    rejected(
      modifyOnboardingBody,
      { ...body, mode: 1, prompts: [prompt([defaults[0] as string, extra[0] as string])] },
      'default_channel_ids',
    );
    expect(
      onboardingCountedChannels({ default_channel_ids: defaults, prompts: [prompt(extra)] }, 1),
    ).toHaveLength(min + 1);
    expect(
      onboardingCountedChannels({ default_channel_ids: defaults, prompts: [prompt(extra)] }, 0),
    ).toHaveLength(min - 2);
  });

  it("uses the guild's mode when the body sets none", () => {
    const body = {
      enabled: true,
      default_channel_ids: ids(min - 1),
      prompts: [prompt(ids(1, 1301234567890900000n))],
    };
    ok(modifyOnboardingBody, body); // context-free: the lenient reading
    expect(onboardingChannelIssues(body, 1)).toEqual([]);
    expect(onboardingChannelIssues(body, 0)).toHaveLength(1);
  });

  it('@everyone must be able to send in 5 of them: 4 is rejected, 5 pass', () => {
    const channels = ids(min);
    const sendable = (n: number) => (id: string) => channels.indexOf(id) < n;
    const body = { enabled: true, mode: 0, default_channel_ids: channels };
    const need = limits.guild.onboardingMinEveryoneSendable;
    const issues = onboardingEveryoneIssues(body, sendable(need - 1));
    expect(issues).toHaveLength(1);
    expect(issues[0]?.path).toEqual(['default_channel_ids']);
    expect(issues[0]?.message).toMatch(/@everyone/);
    expect(onboardingEveryoneIssues(body, sendable(need))).toEqual([]);
    expect(onboardingEveryoneIssues({ ...body, enabled: false }, () => false)).toEqual([]);
  });

  it('prompt and option requests: required fields and enumerations', () => {
    ok(modifyOnboardingBody, { prompts: [{ id: ID, title: 'Q', options: [{ title: 'o' }], type: 1 }] });
    rejected(
      modifyOnboardingBody,
      { prompts: [{ id: ID, title: 'Q', options: [{ title: 'o' }], type: 2 }] },
      'prompts.0.type',
    );
    rejected(modifyOnboardingBody, { prompts: [{ id: ID, options: [] }] }, 'prompts.0.title');
    rejected(
      modifyOnboardingBody,
      { prompts: [{ id: ID, title: 'Q', options: [{}] }] },
      'prompts.0.options.0.title',
    );
    for (const mode of [0, 1]) ok(modifyOnboardingBody, { mode });
    rejected(modifyOnboardingBody, { mode: 2 }, 'mode');
  });
});

describe('incident actions', () => {
  const now = Date.parse('2025-06-01T12:00:00.000Z');
  const at = (ms: number) => new Date(now + ms).toISOString();
  const max = limits.guild.incidentActionsMaxAheadMs;

  it('24 hours ahead passes, 24 hours and 1 second fails', () => {
    for (const field of ['invites_disabled_until', 'dms_disabled_until'] as const) {
      expect(incidentActionsIssues({ [field]: at(max) }, now)).toEqual([]);
      const issues = incidentActionsIssues({ [field]: at(max + 1000) }, now);
      expect(issues).toHaveLength(1);
      expect(issues[0]?.path).toEqual([field]);
      rejected(incidentActionsBodyAt(now), { [field]: at(max + 1000) }, field);
      ok(incidentActionsBodyAt(now), { [field]: at(max) });
    }
  });

  it('null ends an action; timestamps must be ISO8601', () => {
    ok(incidentActionsBodyAt(now), { invites_disabled_until: null, dms_disabled_until: null });
    ok(incidentActionsBody, {});
    rejected(incidentActionsBody, { invites_disabled_until: 'tomorrow' }, 'invites_disabled_until');
  });
});

describe('integration', () => {
  it('requires id, name, type, enabled and account', () => {
    const base = { id: ID, name: 'bot', type: 'discord', enabled: true, account: { id: ID, name: 'bot' } };
    ok(integration, base);
    for (const field of Object.keys(base)) {
      const { [field]: _, ...rest } = base as Record<string, unknown>;
      rejected(integration, rest, field);
    }
    rejected(integration, { ...base, account: { id: ID } }, 'account.name');
  });
});

/** paths.md's methods and paths, and the specification's (audit) marks, for the 23 operations. */
const expected: Record<string, [method: string, path: string, audit: boolean]> = {
  getGuild: ['GET', '/guilds/{guild_id}', false],
  getGuildPreview: ['GET', '/guilds/{guild_id}/preview', false],
  modifyGuild: ['PATCH', '/guilds/{guild_id}', true],
  createGuild: ['POST', '/guilds', false],
  getGuildChannels: ['GET', '/guilds/{guild_id}/channels', false],
  createGuildChannel: ['POST', '/guilds/{guild_id}/channels', true],
  modifyGuildChannelPositions: ['PATCH', '/guilds/{guild_id}/channels', false],
  listActiveGuildThreads: ['GET', '/guilds/{guild_id}/threads/active', false],
  getGuildVoiceRegions: ['GET', '/guilds/{guild_id}/regions', false],
  getGuildInvites: ['GET', '/guilds/{guild_id}/invites', false],
  getGuildIntegrations: ['GET', '/guilds/{guild_id}/integrations', false],
  deleteGuildIntegration: ['DELETE', '/guilds/{guild_id}/integrations/{integration_id}', true],
  getGuildWidgetSettings: ['GET', '/guilds/{guild_id}/widget', false],
  modifyGuildWidget: ['PATCH', '/guilds/{guild_id}/widget', true],
  getGuildWidget: ['GET', '/guilds/{guild_id}/widget.json', false],
  getGuildWidgetImage: ['GET', '/guilds/{guild_id}/widget.png', false],
  getGuildVanityUrl: ['GET', '/guilds/{guild_id}/vanity-url', false],
  getGuildWelcomeScreen: ['GET', '/guilds/{guild_id}/welcome-screen', false],
  modifyGuildWelcomeScreen: ['PATCH', '/guilds/{guild_id}/welcome-screen', true],
  getGuildOnboarding: ['GET', '/guilds/{guild_id}/onboarding', false],
  modifyGuildOnboarding: ['PUT', '/guilds/{guild_id}/onboarding', true],
  modifyGuildIncidentActions: ['PUT', '/guilds/{guild_id}/incident-actions', false],
  getCurrentUserGuilds: ['GET', '/users/@me/guilds', false],
};

describe('guildRoutes', () => {
  const entries = Object.entries(guildRoutes);

  it('declares exactly the 23 operations, keyed by name', () => {
    expect(Object.keys(guildRoutes).sort()).toEqual(Object.keys(expected).sort());
    expect(entries).toHaveLength(23);
    for (const [key, route] of entries) expect(route.name).toBe(key);
  });

  it("uses paths.md's methods and paths and the specification's (audit) marks", () => {
    for (const [key, route] of entries) {
      expect([route.method, route.path, route.audit], key).toEqual(expected[key]);
      expect(route.area, key).toBe(key === 'getCurrentUserGuilds' ? 'users' : 'guilds');
    }
  });

  it('declares a params key for every placeholder', () => {
    for (const [key, route] of entries) {
      expect(Object.keys(route.params.shape).sort(), key).toEqual(pathParams(route.path).sort());
    }
  });

  it('is idempotent exactly for GET, PUT and DELETE', () => {
    for (const [key, route] of entries) {
      expect(route.idempotent, key).toBe(['GET', 'PUT', 'DELETE'].includes(route.method));
    }
  });

  it('takes a bot token, except the public widget routes and Current User Guilds', () => {
    for (const [key, route] of entries) {
      const auth = ['getGuildWidget', 'getGuildWidgetImage'].includes(key)
        ? 'none'
        : key === 'getCurrentUserGuilds'
          ? 'either'
          : 'bot';
      expect(route.auth, key).toBe(auth);
    }
    expect(guildRoutes.getCurrentUserGuilds.scopes).toEqual(['guilds']);
  });

  it('states the permissions of the Guilds table', () => {
    const rules: Record<string, PermissionRule | undefined> = Object.fromEntries(
      entries.map(([key, r]) => [key, 'permissions' in r ? r.permissions : undefined]),
    );
    for (const key of [
      'modifyGuild',
      'getGuildIntegrations',
      'deleteGuildIntegration',
      'getGuildWidgetSettings',
      'modifyGuildWidget',
      'getGuildVanityUrl',
      'modifyGuildWelcomeScreen',
      'modifyGuildIncidentActions',
    ]) {
      expect(rules[key]?.allOf, key).toEqual(['MANAGE_GUILD']);
    }
    expect(rules.createGuildChannel?.allOf).toEqual(['MANAGE_CHANNELS']);
    expect(rules.modifyGuildChannelPositions?.allOf).toEqual(['MANAGE_CHANNELS']);
    expect(rules.modifyGuildOnboarding?.allOf).toEqual(['MANAGE_GUILD', 'MANAGE_ROLES']);
    expect(rules.getGuildInvites?.anyOf).toEqual(['MANAGE_GUILD', 'VIEW_AUDIT_LOG']);
    expect(rules.getGuildWelcomeScreen?.allOf).toBeUndefined();
    expect(rules.getGuildWelcomeScreen?.note).toBe('MANAGE_GUILD when the welcome screen is not enabled');
    expect(rules.getGuildPreview?.note).toMatch(/discoverable/);
    for (const key of [
      'getGuild',
      'getGuildChannels',
      'listActiveGuildThreads',
      'getGuildVoiceRegions',
      'getGuildWidget',
      'getGuildWidgetImage',
      'getGuildOnboarding',
      'getCurrentUserGuilds',
    ]) {
      expect(rules[key], key).toBeUndefined();
    }
  });

  it('marks statuses, answer kinds and the removed Create Guild', () => {
    expect(guildRoutes.createGuild.removed).toMatch(/no longer available to applications/);
    expect(guildRoutes.createGuildChannel.status).toBe(201);
    expect(guildRoutes.getGuildWidgetImage.responseKind).toBe('png');
    for (const [key, route] of entries) {
      if (key !== 'createGuild') expect('removed' in route, key).toBe(false);
      if (route.responseKind === 'empty') expect(route.status, key).toBe(204);
      else if (route.responseKind === 'json') expect('response' in route, key).toBe(true);
    }
    expect(
      entries
        .filter(([, r]) => r.responseKind === 'empty')
        .map(([k]) => k)
        .sort(),
    ).toEqual(['deleteGuildIntegration', 'modifyGuildChannelPositions']);
  });
});

describe('guild samples', () => {
  it('cover every route: requests for JSON bodies, answers for JSON answers', () => {
    expect(Object.keys(guildSamples).sort()).toEqual(Object.keys(guildRoutes).sort());
    for (const [key, route] of Object.entries(guildRoutes)) {
      const samples = guildSamples[key] ?? {};
      expect((samples.request ?? []).length > 0, key).toBe('body' in route);
      expect((samples.response ?? []).length > 0, key).toBe(route.responseKind === 'json');
    }
  });

  for (const [key, route] of Object.entries(guildRoutes)) {
    const samples = guildSamples[key] ?? {};
    const status = Array.isArray(route.status) ? route.status[0] : route.status;
    // Create Guild is absent from the document (removed for applications).
    const documented = key !== 'createGuild';
    (samples.request ?? []).forEach((sample, i) => {
      it(`${key}: request sample ${i} passes our schema and the OpenAPI document`, () => {
        if ('body' in route) ok(route.body, sample);
        if (documented) expectRequestConforms(route.method, route.path, sample);
      });
    });
    (samples.response ?? []).forEach((sample, i) => {
      it(`${key}: response sample ${i} passes our schema and the OpenAPI document`, () => {
        if ('response' in route) ok(route.response, sample);
        if (documented) expectConforms(route.method, route.path, { status, body: sample });
      });
    });
  }
});
