/** Guild members, as the platform returns them. */
import { z } from 'zod';
import { flagsInt, permissionString, responseObject, responseTimestamp, snowflake } from './common.js';
import { user } from './user.js';

/** A guild member. `user` is omitted only inside message events. */
export const guildMember = responseObject({
  user: user.optional(),
  nick: z.string().nullish(),
  avatar: z.string().nullish(),
  banner: z.string().nullish(),
  roles: z.array(snowflake),
  /** Null for voice-state members invited as guests. */
  joined_at: responseTimestamp.nullish(),
  premium_since: responseTimestamp.nullish(),
  deaf: z.boolean(),
  mute: z.boolean(),
  flags: flagsInt,
  /** True while the member has not passed membership screening. */
  pending: z.boolean().optional(),
  permissions: permissionString.optional(),
  communication_disabled_until: responseTimestamp.nullish(),
  avatar_decoration_data: z.looseObject({}).nullish(),
  collectibles: z.looseObject({}).nullish(),
});
/** A guild member. */
export type GuildMember = z.infer<typeof guildMember>;
