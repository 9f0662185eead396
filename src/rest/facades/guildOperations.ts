/**
 * The guild operations of `client.guilds` by method name: settings, channels, threads, invites,
 * integrations, widget, welcome screen, onboarding, then members, roles, bans and pruning. Types and
 * docs only: `facadeOf` makes the methods from THE route table, and each entry's TSDoc is written
 * from it (`npm run facades:docs`).
 */
export interface GuildOperations {
  /**
   * Reads a guild; with_counts=true adds approximate member and presence counts.
   *
   * Get Guild: `GET /guilds/{guild_id}`. Bot token.
   */
  get: 'getGuild';
  /**
   * Reads a guild's preview: name, images, emojis, stickers, features and counts.
   *
   * Get Guild Preview: `GET /guilds/{guild_id}/preview`. Bot token. Permissions: none for a member; otherwise
   * the guild must be discoverable.
   */
  getPreview: 'getGuildPreview';
  /**
   * Changes a guild's settings and answers with the updated guild; emits Guild Update.
   *
   * Modify Guild: `PATCH /guilds/{guild_id}`. Bot token. Needs MANAGE_GUILD (changing a mutable feature needs
   * its own permission: COMMUNITY and DISCOVERABLE ADMINISTRATOR (DISCOVERABLE also every discovery
   * requirement), INVITES_DISABLED and RAID_ALERTS_DISABLED MANAGE_GUILD; splash needs INVITE_SPLASH,
   * discovery_splash DISCOVERABLE, banner BANNER, animated icon ANIMATED_ICON, animated banner
   * ANIMATED_BANNER). `reason` goes to the audit log. Not retried after a failure (not safe to repeat).
   */
  modify: 'modifyGuild';
  /**
   * Created a guild; no longer available to applications.
   *
   * Create Guild: `POST /guilds`. Bot token. Not retried after a failure (not safe to repeat).
   *
   * @deprecated Removed: no longer available to applications (POST /guilds unavailable)
   */
  create: 'createGuild';
  /**
   * Lists a guild's channels, threads excluded.
   *
   * Get Guild Channels: `GET /guilds/{guild_id}/channels`. Bot token.
   */
  getChannels: 'getGuildChannels';
  /**
   * Creates a channel in a guild; emits Channel Create.
   *
   * Create Guild Channel: `POST /guilds/{guild_id}/channels`. Bot token. Needs MANAGE_CHANNELS
   * (permission_overwrites may only allow or deny permissions the bot holds, and MANAGE_ROLES only for guild
   * administrators; the bitrate ceiling depends on the boost tier). `reason` goes to the audit log. Not
   * retried after a failure (not safe to repeat).
   */
  createChannel: 'createGuildChannel';
  /**
   * Moves channels (position, parent, permission sync); emits a Channel Update for each.
   *
   * Modify Guild Channel Positions: `PATCH /guilds/{guild_id}/channels`. Bot token. Needs MANAGE_CHANNELS.
   * Not retried after a failure (not safe to repeat).
   */
  modifyChannelPositions: 'modifyGuildChannelPositions';
  /**
   * Lists a guild's active threads (id descending) and the current user's thread memberships.
   *
   * List Active Guild Threads: `GET /guilds/{guild_id}/threads/active`. Bot token.
   */
  listActiveThreads: 'listActiveGuildThreads';
  /**
   * Lists a guild's voice regions, VIP ones included for VIP-enabled guilds.
   *
   * Get Guild Voice Regions: `GET /guilds/{guild_id}/regions`. Bot token.
   */
  getVoiceRegions: 'getGuildVoiceRegions';
  /**
   * Lists a guild's invites; with MANAGE_GUILD each carries its metadata.
   *
   * Get Guild Invites: `GET /guilds/{guild_id}/invites`. Bot token. Needs one of MANAGE_GUILD, VIEW_AUDIT_LOG
   * (invite metadata is included only with MANAGE_GUILD).
   */
  getInvites: 'getGuildInvites';
  /**
   * Lists a guild's integrations, at most 50 (the rest are inaccessible).
   *
   * Get Guild Integrations: `GET /guilds/{guild_id}/integrations`. Bot token. Needs MANAGE_GUILD.
   */
  getIntegrations: 'getGuildIntegrations';
  /**
   * Deletes an integration, its webhooks and kicks its bot; emits Guild Integrations Update and Integration
   * Delete.
   *
   * Delete Guild Integration: `DELETE /guilds/{guild_id}/integrations/{integration_id}`. Bot token. Needs
   * MANAGE_GUILD. `reason` goes to the audit log.
   */
  deleteIntegration: 'deleteGuildIntegration';
  /**
   * Reads whether a guild's widget is enabled and its invite channel.
   *
   * Get Guild Widget Settings: `GET /guilds/{guild_id}/widget`. Bot token. Needs MANAGE_GUILD.
   */
  getWidgetSettings: 'getGuildWidgetSettings';
  /**
   * Changes a guild's widget settings; emits Guild Update.
   *
   * Modify Guild Widget: `PATCH /guilds/{guild_id}/widget`. Bot token. Needs MANAGE_GUILD. `reason` goes to
   * the audit log. Not retried after a failure (not safe to repeat).
   */
  modifyWidget: 'modifyGuildWidget';
  /**
   * Reads a guild's public widget (widget.json); may generate an invite for the widget channel (Invite
   * Create).
   *
   * Get Guild Widget: `GET /guilds/{guild_id}/widget.json`. No token.
   */
  getWidget: 'getGuildWidget';
  /**
   * Renders a guild's widget as a PNG in one of five styles (default shield).
   *
   * Get Guild Widget Image: `GET /guilds/{guild_id}/widget.png`. No token.
   */
  getWidgetImage: 'getGuildWidgetImage';
  /**
   * Reads a guild's vanity invite code (null when none) and its uses.
   *
   * Get Guild Vanity URL: `GET /guilds/{guild_id}/vanity-url`. Bot token. Needs MANAGE_GUILD.
   */
  getVanityUrl: 'getGuildVanityUrl';
  /**
   * Reads a guild's welcome screen.
   *
   * Get Guild Welcome Screen: `GET /guilds/{guild_id}/welcome-screen`. Bot token. Permissions: MANAGE_GUILD
   * when the welcome screen is not enabled.
   */
  getWelcomeScreen: 'getGuildWelcomeScreen';
  /**
   * Changes a guild's welcome screen (up to 5 channels); may emit Guild Update.
   *
   * Modify Guild Welcome Screen: `PATCH /guilds/{guild_id}/welcome-screen`. Bot token. Needs MANAGE_GUILD.
   * `reason` goes to the audit log. Not retried after a failure (not safe to repeat).
   */
  modifyWelcomeScreen: 'modifyGuildWelcomeScreen';
  /**
   * Reads a guild's onboarding: prompts, default channels, enabled and mode.
   *
   * Get Guild Onboarding: `GET /guilds/{guild_id}/onboarding`. Bot token.
   */
  getOnboarding: 'getGuildOnboarding';
  /**
   * Replaces a guild's onboarding; enabling it needs 7 counted channels, 5 sendable by `@everyone`.
   *
   * Modify Guild Onboarding: `PUT /guilds/{guild_id}/onboarding`. Bot token. Needs MANAGE_GUILD +
   * MANAGE_ROLES (the channel constraints use the guild's mode when the body sets none; unmet, they answer
   * 350000 when enabling, 350001 when already enabled). `reason` goes to the audit log.
   */
  modifyOnboarding: 'modifyGuildOnboarding';
  /**
   * Pauses or resumes invites and DMs until a time at most 24 hours ahead.
   *
   * Modify Guild Incident Actions: `PUT /guilds/{guild_id}/incident-actions`. Bot token. Needs MANAGE_GUILD
   * (timestamps at most 24 hours ahead).
   */
  modifyIncidentActions: 'modifyGuildIncidentActions';
  /**
   * Reads one member of a guild.
   *
   * Get Guild Member: `GET /guilds/{guild_id}/members/{user_id}`. Bot token.
   */
  getMember: 'getGuildMember';
  /**
   * Adds a user to a guild with their OAuth2 access token; 204 when they are already a member.
   *
   * Add Guild Member: `PUT /guilds/{guild_id}/members/{user_id}`. Bot token. The token in the body needs the
   * guilds.join scope. Needs CREATE_INSTANT_INVITE (the bot must belong to the application of access_token;
   * nick needs MANAGE_NICKNAMES, roles MANAGE_ROLES, mute MUTE_MEMBERS, deaf DEAFEN_MEMBERS).
   */
  addMember: 'addGuildMember';
  /**
   * Changes a member's nickname, roles, voice state, timeout or flags.
   *
   * Modify Guild Member: `PATCH /guilds/{guild_id}/members/{user_id}`. Bot token. Permissions: per field:
   * nick MANAGE_NICKNAMES, roles MANAGE_ROLES, mute MUTE_MEMBERS, deaf DEAFEN_MEMBERS, channel_id
   * MOVE_MEMBERS and connect, communication_disabled_until MODERATE_MEMBERS, flags MANAGE_GUILD or
   * MANAGE_ROLES or MODERATE_MEMBERS+KICK_MEMBERS+BAN_MEMBERS. `reason` goes to the audit log. Not retried
   * after a failure (not safe to repeat).
   */
  modifyMember: 'modifyGuildMember';
  /**
   * Kicks a member from a guild.
   *
   * Remove Guild Member: `DELETE /guilds/{guild_id}/members/{user_id}`. Bot token. Needs KICK_MEMBERS.
   * `reason` goes to the audit log.
   */
  removeMember: 'removeGuildMember';
  /**
   * Lists members by ascending user id, a page at a time (after, limit).
   *
   * List Guild Members: `GET /guilds/{guild_id}/members`. Bot token. Needs the GUILD_MEMBERS intent.
   */
  listMembers: 'listGuildMembers';
  /**
   * Lists members whose username or nickname starts with the query.
   *
   * Search Guild Members: `GET /guilds/{guild_id}/members/search`. Bot token.
   */
  searchMembers: 'searchGuildMembers';
  /**
   * Changes the bot's own nickname, guild avatar, guild banner or bio.
   *
   * Modify Current Member: `PATCH /guilds/{guild_id}/members/@me`. Bot token. Permissions: per field: nick
   * CHANGE_NICKNAME. `reason` goes to the audit log. Not retried after a failure (not safe to repeat).
   */
  modifyCurrentMember: 'modifyCurrentMember';
  /**
   * Changes the bot's own nickname (deprecated).
   *
   * Modify Current User Nick: `PATCH /guilds/{guild_id}/members/@me/nick`. Bot token. Needs CHANGE_NICKNAME.
   * `reason` goes to the audit log. Not retried after a failure (not safe to repeat).
   *
   * @deprecated use Modify Current Member (PATCH /guilds/{guild_id}/members/@me).
   */
  modifyCurrentUserNick: 'modifyCurrentUserNick';
  /**
   * Gives a member a role.
   *
   * Add Guild Member Role: `PUT /guilds/{guild_id}/members/{user_id}/roles/{role_id}`. Bot token. Needs
   * MANAGE_ROLES. `reason` goes to the audit log.
   */
  addMemberRole: 'addGuildMemberRole';
  /**
   * Takes a role from a member.
   *
   * Remove Guild Member Role: `DELETE /guilds/{guild_id}/members/{user_id}/roles/{role_id}`. Bot token. Needs
   * MANAGE_ROLES. `reason` goes to the audit log.
   */
  removeMemberRole: 'removeGuildMemberRole';
  /**
   * Lists a guild's bans by ascending user id (before wins over after).
   *
   * Get Guild Bans: `GET /guilds/{guild_id}/bans`. Bot token. Needs BAN_MEMBERS.
   */
  getBans: 'getGuildBans';
  /**
   * Reads the ban of one user; 404 when the user is not banned.
   *
   * Get Guild Ban: `GET /guilds/{guild_id}/bans/{user_id}`. Bot token. Needs BAN_MEMBERS.
   */
  getBan: 'getGuildBan';
  /**
   * Bans a user, optionally deleting their recent messages.
   *
   * Create Guild Ban: `PUT /guilds/{guild_id}/bans/{user_id}`. Bot token. Needs BAN_MEMBERS. `reason` goes to
   * the audit log.
   */
  createBan: 'createGuildBan';
  /**
   * Lifts the ban of a user.
   *
   * Remove Guild Ban: `DELETE /guilds/{guild_id}/bans/{user_id}`. Bot token. Needs BAN_MEMBERS. `reason` goes
   * to the audit log.
   */
  removeBan: 'removeGuildBan';
  /**
   * Bans up to 200 users at once; error 500000 when none can be banned.
   *
   * Bulk Guild Ban: `POST /guilds/{guild_id}/bulk-ban`. Bot token. Needs BAN_MEMBERS + MANAGE_GUILD. `reason`
   * goes to the audit log. Not retried after a failure (not safe to repeat).
   */
  bulkBan: 'bulkGuildBan';
  /**
   * Lists a guild's roles.
   *
   * Get Guild Roles: `GET /guilds/{guild_id}/roles`. Bot token.
   */
  getRoles: 'getGuildRoles';
  /**
   * Creates a role (defaults: "new role", the `@everyone` permissions).
   *
   * Create Guild Role: `POST /guilds/{guild_id}/roles`. Bot token. Needs MANAGE_ROLES (icon and unicode_emoji
   * need the guild feature ROLE_ICONS). `reason` goes to the audit log. Not retried after a failure (not safe
   * to repeat).
   */
  createRole: 'createGuildRole';
  /**
   * Reorders roles; answers every role of the guild.
   *
   * Modify Guild Role Positions: `PATCH /guilds/{guild_id}/roles`. Bot token. Needs MANAGE_ROLES. `reason`
   * goes to the audit log. Not retried after a failure (not safe to repeat).
   */
  modifyRolePositions: 'modifyGuildRolePositions';
  /**
   * Reads one role.
   *
   * Get Guild Role: `GET /guilds/{guild_id}/roles/{role_id}`. Bot token.
   */
  getRole: 'getGuildRole';
  /**
   * Changes a role's name, permissions, colors, icon or display options.
   *
   * Modify Guild Role: `PATCH /guilds/{guild_id}/roles/{role_id}`. Bot token. Needs MANAGE_ROLES (icon and
   * unicode_emoji need the guild feature ROLE_ICONS). `reason` goes to the audit log. Not retried after a
   * failure (not safe to repeat).
   */
  modifyRole: 'modifyGuildRole';
  /**
   * Deletes a role.
   *
   * Delete Guild Role: `DELETE /guilds/{guild_id}/roles/{role_id}`. Bot token. Needs MANAGE_ROLES. `reason`
   * goes to the audit log.
   */
  deleteRole: 'deleteGuildRole';
  /**
   * Counts the members of each role, `@everyone` excluded.
   *
   * Get Guild Role Member Counts: `GET /guilds/{guild_id}/roles/member-counts`. Bot token.
   */
  getRoleMemberCounts: 'getGuildRoleMemberCounts';
  /**
   * Counts the members a prune of the given days would remove.
   *
   * Get Guild Prune Count: `GET /guilds/{guild_id}/prune`. Bot token. Needs MANAGE_GUILD + KICK_MEMBERS.
   */
  getPruneCount: 'getGuildPruneCount';
  /**
   * Removes members inactive for the given days; pruned is null unless computed.
   *
   * Begin Guild Prune: `POST /guilds/{guild_id}/prune`. Bot token. Needs MANAGE_GUILD + KICK_MEMBERS.
   * `reason` goes to the audit log. Not retried after a failure (not safe to repeat).
   */
  beginPrune: 'beginGuildPrune';
}
