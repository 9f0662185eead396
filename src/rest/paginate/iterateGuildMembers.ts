/** Every member of a guild, by ascending user id, through List Guild Members' `after` cursor. */
import { memberLimits } from '../../spec/limitAreas.js';
import type { CommonCallArgs } from '../callTypes.js';
import type { FacadeParams, FacadeResult, RestCaller } from '../facades/facadeTypes.js';
import { paginate } from './paginate.js';

/** A guild member as List Guild Members answers it. */
export type ListedGuildMember = Awaited<FacadeResult<'listGuildMembers'>>[number];

/** Options of {@link iterateGuildMembers}. */
export interface IterateGuildMembersOptions extends CommonCallArgs {
  /** Start after this user id. @defaultValue the beginning */
  readonly after?: string;
  /** Members per request (1-1000). @defaultValue `1000` */
  readonly pageSize?: number;
}

/**
 * Yields every member of a guild, one request per page of `pageSize`; needs the GUILD_MEMBERS
 * intent. Each page is an ordinary call: rate limits, retries and `signal` apply to it.
 */
export function iterateGuildMembers(
  client: RestCaller,
  params: FacadeParams<'listGuildMembers'>,
  options: IterateGuildMembersOptions = {},
): AsyncGenerator<ListedGuildMember, void, undefined> {
  const { after, pageSize = memberLimits.listLimitMax, ...common } = options;
  return paginate({
    fetchPage: (cursor, limit) =>
      client.call('listGuildMembers', {
        ...common,
        params,
        query: cursor === undefined ? { limit } : { limit, after: cursor },
      }),
    idOf: (member) => member.user?.id,
    pageSize,
    direction: 'after',
    start: after,
    signal: common.signal,
  });
}
