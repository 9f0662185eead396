/**
 * `client.guilds`: guild operations (members, roles, bans and pruning included), one method each,
 * plus pagination and batched bulk ban.
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
import { facadeOf } from './facadeOf.js';
import type { FacadeParams, RestCaller } from './facadeTypes.js';
import type { GuildOperations } from './guildOperations.js';

/**
 * Guild operations: settings, channels, threads, members, roles, bans, pruning, invites,
 * integrations, widget, welcome screen, onboarding. One method per operation, each a thin `call`
 * (params first, then the rest of `call`'s arguments); payloads and answers keep the wire's
 * snake_case. Helpers walk listings page by page (`iterateMembers`, `iterateBans`) and ban any
 * number of users (`bulkBanAll`, `bulkBanInBatches`).
 */
export class GuildsFacade extends facadeOf<GuildOperations>('guilds') {
  readonly #client: RestCaller;

  constructor(client: RestCaller) {
    super(client);
    this.#client = client;
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
