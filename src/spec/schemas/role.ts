/** Roles. The specification shows only some fields; those are checked, the rest pass. */
import { z } from 'zod';
import { permissionString, responseObject, snowflake } from './common.js';

/** Role colors: gradient colors added with ENHANCED_ROLE_COLORS. */
export const roleColors = z.object({
  primary_color: z.number().int().min(0).max(0xffffff),
  secondary_color: z.number().int().min(0).max(0xffffff).nullable(),
  tertiary_color: z.number().int().min(0).max(0xffffff).nullable(),
});
/** Role colors. */
export type RoleColors = z.infer<typeof roleColors>;

/** A role. `color` is deprecated but still returned. The @everyone role has the guild's id. */
export const role = responseObject({
  id: snowflake,
  name: z.string(),
  permissions: permissionString,
  position: z.number().int(),
  color: z.number().int(),
  colors: roleColors.optional(),
  hoist: z.boolean(),
  managed: z.boolean(),
  mentionable: z.boolean(),
  icon: z.string().nullish(),
  unicode_emoji: z.string().nullish(),
});
/** A role. */
export type Role = z.infer<typeof role>;

/** A partial role, as invites carry it: only the fields the specification names. */
export const partialRole = responseObject({
  id: snowflake,
  name: z.string(),
  position: z.number().int(),
  color: z.number().int(),
  colors: roleColors.optional(),
  icon: z.string().nullish(),
  unicode_emoji: z.string().nullish(),
});
/** A partial role. */
export type PartialRole = z.infer<typeof partialRole>;
