/**
 * The emulator's handlers of the guild area (23 operations): the guild, its channels and threads,
 * voice regions, integrations, widget (settings, JSON, PNG), vanity URL, welcome screen, onboarding,
 * incident actions, Create Guild (removed for applications) and Current User Guilds. Each handler
 * checks the caller (a member, else 403 50001; the route's permissions, else 403 50013; owners and
 * ADMINISTRATOR pass) and hands the rule work to the rules modules beside it.
 */
import { ErrorCode } from '../../../spec/codes.js';
import { extraErrorCodes, PlatformError } from '../../platformError.js';
import { presenceCount } from '../../world/presence.js';
import { renderChannel } from '../../world/renderGuild.js';
import { defineHandlers, reply } from '../handlerTypes.js';
import {
  activeThreads,
  createGuildChannel,
  guildChannels,
  modifyChannelPositions,
  voiceRegions,
} from './channelRules.js';
import { actingUser, callerHas, guildForCaller, guildWire, requireGuild } from './guildAccess.js';
import {
  AuditAction,
  auditEntry,
  currentUserGuilds,
  emitGuildUpdate,
  modifyGuild,
  previewWire,
} from './guildRules.js';
import { deleteIntegration, guildIntegrations } from './integrationRules.js';
import {
  incidentsWire,
  modifyIncidentActions,
  modifyOnboarding,
  modifyWelcomeScreen,
  onboardingWire,
  welcomeScreenWire,
} from './onboardingRules.js';
import { renderWidgetImage } from './widgetImage.js';
import {
  modifyWidget,
  requireWidgetEnabled,
  vanityWire,
  widgetSettingsWire,
  widgetWire,
} from './widgetRules.js';

/** Handlers of the guild area's routes. */
export const guildHandlers = defineHandlers({
  getGuild: (ctx) => {
    const guild = guildForCaller(ctx, ctx.params.guild_id);
    return reply.json(guildWire(ctx.world, guild, ctx.query.with_counts === true));
  },

  getGuildPreview: (ctx) => {
    const guild = requireGuild(ctx.world, ctx.params.guild_id);
    // Members read any preview; others only a discoverable guild's, else it is as if it did not exist.
    const member = guild.members.has(actingUser(ctx).id);
    if (!member && !guild.features.includes('DISCOVERABLE'))
      throw PlatformError.unknown(ErrorCode.UNKNOWN_GUILD);
    return reply.json(previewWire(ctx.world, guild));
  },

  modifyGuild: (ctx) => {
    const guild = guildForCaller(ctx, ctx.params.guild_id);
    const changes = modifyGuild(ctx, guild, ctx.body);
    auditEntry(ctx, guild, AuditAction.GUILD_UPDATE, guild.id, changes);
    emitGuildUpdate(ctx.world, guild);
    return reply.json(guildWire(ctx.world, guild));
  },

  createGuild: () => {
    throw new PlatformError(403, extraErrorCodes.BOTS_CANNOT_USE_ENDPOINT, 'Bots cannot use this endpoint');
  },

  getGuildChannels: (ctx) => {
    const guild = guildForCaller(ctx, ctx.params.guild_id);
    return reply.json(guildChannels(guild));
  },

  createGuildChannel: (ctx) => {
    const guild = guildForCaller(ctx, ctx.params.guild_id);
    return reply.json(renderChannel(createGuildChannel(ctx, guild, ctx.body)), 201);
  },

  modifyGuildChannelPositions: (ctx) => {
    const guild = guildForCaller(ctx, ctx.params.guild_id);
    modifyChannelPositions(ctx, guild, ctx.body);
    return reply.noContent();
  },

  listActiveGuildThreads: (ctx) => {
    const guild = guildForCaller(ctx, ctx.params.guild_id);
    return reply.json(activeThreads(ctx, guild));
  },

  getGuildVoiceRegions: (ctx) => {
    const guild = guildForCaller(ctx, ctx.params.guild_id);
    return reply.json(voiceRegions(guild));
  },

  getGuildIntegrations: (ctx) => {
    const guild = guildForCaller(ctx, ctx.params.guild_id);
    return reply.json(guildIntegrations(ctx.world, guild));
  },

  deleteGuildIntegration: (ctx) => {
    const guild = guildForCaller(ctx, ctx.params.guild_id);
    deleteIntegration(ctx, guild, ctx.params.integration_id);
    return reply.noContent();
  },

  getGuildWidgetSettings: (ctx) => {
    const guild = guildForCaller(ctx, ctx.params.guild_id);
    return reply.json(widgetSettingsWire(guild));
  },

  modifyGuildWidget: (ctx) => {
    const guild = guildForCaller(ctx, ctx.params.guild_id);
    modifyWidget(ctx, guild, ctx.body);
    return reply.json(widgetSettingsWire(guild));
  },

  getGuildWidget: (ctx) => {
    const guild = requireWidgetEnabled(requireGuild(ctx.world, ctx.params.guild_id));
    return reply.json(widgetWire(ctx.world, guild));
  },

  getGuildWidgetImage: (ctx) => {
    const guild = requireWidgetEnabled(requireGuild(ctx.world, ctx.params.guild_id));
    return reply.bytes(
      'image/png',
      renderWidgetImage(guild, ctx.query.style, presenceCount(ctx.world, guild)),
    );
  },

  getGuildVanityUrl: (ctx) => {
    const guild = guildForCaller(ctx, ctx.params.guild_id);
    return reply.json(vanityWire(guild));
  },

  getGuildWelcomeScreen: (ctx) => {
    const guild = guildForCaller(ctx, ctx.params.guild_id);
    if (!guild.welcome_screen.enabled && !callerHas(ctx, guild, 'MANAGE_GUILD'))
      throw PlatformError.missingPermissions();
    return reply.json(welcomeScreenWire(guild));
  },

  modifyGuildWelcomeScreen: (ctx) => {
    const guild = guildForCaller(ctx, ctx.params.guild_id);
    modifyWelcomeScreen(ctx, guild, ctx.body);
    return reply.json(welcomeScreenWire(guild));
  },

  getGuildOnboarding: (ctx) => {
    const guild = guildForCaller(ctx, ctx.params.guild_id);
    return reply.json(onboardingWire(guild));
  },

  modifyGuildOnboarding: (ctx) => {
    const guild = guildForCaller(ctx, ctx.params.guild_id);
    modifyOnboarding(ctx, guild, ctx.body);
    return reply.json(onboardingWire(guild));
  },

  modifyGuildIncidentActions: (ctx) => {
    const guild = guildForCaller(ctx, ctx.params.guild_id);
    modifyIncidentActions(ctx, guild, ctx.body);
    return reply.json(incidentsWire(guild));
  },

  getCurrentUserGuilds: (ctx) => {
    return reply.json(currentUserGuilds(ctx.world, actingUser(ctx).id, ctx.query));
  },
});
