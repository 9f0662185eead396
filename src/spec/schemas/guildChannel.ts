/**
 * Requests of Create Guild Channel and Modify Guild Channel Positions. The body schema checks every
 * rule of the specification's Create Guild Channel table, including the "Applies to" column;
 * {@link bitrateIssues} adds the bitrate ceiling that depends on the guild's boost tier.
 */
import * as z from 'zod/mini';
import { ChannelType } from '../flags.js';
import { limits, maxBitrate } from '../limits.js';
import { permissionString, snowflake } from './common.js';

/*
 * Platform enumerations the specification names only as "integer". Pending entries in flags.ts
 * (VideoQualityMode, SortOrderType, ForumLayoutType) and limits.ts (autoArchiveDurations).
 */
const videoQualityModes = [1, 2] as const; // AUTO, FULL
const sortOrders = [0, 1] as const; // LATEST_ACTIVITY, CREATION_DATE
const forumLayouts = [0, 1, 2] as const; // NOT_SET, LIST_VIEW, GALLERY_VIEW
const autoArchiveDurations = [60, 1440, 4320, 10080] as const; // minutes

/** The channel types Create Guild Channel makes, by the specification's "Applies to" names. */
export const creatableChannelTypes = {
  text: ChannelType.GUILD_TEXT,
  voice: ChannelType.GUILD_VOICE,
  category: ChannelType.GUILD_CATEGORY,
  announcement: ChannelType.GUILD_ANNOUNCEMENT,
  stage: ChannelType.GUILD_STAGE_VOICE,
  forum: ChannelType.GUILD_FORUM,
  media: ChannelType.GUILD_MEDIA,
} as const;
/** A channel type's "Applies to" name. */
export type CreatableChannelKind = keyof typeof creatableChannelTypes;

const kindByType = new Map<number, CreatableChannelKind>(
  Object.entries(creatableChannelTypes).map(([kind, type]) => [type, kind as CreatableChannelKind]),
);

/**
 * The specification's "Applies to" column for the fields that do not apply to every type (name,
 * type, position and permission_overwrites apply to all).
 */
export const createChannelFieldTypes = {
  topic: ['text', 'announcement', 'forum', 'media'],
  bitrate: ['voice', 'stage'],
  user_limit: ['voice', 'stage'],
  rate_limit_per_user: ['text', 'voice', 'stage', 'forum', 'media'],
  parent_id: ['text', 'voice', 'announcement', 'stage', 'forum', 'media'],
  nsfw: ['text', 'voice', 'announcement', 'stage', 'forum'],
  rtc_region: ['voice', 'stage'],
  video_quality_mode: ['voice', 'stage'],
  default_auto_archive_duration: ['text', 'announcement', 'forum', 'media'],
  default_reaction_emoji: ['forum', 'media'],
  available_tags: ['forum', 'media'],
  default_sort_order: ['forum', 'media'],
  default_forum_layout: ['forum'],
  default_thread_rate_limit_per_user: ['text', 'announcement', 'forum', 'media'],
} as const satisfies Record<string, readonly CreatableChannelKind[]>;

function oneOf<T extends readonly number[]>(field: string, values: T) {
  return z
    .number()
    .check(z.int())
    .check(z.refine((v) => values.includes(v), { message: `${field} must be one of ${values.join(', ')}` }));
}

function slowmode(field: string) {
  return z
    .number()
    .check(z.int())
    .check(z.minimum(0, { message: `${field} must be 0-${limits.channel.rateLimitPerUserMax} seconds` }))
    .check(
      z.maximum(limits.channel.rateLimitPerUserMax, {
        message: `${field} must be 0-${limits.channel.rateLimitPerUserMax} seconds`,
      }),
    );
}

/** A permission bitfield in an overwrite: the decimal string, or the integer some clients send. */
const overwriteBits = z.union([permissionString, z.number().check(z.int()).check(z.minimum(0))]);

