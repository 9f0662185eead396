/**
 * What the control API's routes do to the world (controlApi.ts routes requests here). Each function
 * takes validated input and answers with a JSON-ready value or throws {@link PlatformError}.
 */
import type { z } from 'zod';
import { ErrorCode } from '../../spec/codes.js';
import { GuildInviteFlags, GuildMemberFlags } from '../../spec/flags.js';
import { settleTargetUsersJob } from '../handlers/invite/targetUsersJob.js';
import { PlatformError } from '../PlatformError.js';
import { emitDmEvent } from '../webhooks/webhookEvents.js';
import type { Snowflake } from '../world/accountRecords.js';
import type { IntegrationRecord } from '../world/guildRecords.js';
import { renderUser } from '../world/renderAccount.js';
import { isThread, renderChannel, renderGuild, renderMember, renderRole } from '../world/renderGuild.js';
import { defined } from '../world/seed.js';
import { toIso, toIsoOrNull } from '../world/time.js';
import type { World } from '../world/World.js';
import type * as schemas from './controlSchemas.js';

type In<S extends z.ZodType> = z.output<S>;

function toMs(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'number' ? value : Date.parse(value);
}

/** `POST /_emulator/applications`. */
export function createApplication(world: World, input: In<typeof schemas.createApplicationBody>) {
  const app = world.createApplication(defined(input));
  return {
    id: app.id,
    name: app.name,
    bot_user_id: app.bot_user_id,
    bot_token: app.bot_token,
    public_key: app.public_key,
  };
}

/** `POST /_emulator/users`: the token belongs to `application_id`, or to the first application. */
export function createUser(world: World, input: In<typeof schemas.createUserBody>) {
  const applicationId = input.application_id ?? [...world.applications.keys()][0];
  if (applicationId === undefined) {
    throw PlatformError.field(
      ['application_id'],
      'BASE_TYPE_REQUIRED',
      'No application exists yet; make one first.',
    );
  }
  if (!world.applications.has(applicationId)) {
    throw PlatformError.field(['application_id'], 'UNKNOWN_APPLICATION', 'Unknown application.');
  }
  const user = world.createUser(defined({ username: input.username, global_name: input.global_name }));
  const token = world.issueToken(
    defined({ user_id: user.id, application_id: applicationId, scopes: input.scopes }),
  );
  return {
    id: user.id,
    username: user.username,
    access_token: token.token,
    application_id: applicationId,
    scopes: token.scopes,
  };
}

/**
 * `PUT /_emulator/users/{user_id}/presence`: sets the user's presence status (404 10013 for an
 * unknown user). Every presence count and the widget follow at once.
 */
export function putPresence(world: World, userId: Snowflake, input: In<typeof schemas.putPresenceBody>) {
  const user = world.setPresence(userId, input.status);
  return { user_id: user.id, status: user.status };
}

/** `POST /_emulator/guilds`: the owner (a user or a bot user) becomes the first member. */
export function createGuild(world: World, input: In<typeof schemas.createGuildBody>) {
  world.requireUser(input.owner_id);
  const guild = world.guilds.create(defined(input));
  return renderGuild(guild);
}

/** `PATCH /_emulator/guilds/{guild_id}`. */
export function patchGuild(world: World, guildId: Snowflake, input: In<typeof schemas.patchGuildBody>) {
  const guild = world.guilds.require(guildId);
  if (input.owner_id !== undefined) {
    world.requireUser(input.owner_id);
    world.guilds.addMember(guild, input.owner_id, { pending: false });
    guild.owner_id = input.owner_id;
  }
  if (input.features !== undefined) guild.features = [...new Set(input.features)];
  if (input.premium_tier !== undefined) guild.premium_tier = input.premium_tier;
  if (input.premium_subscription_count !== undefined)
    guild.premium_subscription_count = input.premium_subscription_count;
  if (input.vanity_url_code !== undefined) guild.vanity_url_code = input.vanity_url_code;
  if (input.vanity_url_uses !== undefined) guild.vanity_url_uses = input.vanity_url_uses;
  if (input.mfa_level !== undefined) guild.mfa_level = input.mfa_level;
  if (input.nsfw_level !== undefined) guild.nsfw_level = input.nsfw_level;
  return renderGuild(guild);
}

