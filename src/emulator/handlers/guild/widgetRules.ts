/**
 * The guild widget: its settings (Get / Modify Guild Widget), the public widget.json with its
 * generated invite (INVITE_CREATE when a new one is made), and the vanity URL.
 *
 * Choices: widget.json and widget.png of a guild whose widget is off answer
 * 403 code 50004 Widget Disabled, as the platform does; a widget channel that is not a channel of the
 * guild, or is a category or thread, is 400 50035 on `channel_id`; the widget invite lasts 24 hours
 * and is reused while it lives.
 */
import { createHash } from 'node:crypto';
import { ChannelType } from '../../../spec/flags.js';
import { limits } from '../../../spec/limits.js';
import type { ModifyGuildWidgetBody } from '../../../spec/schemas/widget.js';
import { ErrorCode } from '../../../spec/codes.js';
import { PlatformError } from '../../PlatformError.js';
import type { GuildRecord } from '../../world/guildRecords.js';
import type { InviteRecord } from '../../world/inviteRecords.js';
import { isPresent, presenceCount } from '../../world/presence.js';
import { isThread, isVoiceLike } from '../../world/renderGuild.js';
import { toIso, toIsoOrNull } from '../../world/time.js';
import type { World } from '../../world/World.js';
import { everyoneCan } from '../../permissions/computePermissions.js';
import type { Actor } from '../access.js';
import { recordAudit } from '../recordAudit.js';
import { byPosition } from './channelRules.js';
import { emitGuildUpdate, throwFieldErrors } from './guildRules.js';

/** How long a generated widget invite lives, in seconds. */
const WIDGET_INVITE_MAX_AGE = 86_400;

/** The widget settings object. */
export function widgetSettingsWire(guild: GuildRecord): Record<string, unknown> {
  return { enabled: guild.widget_enabled, channel_id: guild.widget_channel_id };
}

/** Modify Guild Widget: applies the settings, records the audit entry and emits GUILD_UPDATE. */
export function modifyWidget(actor: Actor, body: ModifyGuildWidgetBody): void {
  const { guild } = actor;
  const channelId = body.channel_id;
  if (channelId !== undefined && channelId !== null) {
    const channel = guild.channels.get(channelId);
    if (!channel || isThread(channel) || channel.type === ChannelType.GUILD_CATEGORY) {
      throwFieldErrors([
        { path: ['channel_id'], code: 'CHANNEL_INVALID', message: 'Must be a channel of this guild.' },
      ]);
    }
  }
  const changes = [];
  if (body.enabled !== undefined && body.enabled !== null && body.enabled !== guild.widget_enabled) {
    changes.push({ key: 'widget_enabled', old_value: guild.widget_enabled, new_value: body.enabled });
    guild.widget_enabled = body.enabled;
  }
  if (channelId !== undefined && channelId !== guild.widget_channel_id) {
    changes.push({ key: 'widget_channel_id', old_value: guild.widget_channel_id, new_value: channelId });
    guild.widget_channel_id = channelId;
  }
  recordAudit(actor, 'GUILD_UPDATE', guild.id, { changes });
  emitGuildUpdate(actor.world, guild);
}

/** The guild if its widget is on, else 403 code 50004 Widget Disabled. */
export function requireWidgetEnabled(guild: GuildRecord): GuildRecord {
  if (!guild.widget_enabled) throw new PlatformError(403, ErrorCode.WIDGET_DISABLED);
  return guild;
}

/** The live widget invite of the widget channel, made (and INVITE_CREATE emitted) when there is none. */
function widgetInvite(world: World, guild: GuildRecord, channelId: string): InviteRecord {
  const existing = world.invites
    .ofChannel(channelId)
    .find((i) => i.inviter_id === null && i.lobby_id === null && i.max_age === WIDGET_INVITE_MAX_AGE);
  if (existing) return existing;
  const invite = world.invites.create({
    guild_id: guild.id,
    channel_id: channelId,
    max_age: WIDGET_INVITE_MAX_AGE,
  });
  world.emit(
    'INVITE_CREATE',
    {
      type: invite.type,
      channel_id: channelId,
      code: invite.code,
      created_at: toIso(invite.created_at),
      guild_id: guild.id,
      max_age: invite.max_age,
      max_uses: invite.max_uses,
      temporary: invite.temporary,
      uses: invite.uses,
      expires_at: toIsoOrNull(world.invites.expiresAt(invite)),
    },
    guild.id,
  );
  return invite;
}

/** The voice and stage channels @everyone can see, in display order. */
export function widgetChannels(guild: GuildRecord) {
  return [...guild.channels.values()]
    .filter((c) => isVoiceLike(c) && everyoneCan(guild, c, ['VIEW_CHANNEL']))
    .sort(byPosition);
}

/**
 * widget.json: the guild's id and name, the widget channel's invite (when one is set), the visible
 * voice channels, and at most 100 present (non-offline) members with their status and anonymised
 * ids, discriminators and avatars; presence_count counts every present member, beyond 100 too.
 */
export function widgetWire(world: World, guild: GuildRecord): Record<string, unknown> {
  const channels = widgetChannels(guild);
  const visible = new Set(channels.map((c) => c.id));
  const people = [...guild.members.values()]
    .map((member) => ({ member, user: world.userOrPlaceholder(member.user_id) }))
    .filter(({ user }) => isPresent(user.status))
    .map(({ member, user }) => ({
      member,
      status: user.status,
      name: member.nick ?? user.global_name ?? user.username,
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.member.user_id.localeCompare(b.member.user_id))
    .slice(0, limits.guild.widgetMembersMax);
  const members = people.map(({ member, status, name }, index) => {
    // The platform hides who is who: the id is a sequence number and the avatar a per-guild hash.
    const hash = createHash('md5').update(`${guild.id}:${index}`).digest('hex');
    const wire: Record<string, unknown> = {
      id: String(index),
      username: name,
      discriminator: '0000',
      avatar: null,
      status,
      avatar_url: `https://cdn.discordapp.com/widget-avatars/${hash}/${hash}`,
    };
    if (member.voice_channel_id !== null && visible.has(member.voice_channel_id)) {
      wire.channel_id = member.voice_channel_id;
      wire.deaf = member.deaf;
      wire.mute = member.mute;
      wire.self_deaf = false;
      wire.self_mute = false;
      wire.suppress = false;
    }
    return wire;
  });
  const channelId = guild.widget_channel_id;
  const invite =
    channelId !== null && guild.channels.has(channelId) ? widgetInvite(world, guild, channelId) : undefined;
  return {
    id: guild.id,
    name: guild.name,
    instant_invite: invite ? `https://discord.com/invite/${invite.code}` : null,
    channels: channels.map((c) => ({ id: c.id, name: c.name, position: c.position })),
    members,
    presence_count: presenceCount(world, guild),
  };
}

/** Get Guild Vanity URL: the vanity code (null when none) and its uses. */
export function vanityWire(guild: GuildRecord): Record<string, unknown> {
  return { code: guild.vanity_url_code, uses: guild.vanity_url_uses };
}
