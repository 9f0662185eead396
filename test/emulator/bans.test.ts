/**
 * Ban operations over loopback HTTP: listing order and cursors, limits on both sides, single and
 * bulk bans (200 vs 201 users, error 500000), lifting bans, events and audit entries.
 */
import { describe, expect, it } from 'vitest';
import { demo } from '../../src/emulator/world/demoSeed.js';
import { demoGuild, lastSeq, eventsAfter, expectError, expectFieldError } from '../support/guildFixtures.js';
import { useEmulator } from '../support/emulator.js';

const emu = useEmulator();
const [alice, , carol, dave, erin] = demo.users;
const G = `/guilds/${demo.guildId}`;

interface BanWire {
  reason: string | null;
  user: { id: string };
}

/** Bans `n` fresh users directly in the world; their ids ascend. */
function seedBans(n: number): string[] {
  const world = emu.emulator.world;
  const guild = demoGuild(emu);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const user = world.createUser({ username: `banned${i}` });
    guild.bans.set(user.id, { user_id: user.id, reason: null, created_at: world.now() });
    ids.push(user.id);
  }
  return ids;
}

describe('Create Guild Ban', () => {
  it('bans a member: 204, GUILD_MEMBER_REMOVE, GUILD_BAN_ADD and MEMBER_BAN_ADD with the reason', async () => {
    const mark = lastSeq(emu);
    const res = await emu.call('PUT', `${G}/bans/${carol.id}`, {
      json: { delete_message_seconds: 3600 },
      headers: { 'X-Audit-Log-Reason': 'cheating' },
    });
    expect(res.status).toBe(204);
    expect(demoGuild(emu).members.has(carol.id)).toBe(false);
    const events = await eventsAfter(emu, mark);
    expect(events.map((e) => e.type)).toEqual([
      'GUILD_MEMBER_REMOVE',
      'GUILD_BAN_ADD',
      'GUILD_AUDIT_LOG_ENTRY_CREATE',
    ]);
    expect(events[1]?.data).toEqual({
      guild_id: demo.guildId,
      user: expect.objectContaining({ id: carol.id }),
    });
    expect(events[2]?.data).toMatchObject({ action_type: 22, target_id: carol.id, reason: 'cheating' });
    const ban = await emu.call<BanWire>('GET', `${G}/bans/${carol.id}`);
    expect(ban.body).toMatchObject({ reason: 'cheating', user: { id: carol.id } });
  });

  it('bans a user who is not a member, and leaves an existing ban alone (204, no event)', async () => {
    expect((await emu.call('PUT', `${G}/bans/${erin.id}`, { json: {} })).status).toBe(204);
    const mark = lastSeq(emu);
    expect((await emu.call('PUT', `${G}/bans/${erin.id}`, { json: {} })).status).toBe(204);
    expect(await eventsAfter(emu, mark)).toEqual([]);
  });

  it('takes delete_message_seconds 604800 and refuses 604801 and -1 (400 50035)', async () => {
    expect(
      (await emu.call('PUT', `${G}/bans/${erin.id}`, { json: { delete_message_seconds: 604_800 } })).status,
    ).toBe(204);
    expectFieldError(
      await emu.call('PUT', `${G}/bans/${carol.id}`, { json: { delete_message_seconds: 604_801 } }),
      ['delete_message_seconds'],
    );
    expectFieldError(
      await emu.call('PUT', `${G}/bans/${carol.id}`, { json: { delete_message_seconds: -1 } }),
      ['delete_message_seconds'],
    );
  });

  it('takes the deprecated delete_message_days 7 and refuses 8', async () => {
    expect((await emu.call('PUT', `${G}/bans/${erin.id}`, { json: { delete_message_days: 7 } })).status).toBe(
      204,
    );
    expectFieldError(await emu.call('PUT', `${G}/bans/${carol.id}`, { json: { delete_message_days: 8 } }), [
      'delete_message_days',
    ]);
  });

  it('cannot ban the owner, itself or a member ranked at or above the bot (403 50013); unknown user 404 10013', async () => {
    expectError(await emu.call('PUT', `${G}/bans/${alice.id}`, { json: {} }), 403, 50013);
    expectError(await emu.call('PUT', `${G}/bans/${demo.botUserId}`, { json: {} }), 403, 50013);
    await emu.control('PUT', `/guilds/${demo.guildId}/members/${carol.id}`, {
      roles: [demo.roleIds.gameBot],
    });
    expectError(await emu.call('PUT', `${G}/bans/${carol.id}`, { json: {} }), 403, 50013);
    expectError(await emu.call('PUT', `${G}/bans/42`, { json: {} }), 404, 10013);
  });
});

