/**
 * Get Guild Prune Count and Begin Guild Prune over loopback HTTP: inactivity measured on the manual
 * clock, days 1-30 on both sides, include_roles, compute_prune_count, events and the audit entry.
 */
import { describe, expect, it } from 'vitest';
import { demo } from '../../src/emulator/world/demoSeed.js';
import { demoGuild, lastSeq, eventsAfter, expectFieldError } from '../support/guildFixtures.js';
import { useEmulator } from '../support/emulator.js';

const emu = useEmulator();
const [alice, bob, carol, dave, erin] = demo.users;
const G = `/guilds/${demo.guildId}`;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Makes `userId` a member whose last activity was `agoMs` before now (roles as given). */
async function inactive(userId: string, agoMs: number, roles?: string[]): Promise<void> {
  const res = await emu.control('PUT', `/guilds/${demo.guildId}/members/${userId}`, {
    last_active_at: emu.emulator.world.now() - agoMs,
    ...(roles ? { roles } : {}),
  });
  expect(res.status).toBeLessThan(300);
}

const count = (query: Record<string, string | number> = {}) =>
  emu.call<{ pruned: number | null }>('GET', `${G}/prune`, { query });

describe('Get Guild Prune Count', () => {
  it('counts members without roles inactive for 7 days by default: exactly 7 days yes, 1 ms less no', async () => {
    await inactive(erin.id, 7 * DAY_MS, []);
    expect((await count()).body).toEqual({ pruned: 1 });
    await inactive(erin.id, 7 * DAY_MS - 1);
    expect((await count()).body).toEqual({ pruned: 0 });
  });

  it('counts inactivity on the emulator clock', async () => {
    await inactive(erin.id, 0, []);
    expect((await count({ days: 1 })).body.pruned).toBe(0);
    await emu.control('POST', '/clock', { advance_ms: DAY_MS });
    expect((await count({ days: 1 })).body.pruned).toBe(1);
  });

  it('takes days 1 and 30 and refuses 0 and 31 (400 50035 naming days)', async () => {
    await inactive(erin.id, 30 * DAY_MS, []);
    expect((await count({ days: 30 })).body.pruned).toBe(1);
    expect((await count({ days: 1 })).body.pruned).toBe(1);
    expectFieldError(await count({ days: 31 }), ['days']);
    expectFieldError(await count({ days: 0 }), ['days']);
  });

  it('leaves members with roles out unless every role they hold is in include_roles', async () => {
    await inactive(carol.id, 10 * DAY_MS);
    await inactive(dave.id, 10 * DAY_MS, [demo.roleIds.player, demo.roleIds.moderator]);
    expect((await count()).body.pruned).toBe(0);
    expect((await count({ include_roles: demo.roleIds.player })).body.pruned).toBe(1);
    const both = `${demo.roleIds.player},${demo.roleIds.moderator}`;
    expect((await count({ include_roles: both })).body.pruned).toBe(2);
    expectFieldError(await count({ include_roles: 'x' }), ['include_roles', '0']);
  });

  it('never counts the owner, bots, or members ranked at or above the bot', async () => {
    await inactive(alice.id, 30 * DAY_MS, []);
    await inactive(demo.botUserId, 30 * DAY_MS);
    await inactive(bob.id, 30 * DAY_MS, [demo.roleIds.gameBot]);
    await inactive(erin.id, 30 * DAY_MS, []);
    // Only erin: the owner, the bot (a bot, holding Game Bot) and bob (Game Bot, the bot's rank) stay.
    expect((await count({ include_roles: demo.roleIds.gameBot })).body.pruned).toBe(1);
  });
});

describe('Begin Guild Prune', () => {
  it('removes the members: GUILD_MEMBER_REMOVE each, MEMBER_PRUNE with the reason, the count', async () => {
    await inactive(erin.id, 8 * DAY_MS, []);
    await inactive(carol.id, 8 * DAY_MS);
    const mark = lastSeq(emu);
    const res = await emu.call('POST', `${G}/prune`, {
      json: { include_roles: [demo.roleIds.player] },
      headers: { 'X-Audit-Log-Reason': 'spring cleaning' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ pruned: 2 });
    expect(demoGuild(emu).members.has(erin.id)).toBe(false);
    expect(demoGuild(emu).members.has(carol.id)).toBe(false);
    const removed = await eventsAfter(emu, mark, 'GUILD_MEMBER_REMOVE');
    expect(removed.map((e) => (e.data.user as { id: string }).id).sort()).toEqual([carol.id, erin.id].sort());
    const [audit] = await eventsAfter(emu, mark, 'GUILD_AUDIT_LOG_ENTRY_CREATE');
    expect(audit?.data).toMatchObject({
      action_type: 21,
      reason: 'spring cleaning',
      options: { delete_member_days: '7', members_removed: '2' },
    });
  });

  it('answers pruned null when compute_prune_count is false, and still prunes', async () => {
    await inactive(erin.id, 2 * DAY_MS, []);
    const res = await emu.call('POST', `${G}/prune`, { json: { days: 1, compute_prune_count: false } });
    expect(res.body).toEqual({ pruned: null });
    expect(demoGuild(emu).members.has(erin.id)).toBe(false);
  });

  it('takes days 30, refuses 31 (400 50035 naming days), and keeps the deprecated body reason', async () => {
    const mark = lastSeq(emu);
    const ok = await emu.call('POST', `${G}/prune`, { json: { days: 30, reason: 'old way' } });
    expect(ok.body).toEqual({ pruned: 0 });
    const [audit] = await eventsAfter(emu, mark, 'GUILD_AUDIT_LOG_ENTRY_CREATE');
    expect(audit?.data.reason).toBe('old way');
    expectFieldError(await emu.call('POST', `${G}/prune`, { json: { days: 31 } }), ['days']);
    expectFieldError(await emu.call('POST', `${G}/prune`, { json: { days: 0 } }), ['days']);
  });
});
