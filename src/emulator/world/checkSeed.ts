/**
 * Everything about a seed that its schema cannot see, checked before anything is applied, so that a
 * reset either applies the whole seed or changes nothing: duplicate ids and tokens, references to
 * ids the seed does not declare (owners, roles, channels, users, applications), and the platform's
 * limits that depend on the world's settings (members per lobby, lobbies per user per application).
 * Entries without an id get one when applied, so a reference can only name an id the seed gives.
 */
import type { FieldError } from '../PlatformError.js';
import type { SeedInput } from './seed.js';
import type { WorldSettings } from './World.js';

type Path = ReadonlyArray<string | number>;

const VOICE_TYPES: ReadonlySet<number> = new Set([2, 13]);
const THREAD_TYPES: ReadonlySet<number> = new Set([10, 11, 12]);
const CATEGORY = 4;
const GUILD_TEXT = 0;

/** Records where each id was first declared and reports a second declaration. */
class Declared {
  readonly #first = new Map<string, Path>();

  constructor(
    private readonly what: string,
    private readonly issues: FieldError[],
  ) {}

  add(id: string | undefined, path: Path): void {
    if (id === undefined) return;
    const first = this.#first.get(id);
    if (first !== undefined) {
      this.issues.push({
        path,
        code: 'SEED_DUPLICATE_ID',
        message: `${this.what} ${id} is declared twice (first at ${first.join('.')}).`,
      });
    } else this.#first.set(id, path);
  }

  has(id: string): boolean {
    return this.#first.has(id);
  }
}

/**
 * The problems of a seed that passed its schema, each with its path inside the seed object; empty
 * when it can be applied whole.
 */
