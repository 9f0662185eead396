/**
 * Create Channel Invite's rules: the channel and target checks, the roles an invite may grant, the
 * reuse of a similar invite unless `unique`, the optional target-users file (an asynchronous job),
 * and the INVITE_CREATE event with its audit-log entry.
 *
 * Emulator choices where the platform's documentation is thin (documented in the report and DEMO):
 * - categories cannot be invited to: 400 code 50024;
 * - `target_type` and the guest flag need a voice or stage channel, and a STREAM target user must be
 *   connected to that channel (the emulator's stand-in for "streaming in the channel"); an
 *   EMBEDDED_APPLICATION target must be a known application: each a 400 50035 naming the field;
 * - `role_ids` must be roles of the guild other than @everyone and managed roles (400 50035 naming
 *   `role_ids.N`); granting roles needs MANAGE_ROLES and roles below the caller's highest role,
 *   as every role grant on the platform does (403 50013);
 * - without `unique`, a live invite of the same inviter to the same channel with the same settings
 *   and no target-users list is answered again instead of a new one (no event, no audit entry).
 */
import { highestPosition } from '../member/roleHierarchy.js';
import { ChannelType, GuildInviteFlags, InviteTargetType, InviteType } from '../../../spec/flags.js';
import { Permissions } from '../../../spec/permissions.js';
import { createChannelInviteDefaults } from '../../../spec/schemas/invite.js';
import { permissionsOf } from '../../permissions/requirePermissions.js';
import { ErrorCode } from '../../../spec/codes.js';
import { type FieldError, fieldErrorTree, PlatformError } from '../../PlatformError.js';
import type { Snowflake } from '../../world/accountRecords.js';
import type { GuildRecord } from '../../world/guildRecords.js';
import type { InviteRecord } from '../../world/inviteRecords.js';
import type { World } from '../../world/World.js';
import { auditAuthor, type ChannelPlace, callerUser } from '../access.js';
import type { ContextOf } from '../handlerTypes.js';
import { recordAudit } from '../recordAudit.js';
import { inviteCreatePayload } from './renderInvite.js';
import { readTargetUsersFile, startTargetUsersJob, TARGET_USERS_FIELD } from './targetUsersJob.js';

type Body = ContextOf<'createChannelInvite'>['body'];

const VOICE_TYPES: ReadonlySet<number> = new Set([ChannelType.GUILD_VOICE, ChannelType.GUILD_STAGE_VOICE]);

/** The settings of a new invite, defaults applied. */
interface InviteSettings {
  max_age: number;
  max_uses: number;
  temporary: boolean;
  target_type: number | null;
  target_user_id: Snowflake | null;
  target_application_id: Snowflake | null;
  role_ids: Snowflake[];
  flags: number;
}

/** Applies the body's fields over the platform's defaults. */
function settingsOf(body: Body): InviteSettings {
  const input = body ?? {};
  return {
    max_age: input.max_age ?? createChannelInviteDefaults.max_age,
    max_uses: input.max_uses ?? createChannelInviteDefaults.max_uses,
    temporary: input.temporary ?? createChannelInviteDefaults.temporary,
    target_type: input.target_type ?? null,
    target_user_id: input.target_type == null ? null : (input.target_user_id ?? null),
    target_application_id: input.target_type == null ? null : (input.target_application_id ?? null),
    role_ids: [...(input.role_ids ?? [])],
    flags: input.flags ?? 0,
  };
}

/** Field problems the body's schema cannot see: they need the channel, the guild and the world. */
function contextIssues(world: World, place: ChannelPlace, settings: InviteSettings): FieldError[] {
  const { guild, channel } = place;
  const issues: FieldError[] = [];
  const voice = VOICE_TYPES.has(channel.type);
  if (settings.target_type !== null && !voice) {
    issues.push({
      path: ['target_type'],
      code: 'INVITE_TARGET_CHANNEL_INVALID',
      message: 'A target type needs a voice or stage channel.',
    });
  }
  if (settings.target_type === InviteTargetType.STREAM && settings.target_user_id !== null && voice) {
    const member = guild.members.get(settings.target_user_id);
    if (!member || member.voice_channel_id !== channel.id) {
      issues.push({
        path: ['target_user_id'],
        code: 'INVITE_TARGET_USER_INVALID',
        message: 'The target user must be streaming in (connected to) this voice channel.',
      });
    }
  }
  if (
    settings.target_type === InviteTargetType.EMBEDDED_APPLICATION &&
    settings.target_application_id !== null &&
    !world.applications.has(settings.target_application_id)
  ) {
    issues.push({
      path: ['target_application_id'],
      code: 'UNKNOWN_APPLICATION',
      message: 'Unknown application.',
    });
  }
  if ((settings.flags & GuildInviteFlags.IS_GUEST_INVITE) !== 0 && !voice) {
    issues.push({
      path: ['flags'],
      code: 'GUEST_INVITE_CHANNEL_INVALID',
      message: 'Guest invites are for voice and stage channels only.',
    });
  }
  settings.role_ids.forEach((roleId, index) => {
    const role = guild.roles.get(roleId);
    if (!role || roleId === guild.id || role.managed) {
      issues.push({
        path: ['role_ids', index],
        code: 'UNKNOWN_ROLE',
        message: role ? 'This role cannot be granted by an invite.' : 'Unknown role.',
      });
    }
  });
  return issues;
}

