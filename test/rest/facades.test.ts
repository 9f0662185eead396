/**
 * The facades: every one of the 79 operations is reachable through exactly one facade method, in the
 * facade of its area, and a facade method forwards its arguments to `call` unchanged. (Their TSDoc
 * is tested in facadeDocs.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { RestClient } from '../../src/rest/RestClient.js';
import { routes } from '../../src/spec/routes.js';

/** Methods that run several calls (pagination, progress), not one operation. */
const helpers: Readonly<Record<string, readonly string[]>> = {
  guilds: ['iterateMembers', 'iterateBans', 'bulkBanAll', 'bulkBanInBatches'],
  invites: ['watchTargetUsersJob', 'updateTargetUsersAndWait'],
  channels: ['iterateThreadMembers'],
};
const areas = ['lobbies', 'guilds', 'invites', 'channels', 'users', 'applications', 'gateway'] as const;

interface Recorded {
  readonly name: string;
  readonly args: unknown;
}

function recordingClient(): { client: RestClient; calls: Recorded[] } {
  const client = new RestClient({ auth: { bot: 'x' }, clock: new ManualClock() });
  const calls: Recorded[] = [];
  // Only the facades are under test here: `call` records instead of sending.
  (client as unknown as { call: (name: string, args?: unknown) => Promise<unknown> }).call = (name, args) => {
    calls.push({ name, args });
    return Promise.resolve(undefined);
  };
  return { client, calls };
}

/** The facade classes of `facade`, most derived first (a facade may be split over base classes). */
function classesOf(facade: object): { name: string; proto: object }[] {
  const out: { name: string; proto: object }[] = [];
  for (
    let proto = Object.getPrototypeOf(facade);
    proto && proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto)
  )
    out.push({ name: proto.constructor.name as string, proto });
  return out;
}

function methodsOf(facade: object): string[] {
  const names = new Set<string>();
  for (const { proto } of classesOf(facade))
    for (const m of Object.getOwnPropertyNames(proto))
      if (m !== 'constructor' && typeof (facade as Record<string, unknown>)[m] === 'function') names.add(m);
  return [...names];
}

describe('facades', () => {
  it('reach each of the 79 operations through exactly one method, in the facade of its area', async () => {
    const { client, calls } = recordingClient();
    const reachedBy = new Map<string, string[]>();
    for (const area of areas) {
      const facade = client[area] as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
      for (const method of methodsOf(facade)) {
        if (helpers[area]?.includes(method)) continue;
        calls.length = 0;
        await facade[method]?.({}, {});
        expect(calls, `${area}.${method} sends exactly one operation`).toHaveLength(1);
        const name = calls[0]?.name as string;
        expect(routes[name as keyof typeof routes]?.area, `${area}.${method} → ${name}`).toBe(area);
        reachedBy.set(name, [...(reachedBy.get(name) ?? []), `${area}.${method}`]);
      }
    }
    const missing = Object.keys(routes).filter((n) => !reachedBy.has(n));
    const twice = [...reachedBy].filter(([, by]) => by.length > 1);
    expect(missing, 'operations without a facade method').toEqual([]);
    expect(twice, 'operations with more than one facade method').toEqual([]);
    expect(reachedBy.size).toBe(79);
  });

  it('lists its helpers truthfully (each exists)', () => {
    const { client } = recordingClient();
    for (const [area, names] of Object.entries(helpers)) {
      const facade = client[area as (typeof areas)[number]];
      for (const name of names) expect(methodsOf(facade)).toContain(name);
    }
  });

  it('forwards params first, then the rest of the arguments, unchanged', async () => {
    const { client, calls } = recordingClient();
    const signal = new AbortController().signal;
    await client.lobbies.get({ lobby_id: '1' }, { signal });
    await client.lobbies.create({ body: { idle_timeout_seconds: 60 } });
    await client.guilds.create();
    await client.guilds.getMember({ guild_id: '2', user_id: '3' });
    await client.guilds.createBan({ guild_id: '2', user_id: '3' }, { body: {}, reason: 'spam' });
    await client.invites.updateTargetUsers({ code: 'abc' }, { files: { target_users_file: 'user_id\n1\n' } });
    await client.users.getCurrentUserGuilds({ query: { limit: 10 }, auth: { bearer: 'b' } });
    expect(calls).toEqual([
      { name: 'getLobby', args: { signal, params: { lobby_id: '1' } } },
      { name: 'createLobby', args: { body: { idle_timeout_seconds: 60 } } },
      { name: 'createGuild', args: undefined },
      { name: 'getGuildMember', args: { params: { guild_id: '2', user_id: '3' } } },
      { name: 'createGuildBan', args: { body: {}, reason: 'spam', params: { guild_id: '2', user_id: '3' } } },
      {
        name: 'updateTargetUsers',
        args: { files: { target_users_file: 'user_id\n1\n' }, params: { code: 'abc' } },
      },
      { name: 'getCurrentUserGuilds', args: { query: { limit: 10 }, auth: { bearer: 'b' } } },
    ]);
  });
});
