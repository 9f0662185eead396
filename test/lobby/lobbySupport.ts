/**
 * Helpers of the Lobby handle's tests: an emulator per describe block (demo world, manual clock,
 * rate limits off), clients that never retry on their own (the handle's retries are under test),
 * users made in the world, a call counter, and the emulator's picture of a lobby in the handle's
 * terms.
 */
import { ManualClock } from '../../src/clock.js';
import type { Emulator } from '../../src/emulator/createEmulator.js';
import { demo } from '../../src/emulator/world/demoSeed.js';
import { LobbyRuntime } from '../../src/lobby/LobbyRuntime.js';
import type { LobbyRuntimeOptions } from '../../src/lobby/lobbyRuntimeDefaults.js';
import type { Lobby } from '../../src/lobby/Lobby.js';
import type { AuthOption } from '../../src/rest/callTypes.js';
import { RestClient } from '../../src/rest/RestClient.js';
import type { RestClientOptions } from '../../src/rest/restClientDefaults.js';

export { demo };
export { useEmulator as useLobbyEmulator } from '../support/emulator.js';

/** A client of `baseUrl` with no retries of its own and no global pacing. */
export function client(baseUrl: string, auth: AuthOption, options: RestClientOptions = {}): RestClient {
  return new RestClient({
    baseUrl,
    maxRetries: 0,
    globalPerSecond: Number.POSITIVE_INFINITY,
    ...options,
    auth,
  });
}

/** The demo bot's client. */
export function botClient(emulator: Emulator, options: RestClientOptions = {}): RestClient {
  return client(emulator.apiUrl, { bot: demo.botToken }, options);
}

/** A demo user's bearer client. */
export function userClient(emulator: Emulator, user: { readonly token: string }): RestClient {
  return client(emulator.apiUrl, { bearer: user.token });
}

/** Records the operations a client sends (first attempts and retries alike). */
export function countCalls(rest: RestClient): { readonly calls: string[]; count(operation: string): number } {
  const calls: string[] = [];
  rest.on('request', (event) => calls.push(event.operation));
  return { calls, count: (operation) => calls.filter((c) => c === operation).length };
}

/** Makes `count` users in the emulator's world and returns their ids. */
export function makeUsers(emulator: Emulator, count: number, prefix = 'player'): string[] {
  return Array.from({ length: count }, (_, i) => emulator.world.createUser({ username: `${prefix}${i}` }).id);
}

/** A runtime over the demo bot with a manual clock (its own timers armed on that clock). */
export function manualRuntime(
  emulator: Emulator,
  options: Partial<Omit<LobbyRuntimeOptions, 'rest'>> & { readonly rest?: RestClient } = {},
): { runtime: LobbyRuntime; clock: ManualClock; rest: RestClient } {
  const clock = options.clock instanceof ManualClock ? options.clock : new ManualClock();
  const rest = options.rest ?? botClient(emulator);
  const runtime = new LobbyRuntime({ reconcileIntervalMs: 0, random: () => 0.5, ...options, rest, clock });
  return { runtime, clock, rest };
}

/** A lobby in the handle's terms: metadata, and members with metadata, flags and name. */
export interface Picture {
  readonly metadata: Record<string, string>;
  readonly members: Record<
    string,
    { metadata: Record<string, string>; flags: number; additionalName: string | null }
  >;
  readonly linkedChannelId: string | null;
}

/** The handle's picture. */
export function handlePicture(lobby: Lobby): Picture {
  const members: Picture['members'] = {};
  for (const [id, m] of lobby.members) {
    members[id] = { metadata: { ...m.metadata }, flags: m.flags, additionalName: m.additionalName };
  }
  return { metadata: { ...lobby.metadata }, members, linkedChannelId: lobby.linkedChannel?.id ?? null };
}

/** The emulator's picture of lobby `id` (undefined when it does not exist). */
export function serverPicture(emulator: Emulator, id: string): Picture | undefined {
  const record = emulator.world.lobbies.get(id);
  if (!record) return undefined;
  const members: Picture['members'] = {};
  for (const [userId, m] of record.members) {
    members[userId] = {
      metadata: { ...(m.metadata ?? {}) },
      flags: m.flags,
      additionalName: m.additional_name,
    };
  }
  return { metadata: { ...(record.metadata ?? {}) }, members, linkedChannelId: record.linked_channel_id };
}

/** Collects every event of a lobby as `[name, payload]`. */
export function recordEvents(lobby: Lobby): Array<[string, Record<string, unknown>]> {
  const events: Array<[string, Record<string, unknown>]> = [];
  const names = [
    'memberAdded',
    'memberUpdated',
    'memberRemoved',
    'memberRejected',
    'metadataChanged',
    'linkedChannelChanged',
    'message',
    'idleWarning',
    'idle',
    'deleted',
    'synced',
    'syncError',
  ] as const;
  for (const name of names) {
    lobby.on(name, (payload: object) => events.push([name, payload as Record<string, unknown>]));
  }
  return events;
}

/** Lets pending promise callbacks and loopback I/O run (no clock involved). */
export async function settle(lobby: Lobby): Promise<void> {
  // A flush waits for whatever operation is under way, then sends anything still dirty.
  await lobby.flush().catch(() => undefined);
}
