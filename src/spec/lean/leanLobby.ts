/**
 * The lobby schemas of `spec/schemas/lobby.ts` (and the pieces of `common.ts`, `user.ts` and
 * `channel.ts` they use) as lean schemas: what the lobby client and the lobby runtimes check with,
 * so that a browser game does not carry zod. Each mirrors the zod schema of the same name and is
 * typed by it; test/spec/leanLobby.test.ts holds every pair to the same verdicts, paths, codes and
 * messages. A rule changes in the zod schema first, then here.
 */
import type * as z from 'zod/mini';
import { allLobbyMemberFlags } from '../flags.js';
import { lobbyLimits, moderationMetadataLimits } from '../limitAreas.js';
import type * as zc from '../schemas/common.js';
import type * as zs from '../schemas/lobby.js';
import { fits64, metadataTotalLength, SNOWFLAKE_RE } from '../schemas/snowflakeRules.js';
import {
  arr,
  bool,
  int,
  type LeanSchema,
  leanSchema,
  literals,
  maxLength,
  minLength,
  nullable,
  nullish,
  num,
  obj,
  optional,
  pattern,
  range,
  record,
  refine,
  str,
  superRefine,
} from './leanSchema.js';

/** The lean schema of zod schema `S`: the same input and output types. */
export type LeanOf<S extends z.ZodMiniType> = LeanSchema<z.input<S>, z.output<S>>;

// ─── common.ts ──────────────────────────────────────────────────────────────────────────────────

const snowflakeRun = /* @__PURE__ */ str(
  pattern(SNOWFLAKE_RE, 'must be a snowflake (a decimal id of at most 20 digits)'),
  refine(fits64, 'must be a snowflake (fits in 64 bits)'),
);
const permissionString = /* @__PURE__ */ str(
  pattern(SNOWFLAKE_RE, 'must be a permission bitfield (a decimal string)'),
  refine(fits64, 'must fit in 64 bits'),
);
const string = /* @__PURE__ */ str();
const integer = /* @__PURE__ */ num([int()]);
const flagsChecks = [int(), range(0, 0xffff_ffff)];
const flagsInt = /* @__PURE__ */ num(flagsChecks);
const stringMap = /* @__PURE__ */ record(string, string);

/** `lobbyMetadata` (`stringDict(1000)`). */
const lobbyMetadataRun = /* @__PURE__ */ record(
  string,
  string,
  superRefine((dict: Record<string, string>, report) => {
    const max = lobbyLimits.metadataTotalLength;
    const total = metadataTotalLength(dict);
    if (total > max)
      report('too_big', `total length of keys and values must be at most ${max} (got ${total})`);
  }),
);

/** `lobbyMemberFlags`. */
const lobbyMemberFlags = /* @__PURE__ */ num([
  ...flagsChecks,
  refine(
    (bits: number) => (bits & ~allLobbyMemberFlags) === 0,
    'only lobby member flag CanLinkLobby (1) may be set',
  ),
]);
const additionalName = /* @__PURE__ */ str(
  minLength(lobbyLimits.additionalNameMinLength),
  maxLength(lobbyLimits.additionalNameMaxLength),
);
const idleTimeoutRun = /* @__PURE__ */ num([
  int(),
  range(lobbyLimits.idleTimeoutMinSeconds, lobbyLimits.idleTimeoutMaxSeconds),
]);

/** `snowflake` of common.ts. */
export const snowflake: LeanOf<typeof zc.snowflake> = /* @__PURE__ */ leanSchema(snowflakeRun);
/** `lobbyMetadata`. */
export const lobbyMetadata: LeanOf<typeof zs.lobbyMetadata> = /* @__PURE__ */ leanSchema(lobbyMetadataRun);
/** `idleTimeoutSeconds`. */
export const idleTimeoutSeconds: LeanOf<typeof zs.idleTimeoutSeconds> =
  /* @__PURE__ */ leanSchema(idleTimeoutRun);

// ─── Responses ──────────────────────────────────────────────────────────────────────────────────

