/** Lobby operations over loopback HTTP: every rule, limit and error row of the specification. */
import { describe, expect, it } from 'vitest';
import { demo } from '../../src/emulator/world/demoSeed.js';
import { useEmulator } from '../support/emulator.js';

const emu = useEmulator();
const [alice, bob, carol, dave, erin] = demo.users;
const bearer = (user: { token: string }) => ({ bearer: user.token });

interface LobbyWire {
  id: string;
  application_id: string;
  metadata: Record<string, string> | null;
  members: Array<{
    id: string;
    metadata: Record<string, string> | null;
    flags: number;
    additional_name?: string;
  }>;
  linked_channel?: { id: string };
  flags: number;
}

async function newLobby(body: unknown = {}): Promise<LobbyWire> {
  const res = await emu.call<LobbyWire>('POST', '/lobbies', { json: body });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

const dict = (total: number) => ({ k: 'v'.repeat(total - 1) });

describe('Create Lobby (POST /lobbies)', () => {
  it('answers 201 with the lobby, its members and no linked_channel', async () => {
    const res = await emu.call<LobbyWire>('POST', '/lobbies', {
      json: {
        metadata: { map: 'dust' },
        members: [{ id: alice.id, metadata: { team: 'red' }, flags: 1 }, { id: bob.id }],
        idle_timeout_seconds: 60,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^\d+$/),
      application_id: demo.applicationId,
      metadata: { map: 'dust' },
      members: [
        { id: alice.id, metadata: { team: 'red' }, flags: 1 },
        { id: bob.id, metadata: null, flags: 0 },
      ],
      flags: 0,
    });
    expect(emu.emulator.world.lobbies.get(res.body.id)?.idle_timeout_seconds).toBe(60);
  });

  it('works with an empty body and defaults the idle timeout to 300 s', async () => {
    const res = await emu.call<LobbyWire>('POST', '/lobbies', { json: {} });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ metadata: null, members: [] });
    expect(emu.emulator.world.lobbies.get(res.body.id)?.idle_timeout_seconds).toBe(300);
  });

  it('takes at most 25 members', async () => {
    const users = Array.from(
      { length: 26 },
      (_, i) => emu.emulator.world.createUser({ username: `u${i}` }).id,
    );
    expect(
      (await emu.call('POST', '/lobbies', { json: { members: users.slice(0, 25).map((id) => ({ id })) } }))
        .status,
    ).toBe(201);
    const res = await emu.call('POST', '/lobbies', { json: { members: users.map((id) => ({ id })) } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 50035,
      errors: { members: { _errors: [expect.objectContaining({ code: 'BASE_TYPE_MAX_LENGTH' })] } },
    });
  });

  it('limits metadata to a total length of 1000', async () => {
    expect((await emu.call('POST', '/lobbies', { json: { metadata: dict(1000) } })).status).toBe(201);
    const res = await emu.call('POST', '/lobbies', { json: { metadata: dict(1001) } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 50035, errors: { metadata: expect.anything() } });
  });

  it('limits member metadata to a total length of 1000', async () => {
    expect(
      (await emu.call('POST', '/lobbies', { json: { members: [{ id: alice.id, metadata: dict(1000) }] } }))
        .status,
    ).toBe(201);
    const res = await emu.call('POST', '/lobbies', {
      json: { members: [{ id: alice.id, metadata: dict(1001) }] },
    });
    expect(res.body).toMatchObject({
      code: 50035,
      errors: { members: { '0': { metadata: expect.anything() } } },
    });
  });

  it.each([
    [5, 201],
    [4, 400],
    [604_800, 201],
    [604_801, 400],
  ])('takes idle_timeout_seconds %i → %i', async (value, status) => {
    const res = await emu.call('POST', '/lobbies', { json: { idle_timeout_seconds: value } });
    expect(res.status).toBe(status);
    if (status === 400)
      expect(res.body).toMatchObject({ errors: { idle_timeout_seconds: expect.anything() } });
  });

  it('answers 404 code 10013 for an unknown user', async () => {
    const res = await emu.call('POST', '/lobbies', { json: { members: [{ id: '42' }] } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 10013, message: 'Unknown User' });
  });

  it('needs a bot token', async () => {
    expect((await emu.call('POST', '/lobbies', { auth: bearer(alice), json: {} })).body).toEqual({
      code: 50001,
      message: 'Missing Access',
    });
    expect((await emu.call('POST', '/lobbies', { auth: 'none', json: {} })).status).toBe(401);
  });
});

