/** Guild pruning: counting and removing members inactive for a number of days. */
import * as z from 'zod/mini';
import { limits } from '../limits.js';
import { queryInt, responseObject } from './common.js';
import { snowflake } from './common.js';

const pruneDays = z
  .number()
  .check(z.int({ message: 'days must be an integer' }))
  .check(z.minimum(limits.prune.daysMin, { message: `days must be at least ${limits.prune.daysMin}` }))
  .check(z.maximum(limits.prune.daysMax, { message: `days must be at most ${limits.prune.daysMax}` }));

/**
 * `include_roles` as a URL carries it: comma-delimited role ids (`1,2`), possibly repeated. Parsed
 * into an array, each id validated; absent or empty means no roles.
 */
export const includeRolesQuery = z.pipe(
  z.pipe(
    z.optional(z.union([z.string(), z.array(z.string())])),
    z.transform((value) => {
      if (value === undefined) return [];
      const parts = (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(','));
      return parts.length === 1 && parts[0] === '' ? [] : parts;
    }),
  ),
  z.array(snowflake),
);

/**
 * Get Guild Prune Count query: `days` 1-30 (default 7); `include_roles` comma-delimited role ids whose
 * members are also counted (by default members with roles are not).
 */
export const getGuildPruneCountQuery = z.object({
  days: z._default(queryInt(limits.prune.daysMin, limits.prune.daysMax), limits.prune.daysDefault),
  include_roles: includeRolesQuery,
});
/** Get Guild Prune Count query (as sent). */
export type GetGuildPruneCountQuery = z.input<typeof getGuildPruneCountQuery>;

/**
 * Begin Guild Prune body: `days` 1-30 (default 7), `compute_prune_count` (default true; large guilds
 * should send false, and then `pruned` is null), `include_roles` (default none), `reason` (deprecated:
 * use the X-Audit-Log-Reason header). Null reads as the default.
 */
export const beginGuildPruneBody = z.object({
  days: z.pipe(
    z.nullish(pruneDays),
    z.transform((v) => v ?? limits.prune.daysDefault),
  ),
  compute_prune_count: z.pipe(
    z.nullish(z.boolean()),
    z.transform((v) => v ?? true),
  ),
  include_roles: z.pipe(
    z.nullish(z.array(snowflake)),
    z.transform((v) => v ?? []),
  ),
  /** @deprecated Use the X-Audit-Log-Reason header. */
  reason: z.nullish(z.string()),
});
/** Begin Guild Prune body (as sent). */
export type BeginGuildPruneBody = z.input<typeof beginGuildPruneBody>;

/** Prune answer: members that would be (count) or were (prune) removed; null when not computed. */
export const pruneResponse = responseObject({
  pruned: z.nullable(z.number().check(z.int())),
});
/** Prune answer. */
export type PruneResponse = z.infer<typeof pruneResponse>;
