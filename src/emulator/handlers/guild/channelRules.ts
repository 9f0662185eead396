/**
 * The platform's rules for a guild's channels: Create Guild Channel (bitrate ceiling by boost tier,
 * parent category, overwrites limited to the caller's own permissions, MANAGE_ROLES in overwrites
 * only for administrators), Modify Guild Channel Positions (positions, parents, permission sync),
 * channel order, active threads and voice regions.
 *
 * Choices where the specification names no status:
 * - a parent that is not a category of the guild, a position entry naming no channel of the guild,
 *   or an overwrite naming no role or member, is 400 50035 on that field;
 * - an overwrite allowing or denying a permission the caller lacks is 403 50013.
 */
import { ChannelType } from '../../../spec/flags.js';
import { Permissions } from '../../../spec/permissions.js';
import {
  bitrateIssues,
  type ChannelPositionBody,
  type CreateGuildChannelBody,
} from '../../../spec/schemas/guildChannel.js';
import { PlatformError, type FieldError } from '../../PlatformError.js';
import type { ChannelRecord, GuildRecord, OverwriteRecord } from '../../world/guildRecords.js';
import { compareIds, isThread, renderChannel } from '../../world/renderGuild.js';
import { toIso } from '../../world/time.js';
import { type Actor, isAdministrator } from '../access.js';
import { recordAudit } from '../recordAudit.js';
import { throwFieldErrors } from './guildRules.js';

/** The default bitrate of a new voice or stage channel. */
const DEFAULT_BITRATE = 64_000;

/** Channels sort by position; equal positions sort by id. */
export function byPosition(a: ChannelRecord, b: ChannelRecord): number {
  return a.position - b.position || compareIds(a.id, b.id);
}

/** Get Guild Channels: every channel but threads, in display order. */
export function guildChannels(guild: GuildRecord): Record<string, unknown>[] {
  return [...guild.channels.values()]
    .filter((c) => !isThread(c))
    .sort(byPosition)
    .map(renderChannel);
}

function bitsOf(value: string | number | null | undefined): bigint {
  if (value === null || value === undefined) return 0n;
  return BigInt(value);
}

/** Turns request overwrites into records: type inferred (role, else member) when absent. */
function overwriteRecords(
  actor: Actor,
  input: NonNullable<CreateGuildChannelBody['permission_overwrites']>,
): OverwriteRecord[] {
  const { guild } = actor;
  const errors: FieldError[] = [];
  const records: OverwriteRecord[] = [];
  input.forEach((entry, index) => {
    const type = entry.type ?? (guild.roles.has(entry.id) ? 0 : 1);
    const known = type === 0 ? guild.roles.has(entry.id) : guild.members.has(entry.id);
    if (!known) {
      errors.push({
        path: ['permission_overwrites', index, 'id'],
        code: type === 0 ? 'UNKNOWN_ROLE' : 'UNKNOWN_MEMBER',
        message: type === 0 ? 'Unknown role.' : 'Unknown member.',
      });
      return;
    }
    records.push({
      id: entry.id,
      type,
      allow: String(bitsOf(entry.allow)),
      deny: String(bitsOf(entry.deny)),
    });
  });
  throwFieldErrors(errors);
  // The caller may only allow or deny what it holds itself; MANAGE_ROLES only as an administrator.
  const held = actor.permissions;
  const admin = isAdministrator(actor);
  for (const record of records) {
    const asked = BigInt(record.allow) | BigInt(record.deny);
    if ((asked & ~held) !== 0n) throw PlatformError.missingPermissions();
    if ((asked & Permissions.MANAGE_ROLES) !== 0n && !admin) throw PlatformError.missingPermissions();
  }
  return records;
}

/** A parent id must name a category of the guild. */
function parentIssue(
  guild: GuildRecord,
  parentId: string | null | undefined,
  path: Array<string | number>,
): FieldError | undefined {
  if (parentId === undefined || parentId === null) return undefined;
  const parent = guild.channels.get(parentId);
  if (parent?.type === ChannelType.GUILD_CATEGORY) return undefined;
  return { path, code: 'CHANNEL_PARENT_INVALID', message: 'Must be a category channel of this guild.' };
}

/**
 * Create Guild Channel: the new channel (CHANNEL_CREATE is emitted by the store) and its audit-log
 * entry. Checks the bitrate ceiling of the guild's boost tier, the parent category and the overwrites.
 */
