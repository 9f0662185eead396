/**
 * Lobbies: the lobby, its members and messages as the platform returns them, and the request bodies
 * of the 16 lobby operations with every documented rule.
 */
import * as z from 'zod/mini';
import { allLobbyMemberFlags } from '../flags.js';
import { lobbyLimits, moderationMetadataLimits } from '../limitAreas.js';
import { flagsInt, queryInt, responseObject, snowflake, stringDict } from './common.js';
import { channel } from './channel.js';
import { user } from './user.js';

// ─── Responses ──────────────────────────────────────────────────────────────────────────────────

/** A lobby member: `metadata??`, `flags?` (CanLinkLobby = 1), and paths.md's `additional_name`. */
export const lobbyMember = /* @__PURE__ */ responseObject({
  id: snowflake,
  metadata: z.nullish(z.record(z.string(), z.string())),
  flags: z.optional(flagsInt),
  additional_name: z.optional(z.string()),
});
/** A lobby member. */
export type LobbyMember = z.infer<typeof lobbyMember>;

/** A lobby. `linked_channel` is present only while a guild channel is linked. */
export const lobby = /* @__PURE__ */ responseObject({
  id: snowflake,
  application_id: snowflake,
  metadata: z.nullable(z.record(z.string(), z.string())),
  members: z.array(lobbyMember),
  linked_channel: z.optional(channel),
  /** Shown by the OpenAPI document, not by the specification. */
  flags: z.optional(flagsInt),
});
/** A lobby. */
export type Lobby = z.infer<typeof lobby>;

/** A message sent in a lobby (paths.md's fields). */
export const lobbyMessage = /* @__PURE__ */ responseObject({
  id: snowflake,
  type: z.number().check(z.int()),
  content: z.string(),
  lobby_id: snowflake,
  channel_id: snowflake,
  author: user,
  metadata: z.nullish(z.record(z.string(), z.string())),
  moderation_metadata: z.nullish(z.record(z.string(), z.string())),
  flags: flagsInt,
  application_id: z.optional(snowflake),
});
/** A lobby message. */
export type LobbyMessage = z.infer<typeof lobbyMessage>;

/** The answer of the linked-channel invite operations: a single-use code valid for one hour. */
export const linkedChannelInvite = /* @__PURE__ */ responseObject({ code: z.string() });
/** A linked-channel invite. */
export type LinkedChannelInvite = z.infer<typeof linkedChannelInvite>;

// ─── Requests ───────────────────────────────────────────────────────────────────────────────────

/** Lobby or member metadata: string pairs whose keys and values total at most 1000 characters. */
export const lobbyMetadata = /* @__PURE__ */ stringDict(lobbyLimits.metadataTotalLength);

/** Lobby member flags: only bits the platform defines (CanLinkLobby). */
export const lobbyMemberFlags = /* @__PURE__ */ flagsInt.check(
  z.refine((bits) => (bits & ~allLobbyMemberFlags) === 0, {
    message: 'only lobby member flag CanLinkLobby (1) may be set',
  }),
);

/** `additional_name`: 1-80 characters; null clears it, omitted keeps it. */
export const additionalName = /* @__PURE__ */ z
  .string()
  .check(z.minLength(lobbyLimits.additionalNameMinLength))
  .check(z.maxLength(lobbyLimits.additionalNameMaxLength));

/** `idle_timeout_seconds`: 5 to 604800 (7 days). */
export const idleTimeoutSeconds = /* @__PURE__ */ z
  .number()
  .check(z.int())
  .check(z.minimum(lobbyLimits.idleTimeoutMinSeconds))
  .check(z.maximum(lobbyLimits.idleTimeoutMaxSeconds));

/** Lobby member params (Create Lobby and Modify Lobby `members`): id required, metadata?, flags?. */
export const lobbyMemberParams = /* @__PURE__ */ z.object({
  id: snowflake,
  metadata: z.nullish(lobbyMetadata),
  flags: z.nullish(lobbyMemberFlags),
  additional_name: z.nullish(additionalName),
});
/** One member entry of Create or Modify Lobby. */
export type LobbyMemberParams = z.input<typeof lobbyMemberParams>;

/**
 * Rejects two entries for the same user: the platform keeps one, and which one is not documented.
 * The ids seen are a set, not a map to their index: the first entry of an id is looked up only when
 * the id repeats (the check runs on every valid bulk update, a repeat is rare).
 */
function distinctIds<T extends { id: string }>(entries: readonly T[], ctx: z.core.$RefinementCtx<T[]>): void {
  const seen = new Set<string>();
  for (let index = 0; index < entries.length; index += 1) {
    const id = (entries[index] as T).id;
    // One hash lookup per id: `add` grows the set unless the id is in it already.
    const size = seen.size;
    seen.add(id);
    if (seen.size > size) continue;
    const first = entries.findIndex((entry) => entry.id === id);
    ctx.addIssue({
      code: 'custom',
      path: [index, 'id'],
      input: id,
      message: `user ${id} appears twice (entries ${first} and ${index}); send one entry per member`,
    });
  }
}

/** The members list of Create and Modify Lobby: at most 25 entries, one per user. */
export const lobbyMembersList = /* @__PURE__ */ z
  .array(lobbyMemberParams)
  .check(z.maxLength(lobbyLimits.membersPerRequest))
  .check(z.superRefine(distinctIds));

