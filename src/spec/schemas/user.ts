/** User objects: the specification shows them only as embedded in other resources. */
import * as z from 'zod/mini';
import { responseObject, snowflake } from './common.js';

/** A user as embedded in members, bans, invites and integrations. */
export const user = /* @__PURE__ */ responseObject({
  id: snowflake,
  username: z.string(),
  discriminator: z.optional(z.string()),
  global_name: z.nullish(z.string()),
  avatar: z.nullish(z.string()),
  bot: z.optional(z.boolean()),
  /** Reads 0 without the identify.premium scope. */
  premium_type: z.optional(z.number().check(z.int())),
});
/** A user. */
export type User = z.infer<typeof user>;

/** A partial user (the widget's anonymised members, for example). */
export const partialUser = /* @__PURE__ */ responseObject({
  id: snowflake,
  username: z.string(),
  discriminator: z.optional(z.string()),
  avatar: z.nullish(z.string()),
});
/** A partial user. */
export type PartialUser = z.infer<typeof partialUser>;
