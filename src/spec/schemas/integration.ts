/**
 * Guild integrations (Get Guild Integrations) and the Modify Guild Incident Actions body, whose
 * "at most 24 hours ahead" rule needs the current time ({@link incidentActionsIssues}).
 */
import * as z from 'zod/mini';
import { limits } from '../limits.js';
import { isoTimestamp, responseObject, responseTimestamp, snowflake } from './common.js';
import { user } from './user.js';

/** The account behind an integration (a streaming channel, an application, …). */
export const integrationAccount = responseObject({
  id: z.string(),
  name: z.string(),
});
/** An integration account. */
export type IntegrationAccount = z.infer<typeof integrationAccount>;

/** The application of a bot integration. */
export const integrationApplication = responseObject({
  id: snowflake,
  name: z.string(),
  icon: z.optional(z.string()),
  description: z.string(),
  bot: z.optional(user),
});
/** An integration's application. */
export type IntegrationApplication = z.infer<typeof integrationApplication>;

/**
 * A guild integration. `type` is guild_subscription, a streaming provider's name, or the platform's
 * own type for bots. The fields marked (b) in the specification (syncing, role_id,
 * enable_emoticons, expire_behavior, expire_grace_period, synced_at, subscriber_count, revoked) are
 * not sent for bot integrations. Get Guild Integrations returns at most 50.
 */
export const integration = responseObject({
  id: snowflake,
  name: z.string(),
  type: z.string(),
  enabled: z.boolean(),
  syncing: z.optional(z.boolean()),
  /** The role given to subscribers. */
  role_id: z.optional(snowflake),
  enable_emoticons: z.optional(z.boolean()),
  /** Integration Expire Behavior: 0 removes the role, 1 kicks. */
  expire_behavior: z.optional(z.number().check(z.int())),
  /** Days. */
  expire_grace_period: z.optional(z.number().check(z.int())),
  /** Absent on some older integrations. */
  user: z.optional(user),
  account: integrationAccount,
  synced_at: z.optional(responseTimestamp),
  subscriber_count: z.optional(z.number().check(z.int())),
  revoked: z.optional(z.boolean()),
  application: z.optional(integrationApplication),
  /** OAuth2 scopes the application was authorized with. */
  scopes: z.optional(z.array(z.string())),
});
/** A guild integration. */
export type Integration = z.infer<typeof integration>;

/**
 * Modify Guild Incident Actions body (PUT): when paused invites and DMs resume. Each is an ISO8601
 * timestamp at most 24 hours ahead ({@link incidentActionsIssues}), or null to end that action.
 * Needs MANAGE_GUILD; answers with the incidents data.
 */
export const incidentActionsBody = z.object({
  invites_disabled_until: z.nullish(isoTimestamp),
  dms_disabled_until: z.nullish(isoTimestamp),
});
/** Modify Guild Incident Actions body. */
export type IncidentActionsBody = z.infer<typeof incidentActionsBody>;

/**
 * The rule of Modify Guild Incident Actions that needs the time (`now`, epoch milliseconds): each
 * timestamp at most 24 hours ahead (exactly 24 hours passes). Null and absent pass. Returns zod-style
 * issues, empty when the body passes.
 */
export function incidentActionsIssues(body: IncidentActionsBody, now: number): z.core.$ZodIssueCustom[] {
  const latest = now + limits.guild.incidentActionsMaxAheadMs;
  const issues: z.core.$ZodIssueCustom[] = [];
  for (const field of ['invites_disabled_until', 'dms_disabled_until'] as const) {
    const value = body[field];
    if (value === undefined || value === null) continue;
    const at = Date.parse(value);
    if (Number.isNaN(at) || at <= latest) continue;
    issues.push({
      code: 'custom',
      path: [field],
      message: `${field} must be at most 24 hours ahead (no later than ${new Date(latest).toISOString()})`,
      input: value,
    });
  }
  return issues;
}

/** {@link incidentActionsBody} with the 24-hour rule of {@link incidentActionsIssues} at `now`. */
export function incidentActionsBodyAt(now: number) {
  return incidentActionsBody.check(
    z.superRefine((body, ctx) => {
      for (const issue of incidentActionsIssues(body, now)) ctx.addIssue({ ...issue });
    }),
  );
}