const user = /* @__PURE__ */ obj({
  id: snowflakeRun,
  username: string,
  discriminator: optional(string),
  global_name: nullish(string),
  avatar: nullish(string),
  bot: optional(bool),
  premium_type: optional(integer),
});
const overwrite = /* @__PURE__ */ obj({
  id: snowflakeRun,
  type: literals(0, 1),
  allow: permissionString,
  deny: permissionString,
});
const threadMetadata = /* @__PURE__ */ obj({
  archived: bool,
  auto_archive_duration: integer,
  archive_timestamp: string,
  locked: bool,
  invitable: optional(bool),
  create_timestamp: nullish(string),
});
const optionalInt = /* @__PURE__ */ optional(integer);
const channel = /* @__PURE__ */ obj({
  id: snowflakeRun,
  type: integer,
  guild_id: optional(snowflakeRun),
  position: optionalInt,
  permission_overwrites: optional(arr(overwrite)),
  name: nullish(string),
  topic: nullish(string),
  nsfw: optional(bool),
  last_message_id: nullish(snowflakeRun),
  bitrate: optionalInt,
  user_limit: optionalInt,
  rate_limit_per_user: optionalInt,
  parent_id: nullish(snowflakeRun),
  rtc_region: nullish(string),
  video_quality_mode: optionalInt,
  owner_id: optional(snowflakeRun),
  thread_metadata: optional(threadMetadata),
  default_auto_archive_duration: optionalInt,
  default_thread_rate_limit_per_user: optionalInt,
  flags: optional(flagsInt),
});
const lobbyMemberRun = /* @__PURE__ */ obj({
  id: snowflakeRun,
  metadata: nullish(stringMap),
  flags: optional(flagsInt),
  additional_name: optional(string),
});
const lobbyRun = /* @__PURE__ */ obj({
  id: snowflakeRun,
  application_id: snowflakeRun,
  metadata: nullable(stringMap),
  members: arr(lobbyMemberRun),
  linked_channel: optional(channel),
  flags: optional(flagsInt),
});
const lobbyMessageRun = /* @__PURE__ */ obj({
  id: snowflakeRun,
  type: integer,
  content: string,
  lobby_id: snowflakeRun,
  channel_id: snowflakeRun,
  author: user,
  metadata: nullish(stringMap),
  moderation_metadata: nullish(stringMap),
  flags: flagsInt,
  application_id: optional(snowflakeRun),
});

/** `lobbyMember`. */
export const lobbyMember: LeanOf<typeof zs.lobbyMember> = /* @__PURE__ */ leanSchema(lobbyMemberRun);
/** `lobby`. */
export const lobby: LeanOf<typeof zs.lobby> = /* @__PURE__ */ leanSchema(lobbyRun);
/** `z.array(lobbyMember)`: what a bulk update answers. */
export const lobbyMembers: LeanSchema<z.input<typeof zs.lobbyMember>[], z.output<typeof zs.lobbyMember>[]> =
  /* @__PURE__ */ leanSchema(arr(lobbyMemberRun));
/** `lobbyMessage`. */
export const lobbyMessage: LeanOf<typeof zs.lobbyMessage> = /* @__PURE__ */ leanSchema(lobbyMessageRun);
/** `z.array(lobbyMessage)`: what Get Lobby Messages answers. */
export const lobbyMessages: LeanSchema<
  z.input<typeof zs.lobbyMessage>[],
  z.output<typeof zs.lobbyMessage>[]
> = /* @__PURE__ */ leanSchema(arr(lobbyMessageRun));
/** `linkedChannelInvite`. */
export const linkedChannelInvite: LeanOf<typeof zs.linkedChannelInvite> = /* @__PURE__ */ leanSchema(
  obj({ code: string }),
);

// ─── Requests ───────────────────────────────────────────────────────────────────────────────────

const nullishMetadata = /* @__PURE__ */ nullish(lobbyMetadataRun);
const nullishFlags = /* @__PURE__ */ nullish(lobbyMemberFlags);

/** `distinctIds` of lobby.ts: two entries for one user are refused. */
const distinctIds = /* @__PURE__ */ superRefine((entries: readonly { id: string }[], report) => {
  const seen = new Map<string, number>();
  entries.forEach((entry, index) => {
    const first = seen.get(entry.id);
    if (first !== undefined) {
      report(
        'custom',
        `user ${entry.id} appears twice (entries ${first} and ${index}); send one entry per member`,
        [index, 'id'],
      );
    } else seen.set(entry.id, index);
  });
});

const memberParams = /* @__PURE__ */ obj({
  id: snowflakeRun,
  metadata: nullishMetadata,
  flags: nullishFlags,
  additional_name: nullish(additionalName),
});
const lobbyFields = {
  metadata: nullishMetadata,
  members: nullish(arr(memberParams, maxLength(lobbyLimits.membersPerRequest), distinctIds)),
  idle_timeout_seconds: nullish(idleTimeoutRun),
  flags: nullishFlags,
};