/**
 * A partial overwrite: `id` of a role (type 0) or member (type 1); `allow` and `deny` may be omitted
 * or null and then default to 0. Only permissions the bot holds may be allowed or denied, and
 * MANAGE_ROLES only by guild administrators (checked by the emulator, which knows the bot's
 * permissions).
 */
export const partialOverwrite = z.object({
  id: snowflake,
  type: z.nullish(z.union([z.literal(0), z.literal(1)], { message: 'type must be 0 (role) or 1 (member)' })),
  allow: z.nullish(overwriteBits),
  deny: z.nullish(overwriteBits),
});
/** A partial overwrite. */
export type PartialOverwrite = z.infer<typeof partialOverwrite>;

/** A forum's default reaction: a custom emoji's id or a standard emoji's unicode name. */
export const defaultReactionBody = z.object({
  emoji_id: z.nullish(snowflake),
  emoji_name: z.nullish(z.string()),
});

/** A forum tag to create: `name` required; `moderated` tags need MANAGE_THREADS to apply. */
export const forumTagBody = z.object({
  name: z.string({ message: 'name is required for a tag' }),
  moderated: z.nullish(z.boolean()),
  emoji_id: z.nullish(snowflake),
  emoji_name: z.nullish(z.string()),
});

const channelNameMessage = `name must be ${limits.channel.nameMinLength}-${limits.channel.nameMaxLength} characters`;

/** The fields of Create Guild Channel, before the per-type rule. */
const createGuildChannelFields = z.object({
  name: z
    .string({
      message: `name is required (${limits.channel.nameMinLength}-${limits.channel.nameMaxLength} characters)`,
    })
    .check(z.minLength(limits.channel.nameMinLength, { message: channelNameMessage }))
    .check(z.maxLength(limits.channel.nameMaxLength, { message: channelNameMessage })),
  type: z.nullish(
    z
      .number()
      .check(z.int())
      .check(
        z.refine((v) => kindByType.has(v), {
          message: `type must be a creatable channel type: ${Object.entries(creatableChannelTypes)
            .map(([k, v]) => `${v} (${k})`)
            .join(', ')}`,
        }),
      ),
  ),
  topic: z.nullish(
    z.string().check(
      z.maxLength(limits.channel.topicMaxLength, {
        message: `topic must be 0-${limits.channel.topicMaxLength} characters`,
      }),
    ),
  ),
  bitrate: z.nullish(
    z
      .number()
      .check(z.int())
      .check(
        z.minimum(limits.channel.bitrateMin, {
          message: `bitrate must be at least ${limits.channel.bitrateMin}`,
        }),
      )
      .check(
        z.maximum(maxBitrate('voice', 3, true), {
          message: `bitrate must be at most ${maxBitrate('voice', 3, true)} (the highest any guild may use)`,
        }),
      ),
  ),
  user_limit: z.nullish(
    z
      .number()
      .check(z.int())
      .check(z.minimum(0, { message: 'user_limit must not be negative' })),
  ),
  rate_limit_per_user: z.nullish(slowmode('rate_limit_per_user')),
  /** Equal positions sort by id. */
  position: z.nullish(
    z
      .number()
      .check(z.int())
      .check(z.minimum(0, { message: 'position must not be negative' })),
  ),
  permission_overwrites: z.nullish(z.array(partialOverwrite)),
  parent_id: z.nullish(snowflake),
  nsfw: z.nullish(z.boolean()),
  /** Null: automatic. */
  rtc_region: z.nullish(z.string()),
  video_quality_mode: z.nullish(oneOf('video_quality_mode', videoQualityModes)),
  /** Minutes. */
  default_auto_archive_duration: z.nullish(oneOf('default_auto_archive_duration', autoArchiveDurations)),
  default_reaction_emoji: z.nullish(defaultReactionBody),
  available_tags: z.nullish(z.array(forumTagBody)),
  default_sort_order: z.nullish(oneOf('default_sort_order', sortOrders)),
  default_forum_layout: z.nullish(oneOf('default_forum_layout', forumLayouts)),
  /** Copied to new threads at creation, not live. */
  default_thread_rate_limit_per_user: z.nullish(slowmode('default_thread_rate_limit_per_user')),
});

