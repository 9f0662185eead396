/**
 * Requests of the guild member operations (list, search, add, modify, modify current member, the
 * deprecated nickname route), with the per-field permissions Modify Guild Member checks and the
 * timeout rule that needs the current time.
 */
import * as z from 'zod/mini';
import { editableGuildMemberFlags, GuildMemberFlags } from '../flags.js';
import { limits } from '../limits.js';
import { type PermissionName, Permissions } from '../permissions.js';
import { flagsInt, isoTimestamp, queryInt, responseObject, snowflake } from './common.js';

const IMAGE_DATA_RE = /^data:image\/(?:png|jpeg|jpg|gif|webp|avif);base64,([A-Za-z0-9+/]+={0,2})$/;

/**
 * Image data as requests carry it: a data URI with a base64 payload,
 * `data:image/png;base64,iVBORw0…`. Used for member avatars and banners and for role icons.
 */
export const imageData = z
  .string()
  .check(
    z.regex(IMAGE_DATA_RE, { message: 'must be image data (a data URI: data:image/<type>;base64,<data>)' }),
  )
  .check(
    z.refine((v) => (IMAGE_DATA_RE.exec(v)?.[1]?.length ?? 0) % 4 === 0, {
      message: 'must be image data whose base64 payload is complete (length a multiple of 4)',
    }),
  );

/**
 * A nickname as requests carry it: at most `limits.member.nickMaxLength` characters, counted as the
 * platform counts them (code points, so an emoji is one); "" clears it like null.
 */
const nickname = z.string().check(
  z.refine((v) => [...v].length <= limits.member.nickMaxLength, {
    message: `Must be between 1 and ${limits.member.nickMaxLength} in length.`,
    params: { code: 'BASE_TYPE_BAD_LENGTH' },
  }),
);

/** List Guild Members query: `limit` 1-1000 (default 1), `after` the highest user id seen (default 0). */
export const listGuildMembersQuery = z.object({
  limit: z._default(
    queryInt(limits.member.listLimitMin, limits.member.listLimitMax),
    limits.member.listLimitDefault,
  ),
  /** The highest user id of the previous page; "0" starts from the beginning. */
  after: z._default(snowflake, '0'),
});
/** List Guild Members query (as sent). */
export type ListGuildMembersQuery = z.input<typeof listGuildMembersQuery>;

/**
 * Search Guild Members query: `query` (required) matches the start of usernames and nicknames;
 * `limit` 1-1000, default 1.
 */
export const searchGuildMembersQuery = z.object({
  query: z.string({ message: 'query is required (a string matched against names)' }),
  limit: z._default(
    queryInt(limits.member.listLimitMin, limits.member.listLimitMax),
    limits.member.listLimitDefault,
  ),
});
/** Search Guild Members query (as sent). */
export type SearchGuildMembersQuery = z.input<typeof searchGuildMembersQuery>;

/**
 * Add Guild Member body. `access_token` is the user's OAuth2 token with `guilds.join` for the bot's
 * application; each other field needs a permission (see {@link addGuildMemberPermissions}).
 */
export const addGuildMemberBody = z.object({
  access_token: z
    .string({ message: 'access_token is required (a user token with the guilds.join scope)' })
    .check(z.minLength(1, { message: 'access_token must not be empty' })),
  nick: z.nullish(nickname),
  roles: z.nullish(z.array(snowflake)),
  mute: z.nullish(z.boolean()),
  deaf: z.nullish(z.boolean()),
});
/** Add Guild Member body. */
export type AddGuildMemberBody = z.infer<typeof addGuildMemberBody>;

/**
 * Guild member flags a request may carry: only the editable bits
 * (`editableGuildMemberFlags`, i.e. BYPASSES_VERIFICATION).
 */
export const editableMemberFlags = flagsInt.check(
  z.refine((v) => (v & ~editableGuildMemberFlags) === 0, {
    message: `only editable guild member flags may be set (BYPASSES_VERIFICATION = ${GuildMemberFlags.BYPASSES_VERIFICATION})`,
  }),
);

