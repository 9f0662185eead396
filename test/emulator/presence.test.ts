/**
 * Presence over loopback HTTP: the control API's `PUT /_emulator/users/{user_id}/presence`, and
 * every count it drives agreeing — Get Guild Preview, Get Guild and Current User Guilds with_counts,
 * Get Invite with_counts, widget.json (presence_count and its members' status) and widget.png —
 * with the answers still conforming to the OpenAPI document where it is present.
 */
import { describe, expect, it } from 'vitest';
import { demo } from '../../src/emulator/world/demoSeed.js';
import type { SeedObject } from '../../src/emulator/world/seed.js';
import { useEmulator } from '../support/emulator.js';
import { expectConforms } from '../support/openapi.js';
import { expectError, expectFieldError, G, GP } from './guildTestKit.js';

const emu = useEmulator();
const [alice, bob, carol, dave, erin] = demo.users;
const T = '/guilds/{guild_id}';

interface PresenceAnswer {
  user_id: string;
  status: string;
}

interface WidgetJson {
  presence_count: number;
  members: Array<{ username: string; status: string }>;
}

const setPresence = (userId: string, json: unknown) =>
  emu.control<PresenceAnswer>('PUT', `/users/${userId}/presence`, json);

/** Every presence count the platform API shows for the demo guild, each answer checked for shape. */
async function presenceCounts(inviteCode: string) {
  const preview = await emu.call<{ approximate_presence_count: number }>('GET', `${GP}/preview`);
  expectConforms('GET', `${T}/preview`, preview);
  const guild = await emu.call<{ approximate_presence_count: number }>('GET', GP, {
    query: { with_counts: true },
  });
  expectConforms('GET', T, guild);
  const mine = await emu.call<Array<{ approximate_presence_count: number }>>('GET', '/users/@me/guilds', {
    auth: { bearer: alice.token },
    query: { with_counts: true },
  });
  expectConforms('GET', '/users/@me/guilds', mine);
  const invite = await emu.call<{ approximate_presence_count: number }>('GET', `/invites/${inviteCode}`, {
    query: { with_counts: true },
  });
  expectConforms('GET', '/invites/{code}', invite);
  const widget = await emu.call<WidgetJson>('GET', `${GP}/widget.json`, { auth: 'none' });
  expectConforms('GET', `${T}/widget.json`, widget);
  return {
    preview: preview.body.approximate_presence_count,
    guild: guild.body.approximate_presence_count,
    currentUserGuilds: mine.body[0]?.approximate_presence_count,
    invite: invite.body.approximate_presence_count,
    widget: widget.body.presence_count,
    widgetMembers: widget.body.members,
  };
}

async function newInviteCode(): Promise<string> {
  const res = await emu.call<{ code: string }>('POST', `/channels/${demo.channelIds.general}/invites`, {
    json: {},
  });
  expect(res.status, res.text).toBe(200);
  return res.body.code;
}

