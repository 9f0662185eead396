/** User objects: the specification shows them only as embedded in other resources. */
import { z } from 'zod';
import { responseObject, snowflake } from './common.js';

/** A user as embedded in members, bans, invites and integrations. */
export const user = responseObject({
  id: snowflake,
  username: z.string(),
  discriminator: z.string().optional(),
  global_name: z.string().nullish(),
  avatar: z.string().nullish(),
  bot: z.boolean().optional(),
  /** Reads 0 without the identify.premium scope. */
  premium_type: z.number().int().optional(),
});
/** A user. */
export type User = z.infer<typeof user>;

/** A partial user (the widget's anonymised members, for example). */
export const partialUser = responseObject({
  id: snowflake,
  username: z.string(),
  discriminator: z.string().optional(),
  avatar: z.string().nullish(),
});
/** A partial user. */
export type PartialUser = z.infer<typeof partialUser>;
