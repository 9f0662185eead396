/**
 * A guild's channels over loopback HTTP: Get Guild Channels, Create Guild Channel (every limit of
 * its table, the bitrate ceiling by boost tier, overwrites, events), Modify Guild Channel Positions,
 * List Active Guild Threads and Get Guild Voice Regions.
 */
import { describe, expect, it } from 'vitest';
import { demo } from '../../src/emulator/world/demoSeed.js';
import { combinePermissions } from '../../src/spec/permissions.js';
import { useEmulator } from '../support/emulator.js';
import {
  eventsAfter,
  expectError,
  expectFieldError,
  G,
  GP,
  giveTester,
  lastSeq,
  tester,
  testerSeed,
} from './guildTestKit.js';

const emu = useEmulator({ seed: testerSeed() });
const [alice, bob] = demo.users;

interface ChannelWire {
  id: string;
  type: number;
  name: string;
  position: number;
  parent_id: string | null;
  bitrate?: number;
  topic?: string | null;
  rate_limit_per_user?: number;
  permission_overwrites?: Array<{ id: string; type: number; allow: string; deny: string }>;
}

const create = (json: unknown, auth?: { bot: string }) =>
  emu.call<ChannelWire>('POST', `${GP}/channels`, { json, ...(auth ? { auth } : {}) });

async function setTier(premium_tier: number, features: string[] = []): Promise<void> {
  const res = await emu.control('PATCH', `/guilds/${G}`, { premium_tier, features });
  expect(res.status).toBe(200);
}

describe('Get Guild Channels', () => {
  it('lists every channel but threads, by position', async () => {
    const res = await emu.call<ChannelWire[]>('GET', `${GP}/channels`);
    expect(res.status).toBe(200);
    const ids = res.body.map((c) => c.id);
    expect(ids).toEqual([
      demo.channelIds.category,
      demo.channelIds.general,
      demo.channelIds.lobbyChat,
      demo.channelIds.voice,
      demo.channelIds.stage,
      demo.channelIds.forum,
    ]);
    expect(ids).not.toContain(demo.channelIds.welcomeThread);
  });

  it('sorts equal positions by id', async () => {
    const a = await create({ name: 'a', position: 1 });
    const list = (await emu.call<ChannelWire[]>('GET', `${GP}/channels`)).body.map((c) => c.id);
    // general (position 1) has the smaller id, so it comes first.
    expect(list.indexOf(demo.channelIds.general)).toBeLessThan(list.indexOf(a.body.id));
    expect(list.indexOf(a.body.id)).toBeLessThan(list.indexOf(demo.channelIds.lobbyChat));
  });
});

describe('Create Guild Channel: limits', () => {
  it('takes a name of 1 and 100 characters and refuses 0 and 101', async () => {
    expect((await create({ name: 'x' })).status).toBe(201);
    expect((await create({ name: 'x'.repeat(100) })).status).toBe(201);
    expectFieldError(await create({ name: '' }), ['name']);
    expectFieldError(await create({ name: 'x'.repeat(101) }), ['name']);
    expectFieldError(await create({ type: 0 }), ['name']);
  });

  it('takes a topic of 1024 characters and refuses 1025', async () => {
    const ok = await create({ name: 't', topic: 't'.repeat(1024) });
    expect(ok.body.topic).toHaveLength(1024);
    expectFieldError(await create({ name: 't', topic: 't'.repeat(1025) }), ['topic']);
  });

  it('takes rate_limit_per_user 0 and 21600 and refuses -1 and 21601', async () => {
    expect((await create({ name: 's', rate_limit_per_user: 0 })).body.rate_limit_per_user).toBe(0);
    expect((await create({ name: 's', rate_limit_per_user: 21_600 })).body.rate_limit_per_user).toBe(21_600);
    expectFieldError(await create({ name: 's', rate_limit_per_user: -1 }), ['rate_limit_per_user']);
    expectFieldError(await create({ name: 's', rate_limit_per_user: 21_601 }), ['rate_limit_per_user']);
  });

  it('refuses fields that do not apply to the type (a topic on a voice channel)', async () => {
    expectFieldError(await create({ name: 'v', type: 2, topic: 'no' }), ['topic']);
    expectFieldError(await create({ name: 't', type: 0, bitrate: 64_000 }), ['bitrate']);
  });
});

