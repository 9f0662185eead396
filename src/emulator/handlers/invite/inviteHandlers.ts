/**
 * The invite area's 15 operations: invites (Get, Delete, Create Channel Invite, channel and guild
 * listings), target users (CSV in and out, the asynchronous job), voice channel status, thread
 * members and role connections. Handlers look up and authorise; the rules live in the modules beside
 * this one (createInvite, targetUsersJob, voiceStatus, threadMembers, roleConnections).
 */
import { formatTargetUsersCsv } from '../../../spec/schemas/targetUsersCsv.js';
import { declaredRule, hasPermission, requirePermissions } from '../../permissions/requirePermissions.js';
import {
  auditAuthor,
  callerUser,
  requireInviteDeleter,
  requireInviterOr,
  requireVisibleChannel,
} from '../access.js';
import { defineHandlers, reply } from '../handlerTypes.js';
import { recordAudit } from '../recordAudit.js';
import { createChannelInvite, inviteAuditChanges } from './createInvite.js';
import { inviteDeletePayload, renderInvite } from './renderInvite.js';
import {
  getApplicationMetadata,
  getUserConnection,
  updateApplicationMetadata,
  updateUserConnection,
} from './roleConnections.js';
import {
  readTargetUsersFile,
  renderTargetUsersJob,
  settleTargetUsersJob,
  startTargetUsersJob,
  TARGET_USERS_FIELD,
  unknownTargetUsers,
  unknownTargetUsersJob,
} from './targetUsersJob.js';
import { getThreadMember, listThreadMembers } from './threadMembers.js';
import { setVoiceChannelStatus } from './voiceStatus.js';

/** Whether a caller of Get Guild Invites sees the invites' metadata. */
const MANAGE_GUILD = { allOf: ['MANAGE_GUILD'], scope: 'guild' } as const;

/** Handlers of the invite area's routes. */
export const inviteHandlers = defineHandlers({
  getInvite: ({ world, params, query }) => {
    const invite = world.invites.require(params.code);
    // guild_scheduled_event_id: the emulator has no scheduled events, so none is ever embedded.
    return reply.json(renderInvite(world, invite, { withCounts: query.with_counts === true }));
  },

  deleteInvite: (ctx) => {
    const { world } = ctx;
    const invite = world.invites.require(ctx.params.code);
    const { guild } = requireInviteDeleter(ctx, invite);
    const answer = renderInvite(world, invite, { withMetadata: true });
    world.invites.delete(invite.code);
    world.emit('INVITE_DELETE', inviteDeletePayload(invite), guild.id);
    recordAudit(auditAuthor(ctx, guild), 'INVITE_DELETE', null, {
      changes: inviteAuditChanges(invite, 'old_value'),
    });
    return reply.json(answer);
  },

  getTargetUsers: (ctx) => {
    const invite = ctx.world.invites.require(ctx.params.code);
    requireInviterOr(ctx, invite, declaredRule(ctx));
    settleTargetUsersJob(ctx.world, invite);
    // An invite anyone may accept has no list (none yet, while its first job runs): 404 10129.
    if (invite.target_user_ids === null) throw unknownTargetUsers();
    const csv = formatTargetUsersCsv(invite.target_user_ids);
    return reply.bytes('text/csv; charset=utf-8', Buffer.from(csv, 'utf8'));
  },

  updateTargetUsers: (ctx) => {
    const invite = ctx.world.invites.require(ctx.params.code);
    requireInviterOr(ctx, invite, declaredRule(ctx));
    const file = readTargetUsersFile(ctx.files.get(TARGET_USERS_FIELD), 'list');
    startTargetUsersJob(ctx.world, invite, file);
    return reply.noContent();
  },

  getTargetUsersJobStatus: (ctx) => {
    const invite = ctx.world.invites.require(ctx.params.code);
    requireInviterOr(ctx, invite, declaredRule(ctx));
    // An invite that never had a job has no target users: 404 10124.
    if (invite.target_users_job === null) throw unknownTargetUsersJob();
    settleTargetUsersJob(ctx.world, invite);
    return reply.json(renderTargetUsersJob(invite.target_users_job));
  },

  createChannelInvite: (ctx) => {
    const place = requireVisibleChannel(ctx, ctx.params.channel_id);
    requirePermissions(ctx, declaredRule(ctx), place);
    const { invite } = createChannelInvite(ctx, place);
    return reply.json(renderInvite(ctx.world, invite, { withMetadata: true }));
  },

  getChannelInvites: (ctx) => {
    const place = requireVisibleChannel(ctx, ctx.params.channel_id);
    requirePermissions(ctx, declaredRule(ctx), place);
    const invites = ctx.world.invites.ofChannel(place.channel.id);
    return reply.json(invites.map((i) => renderInvite(ctx.world, i, { withMetadata: true })));
  },

  getGuildInvites: (ctx) => {
    const guild = ctx.world.guilds.require(ctx.params.guild_id);
    requirePermissions(ctx, declaredRule(ctx), { guild });
    // VIEW_AUDIT_LOG alone lists the invites without their metadata.
    const withMetadata = hasPermission(ctx.world, callerUser(ctx.caller).id, MANAGE_GUILD, { guild });
    const invites = ctx.world.invites.ofGuild(guild.id);
    return reply.json(invites.map((i) => renderInvite(ctx.world, i, { withMetadata })));
  },

  setVoiceChannelStatus: (ctx) => {
    setVoiceChannelStatus(ctx);
    return reply.noContent();
  },

  listThreadMembers: (ctx) => reply.json(listThreadMembers(ctx)),

  getThreadMember: (ctx) => reply.json(getThreadMember(ctx)),

  getApplicationRoleConnectionMetadata: (ctx) => reply.json(getApplicationMetadata(ctx)),

  updateApplicationRoleConnectionMetadata: (ctx) => reply.json(updateApplicationMetadata(ctx)),

  getUserRoleConnection: (ctx) => reply.json(getUserConnection(ctx)),

  updateUserRoleConnection: (ctx) => reply.json(updateUserConnection(ctx)),
});