/**
 * Granting roles: MANAGE_ROLES, and every role below the caller's highest, as assigning them would
 * need (the owner passes; ADMINISTRATOR passes the permission check, not the hierarchy).
 */
function requireRoleGrant(
  world: World,
  guild: GuildRecord,
  userId: Snowflake,
  roleIds: readonly Snowflake[],
): void {
  if (roleIds.length === 0) return;
  const base = permissionsOf(world, userId, { guild });
  if (base === undefined) throw PlatformError.missingAccess();
  if ((base & Permissions.MANAGE_ROLES) === 0n) throw PlatformError.missingPermissions();
  if (guild.owner_id === userId) return;
  const member = guild.members.get(userId);
  const highest = member ? highestPosition(guild, member) : 0;
  for (const id of roleIds) {
    if ((guild.roles.get(id)?.position ?? 0) >= highest) throw PlatformError.missingPermissions();
  }
}

/** Whether `invite` can be answered again for a non-unique request with `settings`. */
function isSimilar(
  invite: InviteRecord,
  inviterId: Snowflake,
  channelId: Snowflake,
  settings: InviteSettings,
): boolean {
  const sameRoles =
    invite.role_ids.length === settings.role_ids.length &&
    [...invite.role_ids].sort().join(',') === [...settings.role_ids].sort().join(',');
  return (
    invite.inviter_id === inviterId &&
    invite.channel_id === channelId &&
    invite.lobby_id === null &&
    invite.target_user_ids === null &&
    invite.target_users_job === null &&
    invite.max_age === settings.max_age &&
    invite.max_uses === settings.max_uses &&
    invite.temporary === settings.temporary &&
    invite.target_type === settings.target_type &&
    invite.target_user_id === settings.target_user_id &&
    invite.target_application_id === settings.target_application_id &&
    invite.flags === settings.flags &&
    sameRoles
  );
}

/**
 * Creates (or, without `unique`, reuses) an invite to the channel. The route's permission
 * (CREATE_INSTANT_INVITE) has been checked by the caller. Returns the invite and whether it is new.
 */
export function createChannelInvite(
  ctx: ContextOf<'createChannelInvite'>,
  place: ChannelPlace,
): { invite: InviteRecord; created: boolean } {
  const { world } = ctx;
  const { guild, channel } = place;
  if (channel.type === ChannelType.GUILD_CATEGORY) {
    throw PlatformError.badRequest(
      'Cannot execute action on this channel type',
      ErrorCode.INVALID_CHANNEL_TYPE,
    );
  }
  const settings = settingsOf(ctx.body);
  const issues = contextIssues(world, place, settings);
  // The file is read before anything changes, so that a bad line refuses the whole request.
  const file = ctx.files.get(TARGET_USERS_FIELD);
  let targetUsers: ReturnType<typeof readTargetUsersFile> | undefined;
  if (file) {
    try {
      targetUsers = readTargetUsersFile(file);
    } catch (error) {
      const tree = error instanceof PlatformError ? error.envelope.errors : undefined;
      if (!tree || issues.length === 0) throw error;
      // Report the file's lines beside the other fields' problems, in one answer.
      throw PlatformError.invalidForm({ ...fieldErrorTree(issues), ...tree });
    }
  }
  if (issues.length > 0) throw PlatformError.invalidForm(fieldErrorTree(issues));
  const inviter = callerUser(ctx.caller);
  requireRoleGrant(world, guild, inviter.id, settings.role_ids);

  if (ctx.body?.unique !== true && !targetUsers) {
    const similar = world.invites
      .ofChannel(channel.id)
      .find((i) => isSimilar(i, inviter.id, channel.id, settings));
    if (similar) return { invite: similar, created: false };
  }
  const invite = world.invites.create({
    type: InviteType.GUILD,
    guild_id: guild.id,
    channel_id: channel.id,
    inviter_id: inviter.id,
    ...settings,
    // An invite made with a file accepts nobody until its job has read the file.
    target_user_ids: targetUsers ? [] : null,
  });
  if (targetUsers) startTargetUsersJob(world, invite, targetUsers);
  world.emit('INVITE_CREATE', inviteCreatePayload(world, invite), guild.id);
  recordAudit(auditAuthor(ctx, guild), 'INVITE_CREATE', null, {
    changes: inviteAuditChanges(invite, 'new_value'),
  });
  return { invite, created: true };
}

/** The audit-log changes describing an invite (as new values on create, old values on delete). */
export function inviteAuditChanges(
  invite: InviteRecord,
  side: 'new_value' | 'old_value',
): Array<{ key: string; new_value?: unknown; old_value?: unknown }> {
  const values: Array<[string, unknown]> = [
    ['code', invite.code],
    ['channel_id', invite.channel_id],
    ['inviter_id', invite.inviter_id],
    ['uses', invite.uses],
    ['max_uses', invite.max_uses],
    ['max_age', invite.max_age],
    ['temporary', invite.temporary],
    ['flags', invite.flags],
  ];
  return values.map(([key, value]) => ({ key, [side]: value }));
}
