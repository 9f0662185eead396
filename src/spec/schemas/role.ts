/** Roles. The specification shows only some fields; those are checked, the rest pass. */
import * as z from 'zod/mini';
import { permissionString, responseObject, snowflake } from './common.js';

/** Role colors: gradient colors added with ENHANCED_ROLE_COLORS. */
export const roleColors = z.object({
  primary_color: z.number().check(z.int()).check(z.minimum(0)).check(z.maximum(0xffffff)),
  secondary_color: z.nullable(z.number().check(z.int()).check(z.minimum(0)).check(z.maximum(0xffffff))),
  tertiary_color: z.nullable(z.number().check(z.int()).check(z.minimum(0)).check(z.maximum(0xffffff))),
});
/** Role colors. */
export type RoleColors = z.infer<typeof roleColors>;

/** A role. `color` is deprecated but still returned. The @everyone role has the guild's id. */
export const role = responseObject({
  id: snowflake,
  name: z.string(),
  permissions: permissionString,
  position: z.number().check(z.int()),
  color: z.number().check(z.int()),
  colors: z.optional(roleColors),
  hoist: z.boolean(),
  managed: z.boolean(),
  mentionable: z.boolean(),
  icon: z.nullish(z.string()),
  unicode_emoji: z.nullish(z.string()),
});
/** A role. */
export type Role = z.infer<typeof role>;

/** A partial role, as invites carry it: only the fields the specification names. */
export const partialRole = responseObject({
  id: snowflake,
  name: z.string(),
  position: z.number().check(z.int()),
  color: z.number().check(z.int()),
  colors: z.optional(roleColors),
  icon: z.nullish(z.string()),
  unicode_emoji: z.nullish(z.string()),
});
/** A partial role. */
export type PartialRole = z.infer<typeof partialRole>;
