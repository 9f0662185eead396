/**
 * Reading members: the paged listing (ascending user id after a cursor) and the search by the start
 * of a username or nickname.
 */
import type { Snowflake } from '../../world/accountRecords.js';
import type { GuildRecord, MemberRecord } from '../../world/guildRecords.js';
import { compareIds } from '../../world/renderGuild.js';
import type { World } from '../../world/World.js';

/** Members in ascending user id order. */
function byId(guild: GuildRecord): MemberRecord[] {
  return [...guild.members.values()].sort((a, b) => compareIds(a.user_id, b.user_id));
}

/** List Guild Members: up to `limit` members whose user id is above `after`, ascending. */
export function listMembers(guild: GuildRecord, after: Snowflake, limit: number): MemberRecord[] {
  const cursor = BigInt(after);
  return byId(guild)
    .filter((m) => BigInt(m.user_id) > cursor)
    .slice(0, limit);
}

/**
 * Search Guild Members: up to `limit` members whose username or nickname starts with `query`
 * (case-insensitive, as the platform matches), ascending by user id.
 */
export function searchMembers(
  world: World,
  guild: GuildRecord,
  query: string,
  limit: number,
): MemberRecord[] {
  const needle = query.toLowerCase();
  return byId(guild)
    .filter((m) => {
      const username = world.user(m.user_id)?.username ?? '';
      return username.toLowerCase().startsWith(needle) || (m.nick ?? '').toLowerCase().startsWith(needle);
    })
    .slice(0, limit);
}
