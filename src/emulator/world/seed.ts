/**
 * Seeds: a world to start from. `'empty'` is nothing, `'demo'` the documented demo world
 * ({@link demoSeed}), and a {@link SeedObject} any world a test or a `--seed FILE` describes.
 * Entries may bring their own ids and tokens (so that samples and docs can name them) or let the
 * emulator make them; references between entries are by id.
 */
import { limits } from '../../spec/limits.js';
import { z } from 'zod';
import { snowflake, permissionString } from '../../spec/schemas/common.js';
import { idleTimeoutSeconds, lobbyMemberFlags, lobbyMetadata } from '../../spec/schemas/lobby.js';
import type { FieldError } from '../PlatformError.js';
import { presenceStatuses } from './accountRecords.js';
import { checkSeed } from './checkSeed.js';
import type { World, WorldSettings } from './World.js';

const intent = z.enum(['GUILD_MEMBERS', 'MESSAGE_CONTENT', 'GUILD_PRESENCES']);
const permissions = permissionString;
/** A guild holds `limits.role.maxPerGuild` roles, @everyone included: a seed lists the others. */
const MAX_SEED_ROLES = limits.role.maxPerGuild - 1;
/** A guild holds at most 500 channels (the platform's code 30013). */
const MAX_SEED_CHANNELS = 500;
const features = z.array(z.string().min(1).max(100)).max(100);
/** The latest time a JavaScript Date holds: 8.64e15 ms after the epoch (the year 275760). */
export const MAX_EPOCH_MS = 8_640_000_000_000_000;

/**
 * A time the world stores: epoch milliseconds (0 to {@link MAX_EPOCH_MS}) or an ISO8601 timestamp
 * with an offset that names a real instant. Anything a Date cannot hold is refused here, so that no
 * stored time can break the renderers of the platform routes later.
 */
export const worldTimestamp = z.union([
  z
    .number()
    .int()
    .nonnegative()
    .max(MAX_EPOCH_MS, { message: `must be at most ${MAX_EPOCH_MS} (a Date's range)` }),
  z.iso
    .datetime({ offset: true })
    .refine((text) => Number.isFinite(Date.parse(text)), { message: 'must be a real date and time' }),
]);
const timestamp = worldTimestamp;

const seedApplication = z.object({
  id: z.optional(snowflake),
  name: z.string().min(1).max(100),
  bot_user_id: z.optional(snowflake),
  bot_username: z.string().min(1).max(32).optional(),
  bot_token: z.string().min(1).max(200).optional(),
  privileged_intents: z.array(intent).optional(),
  /** 64 hex digits: the seed of the webhook signing key, so that its public key is known ahead. */
  signing_key_seed: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, { message: 'must be 64 hex digits' })
    .optional(),
});

const seedUser = z.object({
  id: z.optional(snowflake),
  username: z.string().min(1).max(32),
  global_name: z.string().max(32).nullable().optional(),
  /** A bearer token to issue for the user (with `application_id` and `scopes`). */
  access_token: z.string().min(1).max(200).optional(),
  /** @defaultValue the seed's first application */
  application_id: z.optional(snowflake),
  scopes: z.array(z.string().min(1)).optional(),
  /** The user's presence status. @defaultValue 'online' */
  status: z.enum(presenceStatuses).optional(),
});

const seedOverwrite = z.object({
  id: snowflake,
  type: z.union([z.literal(0), z.literal(1)]),
  allow: z.optional(permissions),
  deny: z.optional(permissions),
});

const seedChannel = z.object({
  id: z.optional(snowflake),
  name: z.string().min(1).max(100),
  type: z.number().int().min(0).max(16),
  parent_id: z.optional(snowflake),
  position: z.number().int().optional(),
  topic: z.string().max(1024).optional(),
  bitrate: z.number().int().optional(),
  user_limit: z.number().int().optional(),
  permission_overwrites: z.array(seedOverwrite).optional(),
  /** Threads only: members by user id. */
  thread_member_ids: z.array(snowflake).optional(),
  /** Threads only: the creator. */
  owner_id: z.optional(snowflake),
});

const seedRole = z.object({
  id: z.optional(snowflake),
  name: z.string().min(1).max(100),
  permissions: z.optional(permissions),
  color: z.number().int().min(0).max(0xffffff).optional(),
  hoist: z.boolean().optional(),
  mentionable: z.boolean().optional(),
  /** @defaultValue above every role made before it */
  position: z.number().int().min(1).optional(),
});

