/**
 * Which session receives which event: only gateway events (the event log also holds webhook-only
 * lobby events), only with the intent the event needs, only for guilds the bot is in and on the
 * shard `(guild_id >> 22) % num_shards`, and bans and audit-log entries only with the permissions
 * the platform asks for (BAN_MEMBERS or VIEW_AUDIT_LOG; VIEW_AUDIT_LOG).
 */
import { eventIntents, shardOf } from '../../spec/gateway.js';
import { Permissions } from '../../spec/permissions.js';
import { computeBasePermissions } from '../permissions/computePermissions.js';
import type { EmulatorEvent } from '../world/EventLog.js';
import type { World } from '../world/World.js';

/** What the rules need to know of a session. */
export interface DispatchTarget {
  readonly botUserId: string;
  readonly intents: number;
  readonly shard: readonly [number, number] | undefined;
}

/** Whether `guildId`'s events go to a session on `shard`. */
export function onShard(guildId: string, shard: readonly [number, number] | undefined): boolean {
  // One shard holds every guild: no need to parse the snowflake (a BigInt per session per event).
  return shard === undefined || shard[1] === 1 || shardOf(guildId, shard[1]) === shard[0];
}

/** Permissions an event needs beyond its intent: any one of these. */
const permissionRules: Readonly<Record<string, readonly bigint[]>> = {
  GUILD_BAN_ADD: [Permissions.BAN_MEMBERS, Permissions.VIEW_AUDIT_LOG],
  GUILD_BAN_REMOVE: [Permissions.BAN_MEMBERS, Permissions.VIEW_AUDIT_LOG],
  GUILD_AUDIT_LOG_ENTRY_CREATE: [Permissions.VIEW_AUDIT_LOG],
};

/** The user a member event is about, if any. */
function memberEventUserId(event: EmulatorEvent): string | undefined {
  const data = event.data as { user?: { id?: unknown } } | null;
  const id = data?.user?.id;
  return typeof id === 'string' ? id : undefined;
}

/** Whether `target` receives `event` as it is (GUILD_CREATE/GUILD_DELETE for the bot are separate). */
export function receives(world: World, target: DispatchTarget, event: EmulatorEvent): boolean {
  const intent = eventIntents[event.type];
  if (intent === undefined) return false;
  const guildId = event.guild_id;
  if (guildId === undefined) return target.shard === undefined || target.shard[0] === 0;
  if (!onShard(guildId, target.shard)) return false;
  const guild = world.guilds.get(guildId);
  const member = guild?.members.get(target.botUserId);
  if (!guild || !member) return false;
  const aboutBot = event.type === 'GUILD_MEMBER_UPDATE' && memberEventUserId(event) === target.botUserId;
  if ((target.intents & intent) === 0 && !aboutBot) return false;
  const anyOf = permissionRules[event.type];
  if (anyOf) {
    const held = computeBasePermissions(guild, member, world.now());
    if (!anyOf.some((p) => (held & p) !== 0n)) return false;
  }
  return true;
}

/** 'joined' when the event adds the bot to its guild, 'left' when it removes it, else undefined. */
export function botMembershipChange(event: EmulatorEvent, botUserId: string): 'joined' | 'left' | undefined {
  if (event.guild_id === undefined) return undefined;
  if (event.type === 'GUILD_MEMBER_ADD' && memberEventUserId(event) === botUserId) return 'joined';
  if (event.type === 'GUILD_MEMBER_REMOVE' && memberEventUserId(event) === botUserId) return 'left';
  return undefined;
}
