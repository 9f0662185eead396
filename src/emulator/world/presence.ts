/**
 * Presence counting: the one place that decides who of a guild's members is present. Guild preview,
 * Get Guild and Current User Guilds `with_counts`, Get Invite `with_counts`, widget.json and
 * widget.png all count through {@link presenceCount}, so that their answers agree.
 */
import type { PresenceStatus, Snowflake } from './accountRecords.js';
import type { GuildRecord } from './guildRecords.js';
import type { World } from './World.js';

/** Whether a status counts as present: every status but `offline` (the platform's "non-offline"). */
export function isPresent(status: PresenceStatus): boolean {
  return status !== 'offline';
}

/** The presence status of a user; a user id the world does not know reads `offline`. */
export function presenceOf(world: World, userId: Snowflake): PresenceStatus {
  return world.user(userId)?.status ?? 'offline';
}

/**
 * The guild's non-offline members: approximate_presence_count, the widget's presence_count and the
 * widget image's online count.
 */
export function presenceCount(world: World, guild: GuildRecord): number {
  let count = 0;
  for (const userId of guild.members.keys()) if (isPresent(presenceOf(world, userId))) count += 1;
  return count;
}
