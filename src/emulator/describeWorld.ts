/**
 * A human-readable summary of a world: what the CLI prints at start-up so that a developer can copy
 * tokens and ids straight into requests. Tokens are printed here on purpose (that is the point of
 * the summary); they are never written to a log.
 */
import type { World } from './world/World.js';

const CHANNEL_TYPES: Readonly<Record<number, string>> = {
  0: 'text',
  2: 'voice',
  4: 'category',
  5: 'announcement',
  10: 'announcement thread',
  11: 'public thread',
  12: 'private thread',
  13: 'stage',
  15: 'forum',
  16: 'media',
};

/** Lines describing the world's applications, users, guilds and lobbies. */
export function describeWorld(world: World): string[] {
  const lines: string[] = [];
  for (const app of world.applications.values()) {
    lines.push(`application  ${app.name}  id ${app.id}`);
    lines.push(`  bot        ${world.user(app.bot_user_id)?.username ?? '?'}  id ${app.bot_user_id}`);
    lines.push(`  bot token  Authorization: Bot ${app.bot_token}`);
    lines.push(`  webhook public key  ${app.public_key}`);
  }
  const tokens = [...world.bearerTokens.values()];
  const people = [...world.users.values()].filter((u) => !u.bot);
  if (people.length > 0) lines.push('users');
  for (const user of people) {
    const token = tokens.find((t) => t.user_id === user.id);
    lines.push(
      `  ${user.username.padEnd(10)} id ${user.id}${token ? `  Authorization: Bearer ${token.token}` : ''}`,
    );
  }
  for (const guild of world.guilds.all()) {
    lines.push(
      `guild        ${guild.name}  id ${guild.id}  owner ${world.user(guild.owner_id)?.username ?? guild.owner_id}`,
    );
    for (const channel of guild.channels.values()) {
      lines.push(
        `  #${channel.name.padEnd(12)} ${String(CHANNEL_TYPES[channel.type] ?? channel.type).padEnd(14)} id ${channel.id}`,
      );
    }
    for (const role of [...guild.roles.values()].sort((a, b) => b.position - a.position)) {
      lines.push(`  @${role.name.padEnd(12)} role           id ${role.id}  permissions ${role.permissions}`);
    }
  }
  for (const lobby of world.lobbies.all()) {
    lines.push(
      `lobby        id ${lobby.id}  members ${lobby.members.size}  metadata ${JSON.stringify(lobby.metadata)}`,
    );
  }
  return lines;
}
