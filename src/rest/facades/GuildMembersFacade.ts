/**
 * The member, ban, role and pruning operations of `client.guilds` (24), with the helpers over them:
 * listings page by page and bulk bans of any size. {@link GuildsFacade} extends this with the rest.
 */
import {
  type IterateGuildBansOptions,
  iterateGuildBans,
  type ListedGuildBan,
} from '../paginate/iterateGuildBans.js';
import {
  type IterateGuildMembersOptions,
  iterateGuildMembers,
  type ListedGuildMember,
} from '../paginate/iterateGuildMembers.js';
import {
  type BulkBanInBatchesOptions,
  type BulkBanProgress,
  type BulkBanResult,
  bulkBanAll,
  bulkBanInBatches,
} from '../progress/bulkBanInBatches.js';
import {
  callThrough,
  type FacadeArgs,
  type FacadeParams,
  type FacadeResult,
  type RestCaller,
} from './facadeTypes.js';

/**
 * Guild members, bans, roles and pruning: one method per operation, each a thin `call` (params first,
 * then the rest of `call`'s arguments), plus `iterateMembers`, `iterateBans`, `bulkBanAll` and
 * `bulkBanInBatches`. Used as `client.guilds`, through {@link GuildsFacade}.
 */
export class GuildMembersFacade {
  readonly #client: RestCaller;

  constructor(client: RestCaller) {
    this.#client = client;
  }