export function createGuildChannel(actor: Actor, body: CreateGuildChannelBody): ChannelRecord {
  const { guild } = actor;
  const type = body.type ?? ChannelType.GUILD_TEXT;
  const errors: FieldError[] = bitrateIssues({ type, bitrate: body.bitrate }, guild).map((issue) => ({
    path: issue.path ?? ['bitrate'],
    code: 'BITRATE_TOO_HIGH',
    message: issue.message ?? 'bitrate too high',
  }));
  const parent =
    type === ChannelType.GUILD_CATEGORY ? undefined : parentIssue(guild, body.parent_id, ['parent_id']);
  if (parent) errors.push(parent);
  throwFieldErrors(errors);
  const overwrites = overwriteRecords(actor, body.permission_overwrites ?? []);

  const voice = type === ChannelType.GUILD_VOICE || type === ChannelType.GUILD_STAGE_VOICE;
  const extra: Record<string, unknown> = {};
  if (body.available_tags != null) {
    extra.available_tags = body.available_tags.map((tag) => ({
      id: actor.world.ids.next(),
      name: tag.name,
      moderated: tag.moderated ?? false,
      emoji_id: tag.emoji_id ?? null,
      emoji_name: tag.emoji_name ?? null,
    }));
  }
  if (body.default_reaction_emoji != null) {
    extra.default_reaction_emoji = {
      emoji_id: body.default_reaction_emoji.emoji_id ?? null,
      emoji_name: body.default_reaction_emoji.emoji_name ?? null,
    };
  }
  if (body.default_sort_order != null) extra.default_sort_order = body.default_sort_order;
  if (body.default_forum_layout != null) extra.default_forum_layout = body.default_forum_layout;

  const channel = actor.world.guilds.createChannel(guild, {
    name: body.name,
    type,
    ...(body.position == null ? {} : { position: body.position }),
    permission_overwrites: overwrites,
    topic: body.topic ?? null,
    nsfw: body.nsfw ?? false,
    bitrate: voice ? (body.bitrate ?? DEFAULT_BITRATE) : null,
    user_limit: voice ? (body.user_limit ?? 0) : null,
    rate_limit_per_user: body.rate_limit_per_user ?? 0,
    parent_id: type === ChannelType.GUILD_CATEGORY ? null : (body.parent_id ?? null),
    rtc_region: body.rtc_region ?? null,
    video_quality_mode: voice ? (body.video_quality_mode ?? 1) : null,
    default_auto_archive_duration: body.default_auto_archive_duration ?? null,
    default_thread_rate_limit_per_user: body.default_thread_rate_limit_per_user ?? null,
    extra,
  });
  recordAudit(actor, 'CHANNEL_CREATE', channel.id, {
    changes: [
      { key: 'name', new_value: channel.name },
      { key: 'type', new_value: channel.type },
    ],
  });
  return channel;
}

/**
 * Modify Guild Channel Positions: moves the listed channels (position, parent, and with
 * `lock_permissions` the new parent's overwrites) and emits one CHANNEL_UPDATE per changed channel.
 * Every entry is checked before anything changes.
 */
export function modifyChannelPositions(actor: Actor, entries: readonly ChannelPositionBody[]): void {
  const { guild } = actor;
  const errors: FieldError[] = [];
  entries.forEach((entry, index) => {
    const channel = guild.channels.get(entry.id);
    if (!channel || isThread(channel)) {
      errors.push({
        path: [index, 'id'],
        code: 'CHANNEL_INVALID',
        message: 'Unknown channel of this guild.',
      });
      return;
    }
    if (entry.parent_id !== undefined && entry.parent_id !== null) {
      const issue =
        channel.type === ChannelType.GUILD_CATEGORY
          ? {
              path: [index, 'parent_id'],
              code: 'CHANNEL_PARENT_INVALID',
              message: 'A category has no parent.',
            }
          : parentIssue(guild, entry.parent_id, [index, 'parent_id']);
      if (issue) errors.push(issue);
    }
  });
  throwFieldErrors(errors);

  const changed = new Set<ChannelRecord>();
  for (const entry of entries) {
    const channel = guild.channels.get(entry.id) as ChannelRecord;
    if (entry.position !== undefined && entry.position !== null && entry.position !== channel.position) {
      channel.position = entry.position;
      changed.add(channel);
    }
    if (entry.parent_id !== undefined && entry.parent_id !== channel.parent_id) {
      channel.parent_id = entry.parent_id;
      changed.add(channel);
      if (entry.lock_permissions === true && entry.parent_id !== null) {
        const parent = guild.channels.get(entry.parent_id) as ChannelRecord;
        channel.permission_overwrites = parent.permission_overwrites.map((o) => ({ ...o }));
      }
    }
  }
  for (const channel of [...changed].sort(byPosition)) {
    actor.world.emit('CHANNEL_UPDATE', renderChannel(channel), guild.id);
  }
}

/**
 * List Active Guild Threads: unarchived threads by id descending, and the caller's thread
 * memberships in them.
 */
export function activeThreads(actor: Actor): Record<string, unknown> {
  const { guild } = actor;
  const userId = actor.userId;
  const threads = [...guild.channels.values()]
    .filter((c) => isThread(c) && c.thread_metadata?.archived !== true)
    .sort((a, b) => compareIds(b.id, a.id));
  const members: Record<string, unknown>[] = [];
  for (const thread of threads) {
    const member = thread.thread_members.get(userId);
    if (member) {
      members.push({
        id: thread.id,
        user_id: member.user_id,
        join_timestamp: toIso(member.join_timestamp),
        flags: member.flags,
      });
    }
  }
  return { threads: threads.map(renderChannel), members, has_more: false };
}

/** The voice regions every guild sees; VIP regions join them for guilds with VIP_REGIONS. */
const standardRegions = [
  ['us-east', 'US East'],
  ['us-central', 'US Central'],
  ['us-west', 'US West'],
  ['us-south', 'US South'],
  ['rotterdam', 'Rotterdam'],
  ['singapore', 'Singapore'],
  ['japan', 'Japan'],
  ['brazil', 'Brazil'],
  ['sydney', 'Sydney'],
] as const;
const vipRegions = [
  ['vip-us-east', 'VIP US East'],
  ['vip-us-west', 'VIP US West'],
  ['vip-amsterdam', 'VIP Amsterdam'],
] as const;

/** Get Guild Voice Regions: the standard regions, plus VIP ones for VIP-enabled guilds. */
export function voiceRegions(guild: GuildRecord): Record<string, unknown>[] {
  const vip = guild.features.includes('VIP_REGIONS');
  return [...standardRegions, ...(vip ? vipRegions : [])].map(([id, name], index) => ({
    id,
    name,
    optimal: index === 0,
    deprecated: false,
    custom: false,
  }));
}
