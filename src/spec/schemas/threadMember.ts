/** Thread members (List Active Guild Threads, List/Get Thread Member). */
import type { z } from 'zod';
import { flagsInt, responseObject, responseTimestamp, snowflake } from './common.js';
import { guildMember } from './member.js';

/** A thread member; `member` is present when `with_member=true` was asked for. */
export const threadMember = responseObject({
  id: snowflake.optional(),
  user_id: snowflake.optional(),
  join_timestamp: responseTimestamp,
  flags: flagsInt,
  member: guildMember.optional(),
});
/** A thread member. */
export type ThreadMember = z.infer<typeof threadMember>;
