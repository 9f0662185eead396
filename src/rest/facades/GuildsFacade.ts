/**
 * `client.guilds`: guild operations (members, roles, bans and pruning included), one method each,
 * plus pagination and batched bulk ban.
 */
import { callThrough, type FacadeArgs, type FacadeResult, type RestCaller } from './facadeTypes.js';
import { GuildMembersFacade } from './GuildMembersFacade.js';

/**
 * Guild operations: settings, channels, threads, members, roles, bans, pruning, invites,
 * integrations, widget, welcome screen, onboarding. One method per operation, each a thin `call`
 * (params first, then the rest of `call`'s arguments); payloads and answers keep the wire's
 * snake_case. Members, bans, roles and pruning, with the helpers that walk listings page by page
 * and ban any number of users, come from {@link GuildMembersFacade} (split only to keep modules small).
 */
export class GuildsFacade extends GuildMembersFacade {
  readonly #client: RestCaller;

  constructor(client: RestCaller) {
    super(client);
    this.#client = client;
  }

  /**
   * Reads a guild; with_counts=true adds approximate member and presence counts.
   *
   * Get Guild: `GET /guilds/{guild_id}`. Bot token.
   */
  get(...args: FacadeArgs<'getGuild'>): FacadeResult<'getGuild'> {
    return callThrough(this.#client, 'getGuild', args);
  }

  /**
   * Reads a guild's preview: name, images, emojis, stickers, features and counts.
   *
   * Get Guild Preview: `GET /guilds/{guild_id}/preview`. Bot token. Needs: none for a member; otherwise the
   * guild must be discoverable.
   */
  getPreview(...args: FacadeArgs<'getGuildPreview'>): FacadeResult<'getGuildPreview'> {
    return callThrough(this.#client, 'getGuildPreview', args);
  }

  /**
   * Changes a guild's settings and answers with the updated guild; emits Guild Update.
   *
   * Modify Guild: `PATCH /guilds/{guild_id}`. Bot token. Needs MANAGE_GUILD (changing a mutable feature needs
   * its own permission: COMMUNITY and DISCOVERABLE ADMINISTRATOR (DISCOVERABLE also every discovery
   * requirement), INVITES_DISABLED and RAID_ALERTS_DISABLED MANAGE_GUILD; splash needs INVITE_SPLASH,
   * discovery_splash DISCOVERABLE, banner BANNER, animated icon ANIMATED_ICON, animated banner
   * ANIMATED_BANNER). `reason` goes to the audit log. Not retried after a failure (not safe to repeat).
   */
  modify(...args: FacadeArgs<'modifyGuild'>): FacadeResult<'modifyGuild'> {
    return callThrough(this.#client, 'modifyGuild', args);
  }

  /**
   * Created a guild; no longer available to applications.
   *
   * Create Guild: `POST /guilds`. Bot token. Not retried after a failure (not safe to repeat).
   *
   * @deprecated Removed: no longer available to applications (POST /guilds unavailable).
   */
  create(...args: FacadeArgs<'createGuild'>): FacadeResult<'createGuild'> {
    return callThrough(this.#client, 'createGuild', args);
  }

  /**
   * Lists a guild's channels, threads excluded.
   *
   * Get Guild Channels: `GET /guilds/{guild_id}/channels`. Bot token.
   */
  getChannels(...args: FacadeArgs<'getGuildChannels'>): FacadeResult<'getGuildChannels'> {
    return callThrough(this.#client, 'getGuildChannels', args);
  }

  /**
   * Creates a channel in a guild; emits Channel Create.
   *
   * Create Guild Channel: `POST /guilds/{guild_id}/channels`. Bot token. Needs MANAGE_CHANNELS
   * (permission_overwrites may only allow or deny permissions the bot holds, and MANAGE_ROLES only for guild
   * administrators; the bitrate ceiling depends on the boost tier). `reason` goes to the audit log. Not
   * retried after a failure (not safe to repeat).
   */
  createChannel(...args: FacadeArgs<'createGuildChannel'>): FacadeResult<'createGuildChannel'> {
    return callThrough(this.#client, 'createGuildChannel', args);
  }

  /**
   * Moves channels (position, parent, permission sync); emits a Channel Update for each.
   *
   * Modify Guild Channel Positions: `PATCH /guilds/{guild_id}/channels`. Bot token. Needs MANAGE_CHANNELS.
   * Not retried after a failure (not safe to repeat).
   */
  modifyChannelPositions(
    ...args: FacadeArgs<'modifyGuildChannelPositions'>
  ): FacadeResult<'modifyGuildChannelPositions'> {
    return callThrough(this.#client, 'modifyGuildChannelPositions', args);
  }

  /**
   * Lists a guild's active threads (id descending) and the current user's thread memberships.
   *
   * List Active Guild Threads: `GET /guilds/{guild_id}/threads/active`. Bot token.
   */
  listActiveThreads(...args: FacadeArgs<'listActiveGuildThreads'>): FacadeResult<'listActiveGuildThreads'> {
    return callThrough(this.#client, 'listActiveGuildThreads', args);
  }

  /**
   * Lists a guild's voice regions, VIP ones included for VIP-enabled guilds.
   *
   * Get Guild Voice Regions: `GET /guilds/{guild_id}/regions`. Bot token.
   */
  getVoiceRegions(...args: FacadeArgs<'getGuildVoiceRegions'>): FacadeResult<'getGuildVoiceRegions'> {
    return callThrough(this.#client, 'getGuildVoiceRegions', args);
  }

  /**
   * Lists a guild's invites; with MANAGE_GUILD each carries its metadata.
   *
   * Get Guild Invites: `GET /guilds/{guild_id}/invites`. Bot token. Needs one of MANAGE_GUILD, VIEW_AUDIT_LOG
   * (invite metadata is included only with MANAGE_GUILD).
   */
  getInvites(...args: FacadeArgs<'getGuildInvites'>): FacadeResult<'getGuildInvites'> {
    return callThrough(this.#client, 'getGuildInvites', args);
  }

  /**
   * Lists a guild's integrations, at most 50 (the rest are inaccessible).
   *
   * Get Guild Integrations: `GET /guilds/{guild_id}/integrations`. Bot token. Needs MANAGE_GUILD.
   */
  getIntegrations(...args: FacadeArgs<'getGuildIntegrations'>): FacadeResult<'getGuildIntegrations'> {
    return callThrough(this.#client, 'getGuildIntegrations', args);
  }

  /**
   * Deletes an integration, its webhooks and kicks its bot; emits Guild Integrations Update and Integration
   * Delete.
   *
   * Delete Guild Integration: `DELETE /guilds/{guild_id}/integrations/{integration_id}`. Bot token. Needs
   * MANAGE_GUILD. `reason` goes to the audit log.
   */
  deleteIntegration(...args: FacadeArgs<'deleteGuildIntegration'>): FacadeResult<'deleteGuildIntegration'> {
    return callThrough(this.#client, 'deleteGuildIntegration', args);
  }

  /**
   * Reads whether a guild's widget is enabled and its invite channel.
   *
   * Get Guild Widget Settings: `GET /guilds/{guild_id}/widget`. Bot token. Needs MANAGE_GUILD.
   */
  getWidgetSettings(...args: FacadeArgs<'getGuildWidgetSettings'>): FacadeResult<'getGuildWidgetSettings'> {
    return callThrough(this.#client, 'getGuildWidgetSettings', args);
  }

  /**
   * Changes a guild's widget settings; emits Guild Update.
   *
   * Modify Guild Widget: `PATCH /guilds/{guild_id}/widget`. Bot token. Needs MANAGE_GUILD. `reason` goes to
   * the audit log. Not retried after a failure (not safe to repeat).
   */
  modifyWidget(...args: FacadeArgs<'modifyGuildWidget'>): FacadeResult<'modifyGuildWidget'> {
    return callThrough(this.#client, 'modifyGuildWidget', args);
  }

  /**
   * Reads a guild's public widget (widget.json); may generate an invite for the widget channel (Invite
   * Create).
   *
   * Get Guild Widget: `GET /guilds/{guild_id}/widget.json`. No token (public).
   */
  getWidget(...args: FacadeArgs<'getGuildWidget'>): FacadeResult<'getGuildWidget'> {
    return callThrough(this.#client, 'getGuildWidget', args);
  }

  /**
   * Renders a guild's widget as a PNG in one of five styles (default shield).
   *
   * Get Guild Widget Image: `GET /guilds/{guild_id}/widget.png`. No token (public).
   */
  getWidgetImage(...args: FacadeArgs<'getGuildWidgetImage'>): FacadeResult<'getGuildWidgetImage'> {
    return callThrough(this.#client, 'getGuildWidgetImage', args);
  }

  /**
   * Reads a guild's vanity invite code (null when none) and its uses.
   *
   * Get Guild Vanity URL: `GET /guilds/{guild_id}/vanity-url`. Bot token. Needs MANAGE_GUILD.
   */
  getVanityUrl(...args: FacadeArgs<'getGuildVanityUrl'>): FacadeResult<'getGuildVanityUrl'> {
    return callThrough(this.#client, 'getGuildVanityUrl', args);
  }

  /**
   * Reads a guild's welcome screen.
   *
   * Get Guild Welcome Screen: `GET /guilds/{guild_id}/welcome-screen`. Bot token. Needs: MANAGE_GUILD when
   * the welcome screen is not enabled.
   */
  getWelcomeScreen(...args: FacadeArgs<'getGuildWelcomeScreen'>): FacadeResult<'getGuildWelcomeScreen'> {
    return callThrough(this.#client, 'getGuildWelcomeScreen', args);
  }

  /**
   * Changes a guild's welcome screen (up to 5 channels); may emit Guild Update.
   *
   * Modify Guild Welcome Screen: `PATCH /guilds/{guild_id}/welcome-screen`. Bot token. Needs MANAGE_GUILD.
   * `reason` goes to the audit log. Not retried after a failure (not safe to repeat).
   */
  modifyWelcomeScreen(
    ...args: FacadeArgs<'modifyGuildWelcomeScreen'>
  ): FacadeResult<'modifyGuildWelcomeScreen'> {
    return callThrough(this.#client, 'modifyGuildWelcomeScreen', args);
  }

  /**
   * Reads a guild's onboarding: prompts, default channels, enabled and mode.
   *
   * Get Guild Onboarding: `GET /guilds/{guild_id}/onboarding`. Bot token.
   */
  getOnboarding(...args: FacadeArgs<'getGuildOnboarding'>): FacadeResult<'getGuildOnboarding'> {
    return callThrough(this.#client, 'getGuildOnboarding', args);
  }

  /**
   * Replaces a guild's onboarding; enabling it needs 7 counted channels, 5 sendable by @everyone.
   *
   * Modify Guild Onboarding: `PUT /guilds/{guild_id}/onboarding`. Bot token. Needs MANAGE_GUILD +
   * MANAGE_ROLES (the channel constraints use the guild's mode when the body sets none). `reason` goes to the
   * audit log.
   */
  modifyOnboarding(...args: FacadeArgs<'modifyGuildOnboarding'>): FacadeResult<'modifyGuildOnboarding'> {
    return callThrough(this.#client, 'modifyGuildOnboarding', args);
  }

  /**
   * Pauses or resumes invites and DMs until a time at most 24 hours ahead.
   *
   * Modify Guild Incident Actions: `PUT /guilds/{guild_id}/incident-actions`. Bot token. Needs MANAGE_GUILD
   * (timestamps at most 24 hours ahead).
   */
  modifyIncidentActions(
    ...args: FacadeArgs<'modifyGuildIncidentActions'>
  ): FacadeResult<'modifyGuildIncidentActions'> {
    return callThrough(this.#client, 'modifyGuildIncidentActions', args);
  }
}
