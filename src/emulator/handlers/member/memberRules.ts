/**
 * The platform's guild member rules: adding a member with an OAuth2 access token, modifying a member
 * field by field (nickname, roles, voice, timeout, flags), kicking, and the current member's own
 * changes. Handlers (memberHandlers.ts) authorise the route; these functions decide and emit.
 *
 * Choices where the specification names no status (from the platform's documentation and behaviour):
 * - an access token that is unknown, of another application or of another user is 403 code 50025
 *   (the platform's "Invalid OAuth2 access token"); one without guilds.join is 403 50001;
 * - a banned user cannot be added: 403 code 40007;
 * - mute, deaf and a move (channel_id) need the target in voice: 400 code 40032;
 * - kicking a user who is not a member answers 204 (the platform does not fail it).
 */
import { Permissions } from '../../../spec/permissions.js';
import { memberRoutes } from '../../../spec/routes/memberRoutes.js';
import {
  type AddGuildMemberBody,
  addGuildMemberPermissions,
  type ModifyCurrentMemberBody,
  type ModifyGuildMemberBody,
  modifyCurrentMemberPermissions,
  modifyGuildMemberIssues,
  modifyGuildMemberPermissions,
} from '../../../spec/schemas/memberRequests.js';
import { computeBasePermissions, computeChannelPermissions } from '../../permissions/computePermissions.js';
import { zodIssuesToFieldErrors } from '../../http/zodIssuesToFieldErrors.js';
import { ErrorCode } from '../../../spec/codes.js';
import { fieldErrorTree, PlatformError } from '../../PlatformError.js';
import type { Snowflake } from '../../world/accountRecords.js';
import type { MemberRecord } from '../../world/guildRecords.js';
import { isVoiceLike } from '../../world/renderGuild.js';
import type { Actor } from '../access.js';
import { imageHash } from '../imageHash.js';
import { type AuditChange, changeOf, recordAudit } from '../recordAudit.js';
import { requireOutranks, targetMember } from './roleHierarchy.js';
import { nickValue, requestedRoles, requireAssignable, requireFieldPermissions } from './memberFields.js';

/**
 * Add Guild Member: the new member (GUILD_MEMBER_ADD; pending under membership screening), or
 * undefined when the user already is a member (the platform answers 204 and changes nothing).
 */
export function addMember(
  actor: Actor,
  applicationId: Snowflake,
  userId: Snowflake,
  body: AddGuildMemberBody,
): MemberRecord | undefined {
  const { world, guild } = actor;
  const token = world.bearerTokens.get(body.access_token);
  // The token must be the path user's, issued to the calling bot's own application.
  if (!token || token.user_id !== userId || token.application_id !== applicationId) {
    throw new PlatformError(403, ErrorCode.INVALID_OAUTH2_ACCESS_TOKEN, 'Invalid OAuth2 access token');
  }
  for (const scope of memberRoutes.addGuildMember.bodyTokenScopes) {
    if (!token.scopes.includes(scope)) throw PlatformError.missingAccess();
  }
  world.requireUser(userId);
  if (guild.members.has(userId)) return undefined;
  if (guild.bans.has(userId)) {
    throw new PlatformError(403, ErrorCode.USER_BANNED, 'The user is banned from this guild.');
  }
  requireFieldPermissions(actor, addGuildMemberPermissions(body));
  const nick = nickValue(body.nick);
  const roles = requestedRoles(guild, body.roles ?? []);
  requireAssignable(actor, roles);
  return world.guilds.addMember(guild, userId, {
    nick,
    roles: roles.map((r) => r.id),
    mute: body.mute ?? false,
    deaf: body.deaf ?? false,
  });
}

/**
 * Modify Guild Member: checks every present field's permission and rule first, then applies them
 * all, records audit entries and emits GUILD_MEMBER_UPDATE.
 */
