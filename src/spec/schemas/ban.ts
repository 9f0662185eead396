/** Guild bans: the ban object, the listing query, and the single and bulk ban requests. */
import * as z from 'zod/mini';
import { limits } from '../limits.js';
import { coercedNumber } from '../zodParts.js';
import { responseObject } from './common.js';
import { snowflake } from './common.js';
import { user } from './user.js';

/**
 * A ban: the banned user and the reason given. The specification writes `reason?`; the OpenAPI
 * document and the wire send `null` when no reason was given, so both readings pass.
 */
export const ban = responseObject({
  reason: z.nullish(z.string()),
  user,
});
/** A ban. */
export type Ban = z.infer<typeof ban>;

/**
 * Get Guild Bans query: `limit` up to 1000 (default 1000); `before` and `after` user ids. Bans come
 * ascending by user id; when both cursors are given only `before` is used.
 */
export const getGuildBansQuery = z.object({
  limit: z._default(
    coercedNumber({ message: 'limit must be an integer' })
      .check(z.int({ message: 'limit must be an integer' }))
      .check(z.positive({ message: 'limit must be at least 1' }))
      .check(
        z.maximum(limits.ban.listLimitMax, { message: `limit must be at most ${limits.ban.listLimitMax}` }),
      ),
    limits.ban.listLimitDefault,
  ),
  before: z.optional(snowflake),
  after: z.optional(snowflake),
});
/** Get Guild Bans query (as sent). */
export type GetGuildBansQuery = z.input<typeof getGuildBansQuery>;

/** `delete_message_seconds`: how much of the user's recent message history to delete, 0-604800 s. */
const deleteMessageSeconds = z
  .number()
  .check(z.int({ message: 'delete_message_seconds must be an integer' }))
  .check(z.nonnegative({ message: 'delete_message_seconds must be at least 0' }))
  .check(
    z.maximum(limits.ban.deleteMessageSecondsMax, {
      message: `delete_message_seconds must be at most ${limits.ban.deleteMessageSecondsMax} (7 days)`,
    }),
  );

/**
 * Create Guild Ban body: `delete_message_seconds` 0-604800 (default 0), or the deprecated
 * `delete_message_days` 0-7 (default 0).
 */
export const createGuildBanBody = z.object({
  /** @deprecated Use `delete_message_seconds`. */
  delete_message_days: z.nullish(
    z
      .number()
      .check(z.int({ message: 'delete_message_days must be an integer' }))
      .check(z.nonnegative({ message: 'delete_message_days must be at least 0' }))
      .check(
        z.maximum(limits.ban.deleteMessageDaysMax, {
          message: `delete_message_days must be at most ${limits.ban.deleteMessageDaysMax}`,
        }),
      ),
  ),
  delete_message_seconds: z.nullish(deleteMessageSeconds),
});
/** Create Guild Ban body. */
export type CreateGuildBanBody = z.infer<typeof createGuildBanBody>;

/** Bulk Guild Ban body: `user_ids` (1 to 200, required) and `delete_message_seconds` 0-604800. */
export const bulkGuildBanBody = z.object({
  user_ids: z
    .array(snowflake, { message: 'user_ids is required (an array of user ids)' })
    .check(z.minLength(1, { message: 'user_ids must name at least one user' }))
    .check(
      z.maxLength(limits.ban.bulkMaxUsers, {
        message: `user_ids must name at most ${limits.ban.bulkMaxUsers} users`,
      }),
    ),
  delete_message_seconds: z.nullish(deleteMessageSeconds),
});
/** Bulk Guild Ban body. */
export type BulkGuildBanBody = z.infer<typeof bulkGuildBanBody>;

/**
 * Bulk Guild Ban answer: who was banned, and who was not (failed, or already banned). When nobody
 * can be banned the platform answers error 500000 instead.
 */
export const bulkBanResponse = responseObject({
  banned_users: z.array(snowflake),
  failed_users: z.array(snowflake),
});
/** Bulk Guild Ban answer. */
export type BulkBanResponse = z.infer<typeof bulkBanResponse>;
