/**
 * The control API refuses what the platform would refuse, and never leaves the world half-changed:
 * times a Date cannot hold, and seeds with bad parts (checked whole before a reset changes anything).
 */
import { describe, expect, it } from 'vitest';
import { demo } from '../../src/emulator/world/demoSeed.js';
import type { SeedObject } from '../../src/emulator/world/seed.js';
import { useEmulator } from '../support/emulator.js';
import { expectFieldError } from '../support/platformAssertions.js';

const emu = useEmulator();
const MAX_DATE_MS = 8_640_000_000_000_000;
const erin = demo.users[4].id;
const memberPath = `/guilds/${demo.guildId}/members/${erin}`;

describe('control API times', () => {
  for (const field of ['premium_since', 'communication_disabled_until', 'last_active_at'] as const) {
    it(`${field}: a Date's last millisecond is stored, one more is 400 and stores nothing`, async () => {
      const refused = await emu.control('PUT', memberPath, { [field]: MAX_DATE_MS + 1 });
      expectFieldError(refused, [field]);
      expect(emu.emulator.world.guilds.get(demo.guildId)?.members.has(erin)).toBe(false);
      // The platform routes still answer.
      expect(
        (await emu.call('GET', `/guilds/${demo.guildId}/members`, { query: { limit: 10 } })).status,
      ).toBe(200);

      const stored = await emu.control('PUT', memberPath, { [field]: MAX_DATE_MS });
      expect(stored.status, stored.text).toBe(201);
      const member = await emu.call<Record<string, unknown>>('GET', memberPath);
      expect(member.status, member.text).toBe(200);
      if (field !== 'last_active_at') expect(member.body[field]).toBe('+275760-09-13T00:00:00.000+00:00');
      expect(
        (await emu.call('GET', `/guilds/${demo.guildId}/members`, { query: { limit: 10 } })).status,
      ).toBe(200);
    });
  }

  it('refuses a timestamp string that names no instant', async () => {
    expectFieldError(await emu.control('PUT', memberPath, { premium_since: 'soon' }), ['premium_since']);
  });
});

/** A small valid seed: one application, two users, a guild with a role and channels, a lobby. */
type FullSeed = { [K in 'applications' | 'users' | 'guilds' | 'lobbies']: NonNullable<SeedObject[K]> };
function seed(): FullSeed {
  return {
    applications: [{ id: '9000', name: 'Seeded', bot_token: 'seeded-bot' }],
    users: [
      { id: '9001', username: 'ann', access_token: 'ann-token' },
      { id: '9002', username: 'ben' },
    ],
    guilds: [
      {
        id: '9100',
        name: 'Seeded Guild',
        owner_id: '9001',
        roles: [{ id: '9101', name: 'Crew' }],
        channels: [
          { id: '9110', name: 'cat', type: 4 },
          { id: '9111', name: 'text', type: 0, parent_id: '9110' },
          { id: '9112', name: 'voice', type: 2 },
        ],
        members: [{ user_id: '9002', roles: ['9101'], voice_channel_id: '9112' }],
      },
    ],
    lobbies: [{ id: '9200', application_id: '9000', members: [{ id: '9001' }], linked_channel_id: '9111' }],
  };
}

/** Resets with `body`; on refusal, checks that the demo world is untouched. */
async function refusedReset(body: unknown, path: ReadonlyArray<string | number>): Promise<string[]> {
  const res = await emu.control('POST', '/reset', body);
  const messages = expectFieldError(res, path);
  const lobby = await emu.call<{ id: string }>('GET', `/lobbies/${demo.lobbyId}`);
  expect(lobby.status, 'the old world stands').toBe(200);
  expect(emu.emulator.world.users.has(demo.users[0].id)).toBe(true);
  return messages;
}

