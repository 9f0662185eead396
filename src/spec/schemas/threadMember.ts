/** Thread members (List Active Guild Threads, List/Get Thread Member). */
import * as z from 'zod/mini';
import { flagsInt, responseObject, responseTimestamp, snowflake } from './common.js';
import { guildMember } from './member.js';

/** A thread member; `member` is present when `with_member=true` was asked for. */
export const threadMember = responseObject({
  id: z.optional(snowflake),
  user_id: z.optional(snowflake),
  join_timestamp: responseTimestamp,
  flags: flagsInt,
  member: z.optional(guildMember),
});
/** A thread member. */
export type ThreadMember = z.infer<typeof threadMember>;
