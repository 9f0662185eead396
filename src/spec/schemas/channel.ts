/** Channels, as the platform returns them (requests live beside the routes that take them). */
import { z } from 'zod';
import { flagsInt, permissionString, responseObject, responseTimestamp, snowflake } from './common.js';

/** A permission overwrite on a channel: type 0 is a role, 1 a member. */
export const overwrite = responseObject({
  id: snowflake,
  type: z.union([z.literal(0), z.literal(1)]),
  allow: permissionString,
  deny: permissionString,
});
/** A permission overwrite. */
export type Overwrite = z.infer<typeof overwrite>;

/** A thread's metadata. */
export const threadMetadata = responseObject({
  archived: z.boolean(),
  auto_archive_duration: z.number().int(),
  archive_timestamp: responseTimestamp,
  locked: z.boolean(),
  invitable: z.boolean().optional(),
  create_timestamp: responseTimestamp.nullish(),
});

/** A channel (guild channel, thread or lobby-linked channel). Only common fields are checked. */
export const channel = responseObject({
  id: snowflake,
  type: z.number().int(),
  guild_id: snowflake.optional(),
  position: z.number().int().optional(),
  permission_overwrites: z.array(overwrite).optional(),
  name: z.string().nullish(),
  topic: z.string().nullish(),
  nsfw: z.boolean().optional(),
  last_message_id: snowflake.nullish(),
  bitrate: z.number().int().optional(),
  user_limit: z.number().int().optional(),
  rate_limit_per_user: z.number().int().optional(),
  parent_id: snowflake.nullish(),
  rtc_region: z.string().nullish(),
  video_quality_mode: z.number().int().optional(),
  owner_id: snowflake.optional(),
  thread_metadata: threadMetadata.optional(),
  default_auto_archive_duration: z.number().int().optional(),
  default_thread_rate_limit_per_user: z.number().int().optional(),
  flags: flagsInt.optional(),
});
/** A channel. */
export type Channel = z.infer<typeof channel>;

/** A partial channel (id, name, type and sometimes position), as invites and widgets carry it. */
export const partialChannel = responseObject({
  id: snowflake,
  name: z.string().nullish(),
  type: z.number().int().optional(),
  position: z.number().int().optional(),
});
/** A partial channel. */
export type PartialChannel = z.infer<typeof partialChannel>;
