/**
 * The platform's rules for the guild itself: Modify Guild (channel references, mutable features and
 * the permission each needs, image features, locale), Get Guild Preview's visibility, Current User
 * Guilds paging, and the guild object as these operations answer with it.
 *
 * Choices where the specification names no status or requirement:
 * - a channel field naming no channel of the guild, or one of the wrong type, is 400 50035 on that field;
 * - "the guild must pass all discovery requirements" means: COMMUNITY is (or becomes) on and the guild
 *   has a description; failing them is 400 50035 on `features`;
 * - an image needing a feature the guild lacks is 400 50035 on the image's field;
 * - features the platform does not let clients change are kept as they are, whatever the body says.
 */
import { ChannelType } from '../../../spec/flags.js';
import { type PermissionName, Permissions } from '../../../spec/permissions.js';
import { featureChangeIssues, type ModifyGuildBody } from '../../../spec/schemas/guild.js';
import { type FieldError, fieldErrorTree, PlatformError } from '../../PlatformError.js';
import { ALL_PERMISSIONS, computeBasePermissions } from '../../permissions/computePermissions.js';
import type { GuildRecord, MemberRecord } from '../../world/guildRecords.js';
import { presenceCount } from '../../world/presence.js';
import { compareIds, renderGuild } from '../../world/renderGuild.js';
import type { World } from '../../world/World.js';
import { type Actor, holds } from '../access.js';
import { imageHash } from '../imageHash.js';
import type { AuditChange } from '../recordAudit.js';

/** The locales the platform accepts for `preferred_locale`. */
export const platformLocales: readonly string[] = [
  'id',
  'da',
  'de',
  'en-GB',
  'en-US',
  'es-ES',
  'es-419',
  'fr',
  'hr',
  'it',
  'lt',
  'hu',
  'nl',
  'no',
  'pl',
  'pt-BR',
  'ro',
  'fi',
  'sv-SE',
  'vi',
  'tr',
  'cs',
  'el',
  'bg',
  'ru',
  'uk',
  'hi',
  'th',
  'zh-CN',
  'ja',
  'zh-TW',
  'ko',
  'ar',
  'he',
];

/** Throws one 400 50035 naming every field in `errors`; does nothing when there are none. */
export function throwFieldErrors(errors: readonly FieldError[]): void {
  if (errors.length > 0) throw PlatformError.invalidForm(fieldErrorTree(errors));
}

/** Every permission bit the platform defines (what an owner's or administrator's total shows). */
const KNOWN_PERMISSIONS: bigint = Object.values(Permissions).reduce((a, b) => a | b, 0n);

/**
 * The "total permissions of the user in the guild, excluding overwrites" as Current User Guilds
 * shows them: for owners and administrators every defined bit, not the 64-bit mask the checks use.
 */
function displayedPermissions(guild: GuildRecord, member: MemberRecord, now: number): string {
  const bits = computeBasePermissions(guild, member, now);
  return String(bits === ALL_PERMISSIONS ? KNOWN_PERMISSIONS : bits);
}

/**
 * The guild object of Get Guild, Modify Guild and GUILD_UPDATE; with `withCounts`, its member count
 * and its non-offline members (world/presence.ts).
 */
export function guildWire(world: World, guild: GuildRecord, withCounts = false): Record<string, unknown> {
  return renderGuild(guild, withCounts ? { withCounts, presenceCount: presenceCount(world, guild) } : {});
}

/** Emits GUILD_UPDATE with the guild object. */
export function emitGuildUpdate(world: World, guild: GuildRecord): void {
  world.emit('GUILD_UPDATE', guildWire(world, guild), guild.id);
}

/** The channel types each channel field of Modify Guild accepts. */
const channelFieldTypes = {
  afk_channel_id: [ChannelType.GUILD_VOICE],
  system_channel_id: [ChannelType.GUILD_TEXT],
  rules_channel_id: [ChannelType.GUILD_TEXT],
  public_updates_channel_id: [ChannelType.GUILD_TEXT],
  safety_alerts_channel_id: [ChannelType.GUILD_TEXT],
} as const;

/** Image fields of Modify Guild and the feature each needs (icon needs one only when animated). */
const imageFeatures = {
  icon: { still: null, animated: 'ANIMATED_ICON' },
  splash: { still: 'INVITE_SPLASH', animated: 'INVITE_SPLASH' },
  discovery_splash: { still: 'DISCOVERABLE', animated: 'DISCOVERABLE' },
  banner: { still: 'BANNER', animated: 'ANIMATED_BANNER' },
} as const;

/** The features a Modify Guild `features` list leads to: mutable ones as asked, others unchanged. */
function nextFeatures(current: readonly string[], requested: readonly string[]): string[] {
  const changes = featureChangeIssues(current, requested);
  const next = new Set(current);
  for (const change of changes) {
    if (change.change === 'added') next.add(change.feature);
    else next.delete(change.feature);
  }
  return [...next];
}

/**
 * Modify Guild: applies the body after every check. Each changed mutable feature needs its own
 * permission (403 50013); channel, image, locale and discovery rules answer 400 50035. Returns the
 * audit-log changes (empty when nothing changed).
 */