const seedMember = z.object({
  user_id: snowflake,
  roles: z.array(snowflake).optional(),
  nick: z.string().max(32).nullable().optional(),
  pending: z.boolean().optional(),
  voice_channel_id: z.nullable(snowflake).optional(),
  last_active_at: timestamp.nullable().optional(),
});

const seedGuild = z.object({
  id: z.optional(snowflake),
  name: z.string().min(2).max(100),
  owner_id: snowflake,
  features: features.optional(),
  premium_tier: z.number().int().min(0).max(3).optional(),
  everyone_permissions: z.optional(permissions),
  description: z.string().nullable().optional(),
  vanity_url_code: z.string().nullable().optional(),
  roles: z.array(seedRole).max(MAX_SEED_ROLES).optional(),
  channels: z.array(seedChannel).max(MAX_SEED_CHANNELS).optional(),
  members: z.array(seedMember).optional(),
  /** Widget settings. */
  widget: z.object({ enabled: z.boolean(), channel_id: z.nullable(snowflake) }).optional(),
  system_channel_id: z.optional(snowflake),
  rules_channel_id: z.optional(snowflake),
  public_updates_channel_id: z.optional(snowflake),
});

const seedLobby = z.object({
  id: z.optional(snowflake),
  application_id: snowflake,
  metadata: z.optional(z.nullable(lobbyMetadata)),
  idle_timeout_seconds: z.optional(idleTimeoutSeconds),
  linked_channel_id: z.optional(snowflake),
  members: z
    .array(
      z.object({
        id: snowflake,
        metadata: z.optional(z.nullable(lobbyMetadata)),
        flags: z.optional(lobbyMemberFlags),
        additional_name: z.string().min(1).max(80).optional(),
      }),
    )
    .optional(),
});

/** The schema of a {@link SeedObject} (what `--seed FILE` and `startEmulator({seed})` accept). */
export const seedObjectSchema = z.object({
  applications: z.array(seedApplication).optional(),
  users: z.array(seedUser).optional(),
  guilds: z.array(seedGuild).optional(),
  lobbies: z.array(seedLobby).optional(),
});

/** A world description: applications, users (with tokens), guilds (roles, channels, members), lobbies. */
export type SeedObject = z.input<typeof seedObjectSchema>;
/** A seed that passed its schema. */
export type SeedInput = z.output<typeof seedObjectSchema>;

/** A seed the emulator refuses: every problem, each with its path inside the seed object. */
export class SeedError extends Error {
  override readonly name = 'SeedError';
  readonly issues: readonly FieldError[];

  constructor(issues: readonly FieldError[]) {
    const lines = issues
      .slice(0, 20)
      .map((i) => `  ${i.path.map(String).join('.') || '(seed)'}: ${i.message}`);
    super(
      `seed refused:\n${lines.join('\n')}${issues.length > 20 ? `\n  … ${issues.length - 20} more` : ''}`,
    );
    this.issues = issues;
  }
}

/**
 * Checks a whole seed before anything is applied: its schema (values within the platform's limits),
 * then ids, references and the limits that depend on `settings` ({@link checkSeed}). Throws
 * {@link SeedError} naming every bad part.
 */
export function prepareSeed(seed: SeedObject, settings: WorldSettings): SeedInput {
  const result = seedObjectSchema.safeParse(seed);
  if (!result.success) {
    throw new SeedError(
      result.error.issues.map((issue) => ({
        path: issue.path.map((p) => (typeof p === 'symbol' ? String(p.description) : p)),
        code: 'SEED_INVALID',
        message: issue.message,
      })),
    );
  }
  const issues = checkSeed(result.data, settings);
  if (issues.length > 0) throw new SeedError(issues);
  return result.data;
}

/** Which seed to start from. */
export type Seed = 'demo' | 'empty' | SeedObject;

/**
 * Fills `world` from a seed, after checking it whole ({@link prepareSeed}: a bad seed throws
 * {@link SeedError} and changes nothing). The world's event log is cleared afterwards: seeding is not
 * something the platform did.
 */
export function applySeed(world: World, seed: SeedObject): void {
  applyPreparedSeed(world, prepareSeed(seed, world.settings));
}

/**
 * Fills `world` from a seed {@link prepareSeed} accepted. The world gets copies: records never share
 * an array or object with the seed, so that a prepared seed can be applied again as it was.
 */