async function widgetPng(): Promise<Buffer> {
  const res = await fetch(`${emu.emulator.apiUrl}${GP}/widget.png?style=shield`);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** The five demo members, as the widget names them (global names; alice's nick is unset). */
const everyone = ['Alice', 'Bob', 'Carol', 'Dave', 'demo_game_bot'];

describe('PUT /_emulator/users/{user_id}/presence', () => {
  it('is listed by GET /_emulator', async () => {
    const res = await emu.control<{ routes: Array<{ method: string; path: string }> }>('GET', '');
    expect(res.body.routes).toContainEqual(
      expect.objectContaining({ method: 'PUT', path: '/_emulator/users/{user_id}/presence' }),
    );
  });

  it('starts every user online, bots included, and answers {user_id, status}', async () => {
    for (const user of demo.users) expect(emu.emulator.world.user(user.id)?.status).toBe('online');
    expect(emu.emulator.world.user(demo.botUserId)?.status).toBe('online');
    const made = await emu.control<{ id: string }>('POST', '/users', { username: 'newcomer' });
    expect(emu.emulator.world.user(made.body.id)?.status).toBe('online');
    for (const status of ['idle', 'dnd', 'offline', 'online']) {
      const res = await setPresence(bob.id, { status });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({ user_id: bob.id, status });
    }
    const bot = await setPresence(demo.botUserId, { status: 'dnd' });
    expect(bot.body).toEqual({ user_id: demo.botUserId, status: 'dnd' });
  });

  it('refuses a bad or missing status with 400 50035 naming status', async () => {
    for (const json of [{ status: 'away' }, { status: 1 }, { status: null }, {}, undefined]) {
      expectFieldError(await setPresence(bob.id, json), ['status']);
    }
    expect(emu.emulator.world.user(bob.id)?.status).toBe('online');
  });

  it('answers 404 10013 for an unknown user', async () => {
    expectError(await setPresence('1', { status: 'offline' }), 404, 10013);
  });

  it('shows the status in the state dump and takes it from a seed', async () => {
    await setPresence(carol.id, { status: 'idle' });
    const state = await emu.control<{ users: Record<string, { status: string }> }>('GET', '/state');
    expect(state.body.users[carol.id]?.status).toBe('idle');
    const seed: SeedObject = {
      users: [
        { id: '200', username: 'ann', status: 'dnd' },
        { id: '201', username: 'ben' },
      ],
    };
    expect((await emu.control('POST', '/reset', { seed })).status).toBe(204);
    expect(emu.emulator.world.user('200')?.status).toBe('dnd');
    expect(emu.emulator.world.user('201')?.status).toBe('online');
    expectFieldError(
      await emu.control('POST', '/reset', { seed: { users: [{ username: 'x', status: 'away' }] } }),
      ['seed', 'users', 0, 'status'],
    );
  });
});

describe('presence counts', () => {
  it('count every member by default, the same everywhere', async () => {
    const counts = await presenceCounts(await newInviteCode());
    expect(counts).toMatchObject({ preview: 5, guild: 5, currentUserGuilds: 5, invite: 5, widget: 5 });
    expect(counts.widgetMembers.map((m) => [m.username, m.status])).toEqual(
      everyone.map((name) => [name, 'online']),
    );
  });

  it('a user set offline lowers every count by one and leaves the widget members', async () => {
    const code = await newInviteCode();
    expect((await setPresence(dave.id, { status: 'offline' })).status).toBe(200);
    const counts = await presenceCounts(code);
    expect(counts).toMatchObject({ preview: 4, guild: 4, currentUserGuilds: 4, invite: 4, widget: 4 });
    expect(counts.widgetMembers.map((m) => m.username)).toEqual(everyone.filter((n) => n !== 'Dave'));
    // Member counts are untouched: offline members are still members.
    const guild = await emu.call<{ approximate_member_count: number }>('GET', GP, {
      query: { with_counts: true },
    });
    expect(guild.body.approximate_member_count).toBe(5);
    await setPresence(dave.id, { status: 'online' });
    expect(await presenceCounts(code)).toMatchObject({ preview: 5, invite: 5, widget: 5 });
  });

  it('idle and dnd still count as present and show their status in the widget', async () => {
    const code = await newInviteCode();
    await setPresence(bob.id, { status: 'idle' });
    await setPresence(demo.botUserId, { status: 'dnd' });
    const counts = await presenceCounts(code);
    expect(counts).toMatchObject({ preview: 5, guild: 5, currentUserGuilds: 5, invite: 5, widget: 5 });
    expect(counts.widgetMembers.map((m) => [m.username, m.status])).toEqual([
      ['Alice', 'online'],
      ['Bob', 'idle'],
      ['Carol', 'online'],
      ['Dave', 'online'],
      ['demo_game_bot', 'dnd'],
    ]);
  });

  it('ignores users who are not members', async () => {
    await setPresence(erin.id, { status: 'offline' });
    expect(await presenceCounts(await newInviteCode())).toMatchObject({ preview: 5, invite: 5, widget: 5 });
  });

  it('drives the widget image: an offline member draws as one member fewer', async () => {
    const allOnline = await widgetPng();
    await setPresence(carol.id, { status: 'offline' });
    const oneOffline = await widgetPng();
    expect(oneOffline.equals(allOnline)).toBe(false);
    await setPresence(carol.id, { status: 'online' });
    emu.emulator.world.guilds.get(G)?.members.delete(carol.id);
    expect((await widgetPng()).equals(oneOffline)).toBe(true);
  });

  it('keeps the widget at 100 listed present members while presence_count counts all', async () => {
    for (let i = 0; i < 97; i++) {
      const user = await emu.control<{ id: string }>('POST', '/users', {
        username: `fan${String(i).padStart(3, '0')}`,
      });
      await emu.control('PUT', `/guilds/${G}/members/${user.body.id}`, {});
    }
    // 102 members; two offline leave 100 present, all of them listed.
    await setPresence(alice.id, { status: 'offline' });
    await setPresence(bob.id, { status: 'offline' });
    const widget = await emu.call<WidgetJson>('GET', `${GP}/widget.json`, { auth: 'none' });
    expect(widget.body.presence_count).toBe(100);
    expect(widget.body.members).toHaveLength(100);
    expect(widget.body.members.map((m) => m.username)).not.toContain('Alice');
    await setPresence(bob.id, { status: 'idle' });
    const more = await emu.call<WidgetJson>('GET', `${GP}/widget.json`, { auth: 'none' });
    expect(more.body.presence_count).toBe(101);
    expect(more.body.members).toHaveLength(100);
  });
});