/**
 * Modify Guild Member body: every field optional and nullable. `channel_id` null disconnects the
 * user from voice; `communication_disabled_until` null removes the timeout, and may be at most 28
 * days ahead (checked by {@link modifyGuildMemberIssues}, which needs the time).
 */
export const modifyGuildMemberBody = z.object({
  nick: z.nullish(nickname),
  roles: z.nullish(z.array(snowflake)),
  /** 400 when the user is not in voice. */
  mute: z.nullish(z.boolean()),
  /** 400 when the user is not in voice. */
  deaf: z.nullish(z.boolean()),
  channel_id: z.nullish(snowflake),
  communication_disabled_until: z.nullish(isoTimestamp),
  flags: z.nullish(editableMemberFlags),
});
/** Modify Guild Member body. */
export type ModifyGuildMemberBody = z.infer<typeof modifyGuildMemberBody>;

/**
 * The rules of Modify Guild Member that depend on the current time (`now`, epoch milliseconds):
 * `communication_disabled_until` at most 28 days ahead. Past times are allowed (they mean "not timed
 * out"). Returns zod-style issues, empty when the body passes.
 */
export function modifyGuildMemberIssues(
  body: Pick<ModifyGuildMemberBody, 'communication_disabled_until'>,
  now: number,
): z.core.$ZodIssueCustom[] {
  const until = body.communication_disabled_until;
  if (until === undefined || until === null) return [];
  const at = Date.parse(until);
  const latest = now + limits.member.timeoutMaxAheadMs;
  if (Number.isNaN(at) || at <= latest) return [];
  return [
    {
      code: 'custom',
      path: ['communication_disabled_until'],
      message: `communication_disabled_until must be at most 28 days ahead (no later than ${new Date(latest).toISOString()})`,
      input: until,
    },
  ];
}

/** {@link modifyGuildMemberBody} with the time-dependent rules of {@link modifyGuildMemberIssues} at `now`. */
export function modifyGuildMemberBodyAt(now: number) {
  return modifyGuildMemberBody.check(
    z.superRefine((body, ctx) => {
      for (const issue of modifyGuildMemberIssues(body, now)) ctx.addIssue({ ...issue });
    }),
  );
}

/**
 * What one present body field requires: the caller passes when it holds every permission of at
 * least one alternative in `anyOf` (owners and ADMINISTRATOR pass anyway).
 */
export interface FieldPermission {
  readonly field: string;
  readonly anyOf: readonly (readonly PermissionName[])[];
  /** A further condition the permission bits cannot express. */
  readonly note?: string;
}

/** Permissions behind each field of Modify Guild Member, per the specification. */
export const modifyGuildMemberFieldPermissions = {
  nick: { field: 'nick', anyOf: [['MANAGE_NICKNAMES']] },
  roles: { field: 'roles', anyOf: [['MANAGE_ROLES']] },
  mute: { field: 'mute', anyOf: [['MUTE_MEMBERS']] },
  deaf: { field: 'deaf', anyOf: [['DEAFEN_MEMBERS']] },
  channel_id: {
    field: 'channel_id',
    anyOf: [['MOVE_MEMBERS']],
    note: 'plus permission to connect to the target channel',
  },
  communication_disabled_until: {
    field: 'communication_disabled_until',
    anyOf: [['MODERATE_MEMBERS']],
    note: '403 when the target holds ADMINISTRATOR or owns the guild',
  },
  flags: {
    field: 'flags',
    anyOf: [['MANAGE_GUILD'], ['MANAGE_ROLES'], ['MODERATE_MEMBERS', 'KICK_MEMBERS', 'BAN_MEMBERS']],
  },
} as const satisfies Record<keyof ModifyGuildMemberBody, FieldPermission>;