/** Create Lobby. */
export const createLobbyBody = /* @__PURE__ */ z.object({
  metadata: z.nullish(lobbyMetadata),
  members: z.nullish(lobbyMembersList),
  idle_timeout_seconds: z.nullish(idleTimeoutSeconds),
  flags: z.nullish(lobbyMemberFlags),
});
/** Create Lobby body. */
export type CreateLobbyBody = z.input<typeof createLobbyBody>;

/** Create or Join Lobby (bearer): joins the lobby holding `secret`, creating it when none does. */
export const createOrJoinLobbyBody = /* @__PURE__ */ z.object({
  secret: z.string().check(z.minLength(1)).check(z.maxLength(lobbyLimits.secretMaxLength)),
  idle_timeout_seconds: z.nullish(idleTimeoutSeconds),
  lobby_metadata: z.nullish(lobbyMetadata),
  member_metadata: z.nullish(lobbyMetadata),
  flags: z.nullish(lobbyMemberFlags),
});
/** Create or Join Lobby body. */
export type CreateOrJoinLobbyBody = z.input<typeof createOrJoinLobbyBody>;

/**
 * Modify Lobby. `metadata` overwrites the whole map; `members` replaces the member set (members
 * absent from the list are removed).
 */
export const modifyLobbyBody = /* @__PURE__ */ z.object({
  metadata: z.nullish(lobbyMetadata),
  members: z.nullish(lobbyMembersList),
  idle_timeout_seconds: z.nullish(idleTimeoutSeconds),
  flags: z.nullish(lobbyMemberFlags),
});
/** Modify Lobby body. */
export type ModifyLobbyBody = z.input<typeof modifyLobbyBody>;

/** Add a Member (upsert): metadata and flags are updated when the user is already a member. */
export const addLobbyMemberBody = /* @__PURE__ */ z.object({
  metadata: z.nullish(lobbyMetadata),
  flags: z.nullish(lobbyMemberFlags),
  additional_name: z.nullish(additionalName),
});
/** Add a Member body. */
export type AddLobbyMemberBody = z.input<typeof addLobbyMemberBody>;

/** One entry of Bulk Update Lobby Members: upsert, or remove with `remove_member: true`. */
export const bulkLobbyMemberEntry = /* @__PURE__ */ z.object({
  id: snowflake,
  metadata: z.nullish(lobbyMetadata),
  flags: z.nullish(lobbyMemberFlags),
  additional_name: z.nullish(additionalName),
  remove_member: z.nullish(z.boolean()),
});
/** One bulk entry. */
export type BulkLobbyMemberEntry = z.input<typeof bulkLobbyMemberEntry>;

/** Bulk Update Lobby Members: 1 to 25 entries, one per user. */
export const bulkUpdateLobbyMembersBody = /* @__PURE__ */ z
  .array(bulkLobbyMemberEntry)
  .check(z.minLength(lobbyLimits.bulkMinEntries))
  .check(z.maxLength(lobbyLimits.membersPerRequest))
  .check(z.superRefine(distinctIds));
/** Bulk Update Lobby Members body. */
export type BulkUpdateLobbyMembersBody = z.input<typeof bulkUpdateLobbyMembersBody>;

/** Link or unlink a channel: `channel_id` links; omitted, null or an empty body unlinks. */
export const linkLobbyChannelBody = /* @__PURE__ */ z.object({ channel_id: z.nullish(snowflake) });
/** Link or unlink body. */
export type LinkLobbyChannelBody = z.input<typeof linkLobbyChannelBody>;

/** Send Lobby Message: non-empty `content`, optional metadata and flags. */
export const sendLobbyMessageBody = /* @__PURE__ */ z.object({
  content: z
    .string()
    .check(z.minLength(1, { message: 'content must not be empty' }))
    .check(z.maxLength(lobbyLimits.messageContentMaxLength)),
  metadata: z.nullish(lobbyMetadata),
  flags: z.nullish(flagsInt),
});
/** Send Lobby Message body. */
export type SendLobbyMessageBody = z.input<typeof sendLobbyMessageBody>;

/** Get Lobby Messages query: `limit` 1-200, default 50. */
export const getLobbyMessagesQuery = /* @__PURE__ */ z.object({
  limit: z._default(
    queryInt(lobbyLimits.messagesLimitMin, lobbyLimits.messagesLimitMax),
    lobbyLimits.messagesLimitDefault,
  ),
});
/** Get Lobby Messages query. */
export type GetLobbyMessagesQuery = z.input<typeof getLobbyMessagesQuery>;

/** Message moderation metadata: at most 5 keys, keys ≤ 1024 and values ≤ 2000 characters. */
export const moderationMetadataBody = /* @__PURE__ */ z
  .record(
    z.string().check(
      z.maxLength(moderationMetadataLimits.keyMaxLength, {
        message: `keys must be at most ${moderationMetadataLimits.keyMaxLength} characters`,
      }),
    ),
    z.string().check(z.maxLength(moderationMetadataLimits.valueMaxLength)),
  )
  .check(
    z.refine((dict) => Object.keys(dict).length <= moderationMetadataLimits.maxKeys, {
      message: `at most ${moderationMetadataLimits.maxKeys} keys`,
    }),
  );
/** Moderation metadata body. */
export type ModerationMetadataBody = z.input<typeof moderationMetadataBody>;