describe('Create or Join Lobby (PUT /lobbies)', () => {
  it('names an object with a length where the secret is due as not a string (zod throws on it alone)', async () => {
    // A length check compares the hardened body's null-prototype `{}` with a number, which throws
    // in zod; the emulator then reads the issues off an ordinary copy, as the platform answers.
    for (const secret of [{ length: {} }, { length: 3 }, ['a']]) {
      const res = await emu.call('PUT', '/lobbies', { auth: bearer(alice), json: { secret } });
      expect(res.status, res.text).toBe(400);
      const leaf = (res.body as { errors: { secret: { _errors: Array<{ code: string }> } } }).errors.secret;
      expect(
        leaf._errors.map((e) => e.code),
        res.text,
      ).toContain('BASE_TYPE_STRING');
    }
  });

  it('creates the lobby for a new secret, and joins it for a known one', async () => {
    const created = await emu.call<LobbyWire>('PUT', '/lobbies', {
      auth: bearer(alice),
      json: {
        secret: 'room-1',
        lobby_metadata: { mode: 'duel' },
        member_metadata: { rank: '1' },
        idle_timeout_seconds: 30,
      },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      application_id: demo.applicationId,
      metadata: { mode: 'duel' },
      members: [{ id: alice.id, metadata: { rank: '1' } }],
    });
    const joined = await emu.call<LobbyWire>('PUT', '/lobbies', {
      auth: bearer(bob),
      json: { secret: 'room-1' },
    });
    expect(joined.body.id).toBe(created.body.id);
    expect(joined.body.members.map((m) => m.id)).toEqual([alice.id, bob.id]);
    const other = await emu.call<LobbyWire>('PUT', '/lobbies', {
      auth: bearer(bob),
      json: { secret: 'room-2' },
    });
    expect(other.body.id).not.toBe(created.body.id);
  });

  it('takes a secret of at most 250 characters', async () => {
    expect(
      (await emu.call('PUT', '/lobbies', { auth: bearer(alice), json: { secret: 's'.repeat(250) } })).status,
    ).toBe(200);
    const res = await emu.call('PUT', '/lobbies', { auth: bearer(alice), json: { secret: 's'.repeat(251) } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errors: { secret: expect.anything() } });
    expect((await emu.call('PUT', '/lobbies', { auth: bearer(alice), json: {} })).body).toMatchObject({
      errors: { secret: { _errors: [{ code: 'BASE_TYPE_REQUIRED' }] } },
    });
  });

  it('needs a bearer token', async () => {
    expect((await emu.call('PUT', '/lobbies', { json: { secret: 'x' } })).body).toMatchObject({
      code: 50001,
    });
  });
});