function presentFields<T extends string>(
  body: Readonly<Record<string, unknown>>,
  table: Readonly<Record<T, FieldPermission>>,
): FieldPermission[] {
  // A field sent as null (clearing it) is still a change, and needs the same permission.
  return (Object.keys(table) as T[]).filter((key) => body[key] !== undefined).map((key) => table[key]);
}

/**
 * The permission each present field of a Modify Guild Member body needs (nick MANAGE_NICKNAMES, roles
 * MANAGE_ROLES, mute MUTE_MEMBERS, deaf DEAFEN_MEMBERS, channel_id MOVE_MEMBERS,
 * communication_disabled_until MODERATE_MEMBERS, flags MANAGE_GUILD or MANAGE_ROLES or all of
 * MODERATE_MEMBERS, KICK_MEMBERS and BAN_MEMBERS). Check each with {@link holdsFieldPermission}.
 */
export function modifyGuildMemberPermissions(body: Readonly<Record<string, unknown>>): FieldPermission[] {
  return presentFields(body, modifyGuildMemberFieldPermissions);
}

/** Permissions behind the optional fields of Add Guild Member (beyond CREATE_INSTANT_INVITE). */
export const addGuildMemberFieldPermissions = {
  nick: { field: 'nick', anyOf: [['MANAGE_NICKNAMES']] },
  roles: { field: 'roles', anyOf: [['MANAGE_ROLES']] },
  mute: { field: 'mute', anyOf: [['MUTE_MEMBERS']] },
  deaf: { field: 'deaf', anyOf: [['DEAFEN_MEMBERS']] },
} as const satisfies Record<Exclude<keyof AddGuildMemberBody, 'access_token'>, FieldPermission>;

/** The permission each present optional field of an Add Guild Member body needs. */
export function addGuildMemberPermissions(body: Readonly<Record<string, unknown>>): FieldPermission[] {
  return presentFields(body, addGuildMemberFieldPermissions);
}

/** Permissions behind the fields of Modify Current Member: only `nick` needs one. */
export const modifyCurrentMemberFieldPermissions = {
  nick: { field: 'nick', anyOf: [['CHANGE_NICKNAME']] },
} as const satisfies Record<string, FieldPermission>;

/** The permission each present field of a Modify Current Member body needs (nick: CHANGE_NICKNAME). */
export function modifyCurrentMemberPermissions(body: Readonly<Record<string, unknown>>): FieldPermission[] {
  return presentFields(body, modifyCurrentMemberFieldPermissions);
}

/** True when `permissions` (a bitfield) hold every permission of one alternative of `requirement`. */
export function holdsFieldPermission(permissions: bigint, requirement: FieldPermission): boolean {
  return requirement.anyOf.some((all) =>
    all.every((name) => (permissions & Permissions[name]) === Permissions[name]),
  );
}

/**
 * Modify Current Member body, every field nullable (null clears it): `nick` (needs CHANGE_NICKNAME),
 * `banner` and `avatar` (image data URIs), `bio`.
 */
export const modifyCurrentMemberBody = z.object({
  nick: z.nullish(nickname),
  banner: z.nullish(imageData),
  avatar: z.nullish(imageData),
  bio: z.nullish(z.string()),
});
/** Modify Current Member body. */
export type ModifyCurrentMemberBody = z.infer<typeof modifyCurrentMemberBody>;

/** Modify Current User Nick body (deprecated route): `nick`, null or absent to clear it. */
export const modifyCurrentUserNickBody = z.object({
  nick: z.nullish(nickname),
});
/** Modify Current User Nick body. */
export type ModifyCurrentUserNickBody = z.infer<typeof modifyCurrentUserNickBody>;

/** Modify Current User Nick answer: the nickname now set (null when cleared). */
export const modifyCurrentUserNickResponse = responseObject({
  nick: z.nullable(z.string()),
});
/** Modify Current User Nick answer. */
export type ModifyCurrentUserNickResponse = z.infer<typeof modifyCurrentUserNickResponse>;