export function modifyGuild(actor: Actor, body: ModifyGuildBody): AuditChange[] {
  const { guild } = actor;
  const features =
    body.features === undefined || body.features === null
      ? guild.features
      : nextFeatures(guild.features, body.features);
  for (const change of featureChangeIssues(guild.features, features)) {
    if (!holds(actor, change.permission as PermissionName)) throw PlatformError.missingPermissions();
  }

  const errors: FieldError[] = [];
  for (const [field, types] of Object.entries(channelFieldTypes) as [
    keyof typeof channelFieldTypes,
    readonly number[],
  ][]) {
    const id = body[field];
    if (id === undefined || id === null) continue;
    const channel = guild.channels.get(id);
    if (!channel) errors.push({ path: [field], code: 'CHANNEL_INVALID', message: 'Unknown channel.' });
    else if (!types.includes(channel.type))
      errors.push({
        path: [field],
        code: 'CHANNEL_TYPE_INVALID',
        message: `Must be a channel of type ${types.join(' or ')}.`,
      });
  }
  for (const [field, needs] of Object.entries(imageFeatures) as [
    keyof typeof imageFeatures,
    { still: string | null; animated: string },
  ][]) {
    const data = body[field];
    if (typeof data !== 'string') continue;
    const feature = data.startsWith('data:image/gif') ? needs.animated : needs.still;
    if (feature !== null && !features.includes(feature)) {
      errors.push({
        path: [field],
        code: 'GUILD_FEATURE_REQUIRED',
        message: `The guild needs the ${feature} feature for this image.`,
      });
    }
  }
  if (typeof body.preferred_locale === 'string' && !platformLocales.includes(body.preferred_locale)) {
    errors.push({ path: ['preferred_locale'], code: 'LOCALE_INVALID', message: 'Invalid locale.' });
  }
  if (features.includes('DISCOVERABLE') && !guild.features.includes('DISCOVERABLE')) {
    const description = body.description === undefined ? guild.description : body.description;
    if (!features.includes('COMMUNITY') || !description) {
      errors.push({
        path: ['features'],
        code: 'GUILD_DISCOVERY_REQUIREMENTS',
        message: 'The guild does not meet the discovery requirements (COMMUNITY and a description).',
      });
    }
  }
  throwFieldErrors(errors);

  const changes: AuditChange[] = [];
  const set = <K extends keyof GuildRecord>(key: K, value: GuildRecord[K]): void => {
    const old = guild[key];
    if (JSON.stringify(old) === JSON.stringify(value)) return;
    changes.push({ key, old_value: old, new_value: value });
    guild[key] = value;
  };
  if (body.name !== undefined) set('name', body.name);
  if (body.region !== undefined) set('region', body.region);
  if (body.verification_level !== undefined) set('verification_level', body.verification_level ?? 0);
  if (body.default_message_notifications !== undefined)
    set('default_message_notifications', body.default_message_notifications ?? 0);
  if (body.explicit_content_filter !== undefined)
    set('explicit_content_filter', body.explicit_content_filter ?? 0);
  if (body.afk_timeout !== undefined && body.afk_timeout !== null) set('afk_timeout', body.afk_timeout);
  for (const field of Object.keys(channelFieldTypes) as (keyof typeof channelFieldTypes)[]) {
    const value = body[field];
    if (value !== undefined) set(field, value);
  }
  for (const field of Object.keys(imageFeatures) as (keyof typeof imageFeatures)[]) {
    const value = body[field];
    if (value !== undefined) set(field, value === null ? null : imageHash(value));
  }
  if (body.system_channel_flags !== undefined) set('system_channel_flags', body.system_channel_flags ?? 0);
  if (body.preferred_locale !== undefined) set('preferred_locale', body.preferred_locale ?? 'en-US');
  if (body.description !== undefined) set('description', body.description);
  if (body.premium_progress_bar_enabled !== undefined)
    set('premium_progress_bar_enabled', body.premium_progress_bar_enabled ?? false);
  set('features', features);
  return changes;
}

/**
 * Get Guild Preview: members read it; anyone else only for a discoverable guild (others get 404
 * 10004 Unknown Guild, as if the guild did not exist).
 */
export function previewWire(world: World, guild: GuildRecord): Record<string, unknown> {
  return {
    id: guild.id,
    name: guild.name,
    icon: guild.icon,
    splash: guild.splash,
    discovery_splash: guild.discovery_splash,
    home_header: null,
    emojis: guild.emojis.map((e) => ({ ...e })),
    features: [...guild.features],
    approximate_member_count: guild.members.size,
    approximate_presence_count: presenceCount(world, guild),
    description: guild.description,
    stickers: guild.stickers.map((s) => ({ ...s })),
  };
}

/** Paging of Current User Guilds. */
export interface GuildsPage {
  readonly before?: string | undefined;
  readonly after?: string | undefined;
  readonly limit: number;
  readonly with_counts?: boolean | undefined;
}

/**
 * Current User Guilds: the user's guilds by id ascending, after `after` and before `before`. With
 * only `before`, the page nearest to it (the last `limit` guilds before it), still ascending.
 */
export function currentUserGuilds(world: World, userId: string, page: GuildsPage): Record<string, unknown>[] {
  let guilds = world.guilds
    .guildsOf(userId)
    .sort((a, b) => compareIds(a.id, b.id))
    .filter((g) => page.after === undefined || compareIds(g.id, page.after) > 0)
    .filter((g) => page.before === undefined || compareIds(g.id, page.before) < 0);
  guilds =
    page.before !== undefined && page.after === undefined
      ? guilds.slice(Math.max(0, guilds.length - page.limit))
      : guilds.slice(0, page.limit);
  return guilds.map((guild) => {
    const member = guild.members.get(userId) as MemberRecord;
    const wire: Record<string, unknown> = {
      id: guild.id,
      name: guild.name,
      icon: guild.icon,
      banner: guild.banner,
      owner: guild.owner_id === userId,
      permissions: displayedPermissions(guild, member, world.now()),
      features: [...guild.features],
    };
    if (page.with_counts === true) {
      wire.approximate_member_count = guild.members.size;
      wire.approximate_presence_count = presenceCount(world, guild);
    }
    return wire;
  });
}
