/**
 * Requests of the channel operations the specification names beside invites: Set Voice Channel
 * Status, List Thread Members and Get Thread Member.
 */
import * as z from 'zod/mini';
import { limits } from '../limits.js';
import { queryBoolean, queryInt, snowflake } from './common.js';

// limits.ts has the maximum and the default page size of thread members, not the minimum
// (requested as `limits.threadMembers.listLimitMin`).

/**
 * Set Voice Channel Status body: `status`, a short string of at most 500 characters, or null to
 * clear it. Needs SET_VOICE_CHANNEL_STATUS, plus MANAGE_CHANNELS when the bot is not connected to
 * the voice channel.
 */
export const setVoiceChannelStatusBody = z.object({
  status: z.nullable(
    z.string({ message: 'status is required (a string, or null to clear it)' }).check(
      z.maxLength(limits.channel.voiceStatusMaxLength, {
        message: `status must be at most ${limits.channel.voiceStatusMaxLength} characters`,
      }),
    ),
  ),
});
/** Set Voice Channel Status body. */
export type SetVoiceChannelStatusBody = z.infer<typeof setVoiceChannelStatusBody>;

/**
 * List Thread Members query: `with_member` adds each member's guild member object and enables
 * pagination with `after` (a user id) and `limit` (1-100, default 100). From API v11 the results
 * are always paginated.
 */
export const threadMembersQuery = z.object({
  with_member: z.optional(queryBoolean),
  after: z.optional(snowflake),
  limit: z._default(
    queryInt(limits.threadMembers.listLimitMin, limits.threadMembers.listLimitMax),
    limits.threadMembers.listLimitDefault,
  ),
});
/** List Thread Members query (as sent). */
export type ThreadMembersQuery = z.input<typeof threadMembersQuery>;

/** Get Thread Member query: `with_member` adds the guild member object. */
export const threadMemberQuery = z.object({
  with_member: z.optional(queryBoolean),
});
/** Get Thread Member query (as sent). */
export type ThreadMemberQuery = z.input<typeof threadMemberQuery>;
