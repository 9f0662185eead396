/**
 * Requests of the role operations: create, modify, reorder, and the member-count answer. Icons and
 * unicode emoji need the guild feature ROLE_ICONS ({@link roleIconIssues}).
 */
import * as z from 'zod/mini';
import type { GuildFeature } from '../flags.js';
import { limits } from '../limits.js';
import { permissionString, snowflake } from './common.js';
import { imageData } from './memberRequests.js';
import { roleColors } from './role.js';

const roleName = z.string().check(
  z.maxLength(limits.role.nameMaxLength, {
    message: `name must be at most ${limits.role.nameMaxLength} characters`,
  }),
);

/** The deprecated single `color`: the same 24-bit RGB integer as a role color's primary. */
const roleColor = roleColors.shape.primary_color;

/**
 * What Create Guild Role uses for an absent field. `permissions` defaults to the @everyone role's
 * permissions, which depend on the guild and are therefore not listed.
 */
export const createGuildRoleDefaults = {
  name: 'new role',
  color: 0,
  colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
  hoist: false,
  icon: null,
  unicode_emoji: null,
  mentionable: false,
} as const;

/** The fields of a role a request may set: Create and Modify Guild Role take the same ones. */
const roleFields = {
  name: z.nullish(roleName),
  permissions: z.nullish(permissionString),
  /** @deprecated Use `colors`. */
  color: z.nullish(roleColor),
  colors: z.nullish(roleColors),
  hoist: z.nullish(z.boolean()),
  icon: z.nullish(imageData),
  unicode_emoji: z.nullish(z.string()),
  mentionable: z.nullish(z.boolean()),
};

/**
 * Create Guild Role body, every field optional: `name` (at most 100 characters, default "new role"),
 * `permissions` (a bitfield string), `color` (deprecated), `colors`, `hoist`, `icon` (image data) and
 * `unicode_emoji` (both need ROLE_ICONS), `mentionable`. Defaults: {@link createGuildRoleDefaults}.
 */
export const createGuildRoleBody = z.object(roleFields);
/** Create Guild Role body. */
export type CreateGuildRoleBody = z.infer<typeof createGuildRoleBody>;

/** Modify Guild Role body: the fields of Create Guild Role, all optional and nullable. */
export const modifyGuildRoleBody = z.object(roleFields);
/** Modify Guild Role body. */
export type ModifyGuildRoleBody = z.infer<typeof modifyGuildRoleBody>;

/**
 * The guild-dependent rule of Create and Modify Guild Role: a non-null `icon` or `unicode_emoji`
 * needs the guild feature ROLE_ICONS. Returns zod-style issues, empty when the body passes.
 */
export function roleIconIssues(
  body: Pick<CreateGuildRoleBody, 'icon' | 'unicode_emoji'>,
  guild: { readonly features: readonly (GuildFeature | string)[] },
): z.core.$ZodIssueCustom[] {
  if (guild.features.includes('ROLE_ICONS')) return [];
  const issues: z.core.$ZodIssueCustom[] = [];
  for (const field of ['icon', 'unicode_emoji'] as const) {
    // Clearing (null) is always allowed; only setting one needs the feature.
    if (body[field] !== undefined && body[field] !== null) {
      issues.push({
        code: 'custom',
        path: [field],
        message: `${field} needs the guild feature ROLE_ICONS`,
        input: body[field],
      });
    }
  }
  return issues;
}

/**
 * Modify Guild Role Positions body: an array of `{id, position??}`; roles with equal positions sort
 * by id. Only the roles to move need be listed.
 */
export const modifyGuildRolePositionsBody = z.array(
  z.object({
    id: snowflake,
    position: z.nullish(z.number().check(z.int({ message: 'position must be an integer' }))),
  }),
);
/** Modify Guild Role Positions body. */
export type ModifyGuildRolePositionsBody = z.infer<typeof modifyGuildRolePositionsBody>;

/** Get Guild Role Member Counts answer: role id → number of members; @everyone is left out. */
export const roleMemberCounts = z.record(snowflake, z.number().check(z.int()).check(z.nonnegative()));
/** Get Guild Role Member Counts answer. */
export type RoleMemberCounts = z.infer<typeof roleMemberCounts>;
