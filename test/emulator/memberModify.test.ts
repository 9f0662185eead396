/**
 * Modify Guild Member over loopback HTTP: each field with its permission and rule, the timeout's
 * 28-day limit on both sides (manual clock), the 403 for administrators and owners, voice rules,
 * moves, events and audit entries.
 */
import { describe, expect, it } from 'vitest';
import { demo } from '../../src/emulator/world/demoSeed.js';
import { demoGuild, lastSeq, eventsAfter, expectError, expectFieldError } from '../support/guildFixtures.js';
import { useEmulator } from '../support/emulator.js';

const emu = useEmulator();
const [alice, bob, carol, dave] = demo.users;
const G = `/guilds/${demo.guildId}`;
const DAY_MS = 24 * 60 * 60 * 1000;

interface MemberWire {
  nick: string | null;
  roles: string[];
  mute: boolean;
  deaf: boolean;
  flags: number;
  communication_disabled_until: string | null;
}

const patch = (userId: string, json: unknown, headers: Record<string, string> = {}) =>
  emu.call<MemberWire>('PATCH', `${G}/members/${userId}`, { json, headers });
const iso = (ms: number) => new Date(ms).toISOString();

describe('Modify Guild Member: nick and roles', () => {
  it('renames: 200, GUILD_MEMBER_UPDATE, and MEMBER_UPDATE audit entry with the reason', async () => {
    const mark = lastSeq(emu);
    const res = await patch(carol.id, { nick: 'Caz' }, { 'X-Audit-Log-Reason': 'rename%20request' });
    expect(res.status).toBe(200);
    expect(res.body.nick).toBe('Caz');
    const events = await eventsAfter(emu, mark);
    expect(events.map((e) => e.type)).toEqual(['GUILD_AUDIT_LOG_ENTRY_CREATE', 'GUILD_MEMBER_UPDATE']);
    expect(events[0]?.data).toMatchObject({
      action_type: 24,
      target_id: carol.id,
      reason: 'rename request',
      changes: [{ key: 'nick', new_value: 'Caz' }],
    });
    expect(events[1]?.data).toMatchObject({ guild_id: demo.guildId, nick: 'Caz', user: { id: carol.id } });
  });

  it('takes a 32-character nick and refuses 33 (400 50035 naming nick)', async () => {
    expect((await patch(carol.id, { nick: 'c'.repeat(32) })).status).toBe(200);
    expectFieldError(await patch(carol.id, { nick: 'c'.repeat(33) }), ['nick']);
  });

  it('cannot rename the owner or a member ranked at or above the bot: 403 50013', async () => {
    expectError(await patch(alice.id, { nick: 'x' }), 403, 50013);
    await emu.control('PUT', `/guilds/${demo.guildId}/members/${carol.id}`, {
      roles: [demo.roleIds.gameBot],
    });
    expectError(await patch(carol.id, { nick: 'x' }), 403, 50013);
  });

  it('replaces the roles and records MEMBER_ROLE_UPDATE with $add and $remove', async () => {
    const mark = lastSeq(emu);
    const res = await patch(carol.id, { roles: [demo.roleIds.moderator] });
    expect(res.status).toBe(200);
    expect(res.body.roles).toEqual([demo.roleIds.moderator]);
    const [audit] = await eventsAfter(emu, mark, 'GUILD_AUDIT_LOG_ENTRY_CREATE');
    expect(audit?.data).toMatchObject({
      action_type: 25,
      changes: [
        { key: '$add', new_value: [{ id: demo.roleIds.moderator, name: 'Moderator' }] },
        { key: '$remove', new_value: [{ id: demo.roleIds.player, name: 'Player' }] },
      ],
    });
  });

  it('refuses a role above the bot (403 50013) and names an unknown one (400 50035)', async () => {
    expectError(await patch(carol.id, { roles: [demo.roleIds.admin] }), 403, 50013);
    expectFieldError(await patch(carol.id, { roles: [demo.roleIds.player, '5'] }), ['roles', '1']);
  });

  it('is 404 10007 for a non-member', async () => {
    expectError(await patch(demo.users[4].id, { nick: 'x' }), 404, 10007);
  });
});

