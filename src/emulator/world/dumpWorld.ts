/**
 * The state dump of `GET /_emulator/state`: the whole world as JSON, in the records' own shape
 * (snake_case, times in epoch ms, maps as objects keyed by id).
 *
 * Tokens are included on purpose: the emulator is a local development tool bound to loopback, and a
 * developer inspecting the world needs to see which token acts as whom. They are never logged.
 */
import type { World } from './World.js';

/** Converts Maps (to objects), Sets (to arrays) and nested records to plain JSON values. */
export function toJsonValue(value: unknown): unknown {
  if (value instanceof Map) {
    const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    for (const [key, item] of value) out[String(key)] = toJsonValue(item);
    return out;
  }
  if (value instanceof Set) return [...value].map(toJsonValue);
  if (Array.isArray(value)) return value.map(toJsonValue);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    for (const [key, item] of Object.entries(value)) out[key] = toJsonValue(item);
    return out;
  }
  if (typeof value === 'bigint') return value.toString();
  return value;
}

/** The world as one JSON-ready object. */
export function dumpWorld(world: World): Record<string, unknown> {
  return {
    now: world.now(),
    settings: { ...world.settings },
    applications: toJsonValue(world.applications),
    users: toJsonValue(world.users),
    bearer_tokens: toJsonValue(world.bearerTokens),
    role_connections: toJsonValue(world.roleConnections),
    lobbies: toJsonValue(new Map([...world.lobbies.all()].map((l) => [l.id, l]))),
    guilds: toJsonValue(new Map([...world.guilds.all()].map((g) => [g.id, g]))),
    invites: toJsonValue(new Map([...world.invites.all()].map((i) => [i.code, i]))),
    dm_messages: toJsonValue(world.dmMessages),
    last_event_seq: world.events.lastSeq,
  };
}
