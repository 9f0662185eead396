/**
 * The session's requests about a guild: Request Guild Members (op 8), answered with Guild Members
 * Chunk dispatches or RATE_LIMITED, and Request Channel Info (op 43), answered with CHANNEL_INFO.
 */
import { GatewayIntent, GatewayOpcode, gatewayLimits } from '../../spec/gateway.js';
import type { RequestChannelInfoData, RequestGuildMembersData } from '../../spec/schemas/gateway.js';
import type { GuildRecord, MemberRecord } from '../world/guildRecords.js';
import { compareIds, isVoiceLike, renderMember } from '../world/renderGuild.js';
import type { World } from '../world/World.js';
import { presencePayload } from './guildCreatePayload.js';
import type { GatewaySession } from './GatewaySession.js';

/** What a request produced: dispatches to send, or a close code for a forbidden request. */
export type GuildRequestOutcome =
  | { readonly kind: 'dispatch'; readonly events: ReadonlyArray<readonly [string, unknown]> }
  | { readonly kind: 'close'; readonly code: number; readonly reason: string }
  | { readonly kind: 'ignore' };

const encoder = new TextEncoder();

/** The nonce to echo: a nonce over 32 bytes is ignored, as on the platform. */
function validNonce(nonce: string | undefined): string | undefined {
  return nonce !== undefined && encoder.encode(nonce).length <= gatewayLimits.maxNonceBytes
    ? nonce
    : undefined;
}

function nameMatches(world: World, member: MemberRecord, prefix: string): boolean {
  const user = world.userOrPlaceholder(member.user_id);
  const p = prefix.toLowerCase();
  return (
    user.username.toLowerCase().startsWith(p) ||
    (user.global_name ?? '').toLowerCase().startsWith(p) ||
    (member.nick ?? '').toLowerCase().startsWith(p)
  );
}

/** The guild if the session's bot is in it and it lives on the session's shard. */
export function sessionGuild(
  world: World,
  session: GatewaySession,
  guildId: string,
): GuildRecord | undefined {
  const guild = world.guilds.get(guildId);
  if (!guild?.members.has(session.botUserId)) return undefined;
  if (session.shard && Number((BigInt(guildId) >> 22n) % BigInt(session.shard[1])) !== session.shard[0])
    return undefined;
  return guild;
}

/**
 * Answers Request Guild Members. `lastAllMembers` maps `${application}:${guild}` to the time of the
 * last accepted all-members request (limit 0, empty query), for the 30-second RATE_LIMITED rule.
 */
export function requestGuildMembers(
  world: World,
  session: GatewaySession,
  d: RequestGuildMembersData,
  lastAllMembers: Map<string, number>,
): GuildRequestOutcome {
  const guild = sessionGuild(world, session, d.guild_id);
  if (!guild) return { kind: 'ignore' };
  const nonce = validNonce(d.nonce);
  const wholeList = d.user_ids === undefined && d.query === '';
  if (wholeList && (session.intents & GatewayIntent.GUILD_MEMBERS) === 0)
    return { kind: 'close', code: 4013, reason: 'requesting the member list needs the GUILD_MEMBERS intent' };
  if (wholeList && d.limit === 0) {
    const key = `${session.application.id}:${guild.id}`;
    const now = world.now();
    const last = lastAllMembers.get(key);
    if (last !== undefined && now - last < gatewayLimits.allMembersRequestWindowMs) {
      const retryAfter = (gatewayLimits.allMembersRequestWindowMs - (now - last)) / 1000;
      const meta = nonce === undefined ? { guild_id: guild.id } : { guild_id: guild.id, nonce };
      return {
        kind: 'dispatch',
        events: [
          ['RATE_LIMITED', { opcode: GatewayOpcode.REQUEST_GUILD_MEMBERS, retry_after: retryAfter, meta }],
        ],
      };
    }
    lastAllMembers.set(key, now);
  }
  const all = [...guild.members.values()].sort((a, b) => compareIds(a.user_id, b.user_id));
  let found: MemberRecord[];
  let notFound: string[] | undefined;
  if (d.user_ids !== undefined) {
    const ids = (Array.isArray(d.user_ids) ? d.user_ids : [d.user_ids]).slice(
      0,
      gatewayLimits.maxQueryMembers,
    );
    found = ids.map((id) => guild.members.get(id)).filter((m): m is MemberRecord => m !== undefined);
    notFound = ids.filter((id) => !guild.members.has(id));
  } else {
    const query = d.query ?? '';
    const limit = d.limit ?? 0;
    const matching = query === '' ? all : all.filter((m) => nameMatches(world, m, query));
    const cap = query === '' ? (limit === 0 ? Number.POSITIVE_INFINITY : limit) : Math.min(limit || 100, 100);
    found = matching.slice(0, cap);
  }
  const withPresences = d.presences === true && (session.intents & GatewayIntent.GUILD_PRESENCES) !== 0;
  const user = (id: string) => world.userOrPlaceholder(id);
  const per = gatewayLimits.membersPerChunk;
  const count = Math.max(1, Math.ceil(found.length / per));
  const events: Array<readonly [string, unknown]> = [];
  for (let i = 0; i < count; i++) {
    const part = found.slice(i * per, (i + 1) * per);
    const chunk: Record<string, unknown> = {
      guild_id: guild.id,
      members: part.map((m) => renderMember(m, user)),
      chunk_index: i,
      chunk_count: count,
    };
    if (notFound !== undefined && notFound.length > 0 && i === 0) chunk.not_found = notFound;
    if (withPresences) chunk.presences = part.map((m) => presencePayload(world, m.user_id));
    if (nonce !== undefined) chunk.nonce = nonce;
    events.push(['GUILD_MEMBERS_CHUNK', chunk]);
  }
  return { kind: 'dispatch', events };
}

/**
 * Answers Request Channel Info with the guild's voice and stage channels: `status` (Set Voice
 * Channel Status) and `voice_start_time`, the Unix second at which the emulator first saw someone
 * in the channel (it records no voice sessions; `startTimes` remembers those first sightings).
 */
export function requestChannelInfo(
  world: World,
  session: GatewaySession,
  d: RequestChannelInfoData,
  startTimes: Map<string, number>,
): GuildRequestOutcome {
  const guild = sessionGuild(world, session, d.guild_id);
  if (!guild) return { kind: 'ignore' };
  const occupied = new Set<string>();
  for (const m of guild.members.values()) if (m.voice_channel_id !== null) occupied.add(m.voice_channel_id);
  const channels = [...guild.channels.values()]
    .filter(isVoiceLike)
    .sort((a, b) => compareIds(a.id, b.id))
    .map((channel) => {
      const info: Record<string, unknown> = { id: channel.id };
      if (d.fields.includes('status')) info.status = channel.voice_status;
      if (!occupied.has(channel.id)) startTimes.delete(channel.id);
      else if (!startTimes.has(channel.id)) startTimes.set(channel.id, Math.floor(world.now() / 1000));
      if (d.fields.includes('voice_start_time')) info.voice_start_time = startTimes.get(channel.id) ?? null;
      return info;
    });
  return { kind: 'dispatch', events: [['CHANNEL_INFO', { guild_id: guild.id, channels }]] };
}