describe('Modify Guild Member: timeouts (communication_disabled_until)', () => {
  it('accepts exactly 28 days ahead and refuses 28 days + 1 s (400 50035 naming the field)', async () => {
    const now = emu.emulator.world.now();
    const ok = await patch(bob.id, { communication_disabled_until: iso(now + 28 * DAY_MS) });
    expect(ok.status, ok.text).toBe(200);
    expect(Date.parse(ok.body.communication_disabled_until ?? '')).toBe(now + 28 * DAY_MS);
    expectFieldError(await patch(bob.id, { communication_disabled_until: iso(now + 28 * DAY_MS + 1000) }), [
      'communication_disabled_until',
    ]);
  });

  it('measures the 28 days from the emulator clock', async () => {
    const later = emu.emulator.world.now() + 29 * DAY_MS;
    expect((await patch(bob.id, { communication_disabled_until: iso(later) })).status).toBe(400);
    const moved = await emu.control('POST', '/clock', { advance_ms: DAY_MS });
    expect(moved.status).toBe(200);
    expect((await patch(bob.id, { communication_disabled_until: iso(later) })).status).toBe(200);
  });

  it('times out, then null removes the timeout; GUILD_MEMBER_UPDATE each time', async () => {
    const until = iso(emu.emulator.world.now() + 60_000);
    const mark = lastSeq(emu);
    expect((await patch(bob.id, { communication_disabled_until: until })).status).toBe(200);
    const cleared = await patch(bob.id, { communication_disabled_until: null });
    expect(cleared.body.communication_disabled_until).toBeNull();
    const updates = await eventsAfter(emu, mark, 'GUILD_MEMBER_UPDATE');
    expect(updates.map((e) => e.data.communication_disabled_until)).toEqual([
      until.replace('Z', '+00:00'),
      null,
    ]);
  });

  it('is 403 for a target holding ADMINISTRATOR or owning the guild', async () => {
    const until = iso(emu.emulator.world.now() + 60_000);
    expectError(await patch(alice.id, { communication_disabled_until: until }), 403, 50013);
    // An administrator below the bot in the hierarchy is still protected.
    const admins = emu.emulator.world.guilds.createRole(demoGuild(emu), {
      name: 'Low admin',
      permissions: String(1n << 3n),
      position: 1,
    });
    await emu.control('PUT', `/guilds/${demo.guildId}/members/${carol.id}`, { roles: [admins.id] });
    expectError(await patch(carol.id, { communication_disabled_until: until }), 403, 50013);
  });
});

describe('Modify Guild Member: voice (mute, deaf, channel_id)', () => {
  it('mutes and deafens a member in voice', async () => {
    const res = await patch(dave.id, { mute: true, deaf: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ mute: true, deaf: true });
  });

  it('is 400 40032 for mute or deaf when the target is not in voice', async () => {
    expectError(await patch(carol.id, { mute: true }), 400, 40032);
    expectError(await patch(carol.id, { deaf: false }), 400, 40032);
  });

  it('moves a member in voice (MEMBER_MOVE) and null disconnects (MEMBER_DISCONNECT)', async () => {
    const mark = lastSeq(emu);
    expect((await patch(dave.id, { channel_id: demo.channelIds.stage })).status).toBe(200);
    expect(demoGuild(emu).members.get(dave.id)?.voice_channel_id).toBe(demo.channelIds.stage);
    expect((await patch(dave.id, { channel_id: null })).status).toBe(200);
    expect(demoGuild(emu).members.get(dave.id)?.voice_channel_id).toBeNull();
    const audits = await eventsAfter(emu, mark, 'GUILD_AUDIT_LOG_ENTRY_CREATE');
    expect(audits.map((e) => e.data.action_type)).toEqual([26, 27]);
    expect(audits[0]?.data.options).toEqual({ channel_id: demo.channelIds.stage, count: '1' });
  });

  it('refuses a move of a member not in voice (400 40032) or to a text channel (400 50035)', async () => {
    expectError(await patch(carol.id, { channel_id: demo.channelIds.voice }), 400, 40032);
    expectFieldError(await patch(dave.id, { channel_id: demo.channelIds.general }), ['channel_id']);
  });

  it('needs permission to connect to the target channel besides MOVE_MEMBERS: 403 50013', async () => {
    const stage = demoGuild(emu).channels.get(demo.channelIds.stage);
    stage?.permission_overwrites.push({
      id: demo.roleIds.gameBot,
      type: 0,
      allow: '0',
      deny: String(1n << 20n),
    });
    expectError(await patch(dave.id, { channel_id: demo.channelIds.stage }), 403, 50013);
  });
});

describe('Modify Guild Member: flags', () => {
  it('sets BYPASSES_VERIFICATION and refuses a flag that is not editable (400 50035)', async () => {
    const res = await patch(carol.id, { flags: 4 });
    expect(res.status).toBe(200);
    expect(res.body.flags).toBe(4);
    expectFieldError(await patch(carol.id, { flags: 1 }), ['flags']);
  });
});