/**
 * `PUT /_emulator/guilds/{guild_id}/members/{user_id}`: adds the member when absent (201, emitting
 * GUILD_MEMBER_ADD) or changes it (200). Roles, nick, pending and timeout changes emit
 * GUILD_MEMBER_UPDATE (pending true → false is the platform's "member completes screening").
 */
export function putMember(
  world: World,
  guildId: Snowflake,
  userId: Snowflake,
  input: In<typeof schemas.putMemberBody>,
) {
  const guild = world.guilds.require(guildId);
  world.requireUser(userId);
  for (const roleId of input.roles ?? []) world.guilds.requireRole(guild, roleId);
  if (input.voice_channel_id) {
    const channel = guild.channels.get(input.voice_channel_id);
    if (!channel || (channel.type !== 2 && channel.type !== 13)) {
      throw PlatformError.field(
        ['voice_channel_id'],
        'CHANNEL_TYPE_INVALID',
        'Must be a voice or stage channel of this guild.',
      );
    }
  }
  const fields = {
    ...(input.roles === undefined ? {} : { roles: input.roles.filter((r) => r !== guild.id) }),
    ...(input.pending === undefined ? {} : { pending: input.pending }),
    ...(input.voice_channel_id === undefined ? {} : { voice_channel_id: input.voice_channel_id }),
    ...(input.last_active_at === undefined ? {} : { last_active_at: toMs(input.last_active_at) }),
    ...(input.nick === undefined ? {} : { nick: input.nick }),
    ...(input.communication_disabled_until === undefined
      ? {}
      : { communication_disabled_until: toMs(input.communication_disabled_until) }),
    ...(input.premium_since === undefined ? {} : { premium_since: toMs(input.premium_since) }),
  };
  const existing = guild.members.get(userId);
  if (!existing) {
    const member = world.guilds.addMember(guild, userId, fields);
    return { status: 201, body: renderMember(member, (id) => world.userOrPlaceholder(id)) };
  }
  const before = JSON.stringify([
    existing.roles,
    existing.pending,
    existing.nick,
    existing.communication_disabled_until,
  ]);
  Object.assign(existing, fields);
  const after = JSON.stringify([
    existing.roles,
    existing.pending,
    existing.nick,
    existing.communication_disabled_until,
  ]);
  if (before !== after) world.guilds.memberUpdated(guild, existing);
  return { status: 200, body: renderMember(existing, (id) => world.userOrPlaceholder(id)) };
}

/**
 * `POST /_emulator/guilds/{guild_id}/roles`: a role with any permissions at any position, whoever
 * could or could not make it on the platform (GUILD_ROLE_CREATE, as Create Guild Role).
 */
export function createRole(world: World, guildId: Snowflake, input: In<typeof schemas.createRoleBody>) {
  const guild = world.guilds.require(guildId);
  return renderRole(world.guilds.createRole(guild, defined(input)));
}

/**
 * `PATCH /_emulator/guilds/{guild_id}/roles/{role_id}`: forces a role's name, permissions or position
 * (GUILD_ROLE_UPDATE, as Modify Guild Role); the @everyone role's id is the guild's.
 */
export function patchRole(
  world: World,
  guildId: Snowflake,
  roleId: Snowflake,
  input: In<typeof schemas.patchRoleBody>,
) {
  const guild = world.guilds.require(guildId);
  const role = world.guilds.requireRole(guild, roleId);
  if (input.name !== undefined) role.name = input.name;
  if (input.permissions !== undefined) role.permissions = input.permissions;
  if (input.position !== undefined) role.position = input.position;
  world.emit('GUILD_ROLE_UPDATE', { guild_id: guild.id, role: renderRole(role) }, guild.id);
  return renderRole(role);
}