export function modifyMember(actor: Actor, userId: Snowflake, body: ModifyGuildMemberBody): MemberRecord {
  const { world, guild } = actor;
  const issues = modifyGuildMemberIssues(body, world.now());
  if (issues.length > 0) {
    throw PlatformError.invalidForm(fieldErrorTree(zodIssuesToFieldErrors(issues)));
  }
  const member = targetMember(actor, userId);
  requireFieldPermissions(actor, modifyGuildMemberPermissions(body));
  const self = userId === actor.userId;

  const nick = body.nick === undefined ? undefined : nickValue(body.nick);
  if (nick !== undefined && !self) requireOutranks(actor, member);

  let roles: Snowflake[] | undefined;
  if (body.roles !== undefined) {
    const wanted = requestedRoles(guild, body.roles ?? []);
    roles = wanted.map((r) => r.id);
    const changed = [
      ...wanted.filter((r) => !member.roles.includes(r.id)),
      ...member.roles.filter((id) => !roles?.includes(id)).flatMap((id) => guild.roles.get(id) ?? []),
    ];
    requireAssignable(actor, changed);
  }

  const timeout = body.communication_disabled_until;
  let until: number | null | undefined;
  if (timeout !== undefined) {
    until = timeout === null ? null : Date.parse(timeout);
    if (until !== null) {
      // The specification: 403 when the target holds ADMINISTRATOR or owns the guild.
      const targetPermissions = computeBasePermissions(guild, member, world.now());
      if ((targetPermissions & Permissions.ADMINISTRATOR) !== 0n) throw PlatformError.missingPermissions();
      if (!self) requireOutranks(actor, member);
    }
  }

  const inVoice = member.voice_channel_id !== null;
  for (const field of ['mute', 'deaf'] as const) {
    if (body[field] !== undefined && !inVoice) throw notInVoice();
  }
  let channelId: Snowflake | null | undefined;
  if (body.channel_id !== undefined) {
    channelId = body.channel_id;
    if (channelId !== null) {
      const channel = guild.channels.get(channelId);
      if (!channel || !isVoiceLike(channel)) {
        throw PlatformError.field(
          ['channel_id'],
          'CHANNEL_TYPE_INVALID',
          'Must be a voice or stage channel of this guild.',
        );
      }
      // "MOVE_MEMBERS plus permission to connect": the actor must be able to connect there.
      const bits = computeChannelPermissions(guild, actor.member, channel, world.now());
      if ((bits & Permissions.CONNECT) === 0n) throw PlatformError.missingPermissions();
      if (!inVoice) throw notInVoice();
    }
  }

  const before = { ...member, roles: [...member.roles] };
  if (nick !== undefined) member.nick = nick;
  if (roles !== undefined) member.roles = roles;
  if (body.mute !== undefined) member.mute = body.mute ?? false;
  if (body.deaf !== undefined) member.deaf = body.deaf ?? false;
  if (until !== undefined) member.communication_disabled_until = until;
  if (body.flags !== undefined) member.flags = body.flags ?? 0;
  if (channelId !== undefined && inVoice) member.voice_channel_id = channelId;

  auditMemberChanges(actor, before, member);
  world.guilds.memberUpdated(guild, member);
  return member;
}

function notInVoice(): PlatformError {
  return new PlatformError(400, ErrorCode.TARGET_NOT_IN_VOICE, 'Target user is not connected to voice.');
}

/** Writes MEMBER_UPDATE, MEMBER_ROLE_UPDATE, MEMBER_MOVE and MEMBER_DISCONNECT entries as they apply. */
function auditMemberChanges(actor: Actor, before: MemberRecord, after: MemberRecord): void {
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  const changes: AuditChange[] = [
    ...changeOf('nick', before.nick, after.nick),
    ...changeOf('mute', before.mute, after.mute),
    ...changeOf('deaf', before.deaf, after.deaf),
    ...changeOf(
      'communication_disabled_until',
      iso(before.communication_disabled_until),
      iso(after.communication_disabled_until),
    ),
    ...changeOf('flags', before.flags, after.flags),
  ];
  if (changes.length > 0) recordAudit(actor, 'MEMBER_UPDATE', after.user_id, { changes });
  const roleName = (id: Snowflake) => ({ id, name: actor.guild.roles.get(id)?.name ?? '' });
  const added = after.roles.filter((id) => !before.roles.includes(id)).map(roleName);
  const removed = before.roles.filter((id) => !after.roles.includes(id)).map(roleName);
  const roleChanges: AuditChange[] = [
    ...(added.length > 0 ? [{ key: '$add', new_value: added }] : []),
    ...(removed.length > 0 ? [{ key: '$remove', new_value: removed }] : []),
  ];
  if (roleChanges.length > 0) {
    recordAudit(actor, 'MEMBER_ROLE_UPDATE', after.user_id, { changes: roleChanges });
  }
  if (before.voice_channel_id !== after.voice_channel_id) {
    if (after.voice_channel_id === null) {
      recordAudit(actor, 'MEMBER_DISCONNECT', null, { options: { count: '1' } });
    } else {
      recordAudit(actor, 'MEMBER_MOVE', null, {
        options: { channel_id: after.voice_channel_id, count: '1' },
      });
    }
  }
}

