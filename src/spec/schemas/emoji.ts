/** Emoji and sticker objects, which the specification shows only as embedded in guilds. */
import { z } from 'zod';
import { responseObject, snowflake } from './common.js';

/** An emoji: a custom one has an id, a standard one only a name. */
export const emoji = responseObject({
  id: snowflake.nullable(),
  name: z.string().nullable(),
  animated: z.boolean().optional(),
  roles: z.array(snowflake).optional(),
  available: z.boolean().optional(),
});
/** An emoji. */
export type Emoji = z.infer<typeof emoji>;

/** A sticker. */
export const sticker = responseObject({
  id: snowflake,
  name: z.string(),
  description: z.string().nullish(),
  tags: z.string().optional(),
  type: z.number().int().optional(),
  format_type: z.number().int().optional(),
});
/** A sticker. */
export type Sticker = z.infer<typeof sticker>;
