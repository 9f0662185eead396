/**
 * Permissions computed as the platform computes them.
 *
 * Guild level: the owner has every permission; otherwise @everyone's permissions (the role whose id
 * is the guild's) OR every role of the member; ADMINISTRATOR then means every permission.
 * Channel level (threads use their parent): from the guild-level set, apply the @everyone overwrite
 * (deny, then allow), then the member's roles' overwrites together (deny all, then allow all), then
 * the member's own overwrite. Owners and administrators skip overwrites.
 * A member under a timeout keeps only VIEW_CHANNEL and READ_MESSAGE_HISTORY (unless owner or
 * administrator); a member pending membership screening holds no permission beyond those either.
 */
import { type PermissionName, Permissions } from '../../spec/permissions.js';
import type { ChannelRecord, GuildRecord, MemberRecord } from '../world/guildRecords.js';
import { isThread } from '../world/renderGuild.js';

/** Every permission bit (64 bits set). */
export const ALL_PERMISSIONS = (1n << 64n) - 1n;

/** What a timed-out or pending member keeps. */
const RESTRICTED_KEEP = Permissions.VIEW_CHANNEL | Permissions.READ_MESSAGE_HISTORY;

function bits(value: string): bigint {
  // Stored strings were validated on the way in; a bad one counts as no permission, never a crash.
  return /^\d{1,20}$/.test(value) ? BigInt(value) & ALL_PERMISSIONS : 0n;
}

/** True when the member is timed out at `now`. */
export function isTimedOut(member: MemberRecord, now: number): boolean {
  return member.communication_disabled_until !== null && member.communication_disabled_until > now;
}

/** The member's guild-level permissions (no overwrites). */
export function computeBasePermissions(guild: GuildRecord, member: MemberRecord, now: number): bigint {
  if (guild.owner_id === member.user_id) return ALL_PERMISSIONS;
  let permissions = bits(guild.roles.get(guild.id)?.permissions ?? '0');
  for (const roleId of member.roles) {
    const role = guild.roles.get(roleId);
    if (role) permissions |= bits(role.permissions);
  }
  if ((permissions & Permissions.ADMINISTRATOR) !== 0n) return ALL_PERMISSIONS;
  if (isTimedOut(member, now) || member.pending) permissions &= RESTRICTED_KEEP;
  return permissions;
}

/** The member's permissions in a channel (threads: in their parent), overwrites applied. */
export function computeChannelPermissions(
  guild: GuildRecord,
  member: MemberRecord,
  channel: ChannelRecord,
  now: number,
): bigint {
  const base = computeBasePermissions(guild, member, now);
  if (base === ALL_PERMISSIONS) return base;
  const target =
    isThread(channel) && channel.parent_id !== null
      ? (guild.channels.get(channel.parent_id) ?? channel)
      : channel;
  let permissions = base;
  const overwrites = target.permission_overwrites;
  const everyone = overwrites.find((o) => o.type === 0 && o.id === guild.id);
  if (everyone) permissions = (permissions & ~bits(everyone.deny)) | bits(everyone.allow);
  let allow = 0n;
  let deny = 0n;
  for (const overwrite of overwrites) {
    if (overwrite.type === 0 && member.roles.includes(overwrite.id)) {
      allow |= bits(overwrite.allow);
      deny |= bits(overwrite.deny);
    }
  }
  permissions = (permissions & ~deny) | allow;
  const own = overwrites.find((o) => o.type === 1 && o.id === member.user_id);
  if (own) permissions = (permissions & ~bits(own.deny)) | bits(own.allow);
  // Overwrites cannot lift a timeout's or screening's restriction.
  if (isTimedOut(member, now) || member.pending) permissions &= RESTRICTED_KEEP;
  return permissions;
}

/**
 * Whether @everyone (a member with no role) holds every permission of `names` in `channel`: the
 * @everyone role's permissions with the channel's @everyone overwrite applied.
 */
export function everyoneCan(
  guild: GuildRecord,
  channel: ChannelRecord,
  names: readonly PermissionName[],
): boolean {
  const everyone = guild.roles.get(guild.id);
  let bits = everyone && /^\d+$/.test(everyone.permissions) ? BigInt(everyone.permissions) : 0n;
  if ((bits & Permissions.ADMINISTRATOR) !== 0n) return true;
  const overwrite = channel.permission_overwrites.find((o) => o.type === 0 && o.id === guild.id);
  if (overwrite) bits = (bits & ~BigInt(overwrite.deny)) | BigInt(overwrite.allow);
  return names.every((name) => (bits & Permissions[name]) !== 0n);
}
