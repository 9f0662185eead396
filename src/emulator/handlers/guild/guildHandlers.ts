/**
 * The emulator's handlers of the guild area (23 operations): the guild, its channels and threads,
 * voice regions, integrations, widget (settings, JSON, PNG), vanity URL, welcome screen, onboarding,
 * incident actions, Create Guild (removed for applications) and Current User Guilds. Each handler
 * checks the caller (a member, else 403 50001; the route's permissions, else 403 50013; owners and
 * ADMINISTRATOR pass) and hands the rule work to the rules modules beside it.
 */
import { ErrorCode } from '../../../spec/codes.js';
import { PlatformError } from '../../PlatformError.js';
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
import { actingIn, callerUser, holds } from '../access.js';
import { recordAudit } from '../recordAudit.js';
import { currentUserGuilds, emitGuildUpdate, guildWire, modifyGuild, previewWire } from './guildRules.js';
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
    const { guild } = actingIn(ctx, ctx.params.guild_id);
    return reply.json(guildWire(ctx.world, guild, ctx.query.with_counts === true));
  },

  getGuildPreview: (ctx) => {
    const guild = ctx.world.guilds.require(ctx.params.guild_id);
    // Members read any preview; others only a discoverable guild's, else it is as if it did not exist.
    const member = guild.members.has(callerUser(ctx.caller).id);
    if (!member && !guild.features.includes('DISCOVERABLE'))
      throw PlatformError.unknown(ErrorCode.UNKNOWN_GUILD);
    return reply.json(previewWire(ctx.world, guild));
  },

  modifyGuild: (ctx) => {
    const actor = actingIn(ctx, ctx.params.guild_id);
    const changes = modifyGuild(actor, ctx.body);
    recordAudit(actor, 'GUILD_UPDATE', actor.guild.id, { changes });
    emitGuildUpdate(ctx.world, actor.guild);
    return reply.json(guildWire(ctx.world, actor.guild));
  },

  createGuild: () => {
    throw new PlatformError(403, ErrorCode.BOTS_CANNOT_USE_ENDPOINT, 'Bots cannot use this endpoint');
  },

  getGuildChannels: (ctx) => {
    const { guild } = actingIn(ctx, ctx.params.guild_id);
    return reply.json(guildChannels(guild));
  },

  createGuildChannel: (ctx) => {
    const actor = actingIn(ctx, ctx.params.guild_id);
    return reply.json(renderChannel(createGuildChannel(actor, ctx.body)), 201);
  },

  modifyGuildChannelPositions: (ctx) => {
    const actor = actingIn(ctx, ctx.params.guild_id);
    modifyChannelPositions(actor, ctx.body);
    return reply.noContent();
  },

  listActiveGuildThreads: (ctx) => {
    const actor = actingIn(ctx, ctx.params.guild_id);
    return reply.json(activeThreads(actor));
  },

  getGuildVoiceRegions: (ctx) => {
    const { guild } = actingIn(ctx, ctx.params.guild_id);
    return reply.json(voiceRegions(guild));
  },

  getGuildIntegrations: (ctx) => {
    const { guild } = actingIn(ctx, ctx.params.guild_id);
    return reply.json(guildIntegrations(ctx.world, guild));
  },

  deleteGuildIntegration: (ctx) => {
    const actor = actingIn(ctx, ctx.params.guild_id);
    deleteIntegration(actor, ctx.params.integration_id);
    return reply.noContent();
  },

  getGuildWidgetSettings: (ctx) => {
    const { guild } = actingIn(ctx, ctx.params.guild_id);
    return reply.json(widgetSettingsWire(guild));
  },

  modifyGuildWidget: (ctx) => {
    const actor = actingIn(ctx, ctx.params.guild_id);
    modifyWidget(actor, ctx.body);
    return reply.json(widgetSettingsWire(actor.guild));
  },

  getGuildWidget: (ctx) => {
    const guild = requireWidgetEnabled(ctx.world.guilds.require(ctx.params.guild_id));
    return reply.json(widgetWire(ctx.world, guild));
  },

  getGuildWidgetImage: (ctx) => {
    const guild = requireWidgetEnabled(ctx.world.guilds.require(ctx.params.guild_id));
    return reply.bytes(
      'image/png',
      renderWidgetImage(guild, ctx.query.style, presenceCount(ctx.world, guild)),
    );
  },

  getGuildVanityUrl: (ctx) => {
    const { guild } = actingIn(ctx, ctx.params.guild_id);
    return reply.json(vanityWire(guild));
  },

  getGuildWelcomeScreen: (ctx) => {
    const actor = actingIn(ctx, ctx.params.guild_id);
    if (!actor.guild.welcome_screen.enabled && !holds(actor, 'MANAGE_GUILD'))
      throw PlatformError.missingPermissions();
    return reply.json(welcomeScreenWire(actor.guild));
  },

  modifyGuildWelcomeScreen: (ctx) => {
    const actor = actingIn(ctx, ctx.params.guild_id);
    modifyWelcomeScreen(actor, ctx.body);
    return reply.json(welcomeScreenWire(actor.guild));
  },

  getGuildOnboarding: (ctx) => {
    const { guild } = actingIn(ctx, ctx.params.guild_id);
    return reply.json(onboardingWire(guild));
  },

  modifyGuildOnboarding: (ctx) => {
    const actor = actingIn(ctx, ctx.params.guild_id);
    modifyOnboarding(actor, ctx.body);
    return reply.json(onboardingWire(actor.guild));
  },

  modifyGuildIncidentActions: (ctx) => {
    const actor = actingIn(ctx, ctx.params.guild_id);
    modifyIncidentActions(actor, ctx.body);
    return reply.json(incidentsWire(actor.guild));
  },

  getCurrentUserGuilds: (ctx) => {
    return reply.json(currentUserGuilds(ctx.world, callerUser(ctx.caller).id, ctx.query));
  },
});
