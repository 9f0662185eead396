/**
 * Set Voice Channel Status: a short status (at most 500 characters, checked by the body's schema)
 * on a voice channel. Needs SET_VOICE_CHANNEL_STATUS in the channel, plus MANAGE_CHANNELS when the
 * bot is not connected to that voice channel (the specification's rule). Fires the gateway event
 * VOICE_CHANNEL_STATUS_UPDATE `{id, guild_id, status}` and records the audit-log entry the
 * change notices name: VOICE_CHANNEL_STATUS_UPDATE (192), or VOICE_CHANNEL_STATUS_DELETE (193) when
 * the status is cleared with null or an empty string.
 */
import { ChannelType } from '../../../spec/flags.js';
import { Permissions } from '../../../spec/permissions.js';
import { permissionsOf } from '../../permissions/requirePermissions.js';
import { ErrorCode } from '../../../spec/codes.js';
import { PlatformError } from '../../PlatformError.js';
import type { ContextOf } from '../handlerTypes.js';
import { auditAuthor, requireVisibleChannel } from '../access.js';
import { recordAudit } from '../recordAudit.js';

/** Applies Set Voice Channel Status to the world. */
export function setVoiceChannelStatus(ctx: ContextOf<'setVoiceChannelStatus'>): void {
  const place = requireVisibleChannel(ctx, ctx.params.channel_id);
  const { guild, channel } = place;
  if (channel.type !== ChannelType.GUILD_VOICE) {
    throw PlatformError.badRequest(
      'Cannot execute action on this channel type',
      ErrorCode.INVALID_CHANNEL_TYPE,
    );
  }
  if (ctx.caller.kind === 'anonymous') throw PlatformError.missingAccess();
  const userId = ctx.caller.user.id;
  const permissions = permissionsOf(ctx.world, userId, place) ?? 0n;
  const connected = guild.members.get(userId)?.voice_channel_id === channel.id;
  const needed = connected
    ? Permissions.SET_VOICE_CHANNEL_STATUS
    : Permissions.SET_VOICE_CHANNEL_STATUS | Permissions.MANAGE_CHANNELS;
  if ((permissions & needed) !== needed) throw PlatformError.missingPermissions();

  const status = ctx.body.status === null || ctx.body.status === '' ? null : ctx.body.status;
  channel.voice_status = status;
  ctx.world.emit('VOICE_CHANNEL_STATUS_UPDATE', { id: channel.id, guild_id: guild.id, status }, guild.id);
  recordAudit(
    auditAuthor(ctx, guild),
    status === null ? 'VOICE_CHANNEL_STATUS_DELETE' : 'VOICE_CHANNEL_STATUS_UPDATE',
    channel.id,
    { options: status === null ? { channel_id: channel.id } : { channel_id: channel.id, status } },
  );
}
