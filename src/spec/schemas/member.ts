/** Guild members, as the platform returns them. */
import * as z from 'zod/mini';
import { flagsInt, permissionString, responseObject, responseTimestamp, snowflake } from './common.js';
import { user } from './user.js';

/** A guild member. `user` is omitted only inside message events. */
export const guildMember = responseObject({
  user: z.optional(user),
  nick: z.nullish(z.string()),
  avatar: z.nullish(z.string()),
  banner: z.nullish(z.string()),
  roles: z.array(snowflake),
  /** Null for voice-state members invited as guests. */
  joined_at: z.nullish(responseTimestamp),
  premium_since: z.nullish(responseTimestamp),
  deaf: z.boolean(),
  mute: z.boolean(),
  flags: flagsInt,
  /** True while the member has not passed membership screening. */
  pending: z.optional(z.boolean()),
  permissions: z.optional(permissionString),
  communication_disabled_until: z.nullish(responseTimestamp),
  avatar_decoration_data: z.nullish(z.looseObject({})),
  collectibles: z.nullish(z.looseObject({})),
});
/** A guild member. */
export type GuildMember = z.infer<typeof guildMember>;
