/** Channels, as the platform returns them (requests live beside the routes that take them). */
import * as z from 'zod/mini';
import { flagsInt, permissionString, responseObject, responseTimestamp, snowflake } from './common.js';

/** A permission overwrite on a channel: type 0 is a role, 1 a member. */
export const overwrite = /* @__PURE__ */ responseObject({
  id: snowflake,
  type: z.literal([0, 1]),
  allow: permissionString,
  deny: permissionString,
});
/** A permission overwrite. */
export type Overwrite = z.infer<typeof overwrite>;

/** A thread's metadata. */
export const threadMetadata = /* @__PURE__ */ responseObject({
  archived: z.boolean(),
  auto_archive_duration: z.number().check(z.int()),
  archive_timestamp: responseTimestamp,
  locked: z.boolean(),
  invitable: z.optional(z.boolean()),
  create_timestamp: z.nullish(responseTimestamp),
});

/** A channel (guild channel, thread or lobby-linked channel). Only common fields are checked. */
export const channel = /* @__PURE__ */ responseObject({
  id: snowflake,
  type: z.number().check(z.int()),
  guild_id: z.optional(snowflake),
  position: z.optional(z.number().check(z.int())),
  permission_overwrites: z.optional(z.array(overwrite)),
  name: z.nullish(z.string()),
  topic: z.nullish(z.string()),
  nsfw: z.optional(z.boolean()),
  last_message_id: z.nullish(snowflake),
  bitrate: z.optional(z.number().check(z.int())),
  user_limit: z.optional(z.number().check(z.int())),
  rate_limit_per_user: z.optional(z.number().check(z.int())),
  parent_id: z.nullish(snowflake),
  rtc_region: z.nullish(z.string()),
  video_quality_mode: z.optional(z.number().check(z.int())),
  owner_id: z.optional(snowflake),
  thread_metadata: z.optional(threadMetadata),
  default_auto_archive_duration: z.optional(z.number().check(z.int())),
  default_thread_rate_limit_per_user: z.optional(z.number().check(z.int())),
  flags: z.optional(flagsInt),
});
/** A channel. */
export type Channel = z.infer<typeof channel>;

/** A partial channel (id, name, type and sometimes position), as invites and widgets carry it. */
export const partialChannel = /* @__PURE__ */ responseObject({
  id: snowflake,
  name: z.nullish(z.string()),
  type: z.optional(z.number().check(z.int())),
  position: z.optional(z.number().check(z.int())),
});
/** A partial channel. */
export type PartialChannel = z.infer<typeof partialChannel>;