describe('Get Lobby', () => {
  it('answers the lobby', async () => {
    const res = await emu.call<LobbyWire>('GET', `/lobbies/${demo.lobbyId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: demo.lobbyId,
      metadata: { mode: 'demo' },
      members: [
        { id: alice.id, flags: 1 },
        { id: bob.id, metadata: { team: 'blue' } },
      ],
    });
  });

  it('answers 404 code 10031 for an unknown lobby or one of another application', async () => {
    expect((await emu.call('GET', '/lobbies/123')).body).toEqual({ code: 10031, message: 'Unknown Lobby' });
    const app = await emu.control<{ bot_token: string }>('POST', '/applications', { name: 'Other Game' });
    const res = await emu.call('GET', `/lobbies/${demo.lobbyId}`, { auth: { bot: app.body.bot_token } });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 10031 });
  });

  it('names a bad lobby id', async () => {
    const res = await emu.call('GET', '/lobbies/not-a-snowflake');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 50035,
      errors: { lobby_id: { _errors: [{ code: 'NUMBER_TYPE_COERCE' }] } },
    });
  });
});

describe('Modify Lobby (PATCH /lobbies/{id})', () => {
  it('overwrites metadata rather than merging it', async () => {
    const res = await emu.call<LobbyWire>('PATCH', `/lobbies/${demo.lobbyId}`, {
      json: { metadata: { round: '2' } },
    });
    expect(res.status).toBe(200);
    expect(res.body.metadata).toEqual({ round: '2' });
    expect(res.body.members).toHaveLength(2);
  });

  it('replaces the member set with a members list (absent members removed)', async () => {
    const res = await emu.call<LobbyWire>('PATCH', `/lobbies/${demo.lobbyId}`, {
      json: { members: [{ id: bob.id }, { id: carol.id, flags: 1 }] },
    });
    expect(res.body.members).toEqual([
      { id: bob.id, metadata: { team: 'blue' }, flags: 0 },
      { id: carol.id, metadata: null, flags: 1 },
    ]);
    expect(res.body.metadata).toEqual({ mode: 'demo' });
    const emptied = await emu.call<LobbyWire>('PATCH', `/lobbies/${demo.lobbyId}`, { json: { members: [] } });
    expect(emptied.body.members).toEqual([]);
  });

  it('takes at most 25 members and idle_timeout_seconds 5-604800', async () => {
    const users = Array.from(
      { length: 26 },
      (_, i) => emu.emulator.world.createUser({ username: `m${i}` }).id,
    );
    expect(
      (
        await emu.call('PATCH', `/lobbies/${demo.lobbyId}`, {
          json: { members: users.slice(0, 25).map((id) => ({ id })) },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await emu.call('PATCH', `/lobbies/${demo.lobbyId}`, {
          json: { members: users.map((id) => ({ id })) },
        })
      ).status,
    ).toBe(400);
    expect(
      (await emu.call('PATCH', `/lobbies/${demo.lobbyId}`, { json: { idle_timeout_seconds: 5 } })).status,
    ).toBe(200);
    expect(
      (await emu.call('PATCH', `/lobbies/${demo.lobbyId}`, { json: { idle_timeout_seconds: 604_801 } }))
        .status,
    ).toBe(400);
    expect(
      (await emu.call('PATCH', `/lobbies/${demo.lobbyId}`, { json: { metadata: dict(1001) } })).status,
    ).toBe(400);
  });

  it('answers 404 10031 for an unknown lobby and 10013 for an unknown member', async () => {
    expect((await emu.call('PATCH', '/lobbies/1', { json: {} })).body).toMatchObject({ code: 10031 });
    expect(
      (await emu.call('PATCH', `/lobbies/${demo.lobbyId}`, { json: { members: [{ id: '1' }] } })).body,
    ).toMatchObject({ code: 10013 });
  });
});

describe('Delete Lobby', () => {
  it('answers 204, and 204 again when already deleted', async () => {
    expect((await emu.call('DELETE', `/lobbies/${demo.lobbyId}`)).status).toBe(204);
    expect((await emu.call('GET', `/lobbies/${demo.lobbyId}`)).status).toBe(404);
    expect((await emu.call('DELETE', `/lobbies/${demo.lobbyId}`)).status).toBe(204);
    expect((await emu.call('DELETE', '/lobbies/1')).status).toBe(204);
  });

  it("frees the members' lobby count", async () => {
    await emu.call('DELETE', `/lobbies/${demo.lobbyId}`);
    expect(emu.emulator.world.lobbies.lobbyCount(demo.applicationId, alice.id)).toBe(0);
  });
});

describe('Add a Member (PUT /lobbies/{id}/members/{user})', () => {
  it('adds a member and answers the lobby member', async () => {
    const res = await emu.call('PUT', `/lobbies/${demo.lobbyId}/members/${carol.id}`, {
      json: { metadata: { hero: 'mage' }, flags: 1 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: carol.id, metadata: { hero: 'mage' }, flags: 1 });
  });

  it('updates metadata and flags of an existing member instead (upsert), keeping what is left out', async () => {
    const res = await emu.call('PUT', `/lobbies/${demo.lobbyId}/members/${bob.id}`, { json: { flags: 1 } });
    expect(res.body).toEqual({ id: bob.id, metadata: { team: 'blue' }, flags: 1 });
    const again = await emu.call('PUT', `/lobbies/${demo.lobbyId}/members/${bob.id}`, {
      json: { metadata: { team: 'red' } },
    });
    expect(again.body).toEqual({ id: bob.id, metadata: { team: 'red' }, flags: 1 });
    const lobby = await emu.call<LobbyWire>('GET', `/lobbies/${demo.lobbyId}`);
    expect(lobby.body.members).toHaveLength(2);
  });

  it('takes additional_name of 1-80 characters; null clears it, omitted keeps it', async () => {
    const path = `/lobbies/${demo.lobbyId}/members/${carol.id}`;
    expect((await emu.call('PUT', path, { json: { additional_name: 'n'.repeat(80) } })).body).toMatchObject({
      additional_name: 'n'.repeat(80),
    });
    expect((await emu.call('PUT', path, { json: {} })).body).toMatchObject({
      additional_name: 'n'.repeat(80),
    });
    expect((await emu.call('PUT', path, { json: { additional_name: 'n'.repeat(81) } })).status).toBe(400);
    expect((await emu.call('PUT', path, { json: { additional_name: '' } })).status).toBe(400);
    expect((await emu.call('PUT', path, { json: { additional_name: null } })).body).toEqual({
      id: carol.id,
      metadata: null,
      flags: 0,
    });
  });

  it('limits member metadata to 1000 and flags to the known bits', async () => {
    const path = `/lobbies/${demo.lobbyId}/members/${carol.id}`;
    expect((await emu.call('PUT', path, { json: { metadata: dict(1000) } })).status).toBe(200);
    expect((await emu.call('PUT', path, { json: { metadata: dict(1001) } })).status).toBe(400);
    expect((await emu.call('PUT', path, { json: { flags: 'x' } })).status).toBe(400);
  });

  it('answers 404 10031 for an unknown lobby and 10013 for an unknown user', async () => {
    expect((await emu.call('PUT', `/lobbies/1/members/${carol.id}`, { json: {} })).body).toMatchObject({
      code: 10031,
    });
    expect((await emu.call('PUT', `/lobbies/${demo.lobbyId}/members/1`, { json: {} })).body).toMatchObject({
      code: 10013,
    });
  });

  it('holds at most 1000 members', async () => {
    const world = emu.emulator.world;
    const lobby = world.lobbies.get(demo.lobbyId)!;
    while (lobby.members.size < 999)
      world.lobbies.upsertMember(lobby, world.createUser({ username: 'filler' }).id, {});
    expect((await emu.call('PUT', `/lobbies/${demo.lobbyId}/members/${carol.id}`, { json: {} })).status).toBe(
      200,
    );
    expect(lobby.members.size).toBe(1000);
    const refused = await emu.call('PUT', `/lobbies/${demo.lobbyId}/members/${dave.id}`, { json: {} });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 0 });
    // An existing member is still updated.
    expect(
      (await emu.call('PUT', `/lobbies/${demo.lobbyId}/members/${carol.id}`, { json: { flags: 1 } })).status,
    ).toBe(200);
  });
});

describe('Remove a Member and Leave Lobby', () => {
  it('remove answers 204, also when the user is no longer a member', async () => {
    expect((await emu.call('DELETE', `/lobbies/${demo.lobbyId}/members/${bob.id}`)).status).toBe(204);
    expect((await emu.call('DELETE', `/lobbies/${demo.lobbyId}/members/${bob.id}`)).status).toBe(204);
    const lobby = await emu.call<LobbyWire>('GET', `/lobbies/${demo.lobbyId}`);
    expect(lobby.body.members.map((m) => m.id)).toEqual([alice.id]);
  });

  it('remove answers 404 code 10031 when the lobby does not exist', async () => {
    const res = await emu.call('DELETE', `/lobbies/1/members/${bob.id}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 10031, message: 'Unknown Lobby' });
  });

  it('leave removes the caller, is safe when not a member, and needs a bearer token', async () => {
    expect(
      (await emu.call('DELETE', `/lobbies/${demo.lobbyId}/members/@me`, { auth: bearer(bob) })).status,
    ).toBe(204);
    expect(
      (await emu.call('DELETE', `/lobbies/${demo.lobbyId}/members/@me`, { auth: bearer(bob) })).status,
    ).toBe(204);
    expect(
      (await emu.call('DELETE', `/lobbies/${demo.lobbyId}/members/@me`, { auth: bearer(erin) })).status,
    ).toBe(204);
    const lobby = await emu.call<LobbyWire>('GET', `/lobbies/${demo.lobbyId}`);
    expect(lobby.body.members.map((m) => m.id)).toEqual([alice.id]);
    expect((await emu.call('DELETE', `/lobbies/${demo.lobbyId}/members/@me`)).body).toMatchObject({
      code: 50001,
    });
  });

  it('leave answers 404 code 10031 when the lobby does not exist', async () => {
    const res = await emu.call('DELETE', '/lobbies/1/members/@me', { auth: bearer(bob) });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 10031 });
  });
});

