/**
 * The GUILD_CREATE payload a session receives for a guild: the guild object plus the gateway-only
 * fields (joined_at, large, member_count, members, channels, threads, voice_states, presences, …).
 * Without GUILD_PRESENCES, `members` and `presences` hold only the bot and members in voice, as on
 * the platform; with it, everyone when the guild is at most `large_threshold` members.
 */
import { GatewayIntent } from '../../spec/gateway.js';
import type { GuildRecord, MemberRecord } from '../world/guildRecords.js';
import { presenceOf } from '../world/presence.js';
import { isThread, renderChannel, renderGuild, renderMember } from '../world/renderGuild.js';
import { toIso } from '../world/time.js';
import type { World } from '../world/World.js';

/** What GUILD_CREATE depends on in the session. */
export interface GuildCreateViewer {
  readonly botUserId: string;
  readonly intents: number;
  readonly largeThreshold: number;
}

/** A partial voice state of a member (no guild_id, as GUILD_CREATE carries it). */
function voiceState(member: MemberRecord): Record<string, unknown> {
  return {
    channel_id: member.voice_channel_id,
    user_id: member.user_id,
    session_id: `voice-${member.user_id}`,
    deaf: member.deaf,
    mute: member.mute,
    self_deaf: false,
    self_mute: false,
    self_video: false,
    suppress: false,
    request_to_speak_timestamp: null,
  };
}

/** The presence of a member, as GUILD_CREATE and Guild Members Chunk carry it. */
export function presencePayload(world: World, userId: string): Record<string, unknown> {
  const status = presenceOf(world, userId);
  return {
    user: { id: userId },
    status,
    activities: [],
    client_status: status === 'offline' ? {} : { desktop: status },
  };
}

/** GUILD_CREATE's `d` for `guild` as seen by `viewer`. */
export function guildCreatePayload(
  world: World,
  guild: GuildRecord,
  viewer: GuildCreateViewer,
): Record<string, unknown> {
  const members = [...guild.members.values()];
  const large = members.length > viewer.largeThreshold;
  const withPresences = (viewer.intents & GatewayIntent.GUILD_PRESENCES) !== 0;
  const shown = members.filter(
    (m) => m.user_id === viewer.botUserId || m.voice_channel_id !== null || (withPresences && !large),
  );
  const user = (id: string) => world.userOrPlaceholder(id);
  const channels = [...guild.channels.values()];
  const bot = guild.members.get(viewer.botUserId);
  return {
    ...renderGuild(guild),
    joined_at: toIso(bot?.joined_at ?? world.now()),
    large,
    unavailable: false,
    member_count: members.length,
    voice_states: members.filter((m) => m.voice_channel_id !== null).map(voiceState),
    members: shown.map((m) => renderMember(m, user)),
    channels: channels.filter((c) => !isThread(c)).map(renderChannel),
    threads: channels.filter((c) => isThread(c) && c.thread_metadata?.archived !== true).map(renderChannel),
    presences: shown
      .filter((m) => presenceOf(world, m.user_id) !== 'offline')
      .map((m) => presencePayload(world, m.user_id)),
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
  };
}