/** Remove Guild Member: kicks (GUILD_MEMBER_REMOVE, MEMBER_KICK); a non-member is left alone. */
export function kickMember(actor: Actor, userId: Snowflake): void {
  const member = actor.guild.members.get(userId);
  if (!member) return;
  requireOutranks(actor, member);
  actor.world.guilds.removeMember(actor.guild, userId);
  recordAudit(actor, 'MEMBER_KICK', userId);
}

/** Modify Current Member: the caller's own nick (CHANGE_NICKNAME), guild avatar, banner and bio. */
export function modifyCurrentMember(actor: Actor, body: ModifyCurrentMemberBody): MemberRecord {
  requireFieldPermissions(actor, modifyCurrentMemberPermissions(body));
  const member = actor.member;
  const nick = body.nick === undefined ? undefined : nickValue(body.nick);
  const before = { ...member, roles: [...member.roles] };
  if (nick !== undefined) member.nick = nick;
  if (body.avatar !== undefined) member.avatar = imageHash(body.avatar);
  if (body.banner !== undefined) member.banner = imageHash(body.banner);
  if (body.bio !== undefined) member.bio = body.bio === '' ? null : body.bio;
  const changes = [
    ...changeOf('nick', before.nick, member.nick),
    ...changeOf('avatar_hash', before.avatar, member.avatar),
    ...changeOf('banner_hash', before.banner, member.banner),
  ];
  if (changes.length > 0) recordAudit(actor, 'MEMBER_UPDATE', member.user_id, { changes });
  actor.world.guilds.memberUpdated(actor.guild, member);
  return member;
}

/** Modify Current User Nick (deprecated): sets the caller's nickname; answers what is now set. */
export function modifyCurrentUserNick(actor: Actor, nick: string | null | undefined): string | null {
  const member = actor.member;
  const value = nickValue(nick);
  const changes = changeOf('nick', member.nick, value);
  member.nick = value;
  if (changes.length > 0) recordAudit(actor, 'MEMBER_UPDATE', member.user_id, { changes });
  actor.world.guilds.memberUpdated(actor.guild, member);
  return value;
}

/**
 * Add or Remove Guild Member Role: 204 either way. Adding needs a member (404 10007) and a known
 * role (404 10011); giving a role the member has, or taking one they lack, changes nothing and emits
 * nothing. Removing from a non-member answers 204 as on the platform.
 */
export function setMemberRole(actor: Actor, userId: Snowflake, roleId: Snowflake, give: boolean): void {
  const { world, guild } = actor;
  const role = world.guilds.requireRole(guild, roleId);
  const member = give ? targetMember(actor, userId) : guild.members.get(userId);
  // @everyone belongs to every member: it is neither given nor taken.
  if (role.id === guild.id) throw PlatformError.missingPermissions();
  requireAssignable(actor, [role]);
  if (!member) return;
  const has = member.roles.includes(role.id);
  if (has === give) return;
  member.roles = give ? [...member.roles, role.id] : member.roles.filter((id) => id !== role.id);
  recordAudit(actor, 'MEMBER_ROLE_UPDATE', userId, {
    changes: [{ key: give ? '$add' : '$remove', new_value: [{ id: role.id, name: role.name }] }],
  });
  world.guilds.memberUpdated(guild, member);
}