/** `POST /_emulator/guilds/{guild_id}/channels`: threads need a parent channel of the guild. */
export function createChannel(world: World, guildId: Snowflake, input: In<typeof schemas.createChannelBody>) {
  const guild = world.guilds.require(guildId);
  const thread = input.type === 10 || input.type === 11 || input.type === 12;
  if (input.parent_id !== undefined) {
    const parent = guild.channels.get(input.parent_id);
    if (!parent || (thread ? isThread(parent) || parent.type === 4 : parent.type !== 4)) {
      throw PlatformError.field(
        ['parent_id'],
        'CHANNEL_PARENT_INVALID',
        thread ? 'Must be a channel of this guild.' : 'Must be a category of this guild.',
      );
    }
  } else if (thread) {
    throw PlatformError.field(['parent_id'], 'BASE_TYPE_REQUIRED', 'This field is required');
  }
  const now = world.now();
  const owner = input.owner_id ?? null;
  const channel = world.guilds.createChannel(guild, {
    name: input.name,
    type: input.type,
    parent_id: input.parent_id ?? null,
    topic: input.topic ?? null,
    ...(input.position === undefined ? {} : { position: input.position }),
    ...(thread
      ? {
          owner_id: owner,
          thread_metadata: {
            archived: input.archived ?? false,
            auto_archive_duration: 1440,
            archive_timestamp: now,
            locked: input.locked ?? false,
            invitable: true,
            create_timestamp: now,
          },
        }
      : {}),
  });
  if (thread && owner !== null)
    channel.thread_members.set(owner, { user_id: owner, join_timestamp: now, flags: 0 });
  return renderChannel(channel);
}

/** `PUT /_emulator/channels/{channel_id}/thread-members/{user_id}`. */
export function putThreadMember(
  world: World,
  channelId: Snowflake,
  userId: Snowflake,
  input: In<typeof schemas.putThreadMemberBody>,
) {
  const { guild, channel } = world.guilds.requireChannel(channelId);
  if (!isThread(channel)) throw PlatformError.badRequest('Not a thread.', 50024);
  world.requireUser(userId);
  world.guilds.requireMember(guild, userId);
  const member = { user_id: userId, join_timestamp: world.now(), flags: input.flags ?? 0 };
  channel.thread_members.set(userId, member);
  world.emit(
    'THREAD_MEMBERS_UPDATE',
    {
      id: channel.id,
      guild_id: guild.id,
      member_count: channel.thread_members.size,
      added_members: [
        {
          id: channel.id,
          user_id: userId,
          join_timestamp: toIso(member.join_timestamp),
          flags: member.flags,
        },
      ],
    },
    guild.id,
  );
  return {
    id: channel.id,
    user_id: userId,
    join_timestamp: toIso(member.join_timestamp),
    flags: member.flags,
  };
}

/** `POST /_emulator/guilds/{guild_id}/integrations`. */
export function createIntegration(
  world: World,
  guildId: Snowflake,
  input: In<typeof schemas.createIntegrationBody>,
) {
  const guild = world.guilds.require(guildId);
  const app = input.application_id === undefined ? undefined : world.applications.get(input.application_id);
  if (input.application_id !== undefined && !app) {
    throw PlatformError.field(['application_id'], 'UNKNOWN_APPLICATION', 'Unknown application.');
  }
  if (input.user_id !== undefined) world.requireUser(input.user_id);
  const bot = input.type === 'discord';
  const integration: IntegrationRecord = {
    id: world.ids.next(),
    name: input.name,
    type: input.type,
    enabled: input.enabled ?? true,
    syncing: bot ? null : false,
    role_id: input.role_id ?? null,
    enable_emoticons: bot ? null : false,
    expire_behavior: bot ? null : 0,
    expire_grace_period: bot ? null : 1,
    user_id: input.user_id ?? null,
    account: input.account ?? { id: app?.bot_user_id ?? world.ids.next(), name: app?.name ?? input.name },
    synced_at: bot ? null : world.now(),
    subscriber_count: bot ? null : 0,
    revoked: bot ? null : false,
    application_id: app?.id ?? null,
    scopes: input.scopes ?? (bot ? ['bot', 'applications.commands'] : []),
  };
  guild.integrations.set(integration.id, integration);
  if (app) world.guilds.addMember(guild, app.bot_user_id, { pending: false });
  return { ...integration, synced_at: toIsoOrNull(integration.synced_at) };
}

