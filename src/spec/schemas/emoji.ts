/** Emoji and sticker objects, which the specification shows only as embedded in guilds. */
import * as z from 'zod/mini';
import { responseObject, snowflake } from './common.js';

/** An emoji: a custom one has an id, a standard one only a name. */
export const emoji = responseObject({
  id: z.nullable(snowflake),
  name: z.nullable(z.string()),
  animated: z.optional(z.boolean()),
  roles: z.optional(z.array(snowflake)),
  available: z.optional(z.boolean()),
});
/** An emoji. */
export type Emoji = z.infer<typeof emoji>;

/** A sticker. */
export const sticker = responseObject({
  id: snowflake,
  name: z.string(),
  description: z.nullish(z.string()),
  tags: z.optional(z.string()),
  type: z.optional(z.number().check(z.int())),
  format_type: z.optional(z.number().check(z.int())),
});
/** A sticker. */
export type Sticker = z.infer<typeof sticker>;