  /**
   * Reads one member of a guild.
   *
   * Get Guild Member: `GET /guilds/{guild_id}/members/{user_id}`. Bot token.
   */
  getMember(...args: FacadeArgs<'getGuildMember'>): FacadeResult<'getGuildMember'> {
    return callThrough(this.#client, 'getGuildMember', args);
  }

  /**
   * Adds a user to a guild with their OAuth2 access token; 204 when they are already a member.
   *
   * Add Guild Member: `PUT /guilds/{guild_id}/members/{user_id}`. Bot token; the body's
   * `access_token` (the user's) needs the guilds.join scope. Needs CREATE_INSTANT_INVITE (the bot
   * must belong to the application of access_token; nick needs MANAGE_NICKNAMES, roles
   * MANAGE_ROLES, mute MUTE_MEMBERS, deaf DEAFEN_MEMBERS).
   */
  addMember(...args: FacadeArgs<'addGuildMember'>): FacadeResult<'addGuildMember'> {
    return callThrough(this.#client, 'addGuildMember', args);
  }

  /**
   * Changes a member's nickname, roles, voice state, timeout or flags.
   *
   * Modify Guild Member: `PATCH /guilds/{guild_id}/members/{user_id}`. Bot token. Permissions per field (nick
   * MANAGE_NICKNAMES, roles MANAGE_ROLES, mute MUTE_MEMBERS, deaf DEAFEN_MEMBERS, channel_id MOVE_MEMBERS and
   * connect, communication_disabled_until MODERATE_MEMBERS, flags MANAGE_GUILD or MANAGE_ROLES or
   * MODERATE_MEMBERS+KICK_MEMBERS+BAN_MEMBERS). `reason` goes to the audit log. Not retried after a failure
   * (not safe to repeat).
   */
  modifyMember(...args: FacadeArgs<'modifyGuildMember'>): FacadeResult<'modifyGuildMember'> {
    return callThrough(this.#client, 'modifyGuildMember', args);
  }

  /**
   * Kicks a member from a guild.
   *
   * Remove Guild Member: `DELETE /guilds/{guild_id}/members/{user_id}`. Bot token. Needs KICK_MEMBERS.
   * `reason` goes to the audit log.
   */
  removeMember(...args: FacadeArgs<'removeGuildMember'>): FacadeResult<'removeGuildMember'> {
    return callThrough(this.#client, 'removeGuildMember', args);
  }

  /**
   * Lists members by ascending user id, a page at a time (after, limit).
   *
   * List Guild Members: `GET /guilds/{guild_id}/members`. Bot token. Needs the GUILD_MEMBERS intent.
   */
  listMembers(...args: FacadeArgs<'listGuildMembers'>): FacadeResult<'listGuildMembers'> {
    return callThrough(this.#client, 'listGuildMembers', args);
  }

  /**
   * Lists members whose username or nickname starts with the query.
   *
   * Search Guild Members: `GET /guilds/{guild_id}/members/search`. Bot token.
   */
  searchMembers(...args: FacadeArgs<'searchGuildMembers'>): FacadeResult<'searchGuildMembers'> {
    return callThrough(this.#client, 'searchGuildMembers', args);
  }

  /**
   * Changes the bot's own nickname, guild avatar, guild banner or bio.
   *
   * Modify Current Member: `PATCH /guilds/{guild_id}/members/@me`. Bot token. Permissions per field (nick
   * CHANGE_NICKNAME). `reason` goes to the audit log. Not retried after a failure (not safe to repeat).
   */
  modifyCurrentMember(...args: FacadeArgs<'modifyCurrentMember'>): FacadeResult<'modifyCurrentMember'> {
    return callThrough(this.#client, 'modifyCurrentMember', args);
  }

  /**
   * Changes the bot's own nickname (deprecated).
   *
   * Modify Current User Nick: `PATCH /guilds/{guild_id}/members/@me/nick`. Bot token. Needs CHANGE_NICKNAME.
   * `reason` goes to the audit log. Not retried after a failure (not safe to repeat).
   *
   * @deprecated Deprecated: use Modify Current Member (PATCH /guilds/{guild_id}/members/@me).
   */
  modifyCurrentUserNick(...args: FacadeArgs<'modifyCurrentUserNick'>): FacadeResult<'modifyCurrentUserNick'> {
    return callThrough(this.#client, 'modifyCurrentUserNick', args);
  }

  /**
   * Gives a member a role.
   *
   * Add Guild Member Role: `PUT /guilds/{guild_id}/members/{user_id}/roles/{role_id}`. Bot token. Needs
   * MANAGE_ROLES. `reason` goes to the audit log.
   */
  addMemberRole(...args: FacadeArgs<'addGuildMemberRole'>): FacadeResult<'addGuildMemberRole'> {
    return callThrough(this.#client, 'addGuildMemberRole', args);
  }

  /**
   * Takes a role from a member.
   *
   * Remove Guild Member Role: `DELETE /guilds/{guild_id}/members/{user_id}/roles/{role_id}`. Bot token. Needs
   * MANAGE_ROLES. `reason` goes to the audit log.
   */
  removeMemberRole(...args: FacadeArgs<'removeGuildMemberRole'>): FacadeResult<'removeGuildMemberRole'> {
    return callThrough(this.#client, 'removeGuildMemberRole', args);
  }

  /**
   * Lists a guild's bans by ascending user id (before wins over after).
   *
   * Get Guild Bans: `GET /guilds/{guild_id}/bans`. Bot token. Needs BAN_MEMBERS.
   */
  getBans(...args: FacadeArgs<'getGuildBans'>): FacadeResult<'getGuildBans'> {
    return callThrough(this.#client, 'getGuildBans', args);
  }

  /**
   * Reads the ban of one user; 404 when the user is not banned.
   *
   * Get Guild Ban: `GET /guilds/{guild_id}/bans/{user_id}`. Bot token. Needs BAN_MEMBERS.
   */
  getBan(...args: FacadeArgs<'getGuildBan'>): FacadeResult<'getGuildBan'> {
    return callThrough(this.#client, 'getGuildBan', args);
  }

  /**
   * Bans a user, optionally deleting their recent messages.
   *
   * Create Guild Ban: `PUT /guilds/{guild_id}/bans/{user_id}`. Bot token. Needs BAN_MEMBERS. `reason` goes to
   * the audit log.
   */
  createBan(...args: FacadeArgs<'createGuildBan'>): FacadeResult<'createGuildBan'> {
    return callThrough(this.#client, 'createGuildBan', args);
  }

  /**
   * Lifts the ban of a user.
   *
   * Remove Guild Ban: `DELETE /guilds/{guild_id}/bans/{user_id}`. Bot token. Needs BAN_MEMBERS. `reason` goes
   * to the audit log.
   */
  removeBan(...args: FacadeArgs<'removeGuildBan'>): FacadeResult<'removeGuildBan'> {
    return callThrough(this.#client, 'removeGuildBan', args);
  }

  /**
   * Bans up to 200 users at once; error 500000 when none can be banned.
   *
   * Bulk Guild Ban: `POST /guilds/{guild_id}/bulk-ban`. Bot token. Needs BAN_MEMBERS + MANAGE_GUILD. `reason`
   * goes to the audit log. Not retried after a failure (not safe to repeat).
   */
  bulkBan(...args: FacadeArgs<'bulkGuildBan'>): FacadeResult<'bulkGuildBan'> {
    return callThrough(this.#client, 'bulkGuildBan', args);
  }

  /**
   * Lists a guild's roles.
   *
   * Get Guild Roles: `GET /guilds/{guild_id}/roles`. Bot token.
   */
  getRoles(...args: FacadeArgs<'getGuildRoles'>): FacadeResult<'getGuildRoles'> {
    return callThrough(this.#client, 'getGuildRoles', args);
  }

  /**
   * Creates a role (defaults: "new role", the @everyone permissions).
   *
   * Create Guild Role: `POST /guilds/{guild_id}/roles`. Bot token. Needs MANAGE_ROLES (icon and unicode_emoji
   * need the guild feature ROLE_ICONS). `reason` goes to the audit log. Not retried after a failure (not safe
   * to repeat).
   */
  createRole(...args: FacadeArgs<'createGuildRole'>): FacadeResult<'createGuildRole'> {
    return callThrough(this.#client, 'createGuildRole', args);
  }

  /**
   * Reorders roles; answers every role of the guild.
   *
   * Modify Guild Role Positions: `PATCH /guilds/{guild_id}/roles`. Bot token. Needs MANAGE_ROLES. `reason`
   * goes to the audit log. Not retried after a failure (not safe to repeat).
   */
  modifyRolePositions(
    ...args: FacadeArgs<'modifyGuildRolePositions'>
  ): FacadeResult<'modifyGuildRolePositions'> {
    return callThrough(this.#client, 'modifyGuildRolePositions', args);
  }

  /**
   * Reads one role.
   *
   * Get Guild Role: `GET /guilds/{guild_id}/roles/{role_id}`. Bot token.
   */
  getRole(...args: FacadeArgs<'getGuildRole'>): FacadeResult<'getGuildRole'> {
    return callThrough(this.#client, 'getGuildRole', args);
  }

  /**
   * Changes a role's name, permissions, colors, icon or display options.
   *
   * Modify Guild Role: `PATCH /guilds/{guild_id}/roles/{role_id}`. Bot token. Needs MANAGE_ROLES (icon and
   * unicode_emoji need the guild feature ROLE_ICONS). `reason` goes to the audit log. Not retried after a
   * failure (not safe to repeat).
   */
  modifyRole(...args: FacadeArgs<'modifyGuildRole'>): FacadeResult<'modifyGuildRole'> {
    return callThrough(this.#client, 'modifyGuildRole', args);
  }

  /**
   * Deletes a role.
   *
   * Delete Guild Role: `DELETE /guilds/{guild_id}/roles/{role_id}`. Bot token. Needs MANAGE_ROLES. `reason`
   * goes to the audit log.
   */
  deleteRole(...args: FacadeArgs<'deleteGuildRole'>): FacadeResult<'deleteGuildRole'> {
    return callThrough(this.#client, 'deleteGuildRole', args);
  }

  /**
   * Counts the members of each role, @everyone excluded.
   *
   * Get Guild Role Member Counts: `GET /guilds/{guild_id}/roles/member-counts`. Bot token.
   */
  getRoleMemberCounts(
    ...args: FacadeArgs<'getGuildRoleMemberCounts'>
  ): FacadeResult<'getGuildRoleMemberCounts'> {
    return callThrough(this.#client, 'getGuildRoleMemberCounts', args);
  }

  /**
   * Counts the members a prune of the given days would remove.
   *
   * Get Guild Prune Count: `GET /guilds/{guild_id}/prune`. Bot token. Needs MANAGE_GUILD + KICK_MEMBERS.
   */
  getPruneCount(...args: FacadeArgs<'getGuildPruneCount'>): FacadeResult<'getGuildPruneCount'> {
    return callThrough(this.#client, 'getGuildPruneCount', args);
  }

  /**
   * Removes members inactive for the given days; pruned is null unless computed.
   *
   * Begin Guild Prune: `POST /guilds/{guild_id}/prune`. Bot token. Needs MANAGE_GUILD + KICK_MEMBERS.
   * `reason` goes to the audit log. Not retried after a failure (not safe to repeat).
   */
  beginPrune(...args: FacadeArgs<'beginGuildPrune'>): FacadeResult<'beginGuildPrune'> {
    return callThrough(this.#client, 'beginGuildPrune', args);
  }

  // Helpers over several calls: pagination and batching.

  /**
   * Every member of a guild, as an async iterator over List Guild Members pages (`after` cursor).
   *
   * Needs the GUILD_MEMBERS intent. Pages are fetched lazily; `break` stops fetching.
   *
   * @example
   * ```ts
   * for await (const member of client.guilds.iterateMembers({ guild_id })) console.log(member.user?.id);
   * ```
   */
  iterateMembers(
    params: FacadeParams<'listGuildMembers'>,
    options?: IterateGuildMembersOptions,
  ): AsyncGenerator<ListedGuildMember, void, undefined> {
    return iterateGuildMembers(this.#client, params, options);
  }

  /**
   * Every ban of a guild, as an async iterator over Get Guild Bans pages: up the ids from `after`
   * (default: the start), or down from `before`.
   *
   * Needs BAN_MEMBERS.
   */
  iterateBans(
    params: FacadeParams<'getGuildBans'>,
    options?: IterateGuildBansOptions,
  ): AsyncGenerator<ListedGuildBan, void, undefined> {
    return iterateGuildBans(this.#client, params, options);
  }

  /**
   * Bans any number of users: Bulk Guild Ban in calls of at most 200, one after another, reporting
   * `onProgress` after each; resolves to every batch's answer joined.
   *
   * Needs BAN_MEMBERS + MANAGE_GUILD. A batch refused with 500000 counts as all failed; any other
   * error ends the run (earlier batches stay done; not retried, the operation is not safe to repeat).
   */
  bulkBanAll(
    params: FacadeParams<'bulkGuildBan'>,
    options: BulkBanInBatchesOptions & { readonly onProgress?: (progress: BulkBanProgress) => void },
  ): Promise<BulkBanResult> {
    return bulkBanAll(this.#client, params, options);
  }

  /**
   * The same batched bulk ban as {@link GuildsFacade.bulkBanAll}, as an async iterator of progress
   * (its return value is every batch's answer joined).
   */
  bulkBanInBatches(
    params: FacadeParams<'bulkGuildBan'>,
    options: BulkBanInBatchesOptions,
  ): AsyncGenerator<BulkBanProgress, BulkBanResult, undefined> {
    return bulkBanInBatches(this.#client, params, options);
  }
}