describe('Get Guild Ban and Remove Guild Ban', () => {
  it('is 404 10026 for a user who is not banned', async () => {
    expectError(await emu.call('GET', `${G}/bans/${carol.id}`), 404, 10026);
    expectError(await emu.call('DELETE', `${G}/bans/${carol.id}`), 404, 10026);
  });

  it('lifts a ban: 204, GUILD_BAN_REMOVE and MEMBER_BAN_REMOVE', async () => {
    await emu.call('PUT', `${G}/bans/${erin.id}`, { json: {} });
    const mark = lastSeq(emu);
    expect(
      (await emu.call('DELETE', `${G}/bans/${erin.id}`, { headers: { 'X-Audit-Log-Reason': 'appeal' } }))
        .status,
    ).toBe(204);
    const events = await eventsAfter(emu, mark);
    expect(events.map((e) => e.type)).toEqual(['GUILD_BAN_REMOVE', 'GUILD_AUDIT_LOG_ENTRY_CREATE']);
    expect(events[0]?.data).toEqual({
      guild_id: demo.guildId,
      user: expect.objectContaining({ id: erin.id }),
    });
    expect(events[1]?.data).toMatchObject({ action_type: 23, target_id: erin.id, reason: 'appeal' });
    expectError(await emu.call('GET', `${G}/bans/${erin.id}`), 404, 10026);
  });
});

describe('Get Guild Bans', () => {
  it('lists bans ascending by user id, up to 1000 by default', async () => {
    const ids = seedBans(1001);
    const res = await emu.call<BanWire[]>('GET', `${G}/bans`);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1000);
    expect(res.body.map((b) => b.user.id)).toEqual(ids.slice(0, 1000));
  });

  it('pages with after, and with before (the bans just below it); before wins over after', async () => {
    const ids = seedBans(6);
    const after = await emu.call<BanWire[]>('GET', `${G}/bans`, {
      query: { after: ids[1] as string, limit: 2 },
    });
    expect(after.body.map((b) => b.user.id)).toEqual(ids.slice(2, 4));
    const before = await emu.call<BanWire[]>('GET', `${G}/bans`, {
      query: { before: ids[4] as string, limit: 2 },
    });
    expect(before.body.map((b) => b.user.id)).toEqual(ids.slice(2, 4));
    const both = await emu.call<BanWire[]>('GET', `${G}/bans`, {
      query: { before: ids[2] as string, after: ids[3] as string, limit: 10 },
    });
    expect(both.body.map((b) => b.user.id)).toEqual(ids.slice(0, 2));
  });

  it('takes limit 1000 and refuses 1001 and 0 (400 50035 naming limit)', async () => {
    expect((await emu.call('GET', `${G}/bans`, { query: { limit: 1000 } })).status).toBe(200);
    expectFieldError(await emu.call('GET', `${G}/bans`, { query: { limit: 1001 } }), ['limit']);
    expectFieldError(await emu.call('GET', `${G}/bans`, { query: { limit: 0 } }), ['limit']);
  });
});

describe('Bulk Guild Ban', () => {
  it('bans who it can and fails the rest (unknown, already banned, owner)', async () => {
    await emu.call('PUT', `${G}/bans/${erin.id}`, { json: {} });
    const mark = lastSeq(emu);
    const res = await emu.call('POST', `${G}/bulk-ban`, {
      json: { user_ids: [carol.id, dave.id, erin.id, alice.id, '42', carol.id], delete_message_seconds: 60 },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ banned_users: [carol.id, dave.id], failed_users: [erin.id, alice.id, '42'] });
    const added = await eventsAfter(emu, mark, 'GUILD_BAN_ADD');
    expect(added.map((e) => (e.data.user as { id: string }).id)).toEqual([carol.id, dave.id]);
    expect(demoGuild(emu).members.has(dave.id)).toBe(false);
  });

  it('is 400 code 500000 "Failed to ban users" when nobody can be banned, and bans nobody', async () => {
    const res = await emu.call('POST', `${G}/bulk-ban`, { json: { user_ids: [alice.id, '42'] } });
    expectError(res, 400, 500000);
    expect((res.body as { message: string }).message).toBe('Failed to ban users');
    expect(demoGuild(emu).bans.size).toBe(0);
  });

  it('takes 200 users and refuses 201 (400 50035 naming user_ids)', async () => {
    const world = emu.emulator.world;
    const ids = Array.from({ length: 201 }, (_, i) => world.createUser({ username: `u${i}` }).id);
    expectFieldError(await emu.call('POST', `${G}/bulk-ban`, { json: { user_ids: ids } }), ['user_ids']);
    const ok = await emu.call<{ banned_users: string[] }>('POST', `${G}/bulk-ban`, {
      json: { user_ids: ids.slice(0, 200) },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.banned_users).toHaveLength(200);
  });

  it('refuses delete_message_seconds 604801 and an empty list (400 50035)', async () => {
    expectFieldError(
      await emu.call('POST', `${G}/bulk-ban`, {
        json: { user_ids: [carol.id], delete_message_seconds: 604_801 },
      }),
      ['delete_message_seconds'],
    );
    expectFieldError(await emu.call('POST', `${G}/bulk-ban`, { json: { user_ids: [] } }), ['user_ids']);
  });
});