/** `createLobbyBody`. */
export const createLobbyBody: LeanOf<typeof zs.createLobbyBody> = /* @__PURE__ */ leanSchema(
  obj(lobbyFields),
);
/** `modifyLobbyBody`. */
export const modifyLobbyBody: LeanOf<typeof zs.modifyLobbyBody> = /* @__PURE__ */ leanSchema(
  obj(lobbyFields),
);
/** `createOrJoinLobbyBody`. */
export const createOrJoinLobbyBody: LeanOf<typeof zs.createOrJoinLobbyBody> = /* @__PURE__ */ leanSchema(
  obj({
    secret: str(minLength(1), maxLength(lobbyLimits.secretMaxLength)),
    idle_timeout_seconds: nullish(idleTimeoutRun),
    lobby_metadata: nullishMetadata,
    member_metadata: nullishMetadata,
    flags: nullishFlags,
  }),
);
/** `addLobbyMemberBody`. */
export const addLobbyMemberBody: LeanOf<typeof zs.addLobbyMemberBody> = /* @__PURE__ */ leanSchema(
  obj({ metadata: nullishMetadata, flags: nullishFlags, additional_name: nullish(additionalName) }),
);
const bulkEntryRun = /* @__PURE__ */ obj({
  id: snowflakeRun,
  metadata: nullishMetadata,
  flags: nullishFlags,
  additional_name: nullish(additionalName),
  remove_member: nullish(bool),
});
/** `bulkLobbyMemberEntry`. */
export const bulkLobbyMemberEntry: LeanOf<typeof zs.bulkLobbyMemberEntry> =
  /* @__PURE__ */ leanSchema(bulkEntryRun);
/** `bulkUpdateLobbyMembersBody`. */
export const bulkUpdateLobbyMembersBody: LeanOf<typeof zs.bulkUpdateLobbyMembersBody> =
  /* @__PURE__ */ leanSchema(
    arr(
      bulkEntryRun,
      minLength(lobbyLimits.bulkMinEntries),
      maxLength(lobbyLimits.membersPerRequest),
      distinctIds,
    ),
  );
/** `linkLobbyChannelBody`. */
export const linkLobbyChannelBody: LeanOf<typeof zs.linkLobbyChannelBody> = /* @__PURE__ */ leanSchema(
  obj({ channel_id: nullish(snowflakeRun) }),
);
/** `sendLobbyMessageBody`. */
export const sendLobbyMessageBody: LeanOf<typeof zs.sendLobbyMessageBody> = /* @__PURE__ */ leanSchema(
  obj({
    content: str(minLength(1, 'content must not be empty'), maxLength(lobbyLimits.messageContentMaxLength)),
    metadata: nullishMetadata,
    flags: nullish(flagsInt),
  }),
);
const queryLimit = /* @__PURE__ */ num(
  [int('must be an integer'), range(lobbyLimits.messagesLimitMin, lobbyLimits.messagesLimitMax)],
  { message: 'must be an integer' },
);
/** `getLobbyMessagesQuery` (`limit` left out: the default, 50, which passes). */
export const getLobbyMessagesQuery: LeanOf<typeof zs.getLobbyMessagesQuery> = /* @__PURE__ */ leanSchema(
  obj({ limit: optional(queryLimit) }),
);
/** `moderationMetadataBody`. */
export const moderationMetadataBody: LeanOf<typeof zs.moderationMetadataBody> = /* @__PURE__ */ leanSchema(
  record(
    str(
      maxLength(
        moderationMetadataLimits.keyMaxLength,
        `keys must be at most ${moderationMetadataLimits.keyMaxLength} characters`,
      ),
    ),
    str(maxLength(moderationMetadataLimits.valueMaxLength)),
    refine(
      (dict: object) => Object.keys(dict).length <= moderationMetadataLimits.maxKeys,
      `at most ${moderationMetadataLimits.maxKeys} keys`,
    ),
  ),
);

// ─── Path parameters ────────────────────────────────────────────────────────────────────────────

/** `noParams` (`z.object({})`). */
export const noParams: LeanOf<typeof zc.noParams> = /* @__PURE__ */ leanSchema(obj({}));
/** `{ lobby_id }`. */
export const lobbyParams: LeanSchema<{ lobby_id: string }> = /* @__PURE__ */ leanSchema(
  obj({ lobby_id: snowflakeRun }),
);
/** `{ lobby_id, user_id }`. */
export const lobbyUserParams: LeanSchema<{ lobby_id: string; user_id: string }> = /* @__PURE__ */ leanSchema(
  obj({ lobby_id: snowflakeRun, user_id: snowflakeRun }),
);
/** `{ lobby_id, message_id }`. */
export const lobbyMessageParams: LeanSchema<{ lobby_id: string; message_id: string }> =
  /* @__PURE__ */ leanSchema(obj({ lobby_id: snowflakeRun, message_id: snowflakeRun }));
/** `{ user_id_1, user_id_2, message_id }`. */
export const dmMessageParams: LeanSchema<{
  user_id_1: string;
  user_id_2: string;
  message_id: string;
}> = /* @__PURE__ */ leanSchema(
  obj({ user_id_1: snowflakeRun, user_id_2: snowflakeRun, message_id: snowflakeRun }),
);