describe('Bulk Update Lobby Members (POST /lobbies/{id}/members/bulk)', () => {
  const bulk = (body: unknown) =>
    emu.call<Array<{ id: string }>>('POST', `/lobbies/${demo.lobbyId}/members/bulk`, { json: body });

  it('upserts and removes, answering only the upserted members', async () => {
    const res = await bulk([
      { id: carol.id, metadata: { hero: 'rogue' } },
      { id: bob.id, remove_member: true },
      { id: alice.id, flags: 0 },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: carol.id, metadata: { hero: 'rogue' }, flags: 0 },
      { id: alice.id, metadata: null, flags: 0 },
    ]);
    const lobby = await emu.call<LobbyWire>('GET', `/lobbies/${demo.lobbyId}`);
    expect(lobby.body.members.map((m) => m.id)).toEqual([alice.id, carol.id]);
  });

  it('takes 1 to 25 entries', async () => {
    const users = Array.from(
      { length: 26 },
      (_, i) => emu.emulator.world.createUser({ username: `b${i}` }).id,
    );
    expect((await bulk([{ id: carol.id }])).status).toBe(200);
    expect((await bulk(users.slice(0, 25).map((id) => ({ id })))).status).toBe(200);
    const over = await bulk(users.map((id) => ({ id })));
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({
      code: 50035,
      errors: { _errors: [expect.objectContaining({ code: 'BASE_TYPE_MAX_LENGTH' })] },
    });
    const empty = await bulk([]);
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({
      code: 50035,
      errors: { _errors: [expect.objectContaining({ code: 'BASE_TYPE_MIN_LENGTH' })] },
    });
  });

  it('answers 404 code 10013 for an unknown user and changes nothing', async () => {
    const res = await bulk([{ id: carol.id }, { id: '999' }]);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 10013, message: 'Unknown User' });
    const lobby = await emu.call<LobbyWire>('GET', `/lobbies/${demo.lobbyId}`);
    expect(lobby.body.members.map((m) => m.id)).toEqual([alice.id, bob.id]);
  });

  it('names each bad entry', async () => {
    const res = await bulk([{ id: carol.id }, { metadata: {} }, { id: 'x', remove_member: 'yes' }]);
    expect(res.body).toMatchObject({
      code: 50035,
      errors: {
        '1': { id: { _errors: [{ code: 'BASE_TYPE_REQUIRED' }] } },
        '2': { id: expect.anything(), remove_member: expect.anything() },
      },
    });
  });

  it('answers 404 10031 for an unknown lobby', async () => {
    expect(
      (await emu.call('POST', '/lobbies/1/members/bulk', { json: [{ id: carol.id }] })).body,
    ).toMatchObject({ code: 10031 });
  });
});

