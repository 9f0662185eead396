/** Every ban of a guild, through Get Guild Bans' `after` (up the ids) or `before` (down) cursor. */
import { banLimits } from '../../spec/limitAreas.js';
import type { CommonCallArgs } from '../callTypes.js';
import type { FacadeParams, FacadeResult, RestCaller } from '../facades/facadeTypes.js';
import { paginate } from './paginate.js';

/** A ban as Get Guild Bans answers it. */
export type ListedGuildBan = Awaited<FacadeResult<'getGuildBans'>>[number];

/** Options of {@link iterateGuildBans}. */
export interface IterateGuildBansOptions extends CommonCallArgs {
  /** Walk up from this user id (exclusive). Ignored when `before` is given. */
  readonly after?: string;
  /** Walk down from this user id (exclusive); the platform lets `before` win over `after`. */
  readonly before?: string;
  /** Bans per request (1-1000). @defaultValue `1000` */
  readonly pageSize?: number;
}

/**
 * Yields every ban of a guild, one request per page; needs BAN_MEMBERS. Without a cursor it walks up
 * from the lowest user id; with `before` it walks down. Each page is an ordinary call.
 */
export function iterateGuildBans(
  client: RestCaller,
  params: FacadeParams<'getGuildBans'>,
  options: IterateGuildBansOptions = {},
): AsyncGenerator<ListedGuildBan, void, undefined> {
  const { after, before, pageSize = banLimits.listLimitMax, ...common } = options;
  const direction = before === undefined ? 'after' : 'before';
  return paginate({
    fetchPage: (cursor, limit) =>
      client.call('getGuildBans', {
        ...common,
        params,
        query: cursor === undefined ? { limit } : { limit, [direction]: cursor },
      }),
    idOf: (ban) => ban.user.id,
    pageSize,
    direction,
    start: before ?? after,
    signal: common.signal,
  });
}
