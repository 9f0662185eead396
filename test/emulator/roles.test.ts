/**
 * Role operations over loopback HTTP: listing, reading, creating (defaults, position, ROLE_ICONS,
 * name length, the 250-role maximum), modifying, reordering, deleting and member counts, with the
 * hierarchy rules, events and audit entries.
 */
import { describe, expect, it } from 'vitest';
import { demo } from '../../src/emulator/world/demoSeed.js';
import { defaultEveryonePermissions } from '../../src/emulator/world/GuildStore.js';
import { combinePermissions } from '../../src/spec/permissions.js';
import { demoGuild, lastSeq, eventsAfter, expectError, expectFieldError } from '../support/guildFixtures.js';
import { useEmulator } from '../support/emulator.js';

const emu = useEmulator();
const [, , carol] = demo.users;
const G = `/guilds/${demo.guildId}`;
const { admin, moderator, player, gameBot } = demo.roleIds;

interface RoleWire {
  id: string;
  name: string;
  permissions: string;
  position: number;
  color: number;
  colors: { primary_color: number; secondary_color: number | null; tertiary_color: number | null };
  hoist: boolean;
  mentionable: boolean;
  icon: string | null;
  unicode_emoji: string | null;
}

const png = 'data:image/png;base64,iVBORw0KGgo=';

describe('Get Guild Roles and Get Guild Role', () => {
  it('lists every role by position, @everyone first', async () => {
    const res = await emu.call<RoleWire[]>('GET', `${G}/roles`);
    expect(res.status).toBe(200);
    expect(res.body.map((r) => r.id)).toEqual([demo.guildId, player, moderator, gameBot, admin]);
  });

  it('reads one role, 404 10011 for an unknown one', async () => {
    const res = await emu.call<RoleWire>('GET', `${G}/roles/${moderator}`);
    expect(res.body).toMatchObject({ id: moderator, name: 'Moderator', position: 2 });
    expectError(await emu.call('GET', `${G}/roles/1`), 404, 10011);
  });
});

