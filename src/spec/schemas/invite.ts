/**
 * Invites: the invite object and its metadata, the stage-instance and target-users job objects, and
 * the requests of Get Invite, Create Channel Invite and Update Target Users.
 */
import * as z from 'zod/mini';
import { partialResponseObject } from '../zodParts.js';
import { GuildInviteFlags, InviteTargetType, TargetUsersJobStatus } from '../flags.js';
import { limits } from '../limits.js';
import { flagsInt, queryBoolean, responseObject, responseTimestamp, snowflake } from './common.js';
import { partialChannel } from './channel.js';
import { guildMember } from './member.js';
import { partialRole } from './role.js';
import { user } from './user.js';

/*
 * Limits of Create Channel Invite that limits.ts does not hold yet (requested as `limits.invite.*`;
 * the platform's documentation of Create Channel Invite, and the OpenAPI document for role_ids).
 */

/** An invite code as a path carries it: a non-empty string. */
export const inviteCode = z
  .string()
  .check(z.minLength(1, { message: 'code must be a non-empty invite code' }));

/**
 * A welcome screen as embedded in an invite's guild. The full schema lives in the guild area; here
 * only what an invite shows is checked.
 */
const inviteWelcomeScreen = responseObject({
  description: z.nullish(z.string()),
  welcome_channels: z.array(
    responseObject({
      channel_id: snowflake,
      description: z.string(),
      emoji_id: z.nullish(snowflake),
      emoji_name: z.nullish(z.string()),
    }),
  ),
});

/**
 * The partial guild an invite carries. Hash fields, `verification_level`, `vanity_url_code` and
 * `nsfw_level` are null when unset (the OpenAPI document marks them nullable).
 */
export const inviteGuild = responseObject({
  id: snowflake,
  name: z.string(),
  splash: z.nullish(z.string()),
  banner: z.nullish(z.string()),
  description: z.nullish(z.string()),
  icon: z.nullish(z.string()),
  features: z.optional(z.array(z.string())),
  verification_level: z.nullish(z.number().check(z.int())),
  vanity_url_code: z.nullish(z.string()),
  nsfw_level: z.nullish(z.number().check(z.int())),
  premium_subscription_count: z.optional(z.number().check(z.int())),
  welcome_screen: z.optional(inviteWelcomeScreen),
});
/** The partial guild of an invite. */
export type InviteGuild = z.infer<typeof inviteGuild>;

/** A partial application (the embedded application of an EMBEDDED_APPLICATION invite). */
export const partialApplication = responseObject({
  id: snowflake,
  name: z.optional(z.string()),
  icon: z.nullish(z.string()),
  description: z.optional(z.string()),
  bot: z.optional(user),
});
/** A partial application. */
export type PartialApplication = z.infer<typeof partialApplication>;

/**
 * A guild scheduled event as an invite embeds it. The specification shows none of its fields; the
 * identifying ones are checked, the rest pass.
 */
export const inviteScheduledEvent = responseObject({
  id: snowflake,
  guild_id: snowflake,
  name: z.string(),
});

/**
 * An invite. `channel` is null for some invite types; `approximate_*_count` only come with
 * `with_counts=true`; `guild_scheduled_event` only with a valid `guild_scheduled_event_id`; `roles`
 * are the partial roles granted on acceptance.
 */
const inviteShape = {
  /** Invite Types: GUILD=0, GROUP_DM=1, FRIEND=2. */
  type: z.number().check(z.int()),
  code: z.string(),
  guild: z.optional(inviteGuild),
  channel: z.nullable(partialChannel),
  inviter: z.optional(user),
  /** Invite Target Types: STREAM=1, EMBEDDED_APPLICATION=2. */
  target_type: z.optional(z.number().check(z.int())),
  target_user: z.optional(user),
  target_application: z.optional(partialApplication),
  approximate_presence_count: z.optional(z.number().check(z.int())),
  approximate_member_count: z.optional(z.number().check(z.int())),
  expires_at: z.nullable(responseTimestamp),
  guild_scheduled_event: z.optional(inviteScheduledEvent),
  /** Guild Invite Flags. */
  flags: z.optional(flagsInt),
  roles: z.optional(z.array(partialRole)),
};
export const invite = responseObject(inviteShape);
/** An invite. */
export type Invite = z.infer<typeof invite>;

