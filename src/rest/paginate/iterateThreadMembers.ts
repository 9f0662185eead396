/** Every member of a thread, through List Thread Members' `after` cursor (with `with_member`). */
import { threadMembersLimits } from '../../spec/limitAreas.js';
import type { CommonCallArgs } from '../callTypes.js';
import type { FacadeParams, FacadeResult, RestCaller } from '../facades/facadeTypes.js';
import { paginate } from './paginate.js';

/** A thread member as List Thread Members answers it. */
export type ListedThreadMember = Awaited<FacadeResult<'listThreadMembers'>>[number];

/** Options of {@link iterateThreadMembers}. */
export interface IterateThreadMembersOptions extends CommonCallArgs {
  /** Start after this user id. @defaultValue the beginning */
  readonly after?: string;
  /** Thread members per request (1-100). @defaultValue `100` */
  readonly pageSize?: number;
}

/**
 * Yields every member of a thread, each with its guild member (`with_member=true`: the platform
 * pages thread members only then). Each page is an ordinary call.
 */
export function iterateThreadMembers(
  client: RestCaller,
  params: FacadeParams<'listThreadMembers'>,
  options: IterateThreadMembersOptions = {},
): AsyncGenerator<ListedThreadMember, void, undefined> {
  const { after, pageSize = threadMembersLimits.listLimitMax, ...common } = options;
  return paginate({
    fetchPage: (cursor, limit) =>
      client.call('listThreadMembers', {
        ...common,
        params,
        query:
          cursor === undefined ? { with_member: true, limit } : { with_member: true, limit, after: cursor },
      }),
    idOf: (member) => member.user_id,
    pageSize,
    direction: 'after',
    start: after,
    signal: common.signal,
  });
}
