/**
 * The 24 operations of the member area: guild members, member roles, bans, roles and pruning. Each
 * handler finds the acting member and checks the route's permission rule ({@link actingIn}), then
 * hands the rule work to memberRules.ts, memberQueries.ts, banRules.ts, roleRules.ts and
 * pruneRules.ts.
 */
import { renderMember, renderRole } from '../../world/renderGuild.js';
import type { World } from '../../world/World.js';
import { actingIn, callerApplication } from '../access.js';
import { defineHandlers, reply } from '../handlerTypes.js';
import { banUser, bulkBan, listBans, renderBan, requireBan, unbanUser } from './banRules.js';
import { targetMember } from './roleHierarchy.js';
import { listMembers, searchMembers } from './memberQueries.js';
import {
  addMember,
  kickMember,
  modifyCurrentMember,
  modifyCurrentUserNick,
  modifyMember,
  setMemberRole,
} from './memberRules.js';
import { prune, pruneCandidates } from './pruneRules.js';
import { createRole, deleteRole, modifyRole, moveRoles, roleMemberCounts, sortedRoles } from './roleRules.js';

const memberWire = (world: World, member: Parameters<typeof renderMember>[0]) =>
  renderMember(member, (id) => world.userOrPlaceholder(id));

/** Handlers of the member area's routes. */
export const memberHandlers = defineHandlers({
  getGuildMember: (ctx) => {
    const actor = actingIn(ctx, ctx.params.guild_id);
    return reply.json(memberWire(ctx.world, targetMember(actor, ctx.params.user_id)));
  },

  addGuildMember: (ctx) => {
    const actor = actingIn(ctx, ctx.params.guild_id);
    const member = addMember(actor, callerApplication(ctx.caller).id, ctx.params.user_id, ctx.body);
    return member ? reply.json(memberWire(ctx.world, member), 201) : reply.noContent();
  },

  modifyGuildMember: (ctx) => {
    const actor = actingIn(ctx, ctx.params.guild_id);
    return reply.json(memberWire(ctx.world, modifyMember(actor, ctx.params.user_id, ctx.body)));
  },

  removeGuildMember: (ctx) => {
    kickMember(actingIn(ctx, ctx.params.guild_id), ctx.params.user_id);
    return reply.noContent();
  },

  listGuildMembers: (ctx) => {
    const actor = actingIn(ctx, ctx.params.guild_id);
    const members = listMembers(actor.guild, ctx.query.after, ctx.query.limit);
    return reply.json(members.map((m) => memberWire(ctx.world, m)));
  },

  searchGuildMembers: (ctx) => {
    const actor = actingIn(ctx, ctx.params.guild_id);
    const members = searchMembers(ctx.world, actor.guild, ctx.query.query, ctx.query.limit);
    return reply.json(members.map((m) => memberWire(ctx.world, m)));
  },

  modifyCurrentMember: (ctx) => {
    const actor = actingIn(ctx, ctx.params.guild_id);
    return reply.json(memberWire(ctx.world, modifyCurrentMember(actor, ctx.body)));
  },

  modifyCurrentUserNick: (ctx) => {
    const actor = actingIn(ctx, ctx.params.guild_id);
    return reply.json({ nick: modifyCurrentUserNick(actor, ctx.body.nick) });
  },

  addGuildMemberRole: (ctx) => {
    setMemberRole(actingIn(ctx, ctx.params.guild_id), ctx.params.user_id, ctx.params.role_id, true);
    return reply.noContent();
  },

  removeGuildMemberRole: (ctx) => {
    setMemberRole(actingIn(ctx, ctx.params.guild_id), ctx.params.user_id, ctx.params.role_id, false);
    return reply.noContent();
  },

  getGuildBans: (ctx) => {
    const actor = actingIn(ctx, ctx.params.guild_id);
    return reply.json(listBans(actor.guild, ctx.query).map((ban) => renderBan(ctx.world, ban)));
  },

  getGuildBan: (ctx) => {
    const actor = actingIn(ctx, ctx.params.guild_id);
    return reply.json(renderBan(ctx.world, requireBan(actor.guild, ctx.params.user_id)));
  },

  createGuildBan: (ctx) => {
    banUser(actingIn(ctx, ctx.params.guild_id), ctx.params.user_id, ctx.body ?? {});
    return reply.noContent();
  },

  removeGuildBan: (ctx) => {
    unbanUser(actingIn(ctx, ctx.params.guild_id), ctx.params.user_id);
    return reply.noContent();
  },

  bulkGuildBan: (ctx) => {
    const actor = actingIn(ctx, ctx.params.guild_id);
    return reply.json(bulkBan(actor, ctx.body.user_ids, ctx.body.delete_message_seconds ?? 0));
  },

  getGuildRoles: (ctx) => {
    const actor = actingIn(ctx, ctx.params.guild_id);
    return reply.json(sortedRoles(actor.guild).map(renderRole));
  },

  createGuildRole: (ctx) => {
    const actor = actingIn(ctx, ctx.params.guild_id);
    return reply.json(renderRole(createRole(actor, ctx.body ?? {})));
  },

  modifyGuildRolePositions: (ctx) => {
    const actor = actingIn(ctx, ctx.params.guild_id);
    return reply.json(moveRoles(actor, ctx.body).map(renderRole));
  },

  getGuildRole: (ctx) => {
    const actor = actingIn(ctx, ctx.params.guild_id);
    return reply.json(renderRole(ctx.world.guilds.requireRole(actor.guild, ctx.params.role_id)));
  },

  modifyGuildRole: (ctx) => {
    const actor = actingIn(ctx, ctx.params.guild_id);
    return reply.json(renderRole(modifyRole(actor, ctx.params.role_id, ctx.body ?? {})));
  },

  deleteGuildRole: (ctx) => {
    deleteRole(actingIn(ctx, ctx.params.guild_id), ctx.params.role_id);
    return reply.noContent();
  },

  getGuildRoleMemberCounts: (ctx) => {
    const actor = actingIn(ctx, ctx.params.guild_id);
    return reply.json(roleMemberCounts(actor.guild));
  },

  getGuildPruneCount: (ctx) => {
    const actor = actingIn(ctx, ctx.params.guild_id);
    return reply.json({ pruned: pruneCandidates(actor, ctx.query.days, ctx.query.include_roles).length });
  },

  beginGuildPrune: (ctx) => {
    const actor = actingIn(ctx, ctx.params.guild_id);
    return reply.json({
      pruned: prune(actor, ctx.body ?? { days: 7, compute_prune_count: true, include_roles: [] }),
    });
  },
});