/**
 * An invite with its metadata (Create Channel Invite, Get Channel Invites, Get Guild Invites with
 * MANAGE_GUILD): uses so far, `max_uses` (0 unlimited), `max_age` (seconds, 0 never expires),
 * `temporary` membership and `created_at`.
 */
export const inviteWithMetadata = responseObject({
  ...inviteShape,
  uses: z.number().check(z.int()),
  max_uses: z.number().check(z.int()),
  max_age: z.number().check(z.int()),
  temporary: z.boolean(),
  created_at: responseTimestamp,
});
/** An invite with its metadata. */
export type InviteWithMetadata = z.infer<typeof inviteWithMetadata>;

/** The stage instance of an invite to a live stage: `topic` is 1-120 characters. */
export const inviteStageInstance = responseObject({
  /** Partial guild members: the members speaking in the stage. */
  members: z.array(partialResponseObject(guildMember.shape)),
  participant_count: z.number().check(z.int()),
  speaker_count: z.number().check(z.int()),
  topic: z
    .string()
    .check(
      z.minLength(limits.invite.stageTopicMinLength, {
        message: `topic must be at least ${limits.invite.stageTopicMinLength} character`,
      }),
    )
    .check(
      z.maxLength(limits.invite.stageTopicMaxLength, {
        message: `topic must be at most ${limits.invite.stageTopicMaxLength} characters`,
      }),
    ),
});
/** An invite stage instance. */
export type InviteStageInstance = z.infer<typeof inviteStageInstance>;

const jobStatusValues = Object.values(TargetUsersJobStatus);

/**
 * The state of an invite's asynchronous target-users job. `status`: 0 UNSPECIFIED, 1 PROCESSING,
 * 2 COMPLETED, 3 FAILED (then `error_message` says why). `completed_at` is null until it completes.
 * `error_message` is a string in the specification; the OpenAPI document (and the platform) send
 * null when there is no error, so null passes here.
 */
export const targetUsersJobStatus = responseObject({
  status: z.literal(jobStatusValues, {
    message: `status must be one of ${jobStatusValues.join(', ')} (TargetUsersJobStatus)`,
  }),
  total_users: z.number().check(z.int()).check(z.minimum(0)),
  processed_users: z.number().check(z.int()).check(z.minimum(0)),
  created_at: responseTimestamp,
  completed_at: z.nullable(responseTimestamp),
  error_message: z.nullable(z.string()),
});
/** A target users job status. */
export type TargetUsersJobStatusObject = z.infer<typeof targetUsersJobStatus>;

/**
 * Get Invite query: `with_counts` adds the approximate member and presence counts;
 * `guild_scheduled_event_id` embeds that event when it belongs to the invite's guild.
 */
export const getInviteQuery = z.object({
  with_counts: z.optional(queryBoolean),
  guild_scheduled_event_id: z.optional(snowflake),
});
/** Get Invite query (as sent). */
export type GetInviteQuery = z.input<typeof getInviteQuery>;

const targetTypeValues = Object.values(InviteTargetType);
const allGuildInviteFlags = Object.values(GuildInviteFlags).reduce((all, bit) => all | bit, 0);

/**
 * The defaults the platform applies to an omitted (or null) Create Channel Invite field: 24 hours,
 * unlimited uses, permanent membership, reuse of a similar invite.
 */
export const createChannelInviteDefaults = {
  max_age: limits.invite.maxAgeDefaultSeconds,
  max_uses: 0,
  temporary: false,
  unique: false,
} as const;