/** `POST /_emulator/dms`. */
export function createDm(world: World, input: In<typeof schemas.createDmBody>) {
  const author = world.requireUser(input.author_id);
  world.requireUser(input.recipient_id);
  if (input.application_id !== undefined && !world.applications.has(input.application_id)) {
    throw PlatformError.field(['application_id'], 'UNKNOWN_APPLICATION', 'Unknown application.');
  }
  const message = world.createDmMessage(defined(input));
  emitDmEvent(world, 'GAME_DIRECT_MESSAGE_CREATE', message);
  return {
    id: message.id,
    channel_id: message.channel_id,
    author: renderUser(author),
    recipient_id: message.recipient_id,
    content: message.content,
    timestamp: toIso(message.timestamp),
  };
}

/**
 * `POST /_emulator/invites/{code}/accept`: the user accepts a guild invite as the platform would.
 * Refused when the invite is gone (404 10006), the guild pauses invites (403), the user is banned
 * (403 code 40007) or not among the invite's target users (403 50001) — a target-users job still
 * processing leaves the previous list in force (an invite made with a file accepts nobody until
 * then). A new member joins (pending under membership screening) with the invite's roles, and with
 * the IS_GUEST member flag through a guest invite; the invite's uses go up. A user who is already a
 * member uses nothing and gains nothing (200).
 */
export function acceptInvite(world: World, code: string, input: In<typeof schemas.acceptInviteBody>) {
  const invite = world.invites.require(code);
  world.requireUser(input.user_id);
  if (invite.guild_id === null) throw PlatformError.badRequest('Only guild invites can be accepted here.');
  const guild = world.guilds.require(invite.guild_id);
  const pausedUntil = guild.incidents_data.invites_disabled_until;
  if (guild.features.includes('INVITES_DISABLED') || (pausedUntil !== null && pausedUntil > world.now())) {
    throw new PlatformError(403, ErrorCode.MISSING_ACCESS, 'Invites are currently paused for this server.');
  }
  if (guild.bans.has(input.user_id))
    throw new PlatformError(403, 40007, 'The user is banned from this guild.');
  settleTargetUsersJob(world, invite);
  if (invite.target_user_ids !== null && !invite.target_user_ids.includes(input.user_id))
    throw PlatformError.missingAccess();
  const existing = guild.members.get(input.user_id);
  if (existing) {
    return {
      status: 200,
      body: {
        guild_id: guild.id,
        new_member: false,
        member: renderMember(existing, (id) => world.userOrPlaceholder(id)),
      },
    };
  }
  invite.uses += 1;
  const roles = invite.role_ids.filter((id) => guild.roles.has(id) && id !== guild.id);
  const guest = (invite.flags & GuildInviteFlags.IS_GUEST_INVITE) !== 0;
  const member = world.guilds.addMember(guild, input.user_id, {
    roles,
    ...(guest ? { flags: GuildMemberFlags.IS_GUEST } : {}),
  });
  return {
    status: 201,
    body: {
      guild_id: guild.id,
      new_member: true,
      member: renderMember(member, (id) => world.userOrPlaceholder(id)),
    },
  };
}