export function checkSeed(seed: SeedInput, settings: WorldSettings): FieldError[] {
  const issues: FieldError[] = [];
  const unknown = (path: Path, what: string, id: string): void => {
    issues.push({
      path,
      code: 'SEED_UNKNOWN_REFERENCE',
      message: `Unknown ${what} ${id}: the seed declares none.`,
    });
  };

  // Accounts: applications, their bots and users share one id space (users); tokens must be unique.
  const applications = new Declared('application', issues);
  const users = new Declared('user', issues);
  const tokens = new Declared('token', issues);
  (seed.applications ?? []).forEach((app, i) => {
    applications.add(app.id, ['applications', i, 'id']);
    users.add(app.bot_user_id, ['applications', i, 'bot_user_id']);
    tokens.add(app.bot_token, ['applications', i, 'bot_token']);
  });
  const hasApplication = (seed.applications ?? []).length > 0;
  (seed.users ?? []).forEach((user, i) => {
    users.add(user.id, ['users', i, 'id']);
    tokens.add(user.access_token, ['users', i, 'access_token']);
    if (user.application_id !== undefined && !applications.has(user.application_id)) {
      unknown(['users', i, 'application_id'], 'application', user.application_id);
    } else if (
      user.application_id === undefined &&
      !hasApplication &&
      (user.access_token !== undefined || user.scopes !== undefined)
    ) {
      issues.push({
        path: ['users', i, user.access_token !== undefined ? 'access_token' : 'scopes'],
        code: 'SEED_UNKNOWN_REFERENCE',
        message: 'A token needs an application: the seed declares none.',
      });
    }
  });
  const isUser = (id: string): boolean => users.has(id);

  // Guilds: ids of guilds, roles and channels are one id space (a role may not take its guild's id,
  // which is @everyone's); channels are found by id across guilds.
  const guildIds = new Declared('guild', issues);
  const ids = new Declared('id', issues);
  const channels = new Map<string, { guild: number; type: number }>();
  (seed.guilds ?? []).forEach((guild, g) => {
    guildIds.add(guild.id, ['guilds', g, 'id']);
    ids.add(guild.id, ['guilds', g, 'id']);
    (guild.roles ?? []).forEach((role, r) => {
      ids.add(role.id, ['guilds', g, 'roles', r, 'id']);
    });
    (guild.channels ?? []).forEach((channel, c) => {
      ids.add(channel.id, ['guilds', g, 'channels', c, 'id']);
      if (channel.id !== undefined && !channels.has(channel.id))
        channels.set(channel.id, { guild: g, type: channel.type });
    });
  });
  (seed.guilds ?? []).forEach((guild, g) => {
    const at = (...rest: Array<string | number>): Path => ['guilds', g, ...rest];
    if (!isUser(guild.owner_id)) unknown(at('owner_id'), 'user', guild.owner_id);
    const roleIds = new Set((guild.roles ?? []).flatMap((r) => (r.id === undefined ? [] : [r.id])));
    const channelOf = (id: string) => {
      const found = channels.get(id);
      return found !== undefined && found.guild === g ? found : undefined;
    };
    (guild.channels ?? []).forEach((channel, c) => {
      const thread = THREAD_TYPES.has(channel.type);
      if (channel.parent_id !== undefined) {
        const parent = channelOf(channel.parent_id);
        if (!parent) unknown(at('channels', c, 'parent_id'), 'channel of this guild', channel.parent_id);
        else if (
          thread ? THREAD_TYPES.has(parent.type) || parent.type === CATEGORY : parent.type !== CATEGORY
        ) {
          issues.push({
            path: at('channels', c, 'parent_id'),
            code: 'CHANNEL_PARENT_INVALID',
            message: thread ? 'A thread needs a channel as its parent.' : 'A parent must be a category.',
          });
        }
      } else if (thread) {
        issues.push({
          path: at('channels', c, 'parent_id'),
          code: 'BASE_TYPE_REQUIRED',
          message: 'A thread needs its parent channel.',
        });
      }
      (channel.permission_overwrites ?? []).forEach((overwrite, o) => {
        const known =
          overwrite.type === 0
            ? roleIds.has(overwrite.id) || overwrite.id === guild.id
            : isUser(overwrite.id);
        if (!known)
          unknown(
            at('channels', c, 'permission_overwrites', o, 'id'),
            overwrite.type === 0 ? 'role' : 'user',
            overwrite.id,
          );
      });
      (channel.thread_member_ids ?? []).forEach((id, t) => {
        if (!isUser(id)) unknown(at('channels', c, 'thread_member_ids', t), 'user', id);
      });
      if (channel.owner_id !== undefined && !isUser(channel.owner_id))
        unknown(at('channels', c, 'owner_id'), 'user', channel.owner_id);
    });
    const members = new Declared('member', issues);
    (guild.members ?? []).forEach((member, m) => {
      members.add(member.user_id, at('members', m, 'user_id'));
      if (!isUser(member.user_id)) unknown(at('members', m, 'user_id'), 'user', member.user_id);
      (member.roles ?? []).forEach((roleId, r) => {
        if (!roleIds.has(roleId)) unknown(at('members', m, 'roles', r), 'role of this guild', roleId);
      });
      const voice = member.voice_channel_id;
      if (voice !== undefined && voice !== null) {
        const channel = channelOf(voice);
        if (!channel || !VOICE_TYPES.has(channel.type))
          unknown(at('members', m, 'voice_channel_id'), 'voice or stage channel of this guild', voice);
      }
    });
    for (const field of ['system_channel_id', 'rules_channel_id', 'public_updates_channel_id'] as const) {
      const id = guild[field];
      if (id !== undefined && !channelOf(id)) unknown(at(field), 'channel of this guild', id);
    }
    const widgetChannel = guild.widget?.channel_id;
    if (widgetChannel != null && !channelOf(widgetChannel))
      unknown(at('widget', 'channel_id'), 'channel of this guild', widgetChannel);
  });

  // Lobbies: their application, members and linked channel; members per lobby and lobbies per user.
  const lobbies = new Declared('lobby', issues);
  const lobbiesPerUser = new Map<string, number>();
  (seed.lobbies ?? []).forEach((lobby, l) => {
    const at = (...rest: Array<string | number>): Path => ['lobbies', l, ...rest];
    lobbies.add(lobby.id, at('id'));
    if (!applications.has(lobby.application_id))
      unknown(at('application_id'), 'application', lobby.application_id);
    const members = lobby.members ?? [];
    if (members.length > settings.maxLobbyMembers) {
      issues.push({
        path: at('members'),
        code: 'BASE_TYPE_MAX_LENGTH',
        message: `A lobby holds at most ${settings.maxLobbyMembers} members (got ${members.length}).`,
      });
    }
    const seen = new Declared('lobby member', issues);
    members.forEach((member, m) => {
      seen.add(member.id, at('members', m, 'id'));
      if (!isUser(member.id)) unknown(at('members', m, 'id'), 'user', member.id);
      const key = `${lobby.application_id}:${member.id}`;
      const count = (lobbiesPerUser.get(key) ?? 0) + 1;
      lobbiesPerUser.set(key, count);
      if (count === settings.maxLobbiesPerUserPerApplication + 1) {
        issues.push({
          path: at('members', m, 'id'),
          code: 'BASE_TYPE_MAX_LENGTH',
          message: `User ${member.id} would be in more than ${settings.maxLobbiesPerUserPerApplication} lobbies of application ${lobby.application_id}.`,
        });
      }
    });
    const linked = lobby.linked_channel_id;
    if (linked !== undefined) {
      const channel = channels.get(linked);
      if (!channel || channel.type !== GUILD_TEXT) unknown(at('linked_channel_id'), 'text channel', linked);
    }
  });
  return issues;
}
