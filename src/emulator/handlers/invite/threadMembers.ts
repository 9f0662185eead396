/**
 * List Thread Members and Get Thread Member. The channel must be a thread (else 400 code 50024) that
 * the caller can see: a guild member with VIEW_CHANNEL on the parent, and for a private thread a
 * member of the thread or a holder of MANAGE_THREADS (else 403 50001). List Thread Members is
 * restricted by the GUILD_MEMBERS privileged intent, as the platform documents (403 50001 without
 * it; the route table declares it and the pipeline checks it). `with_member=true` adds each guild member and turns on pagination by user id (`after`,
 * `limit` 1-100, default 100); without it every member is listed, as in API v10.
 */
import { ChannelType } from '../../../spec/flags.js';
import { Permissions } from '../../../spec/permissions.js';
import { permissionsOf } from '../../permissions/requirePermissions.js';
import { ErrorCode } from '../../../spec/codes.js';
import { PlatformError } from '../../PlatformError.js';
import type { ThreadMemberRecord } from '../../world/guildRecords.js';
import { compareIds, isThread, renderMember } from '../../world/renderGuild.js';
import { toIso } from '../../world/time.js';
import type { World } from '../../world/World.js';
import type { ContextOf, HandlerContext } from '../handlerTypes.js';
import { type ChannelPlace, requireVisibleChannel } from '../access.js';

/** The thread of the route, checked as the module's comment says. */
function requireReadableThread(ctx: HandlerContext, channelId: string): ChannelPlace {
  const place = requireVisibleChannel(ctx, channelId);
  const { channel } = place;
  if (!isThread(channel)) {
    throw PlatformError.badRequest(
      'Cannot execute action on this channel type',
      ErrorCode.INVALID_CHANNEL_TYPE,
    );
  }
  if (channel.type === ChannelType.PRIVATE_THREAD && ctx.caller.kind !== 'anonymous') {
    const userId = ctx.caller.user.id;
    const permissions = permissionsOf(ctx.world, userId, place) ?? 0n;
    if (!channel.thread_members.has(userId) && (permissions & Permissions.MANAGE_THREADS) === 0n) {
      throw PlatformError.missingAccess();
    }
  }
  return place;
}

/** A thread member object; `member` when asked for and the user is still in the guild. */
function renderThreadMember(
  world: World,
  place: ChannelPlace,
  record: ThreadMemberRecord,
  withMember: boolean,
): Record<string, unknown> {
  const wire: Record<string, unknown> = {
    id: place.channel.id,
    user_id: record.user_id,
    join_timestamp: toIso(record.join_timestamp),
    flags: record.flags,
  };
  const member = withMember ? place.guild.members.get(record.user_id) : undefined;
  if (member) wire.member = renderMember(member, (id) => world.userOrPlaceholder(id));
  return wire;
}

/** List Thread Members. */
export function listThreadMembers(ctx: ContextOf<'listThreadMembers'>): Record<string, unknown>[] {
  // The GUILD_MEMBERS intent is the route table's (`intents`), checked by the pipeline.
  const place = requireReadableThread(ctx, ctx.params.channel_id);
  const withMember = ctx.query.with_member === true;
  let records = [...place.channel.thread_members.values()].sort((a, b) => compareIds(a.user_id, b.user_id));
  if (withMember) {
    const after = ctx.query.after;
    if (after !== undefined) records = records.filter((r) => compareIds(r.user_id, after) > 0);
    records = records.slice(0, ctx.query.limit);
  }
  return records.map((r) => renderThreadMember(ctx.world, place, r, withMember));
}

/** Get Thread Member: 404 code 10007 when the user is not a member of the thread. */
export function getThreadMember(ctx: ContextOf<'getThreadMember'>): Record<string, unknown> {
  const place = requireReadableThread(ctx, ctx.params.channel_id);
  const record = place.channel.thread_members.get(ctx.params.user_id);
  if (!record) throw PlatformError.unknown(ErrorCode.UNKNOWN_MEMBER);
  return renderThreadMember(ctx.world, place, record, ctx.query.with_member === true);
}