/**
 * Create Channel Invite body (JSON, or the non-file fields of a multipart form whose file
 * `target_users_file` lists the users allowed to accept). Every field is optional and nullable:
 * `max_age` 0-604800 seconds (0 never expires, default 86400), `max_uses` 0-100 (0 unlimited),
 * `temporary`, `unique`, `target_type` (1 STREAM needs `target_user_id`, 2 EMBEDDED_APPLICATION
 * needs `target_application_id`), `role_ids` granted on acceptance (distinct, at most 250), `flags`
 * (Guild Invite Flags only). Omitted values take {@link createChannelInviteDefaults}.
 */
export const createChannelInviteBody = z
  .object({
    max_age: z.nullish(
      z
        .number({ message: 'max_age must be a number of seconds' })
        .check(z.int({ message: 'max_age must be an integer' }))
        .check(z.minimum(0, { message: 'max_age must be at least 0 (0 never expires)' }))
        .check(
          z.maximum(limits.invite.maxAgeMaxSeconds, {
            message: `max_age must be at most ${limits.invite.maxAgeMaxSeconds} seconds (7 days)`,
          }),
        ),
    ),
    max_uses: z.nullish(
      z
        .number({ message: 'max_uses must be a number' })
        .check(z.int({ message: 'max_uses must be an integer' }))
        .check(z.minimum(0, { message: 'max_uses must be at least 0 (0 is unlimited)' }))
        .check(
          z.maximum(limits.invite.maxUsesMax, {
            message: `max_uses must be at most ${limits.invite.maxUsesMax}`,
          }),
        ),
    ),
    temporary: z.nullish(z.boolean()),
    unique: z.nullish(z.boolean()),
    target_type: z.nullish(
      z.literal(targetTypeValues, {
        message: `target_type must be one of ${targetTypeValues.join(', ')} (STREAM, EMBEDDED_APPLICATION)`,
      }),
    ),
    target_user_id: z.nullish(snowflake),
    target_application_id: z.nullish(snowflake),
    role_ids: z.nullish(
      z
        .array(snowflake)
        .check(
          z.maxLength(limits.invite.roleIdsMax, {
            message: `role_ids must hold at most ${limits.invite.roleIdsMax} roles`,
          }),
        )
        .check(
          z.refine((ids) => new Set(ids).size === ids.length, { message: 'role_ids must not repeat a role' }),
        ),
    ),
    flags: z.nullish(
      flagsInt.check(
        z.refine((v) => (v & ~allGuildInviteFlags) === 0, {
          message: `flags may only hold Guild Invite Flags (IS_GUEST_INVITE = ${GuildInviteFlags.IS_GUEST_INVITE})`,
        }),
      ),
    ),
  })
  .check(
    z.superRefine((body, ctx) => {
      // The platform's documentation: the target id is "required if target_type is" its kind.
      if (body.target_type === InviteTargetType.STREAM && !body.target_user_id) {
        ctx.addIssue({
          code: 'custom',
          path: ['target_user_id'],
          message: 'target_user_id is required when target_type is 1 (STREAM)',
          input: body.target_user_id,
        });
      }
      if (body.target_type === InviteTargetType.EMBEDDED_APPLICATION && !body.target_application_id) {
        ctx.addIssue({
          code: 'custom',
          path: ['target_application_id'],
          message: 'target_application_id is required when target_type is 2 (EMBEDDED_APPLICATION)',
          input: body.target_application_id,
        });
      }
    }),
  );
/** Create Channel Invite body. */
export type CreateChannelInviteBody = z.infer<typeof createChannelInviteBody>;

/**
 * Update Target Users form: the multipart body carries only the file `target_users_file` (a CSV of
 * user ids, see `parseTargetUsersCsv`), which travels beside the fields, so the fields themselves
 * are an empty object. The file is required: a handler answers 400 naming `target_users_file` when
 * it is missing.
 */
export const updateTargetUsersForm = z.object({});
/** Update Target Users form fields (none). */
export type UpdateTargetUsersForm = z.infer<typeof updateTargetUsersForm>;
