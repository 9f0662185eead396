/** Request bodies of the control API (`/_emulator/...`), validated like platform bodies (50035). */
import { z } from 'zod';
import { snowflake } from '../../spec/schemas/common.js';
import { presenceStatuses } from '../world/accountRecords.js';
import { seedObjectSchema, worldTimestamp } from '../world/seed.js';

const intent = z.enum(['GUILD_MEMBERS', 'MESSAGE_CONTENT', 'GUILD_PRESENCES']);
/** Epoch ms or ISO8601, within a Date's range (as platform input is). */
const timestamp = worldTimestamp;

/** `POST /_emulator/reset`. */
export const resetBody = z.object({
  seed: z.union([z.enum(['demo', 'empty']), seedObjectSchema]).optional(),
});

/** `POST /_emulator/applications`. */
export const createApplicationBody = z.object({
  name: z.string().min(1).max(100),
  privileged_intents: z.array(intent).optional(),
});

/** `POST /_emulator/users`. */
export const createUserBody = z.object({
  username: z.string().min(1).max(32),
  global_name: z.string().min(1).max(32).nullable().optional(),
  /** @defaultValue the first application */
  application_id: z.optional(snowflake),
  scopes: z.array(z.string().min(1).max(100)).max(50).optional(),
});

/** `PUT /_emulator/users/{user_id}/presence`. */
export const putPresenceBody = z.object({ status: z.enum(presenceStatuses) });

/** `POST /_emulator/guilds`. */
export const createGuildBody = z.object({
  name: z.string().trim().min(2).max(100),
  owner_id: snowflake,
  features: z.array(z.string().min(1).max(100)).max(100).optional(),
  premium_tier: z.number().int().min(0).max(3).optional(),
});

/** `PATCH /_emulator/guilds/{guild_id}`: fields the platform offers no way to set. */
export const patchGuildBody = z.object({
  features: z.array(z.string().min(1).max(100)).max(100).optional(),
  premium_tier: z.number().int().min(0).max(3).optional(),
  premium_subscription_count: z.number().int().min(0).optional(),
  vanity_url_code: z.string().min(1).max(32).nullable().optional(),
  vanity_url_uses: z.number().int().min(0).optional(),
  owner_id: z.optional(snowflake),
  mfa_level: z.number().int().min(0).max(1).optional(),
  nsfw_level: z.number().int().min(0).max(3).optional(),
});

/** A permission set: the platform's 64-bit decimal string. */
const permissionString = z.string().regex(/^\d{1,20}$/);

/** `POST /_emulator/guilds/{guild_id}/roles`. */
export const createRoleBody = z.object({
  name: z.string().min(1).max(100),
  permissions: permissionString.optional(),
  position: z.number().int().min(0).optional(),
});

/** `PATCH /_emulator/guilds/{guild_id}/roles/{role_id}` (the @everyone role's id is the guild's). */
export const patchRoleBody = z.object({
  name: z.string().min(1).max(100).optional(),
  permissions: permissionString.optional(),
  position: z.number().int().min(0).optional(),
});

/** `PUT /_emulator/guilds/{guild_id}/members/{user_id}`. */
export const putMemberBody = z.object({
  roles: z.array(snowflake).max(250).optional(),
  pending: z.boolean().optional(),
  voice_channel_id: z.nullable(snowflake).optional(),
  last_active_at: timestamp.nullable().optional(),
  nick: z.string().min(1).max(32).nullable().optional(),
  communication_disabled_until: timestamp.nullable().optional(),
  premium_since: timestamp.nullable().optional(),
});

/** `POST /_emulator/guilds/{guild_id}/channels`: any channel, threads included. */
export const createChannelBody = z.object({
  name: z.string().min(1).max(100),
  type: z.number().int().min(0).max(16),
  parent_id: z.optional(snowflake),
  position: z.number().int().optional(),
  topic: z.string().max(1024).optional(),
  /** Threads: the creator. */
  owner_id: z.optional(snowflake),
  /** Threads. */
  archived: z.boolean().optional(),
  locked: z.boolean().optional(),
});

/** `PUT /_emulator/channels/{channel_id}/thread-members/{user_id}`. */
export const putThreadMemberBody = z.object({ flags: z.number().int().min(0).optional() });

/** `POST /_emulator/guilds/{guild_id}/integrations`. */
export const createIntegrationBody = z.object({
  name: z.string().min(1).max(100),
  type: z.string().min(1).max(50),
  enabled: z.boolean().optional(),
  /** For bot integrations: the application whose bot the integration brought. */
  application_id: z.optional(snowflake),
  user_id: z.optional(snowflake),
  role_id: z.optional(snowflake),
  account: z.object({ id: z.string().min(1), name: z.string().min(1) }).optional(),
  scopes: z.array(z.string()).optional(),
});

/** `POST /_emulator/dms`. */
export const createDmBody = z.object({
  author_id: snowflake,
  recipient_id: snowflake,
  content: z.string().min(1).max(4000),
  application_id: z.optional(snowflake),
});

/** `POST /_emulator/invites/{code}/accept`. */
export const acceptInviteBody = z.object({ user_id: snowflake });

/** `POST /_emulator/clock`. */
export const advanceClockBody = z.object({
  advance_ms: z
    .number()
    .int()
    .min(0)
    .max(365 * 24 * 60 * 60 * 1000),
});