describe('the per-application lobby maximum (default 100) in the bulk update', () => {
  it('lets a user join a 100th lobby and silently drops them from a 101st, unless already a member', async () => {
    const world = emu.emulator.world;
    const appId = demo.applicationId;
    // erin is in no lobby; put her in 99.
    for (let i = 0; i < 99; i++)
      world.lobbies.upsertMember(world.lobbies.create({ application_id: appId }), erin.id, {});
    const hundredth = await newLobby();
    const ok = await emu.call<Array<{ id: string }>>('POST', `/lobbies/${hundredth.id}/members/bulk`, {
      json: [{ id: erin.id }],
    });
    expect(ok.body.map((m) => m.id)).toEqual([erin.id]);
    expect(world.lobbies.lobbyCount(appId, erin.id)).toBe(100);

    const extra = await newLobby();
    const dropped = await emu.call<Array<{ id: string }>>('POST', `/lobbies/${extra.id}/members/bulk`, {
      json: [{ id: erin.id }, { id: carol.id }],
    });
    expect(dropped.status).toBe(200);
    expect(dropped.body.map((m) => m.id)).toEqual([carol.id]);
    expect(world.lobbies.lobbyCount(appId, erin.id)).toBe(100);

    // Already a member of this lobby: updated, not dropped.
    const update = await emu.call<Array<{ id: string; metadata: unknown }>>(
      'POST',
      `/lobbies/${hundredth.id}/members/bulk`,
      {
        json: [{ id: erin.id, metadata: { still: 'here' } }],
      },
    );
    expect(update.body).toEqual([{ id: erin.id, metadata: { still: 'here' }, flags: 0 }]);

    // Add a Member refuses where the bulk update drops.
    const single = await emu.call('PUT', `/lobbies/${extra.id}/members/${erin.id}`, { json: {} });
    expect(single.status).toBe(400);
  });
});