/**
 * Create Guild Channel body: only `name` (1-100 characters) is required; every other field is
 * optional and nullable. `type` defaults to text (0). A field given (non-null) for a type its
 * "Applies to" column excludes is rejected (a topic on a voice channel, say). Bitrate is 8000 to
 * 384000 here, 64000 at most for stage; the boost-tier ceiling is {@link bitrateIssues}.
 */
export const createGuildChannelBody = createGuildChannelFields.check(
  z.superRefine((body, ctx) => {
    const type = body.type ?? ChannelType.GUILD_TEXT;
    const kind = kindByType.get(type);
    if (kind === undefined) return; // the type itself is already reported
    for (const [field, kinds] of Object.entries(createChannelFieldTypes)) {
      const value = body[field as keyof typeof body];
      if (value === undefined || value === null) continue;
      if (!(kinds as readonly string[]).includes(kind)) {
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: `${field} does not apply to ${kind} channels (type ${type}); it applies to ${kinds.join(', ')}`,
          input: value,
        });
      }
    }
    const stageMax = maxBitrate('stage', 0);
    if (kind === 'stage' && typeof body.bitrate === 'number' && body.bitrate > stageMax) {
      ctx.addIssue({
        code: 'custom',
        path: ['bitrate'],
        message: `bitrate of a stage channel must be at most ${stageMax}`,
        input: body.bitrate,
      });
    }
  }),
);
/** Create Guild Channel body. */
export type CreateGuildChannelBody = z.infer<typeof createGuildChannelBody>;

/**
 * The bitrate ceiling of Create Guild Channel, which depends on the guild: voice 96000, 128000 at
 * boost tier 1, 256000 at tier 2, 384000 at tier 3 or with VIP_REGIONS; stage 64000. Returns
 * zod-style issues, empty when the body passes (or sets no bitrate, or is not voice or stage).
 */
export function bitrateIssues(
  body: Pick<CreateGuildChannelBody, 'type' | 'bitrate'>,
  guild: { readonly premium_tier: number; readonly features: readonly string[] },
): z.core.$ZodIssueCustom[] {
  const bitrate = body.bitrate;
  if (bitrate === undefined || bitrate === null) return [];
  const kind =
    body.type === ChannelType.GUILD_VOICE
      ? 'voice'
      : body.type === ChannelType.GUILD_STAGE_VOICE
        ? 'stage'
        : null;
  if (kind === null) return [];
  const vip = guild.features.includes('VIP_REGIONS');
  const max = maxBitrate(kind, guild.premium_tier, vip);
  if (bitrate <= max) return [];
  const why =
    kind === 'stage'
      ? 'for a stage channel'
      : vip
        ? 'with VIP_REGIONS'
        : `at boost tier ${guild.premium_tier}`;
  return [
    { code: 'custom', path: ['bitrate'], message: `bitrate must be at most ${max} ${why}`, input: bitrate },
  ];
}

/**
 * One entry of Modify Guild Channel Positions: the channel `id` and what changes. `lock_permissions`
 * syncs the overwrites with the new parent when moving to another category.
 */
export const channelPositionBody = z.object({
  id: snowflake,
  /** Equal positions sort by id. */
  position: z.nullish(
    z
      .number()
      .check(z.int())
      .check(z.minimum(0, { message: 'position must not be negative' })),
  ),
  lock_permissions: z.nullish(z.boolean()),
  parent_id: z.nullish(snowflake),
});
/** One channel position entry. */
export type ChannelPositionBody = z.infer<typeof channelPositionBody>;

/**
 * Modify Guild Channel Positions body: a JSON array; only the channels to change need be listed.
 * Answers 204 and emits one Channel Update per changed channel.
 */
export const modifyGuildChannelPositionsBody = z.array(channelPositionBody);
/** Modify Guild Channel Positions body. */
export type ModifyGuildChannelPositionsBody = z.infer<typeof modifyGuildChannelPositionsBody>;
