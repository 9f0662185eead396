/**
 * Renders invite records in the platform's wire shape: the invite object (Get Invite), the invite
 * with its metadata (Create Channel Invite, Get Channel Invites, Get Guild Invites with
 * MANAGE_GUILD, Delete Invite), and the payloads of INVITE_CREATE and INVITE_DELETE.
 */
import { createHash } from 'node:crypto';
import type { ApplicationRecord } from '../../world/accountRecords.js';
import type { GuildRecord } from '../../world/guildRecords.js';
import type { InviteRecord } from '../../world/inviteRecords.js';
import { presenceCount } from '../../world/presence.js';
import { renderUser } from '../../world/renderAccount.js';
import { renderPartialRole } from '../../world/renderGuild.js';
import { toIso, toIsoOrNull } from '../../world/time.js';
import type { World } from '../../world/World.js';

/** Options of {@link renderInvite}. */
export interface RenderInviteOptions {
  /** Add uses, max_uses, max_age, temporary and created_at (callers allowed to see them). */
  readonly withMetadata?: boolean;
  /** Add approximate_member_count and approximate_presence_count (Get Invite `with_counts=true`). */
  readonly withCounts?: boolean;
}

/**
 * The partial guild an invite carries. Every field the platform's document requires is present,
 * null when unset; the welcome screen comes along only when it is enabled, as the platform does.
 */
export function renderInviteGuild(guild: GuildRecord): Record<string, unknown> {
  const wire: Record<string, unknown> = {
    id: guild.id,
    name: guild.name,
    splash: guild.splash,
    banner: guild.banner,
    description: guild.description,
    icon: guild.icon,
    features: [...new Set(guild.features)],
    verification_level: guild.verification_level,
    vanity_url_code: guild.vanity_url_code,
    nsfw_level: guild.nsfw_level,
    nsfw: guild.nsfw_level === 1 || guild.nsfw_level === 3,
    premium_subscription_count: guild.premium_subscription_count,
  };
  if (guild.welcome_screen.enabled) {
    wire.welcome_screen = {
      description: guild.welcome_screen.description,
      welcome_channels: guild.welcome_screen.welcome_channels.map((c) => ({ ...c })),
    };
  }
  return wire;
}

/**
 * A partial application, as an EMBEDDED_APPLICATION invite embeds it. The emulator keeps no
 * verify key, so a stable one is derived from the id: it is public data on the platform too.
 */
export function renderInviteApplication(world: World, app: ApplicationRecord): Record<string, unknown> {
  const bot = world.user(app.bot_user_id);
  return {
    id: app.id,
    name: app.name,
    icon: app.icon,
    description: app.description,
    type: null,
    verify_key: createHash('sha256').update(`verify-key:${app.id}`).digest('hex'),
    flags: 0,
    flags_new: '0',
    ...(bot ? { bot: renderUser(bot) } : {}),
  };
}

/** The invite object; metadata and counts on request. */
export function renderInvite(
  world: World,
  invite: InviteRecord,
  options: RenderInviteOptions = {},
): Record<string, unknown> {
  const guild = invite.guild_id === null ? undefined : world.guilds.get(invite.guild_id);
  const channel = invite.channel_id === null ? undefined : guild?.channels.get(invite.channel_id);
  const wire: Record<string, unknown> = {
    type: invite.type,
    code: invite.code,
    expires_at: toIsoOrNull(world.invites.expiresAt(invite)),
    flags: invite.flags,
  };
  if (guild) {
    wire.guild = renderInviteGuild(guild);
    wire.guild_id = guild.id;
  }
  wire.channel = channel ? { id: channel.id, type: channel.type, name: channel.name } : null;
  if (invite.inviter_id !== null) wire.inviter = renderUser(world.userOrPlaceholder(invite.inviter_id));
  if (invite.target_type !== null) wire.target_type = invite.target_type;
  if (invite.target_user_id !== null)
    wire.target_user = renderUser(world.userOrPlaceholder(invite.target_user_id));
  const app =
    invite.target_application_id === null ? undefined : world.applications.get(invite.target_application_id);
  if (app) wire.target_application = renderInviteApplication(world, app);
  if (guild) {
    // Granted roles that have since been deleted are left out rather than rendered half-known.
    wire.roles = invite.role_ids.flatMap((id) => {
      const role = guild.roles.get(id);
      return role ? [renderPartialRole(role)] : [];
    });
  }
  if (options.withCounts && guild) {
    wire.approximate_member_count = guild.members.size;
    wire.approximate_presence_count = presenceCount(world, guild);
  }
  if (options.withMetadata) {
    wire.uses = invite.uses;
    wire.max_uses = invite.max_uses;
    wire.max_age = invite.max_age;
    wire.temporary = invite.temporary;
    wire.created_at = toIso(invite.created_at);
  }
  return wire;
}

/** The INVITE_CREATE payload (the gateway's shape: metadata, `uses` always 0 at creation). */
export function inviteCreatePayload(world: World, invite: InviteRecord): Record<string, unknown> {
  const full = renderInvite(world, invite, { withMetadata: true });
  const data: Record<string, unknown> = {
    channel_id: invite.channel_id,
    code: invite.code,
    created_at: full.created_at,
    expires_at: full.expires_at,
    max_age: invite.max_age,
    max_uses: invite.max_uses,
    temporary: invite.temporary,
    type: invite.type,
    uses: invite.uses,
  };
  if (invite.guild_id !== null) data.guild_id = invite.guild_id;
  for (const key of ['inviter', 'target_type', 'target_user', 'target_application'] as const) {
    if (full[key] !== undefined) data[key] = full[key];
  }
  return data;
}

/** The INVITE_DELETE payload: channel, guild and code. */
export function inviteDeletePayload(invite: InviteRecord): Record<string, unknown> {
  return {
    channel_id: invite.channel_id,
    ...(invite.guild_id === null ? {} : { guild_id: invite.guild_id }),
    code: invite.code,
  };
}