export function applyPreparedSeed(world: World, prepared: SeedInput): void {
  const parsed = structuredClone(prepared);
  for (const app of parsed.applications ?? []) {
    world.createApplication(defined(app));
  }
  const firstApp = [...world.applications.keys()][0];
  for (const entry of parsed.users ?? []) {
    const user = world.createUser(
      defined({
        username: entry.username,
        id: entry.id,
        global_name: entry.global_name,
        status: entry.status,
      }),
    );
    const applicationId = entry.application_id ?? firstApp;
    if (entry.access_token !== undefined || entry.scopes !== undefined) {
      if (applicationId === undefined)
        throw new Error(`seed: user ${entry.username} has a token but no application`);
      world.issueToken(
        defined({
          user_id: user.id,
          application_id: applicationId,
          scopes: entry.scopes,
          token: entry.access_token,
        }),
      );
    }
  }
  for (const entry of parsed.guilds ?? []) seedGuildInto(world, entry);
  for (const entry of parsed.lobbies ?? []) {
    const lobby = world.lobbies.create(
      defined({
        id: entry.id,
        application_id: entry.application_id,
        metadata: entry.metadata,
        idle_timeout_seconds: entry.idle_timeout_seconds,
      }),
    );
    if (entry.id !== undefined) world.ids.observe(entry.id);
    for (const member of entry.members ?? []) {
      world.lobbies.upsertMember(
        lobby,
        member.id,
        defined({ metadata: member.metadata, flags: member.flags, additional_name: member.additional_name }),
      );
    }
    if (entry.linked_channel_id !== undefined) lobby.linked_channel_id = entry.linked_channel_id;
  }
  world.events.clear();
}

function seedGuildInto(world: World, entry: z.output<typeof seedGuild>): void {
  const guild = world.guilds.create(
    defined({
      id: entry.id,
      name: entry.name,
      owner_id: entry.owner_id,
      features: entry.features,
      premium_tier: entry.premium_tier,
      everyone_permissions: entry.everyone_permissions,
    }),
  );
  world.ids.observe(guild.id);
  guild.description = entry.description ?? null;
  guild.vanity_url_code = entry.vanity_url_code ?? null;
  for (const role of entry.roles ?? []) {
    world.guilds.createRole(guild, defined(role));
    if (role.id !== undefined) world.ids.observe(role.id);
  }
  for (const channel of entry.channels ?? []) {
    const { thread_member_ids, permission_overwrites, ...rest } = channel;
    const isThreadType = rest.type === 10 || rest.type === 11 || rest.type === 12;
    const now = world.now();
    const created = world.guilds.createChannel(guild, {
      ...defined(rest),
      permission_overwrites: (permission_overwrites ?? []).map((o) => ({
        id: o.id,
        type: o.type,
        allow: o.allow ?? '0',
        deny: o.deny ?? '0',
      })),
      ...(isThreadType
        ? {
            thread_metadata: {
              archived: false,
              auto_archive_duration: 1440,
              archive_timestamp: now,
              locked: false,
              invitable: true,
              create_timestamp: now,
            },
          }
        : {}),
    });
    if (channel.id !== undefined) world.ids.observe(channel.id);
    for (const userId of thread_member_ids ?? []) {
      created.thread_members.set(userId, { user_id: userId, join_timestamp: now, flags: 0 });
    }
  }
  for (const member of entry.members ?? []) {
    const record = world.guilds.addMember(guild, member.user_id, {
      roles: member.roles ?? [],
      nick: member.nick ?? null,
      voice_channel_id: member.voice_channel_id ?? null,
      last_active_at: toMs(member.last_active_at),
      ...(member.pending === undefined ? {} : { pending: member.pending }),
    });
    // The owner is added by create(); apply the seed's fields to it too.
    record.roles = member.roles ?? record.roles;
    record.nick = member.nick ?? record.nick;
    record.voice_channel_id = member.voice_channel_id ?? record.voice_channel_id;
  }
  if (entry.widget) {
    guild.widget_enabled = entry.widget.enabled;
    guild.widget_channel_id = entry.widget.channel_id;
  }
  guild.system_channel_id = entry.system_channel_id ?? null;
  guild.rules_channel_id = entry.rules_channel_id ?? null;
  guild.public_updates_channel_id = entry.public_updates_channel_id ?? null;
}

function toMs(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'number' ? value : Date.parse(value);
}

/**
 * Drops keys whose value is undefined, so that optional seed fields do not overwrite defaults
 * (exactOptionalPropertyTypes: absent and undefined are different things).
 */
export function defined<T extends object>(value: T): Defined<T> {
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) if (item !== undefined) out[key] = item;
  return out as Defined<T>;
}

/** `T` with every key that may be undefined turned into an optional key that may not. */
export type Defined<T> = { [K in keyof T as undefined extends T[K] ? never : K]: T[K] } & {
  [K in keyof T as undefined extends T[K] ? K : never]?: Exclude<T[K], undefined>;
};