describe('Create Guild Channel: bitrate', () => {
  it('is at least 8000', async () => {
    expect((await create({ name: 'v', type: 2, bitrate: 8000 })).body.bitrate).toBe(8000);
    expectFieldError(await create({ name: 'v', type: 2, bitrate: 7999 }), ['bitrate']);
  });

  it('defaults to 64000 for voice', async () => {
    expect((await create({ name: 'v', type: 2 })).body.bitrate).toBe(64_000);
  });

  for (const [tier, max] of [
    [0, 96_000],
    [1, 128_000],
    [2, 256_000],
    [3, 384_000],
  ] as const) {
    it(`is at most ${max} for voice at boost tier ${tier}`, async () => {
      await setTier(tier);
      const ok = await create({ name: 'v', type: 2, bitrate: max });
      expect(ok.status, ok.text).toBe(201);
      expect(ok.body.bitrate).toBe(max);
      expectFieldError(await create({ name: 'v', type: 2, bitrate: max + 1 }), ['bitrate']);
    });
  }

  it('reaches 384000 with VIP_REGIONS at tier 0', async () => {
    await setTier(0, ['VIP_REGIONS']);
    expect((await create({ name: 'v', type: 2, bitrate: 384_000 })).status).toBe(201);
  });

  it('is at most 64000 for stage, whatever the tier', async () => {
    await setTier(3);
    expect((await create({ name: 's', type: 13, bitrate: 64_000 })).status).toBe(201);
    expectFieldError(await create({ name: 's', type: 13, bitrate: 64_001 }), ['bitrate']);
  });
});