describe('Create Guild Role', () => {
  it('uses the defaults (new role, @everyone permissions) at position 1, moving the others up', async () => {
    const mark = lastSeq(emu);
    const res = await emu.call<RoleWire>('POST', `${G}/roles`, {
      json: {},
      headers: { 'X-Audit-Log-Reason': 'r' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'new role',
      permissions: defaultEveryonePermissions,
      position: 1,
      color: 0,
      hoist: false,
      mentionable: false,
      icon: null,
      unicode_emoji: null,
    });
    const roles = await emu.call<RoleWire[]>('GET', `${G}/roles`);
    expect(roles.body.map((r) => [r.id, r.position])).toEqual([
      [demo.guildId, 0],
      [res.body.id, 1],
      [player, 2],
      [moderator, 3],
      [gameBot, 4],
      [admin, 5],
    ]);
    const [created] = await eventsAfter(emu, mark, 'GUILD_ROLE_CREATE');
    expect(created?.data).toEqual({ guild_id: demo.guildId, role: res.body });
    expect(await eventsAfter(emu, mark, 'GUILD_ROLE_UPDATE')).toHaveLength(4);
    const [audit] = await eventsAfter(emu, mark, 'GUILD_AUDIT_LOG_ENTRY_CREATE');
    expect(audit?.data).toMatchObject({ action_type: 30, target_id: res.body.id, reason: 'r' });
  });

  it('takes the fields sent; colors wins over the deprecated color', async () => {
    const res = await emu.call<RoleWire>('POST', `${G}/roles`, {
      json: {
        name: 'Red',
        permissions: combinePermissions('KICK_MEMBERS'),
        color: 1,
        colors: { primary_color: 0xff0000, secondary_color: null, tertiary_color: null },
        hoist: true,
        mentionable: true,
      },
    });
    expect(res.body).toMatchObject({ name: 'Red', color: 0xff0000, hoist: true, mentionable: true });
  });

  it('takes a 100-character name and refuses 101 (400 50035 naming name)', async () => {
    expect((await emu.call('POST', `${G}/roles`, { json: { name: 'r'.repeat(100) } })).status).toBe(200);
    expectFieldError(await emu.call('POST', `${G}/roles`, { json: { name: 'r'.repeat(101) } }), ['name']);
  });

  it('needs ROLE_ICONS for icon and unicode_emoji (400 50035 naming each)', async () => {
    expectFieldError(await emu.call('POST', `${G}/roles`, { json: { icon: png } }), ['icon']);
    expectFieldError(await emu.call('POST', `${G}/roles`, { json: { unicode_emoji: '🎮' } }), [
      'unicode_emoji',
    ]);
    await emu.control('PATCH', `/guilds/${demo.guildId}`, { features: ['ROLE_ICONS'] });
    const res = await emu.call<RoleWire>('POST', `${G}/roles`, { json: { icon: png, unicode_emoji: '🎮' } });
    expect(res.status).toBe(200);
    expect(res.body.icon).toMatch(/^[0-9a-f]{32}$/);
    expect(res.body.unicode_emoji).toBe('🎮');
  });

  it('grants only permissions the bot holds: ADMINISTRATOR is 403 50013', async () => {
    expectError(
      await emu.call('POST', `${G}/roles`, { json: { permissions: combinePermissions('ADMINISTRATOR') } }),
      403,
      50013,
    );
  });

  it('holds at most 250 roles: the 250th is made, the 251st is 400 code 30005', async () => {
    const guild = demoGuild(emu);
    while (guild.roles.size < 249)
      emu.emulator.world.guilds.createRole(guild, { name: 'filler', position: 1 });
    expect((await emu.call('POST', `${G}/roles`, { json: {} })).status).toBe(200);
    expectError(await emu.call('POST', `${G}/roles`, { json: {} }), 400, 30005);
  });
});

describe('Modify Guild Role', () => {
  it('changes the fields sent: 200, GUILD_ROLE_UPDATE and ROLE_UPDATE with the changes', async () => {
    const mark = lastSeq(emu);
    const res = await emu.call<RoleWire>('PATCH', `${G}/roles/${player}`, {
      json: { name: 'Gamer', color: 0x123456, hoist: true },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Gamer',
      color: 0x123456,
      colors: { primary_color: 0x123456 },
      hoist: true,
    });
    const [update] = await eventsAfter(emu, mark, 'GUILD_ROLE_UPDATE');
    expect(update?.data).toEqual({ guild_id: demo.guildId, role: res.body });
    const [audit] = await eventsAfter(emu, mark, 'GUILD_AUDIT_LOG_ENTRY_CREATE');
    expect(audit?.data).toMatchObject({
      action_type: 31,
      target_id: player,
      changes: expect.arrayContaining([{ key: 'name', old_value: 'Player', new_value: 'Gamer' }]),
    });
  });

  it('null keeps name and resets the other fields to their defaults', async () => {
    const res = await emu.call<RoleWire>('PATCH', `${G}/roles/${player}`, {
      json: { name: null, color: null, mentionable: null },
    });
    expect(res.body).toMatchObject({ name: 'Player', color: 0, mentionable: false });
  });

  it('refuses a role at or above the bot’s highest role and permissions the bot lacks: 403 50013', async () => {
    expectError(await emu.call('PATCH', `${G}/roles/${admin}`, { json: { name: 'x' } }), 403, 50013);
    expectError(await emu.call('PATCH', `${G}/roles/${gameBot}`, { json: { name: 'x' } }), 403, 50013);
    expectError(
      await emu.call('PATCH', `${G}/roles/${player}`, {
        json: { permissions: combinePermissions('ADMINISTRATOR') },
      }),
      403,
      50013,
    );
  });

  it('takes a 100-character name, refuses 101, and needs ROLE_ICONS for an icon', async () => {
    expect(
      (await emu.call('PATCH', `${G}/roles/${player}`, { json: { name: 'p'.repeat(100) } })).status,
    ).toBe(200);
    expectFieldError(await emu.call('PATCH', `${G}/roles/${player}`, { json: { name: 'p'.repeat(101) } }), [
      'name',
    ]);
    expectFieldError(await emu.call('PATCH', `${G}/roles/${player}`, { json: { icon: png } }), ['icon']);
    expect((await emu.call('PATCH', `${G}/roles/${player}`, { json: { icon: null } })).status).toBe(200);
  });
});

describe('Modify Guild Role Positions', () => {
  it('moves roles, sorts equal positions by id, answers every role, one GUILD_ROLE_UPDATE per moved role', async () => {
    // Moderator (position 2) to 1 ties with Player (1): the lower id, Moderator's, sorts first.
    expect(BigInt(moderator) < BigInt(player)).toBe(true);
    const mark = lastSeq(emu);
    const res = await emu.call<RoleWire[]>('PATCH', `${G}/roles`, { json: [{ id: moderator, position: 1 }] });
    expect(res.status).toBe(200);
    expect(res.body.map((r) => [r.id, r.position])).toEqual([
      [demo.guildId, 0],
      [moderator, 1],
      [player, 2],
      [gameBot, 3],
      [admin, 4],
    ]);
    const updates = await eventsAfter(emu, mark, 'GUILD_ROLE_UPDATE');
    expect(updates.map((e) => (e.data.role as RoleWire).id)).toEqual([moderator, player]);
  });

  it('leaves a role listed without a position where it is (no event)', async () => {
    const mark = lastSeq(emu);
    const res = await emu.call<RoleWire[]>('PATCH', `${G}/roles`, { json: [{ id: player, position: null }] });
    expect(res.body.map((r) => r.id)).toEqual([demo.guildId, player, moderator, gameBot, admin]);
    expect(await eventsAfter(emu, mark, 'GUILD_ROLE_UPDATE')).toEqual([]);
  });

  it('swaps two roles below the bot', async () => {
    const res = await emu.call<RoleWire[]>('PATCH', `${G}/roles`, {
      json: [
        { id: player, position: 2 },
        { id: moderator, position: 1 },
      ],
    });
    expect(res.body.map((r) => r.id)).toEqual([demo.guildId, moderator, player, gameBot, admin]);
  });

  it('refuses moving a role at or above the bot, or to its height (403 50013)', async () => {
    expectError(await emu.call('PATCH', `${G}/roles`, { json: [{ id: admin, position: 1 }] }), 403, 50013);
    expectError(await emu.call('PATCH', `${G}/roles`, { json: [{ id: player, position: 3 }] }), 403, 50013);
  });

  it('names an unknown role and @everyone (400 50035)', async () => {
    expectFieldError(
      await emu.call('PATCH', `${G}/roles`, { json: [{ id: player, position: 1 }, { id: '9' }] }),
      ['1', 'id'],
    );
    expectFieldError(await emu.call('PATCH', `${G}/roles`, { json: [{ id: demo.guildId, position: 2 }] }), [
      '0',
      'id',
    ]);
  });
});

describe('Delete Guild Role', () => {
  it('deletes: 204, removes it from members, GUILD_ROLE_DELETE and ROLE_DELETE', async () => {
    const mark = lastSeq(emu);
    const res = await emu.call('DELETE', `${G}/roles/${player}`, {
      headers: { 'X-Audit-Log-Reason': 'cleanup' },
    });
    expect(res.status).toBe(204);
    expect(demoGuild(emu).members.get(carol.id)?.roles).toEqual([]);
    const events = await eventsAfter(emu, mark);
    expect(events.map((e) => e.type)).toEqual(['GUILD_ROLE_DELETE', 'GUILD_AUDIT_LOG_ENTRY_CREATE']);
    expect(events[0]?.data).toEqual({ guild_id: demo.guildId, role_id: player });
    expect(events[1]?.data).toMatchObject({ action_type: 32, target_id: player, reason: 'cleanup' });
    expectError(await emu.call('DELETE', `${G}/roles/${player}`), 404, 10011);
  });

  it('removes the channel overwrites that name the role, and only those', async () => {
    const general = demoGuild(emu).channels.get(demo.channelIds.general);
    if (!general) throw new Error('the demo world has #general');
    general.permission_overwrites = [
      { id: player, type: 0, allow: '0', deny: '1024' },
      { id: moderator, type: 0, allow: '1024', deny: '0' },
      { id: carol.id, type: 1, allow: '1024', deny: '0' },
    ];
    expect((await emu.call('DELETE', `${G}/roles/${player}`)).status).toBe(204);
    expect(general.permission_overwrites.map((o) => o.id)).toEqual([moderator, carol.id]);
  });

  it('refuses @everyone (400 50028) and roles at or above the bot (403 50013)', async () => {
    expectError(await emu.call('DELETE', `${G}/roles/${demo.guildId}`), 400, 50028);
    expectError(await emu.call('DELETE', `${G}/roles/${admin}`), 403, 50013);
  });
});

describe('Get Guild Role Member Counts', () => {
  it('counts the members of every role but @everyone, zero included', async () => {
    const empty = emu.emulator.world.guilds.createRole(demoGuild(emu), { name: 'Empty', position: 1 });
    const res = await emu.call<Record<string, number>>('GET', `${G}/roles/member-counts`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ [admin]: 1, [moderator]: 1, [player]: 2, [gameBot]: 1, [empty.id]: 0 });
    expect(res.body).not.toHaveProperty(demo.guildId);
  });
});
