/**
 * One line on what each operation does, keyed by name: the prose of the route table, kept apart from
 * it. The facades' TSDoc is written from these lines (`npm run facades:docs`), which is where a user
 * reads them; the table itself carries only what code reads, so that a browser bundle does not
 * download 79 sentences (about 1.9 KB min+gz). Not exported from the package.
 */
import type { RouteName } from './routes.js';

/** Every operation's one-line summary. */
export const routeSummaries: { readonly [K in RouteName]: string } = {
  // Lobbies
  createLobby: 'Creates a lobby owned by the calling application, optionally with members and metadata.',
  createOrJoinLobby: 'Joins the calling user to the lobby holding `secret`, creating it when none does.',
  getLobby: 'Reads a lobby with its members, metadata and linked channel.',
  modifyLobby: 'Overwrites the metadata, replaces the member set, or changes the idle timeout.',
  deleteLobby: 'Deletes a lobby; succeeds when it is already deleted.',
  addLobbyMember: "Adds a user to a lobby, or updates an existing member's metadata and flags.",
  removeLobbyMember:
    'Removes a user from a lobby; succeeds when they are not a member, 404 10031 without the lobby.',
  leaveLobby:
    'Removes the calling user from a lobby; succeeds when not a member, 404 10031 without the lobby.',
  bulkUpdateLobbyMembers:
    'Upserts or removes 1-25 members at once; answers the upserted members only (users over limits are silently dropped).',
  linkLobbyChannel:
    'Links a guild text channel to the lobby (`channel_id`), or unlinks it (no `channel_id`); the caller must be a member holding CanLinkLobby.',
  sendLobbyMessage: 'Sends a message to the lobby as the calling user.',
  getLobbyMessages: 'Lists the newest messages of a lobby (limit 1-200, default 50).',
  setLobbyMessageModerationMetadata:
    "Attaches the application's moderation metadata to a lobby message (at most 5 keys).",
  setDmMessageModerationMetadata:
    "Attaches the application's moderation metadata to a direct message between two users.",
  createLinkedChannelInviteForSelf:
    "Creates a single-use, one-hour invite to the lobby's linked channel for the calling user.",
  createLinkedChannelInviteForUser:
    "Creates a single-use, one-hour invite to the lobby's linked channel for a member.",
  // Guilds
  getGuild: 'Reads a guild; with_counts=true adds approximate member and presence counts.',
  getGuildPreview: "Reads a guild's preview: name, images, emojis, stickers, features and counts.",
  modifyGuild: "Changes a guild's settings and answers with the updated guild; emits Guild Update.",
  createGuild: 'Created a guild; no longer available to applications.',
  getGuildChannels: "Lists a guild's channels, threads excluded.",
  createGuildChannel: 'Creates a channel in a guild; emits Channel Create.',
  modifyGuildChannelPositions:
    'Moves channels (position, parent, permission sync); emits a Channel Update for each.',
  listActiveGuildThreads:
    "Lists a guild's active threads (id descending) and the current user's thread memberships.",
  getGuildVoiceRegions: "Lists a guild's voice regions, VIP ones included for VIP-enabled guilds.",
  getGuildInvites: "Lists a guild's invites; with MANAGE_GUILD each carries its metadata.",
  getGuildIntegrations: "Lists a guild's integrations, at most 50 (the rest are inaccessible).",
  deleteGuildIntegration:
    'Deletes an integration, its webhooks and kicks its bot; emits Guild Integrations Update and Integration Delete.',
  getGuildWidgetSettings: "Reads whether a guild's widget is enabled and its invite channel.",
  modifyGuildWidget: "Changes a guild's widget settings; emits Guild Update.",
  getGuildWidget:
    "Reads a guild's public widget (widget.json); may generate an invite for the widget channel (Invite Create).",
  getGuildWidgetImage: "Renders a guild's widget as a PNG in one of five styles (default shield).",
  getGuildVanityUrl: "Reads a guild's vanity invite code (null when none) and its uses.",
  getGuildWelcomeScreen: "Reads a guild's welcome screen.",
  modifyGuildWelcomeScreen: "Changes a guild's welcome screen (up to 5 channels); may emit Guild Update.",
  getGuildOnboarding: "Reads a guild's onboarding: prompts, default channels, enabled and mode.",
  modifyGuildOnboarding:
    "Replaces a guild's onboarding; enabling it needs 7 counted channels, 5 sendable by @everyone.",
  modifyGuildIncidentActions: 'Pauses or resumes invites and DMs until a time at most 24 hours ahead.',
  getCurrentUserGuilds: "Lists the current user's guilds as partial guilds (with banners), a page at a time.",
  // Guild members, roles and bans
  getGuildMember: 'Reads one member of a guild.',
  addGuildMember:
    'Adds a user to a guild with their OAuth2 access token; 204 when they are already a member.',
  modifyGuildMember: "Changes a member's nickname, roles, voice state, timeout or flags.",
  removeGuildMember: 'Kicks a member from a guild.',
  listGuildMembers: 'Lists members by ascending user id, a page at a time (after, limit).',
  searchGuildMembers: 'Lists members whose username or nickname starts with the query.',
  modifyCurrentMember: "Changes the bot's own nickname, guild avatar, guild banner or bio.",
  modifyCurrentUserNick: "Changes the bot's own nickname (deprecated).",
  addGuildMemberRole: 'Gives a member a role.',
  removeGuildMemberRole: 'Takes a role from a member.',
  getGuildBans: "Lists a guild's bans by ascending user id (before wins over after).",
  getGuildBan: 'Reads the ban of one user; 404 when the user is not banned.',
  createGuildBan: 'Bans a user, optionally deleting their recent messages.',
  removeGuildBan: 'Lifts the ban of a user.',
  bulkGuildBan: 'Bans up to 200 users at once; error 500000 when none can be banned.',
  getGuildRoles: "Lists a guild's roles.",
  createGuildRole: 'Creates a role (defaults: "new role", the @everyone permissions).',
  modifyGuildRolePositions: 'Reorders roles; answers every role of the guild.',
  getGuildRole: 'Reads one role.',
  modifyGuildRole: "Changes a role's name, permissions, colors, icon or display options.",
  deleteGuildRole: 'Deletes a role.',
  getGuildRoleMemberCounts: 'Counts the members of each role, @everyone excluded.',
  getGuildPruneCount: 'Counts the members a prune of the given days would remove.',
  beginGuildPrune: 'Removes members inactive for the given days; pruned is null unless computed.',
  // Invites
  getInvite: 'Reads an invite by its code, optionally with approximate counts and a scheduled event.',
  deleteInvite: 'Deletes an invite and answers with it; emits Invite Delete.',
  getTargetUsers: 'Reads the users allowed to accept an invite, as a CSV file with the header user_id.',
  updateTargetUsers:
    'Replaces the users allowed to accept an invite from a CSV file; processed asynchronously.',
  getTargetUsersJobStatus: "Reads the state of the asynchronous job processing an invite's target users.",
  createChannelInvite:
    'Creates an invite to a channel, optionally limited to a CSV of users and granting roles.',
  getChannelInvites: "Lists a channel's invites with their metadata; granted roles come as partial roles.",
  setVoiceChannelStatus: "Sets or clears a voice channel's short status text (at most 500 characters).",
  listThreadMembers:
    "Lists a thread's members; with_member adds guild members and pages with after and limit.",
  getThreadMember: 'Reads one member of a thread; with_member adds the guild member.',
  getApplicationRoleConnectionMetadata: 'Reads the role connection metadata records an application declares.',
  updateApplicationRoleConnectionMetadata:
    "Replaces an application's role connection metadata records (at most 5).",
  getUserRoleConnection: "Reads the current user's role connection with an application.",
  updateUserRoleConnection:
    "Sets the current user's role connection with an application: platform names and metadata.",
  // Gateway
  getGateway: 'Reads the WSS URL to open a gateway connection at; needs no token.',
  getGatewayBot:
    "Reads the gateway URL, the recommended shard count and the bot's session start limit (total, remaining, reset_after, max_concurrency).",
};