describe('Create Guild Channel: parent and overwrites', () => {
  it('takes a category parent and refuses any other', async () => {
    const ok = await create({ name: 'in', parent_id: demo.channelIds.category });
    expect(ok.body.parent_id).toBe(demo.channelIds.category);
    expectFieldError(await create({ name: 'in', parent_id: demo.channelIds.general }), ['parent_id']);
    expectFieldError(await create({ name: 'in', parent_id: '1' }), ['parent_id']);
  });

  it('defaults allow and deny to 0 and infers the overwrite type', async () => {
    const res = await create({
      name: 'private',
      permission_overwrites: [
        { id: G, deny: combinePermissions('VIEW_CHANNEL') },
        { id: bob.id, allow: combinePermissions('VIEW_CHANNEL'), deny: null },
      ],
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.permission_overwrites).toEqual([
      { id: G, type: 0, allow: '0', deny: combinePermissions('VIEW_CHANNEL') },
      { id: bob.id, type: 1, allow: combinePermissions('VIEW_CHANNEL'), deny: '0' },
    ]);
    expectFieldError(await create({ name: 'p', permission_overwrites: [{ id: '1', type: 0 }] }), [
      'permission_overwrites',
      0,
      'id',
    ]);
  });

  it('only allows or denies permissions the bot holds (403 50013 otherwise)', async () => {
    await giveTester(emu, ['MANAGE_CHANNELS']);
    const own = await create(
      { name: 'p', permission_overwrites: [{ id: G, type: 0, deny: combinePermissions('MANAGE_CHANNELS') }] },
      tester.auth,
    );
    expect(own.status, own.text).toBe(201);
    expectError(
      await create(
        { name: 'p', permission_overwrites: [{ id: G, type: 0, allow: combinePermissions('BAN_MEMBERS') }] },
        tester.auth,
      ),
      403,
      50013,
    );
  });

  it('puts MANAGE_ROLES in overwrites only for administrators', async () => {
    await giveTester(emu, ['MANAGE_CHANNELS', 'MANAGE_ROLES']);
    const overwrite = { id: G, type: 0, deny: combinePermissions('MANAGE_ROLES') };
    expectError(await create({ name: 'p', permission_overwrites: [overwrite] }, tester.auth), 403, 50013);
    await giveTester(emu, ['ADMINISTRATOR']);
    expect((await create({ name: 'p', permission_overwrites: [overwrite] }, tester.auth)).status).toBe(201);
  });
});

describe('Create Guild Channel: events', () => {
  it('fires CHANNEL_CREATE with the channel and an audit-log entry with the reason', async () => {
    const seq = lastSeq(emu);
    const res = await emu.call<ChannelWire>('POST', `${GP}/channels`, {
      json: { name: 'announcements', type: 5, topic: 'news' },
      headers: { 'x-audit-log-reason': 'for news' },
    });
    expect(res.status).toBe(201);
    const events = await eventsAfter(emu, seq);
    expect(events.map((e) => e.type)).toEqual(['CHANNEL_CREATE', 'GUILD_AUDIT_LOG_ENTRY_CREATE']);
    expect(events[0]?.data).toEqual(res.body);
    expect(events[0]?.data).toMatchObject({ guild_id: G, name: 'announcements', type: 5, topic: 'news' });
    expect(events[1]?.data).toMatchObject({
      action_type: 10,
      target_id: res.body.id,
      user_id: demo.botUserId,
      reason: 'for news',
    });
  });
});

describe('Modify Guild Channel Positions', () => {
  it('moves channels, answers 204 and fires one CHANNEL_UPDATE per changed channel', async () => {
    const seq = lastSeq(emu);
    const res = await emu.call('PATCH', `${GP}/channels`, {
      json: [
        { id: demo.channelIds.general, position: 7 },
        { id: demo.channelIds.lobbyChat, position: 2 },
        { id: demo.channelIds.voice, parent_id: null },
      ],
    });
    expect(res.status).toBe(204);
    const events = await eventsAfter(emu, seq);
    expect(events.map((e) => [e.type, (e.data as { id: string }).id])).toEqual([
      ['CHANNEL_UPDATE', demo.channelIds.voice],
      ['CHANNEL_UPDATE', demo.channelIds.general],
    ]);
    expect(events[1]?.data).toMatchObject({ position: 7, name: 'general' });
    expect(events[0]?.data).toMatchObject({ parent_id: null });
  });

  it('syncs overwrites with the new parent when lock_permissions is true', async () => {
    const cat = await create({
      name: 'locked',
      type: 4,
      permission_overwrites: [{ id: G, type: 0, deny: combinePermissions('SEND_MESSAGES') }],
    });
    await emu.call('PATCH', `${GP}/channels`, {
      json: [{ id: demo.channelIds.general, parent_id: cat.body.id, lock_permissions: true }],
    });
    const general = (await emu.call<ChannelWire[]>('GET', `${GP}/channels`)).body.find(
      (c) => c.id === demo.channelIds.general,
    );
    expect(general?.parent_id).toBe(cat.body.id);
    expect(general?.permission_overwrites).toEqual(cat.body.permission_overwrites);
  });

  it('refuses unknown channels and non-category parents, changing nothing', async () => {
    const seq = lastSeq(emu);
    expectFieldError(
      await emu.call('PATCH', `${GP}/channels`, {
        json: [
          { id: demo.channelIds.general, position: 5 },
          { id: '1', position: 1 },
        ],
      }),
      [1, 'id'],
    );
    expectFieldError(
      await emu.call('PATCH', `${GP}/channels`, {
        json: [{ id: demo.channelIds.general, parent_id: demo.channelIds.voice }],
      }),
      [0, 'parent_id'],
    );
    expect(await eventsAfter(emu, seq)).toEqual([]);
    expectFieldError(
      await emu.call('PATCH', `${GP}/channels`, { json: [{ id: demo.channelIds.general, position: -1 }] }),
      [0, 'position'],
    );
  });
});

describe('List Active Guild Threads', () => {
  it('lists unarchived threads by id descending with the caller’s thread memberships', async () => {
    const later = await emu.control<{ id: string }>('POST', `/guilds/${G}/channels`, {
      name: 'later',
      type: 11,
      parent_id: demo.channelIds.general,
      owner_id: alice.id,
    });
    await emu.control('POST', `/guilds/${G}/channels`, {
      name: 'old',
      type: 11,
      parent_id: demo.channelIds.general,
      archived: true,
    });
    await emu.control('PUT', `/channels/${later.body.id}/thread-members/${demo.botUserId}`, {});
    const res = await emu.call<{ threads: ChannelWire[]; members: Array<{ id: string; user_id: string }> }>(
      'GET',
      `${GP}/threads/active`,
    );
    expect(res.status).toBe(200);
    expect(res.body.threads.map((t) => t.id)).toEqual([later.body.id, demo.channelIds.welcomeThread]);
    expect(res.body.members).toEqual([
      { id: later.body.id, user_id: demo.botUserId, join_timestamp: expect.any(String), flags: 0 },
    ]);
  });
});

describe('Get Guild Voice Regions', () => {
  it('includes VIP regions only for VIP-enabled guilds', async () => {
    const plain = await emu.call<Array<{ id: string; optimal: boolean }>>('GET', `${GP}/regions`);
    expect(plain.status).toBe(200);
    expect(plain.body.some((r) => r.id.startsWith('vip-'))).toBe(false);
    expect(plain.body.filter((r) => r.optimal)).toHaveLength(1);
    await setTier(0, ['VIP_REGIONS']);
    const vip = await emu.call<Array<{ id: string }>>('GET', `${GP}/regions`);
    expect(vip.body.some((r) => r.id.startsWith('vip-'))).toBe(true);
  });
});