describe('POST /_emulator/reset is atomic', () => {
  it('applies a valid seed whole', async () => {
    const res = await emu.control('POST', '/reset', { seed: seed() });
    expect(res.status, res.text).toBe(204);
    expect(emu.emulator.world.lobbies.get('9200')?.linked_channel_id).toBe('9111');
    expect((await emu.call('GET', '/lobbies/9200', { auth: { bot: 'seeded-bot' } })).status).toBe(200);
  });

  it('refuses a user with a token but no application (400 naming it), keeping the old world', async () => {
    const messages = await refusedReset(
      { seed: { users: [{ username: 'lone', access_token: 'lone-token' }] } },
      ['seed', 'users', 0, 'access_token'],
    );
    expect(messages[0]).toMatch(/application/);
  });

  it('refuses dangling references: owner, role, channel, lobby member, application', async () => {
    const cases: Array<[(s: FullSeed) => void, Array<string | number>]> = [
      [
        (s) => {
          s.guilds[0]!.owner_id = '1';
        },
        ['seed', 'guilds', 0, 'owner_id'],
      ],
      [
        (s) => {
          s.guilds[0]!.members![0]!.roles = ['1'];
        },
        ['seed', 'guilds', 0, 'members', 0, 'roles', 0],
      ],
      [
        (s) => {
          s.guilds[0]!.channels![1]!.parent_id = '1';
        },
        ['seed', 'guilds', 0, 'channels', 1, 'parent_id'],
      ],
      [
        (s) => {
          s.guilds[0]!.members![0]!.voice_channel_id = '9111';
        },
        ['seed', 'guilds', 0, 'members', 0, 'voice_channel_id'],
      ],
      [
        (s) => {
          s.lobbies[0]!.members = [{ id: '1' }];
        },
        ['seed', 'lobbies', 0, 'members', 0, 'id'],
      ],
      [
        (s) => {
          s.lobbies[0]!.application_id = '1';
        },
        ['seed', 'lobbies', 0, 'application_id'],
      ],
      [
        (s) => {
          s.lobbies[0]!.linked_channel_id = '9112';
        },
        ['seed', 'lobbies', 0, 'linked_channel_id'],
      ],
      [
        (s) => {
          s.users[1]!.application_id = '1';
        },
        ['seed', 'users', 1, 'application_id'],
      ],
    ];
    for (const [spoil, path] of cases) {
      const bad = seed();
      spoil(bad);
      const messages = await refusedReset({ seed: bad }, path);
      expect(messages.join(' ')).toMatch(/Unknown|parent/);
    }
  });

  it('refuses duplicate ids and tokens', async () => {
    const cases: Array<[(s: FullSeed) => void, Array<string | number>]> = [
      [(s) => s.users.push({ id: '9001', username: 'again' }), ['seed', 'users', 2, 'id']],
      [
        (s) => s.users.push({ id: '9003', username: 'c', access_token: 'ann-token' }),
        ['seed', 'users', 2, 'access_token'],
      ],
      [(s) => s.lobbies.push({ id: '9200', application_id: '9000' }), ['seed', 'lobbies', 1, 'id']],
      [
        (s) => void s.guilds[0]!.roles!.push({ id: '9100', name: 'clash' }),
        ['seed', 'guilds', 0, 'roles', 1, 'id'],
      ],
      [
        (s) => void s.guilds[0]!.members!.push({ user_id: '9002' }),
        ['seed', 'guilds', 0, 'members', 1, 'user_id'],
      ],
      [(s) => void s.lobbies[0]!.members!.push({ id: '9001' }), ['seed', 'lobbies', 0, 'members', 1, 'id']],
    ];
    for (const [spoil, path] of cases) {
      const bad = seed();
      spoil(bad);
      expect((await refusedReset({ seed: bad }, path)).join(' ')).toMatch(/twice/);
    }
  });

  it('takes 1000 lobby members and refuses 1001', async () => {
    const withMembers = (n: number) => {
      const s = seed();
      for (let i = 0; i < n; i += 1) s.users.push({ id: String(10_000 + i), username: `u${i}` });
      s.lobbies[0]!.members = s.users.slice(2).map((u) => ({ id: u.id as string }));
      return s;
    };
    expect((await emu.control('POST', '/reset', { seed: withMembers(1000) })).status).toBe(204);
    expect(emu.emulator.world.lobbies.get('9200')?.members.size).toBe(1000);
    emu.emulator.reset();
    await refusedReset({ seed: withMembers(1001) }, ['seed', 'lobbies', 0, 'members']);
  });

  it('takes metadata of total length 1000 and refuses 1001 (and 5,000)', async () => {
    const withMetadata = (length: number) => {
      const s = seed();
      s.lobbies[0]!.metadata = { k: 'v'.repeat(length - 1) };
      s.lobbies[0]!.members = [{ id: '9001', metadata: { k: 'v'.repeat(length - 1) } }];
      return s;
    };
    expect((await emu.control('POST', '/reset', { seed: withMetadata(1000) })).status).toBe(204);
    emu.emulator.reset();
    await refusedReset({ seed: withMetadata(1001) }, ['seed', 'lobbies', 0, 'metadata']);
    await refusedReset({ seed: withMetadata(5000) }, ['seed', 'lobbies', 0, 'members', 0, 'metadata']);
  });

  it('refuses values over other limits: idle timeout, member flags, permissions beyond 64 bits', async () => {
    const idle = seed();
    idle.lobbies[0]!.idle_timeout_seconds = 604_801;
    await refusedReset({ seed: idle }, ['seed', 'lobbies', 0, 'idle_timeout_seconds']);
    const flags = seed();
    flags.lobbies[0]!.members = [{ id: '9001', flags: 2 }];
    await refusedReset({ seed: flags }, ['seed', 'lobbies', 0, 'members', 0, 'flags']);
    const perms = seed();
    perms.guilds[0]!.roles![0]!.permissions = '99999999999999999999';
    await refusedReset({ seed: perms }, ['seed', 'guilds', 0, 'roles', 0, 'permissions']);
  });
});
