/**
 * The guild itself over loopback HTTP: Get Guild, Get Guild Preview, Modify Guild (name, afk
 * timeout, channels, mutable features and their permissions, images, events), Create Guild (removed)
 * and Current User Guilds.
 */
import { describe, expect, it } from 'vitest';
import { demo } from '../../src/emulator/world/demoSeed.js';
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
const [alice, bob, , , erin] = demo.users;

interface GuildWire {
  id: string;
  name: string;
  afk_timeout: number;
  afk_channel_id: string | null;
  features: string[];
  approximate_member_count?: number;
  approximate_presence_count?: number;
  splash: string | null;
  banner: string | null;
  icon: string | null;
  description: string | null;
  preferred_locale: string;
}

const png =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const gif = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';

async function setFeatures(features: string[]): Promise<void> {
  const res = await emu.control('PATCH', `/guilds/${G}`, { features });
  expect(res.status, res.text).toBe(200);
}

describe('Get Guild', () => {
  it('answers the guild without counts by default and with them when with_counts=true', async () => {
    const plain = await emu.call<GuildWire>('GET', GP);
    expect(plain.status).toBe(200);
    expect(plain.body).toMatchObject({ id: G, name: 'Demo Guild', owner_id: alice.id });
    expect(plain.body).not.toHaveProperty('approximate_member_count');
    const counted = await emu.call<GuildWire>('GET', GP, { query: { with_counts: true } });
    expect(counted.body.approximate_member_count).toBe(6);
    expect(counted.body.approximate_presence_count).toBe(6);
  });

  it('answers 404 10004 for an unknown guild and 403 50001 when the bot is not a member', async () => {
    expectError(await emu.call('GET', '/guilds/1'), 404, 10004);
    const other = await emu.control<{ id: string }>('POST', '/guilds', {
      name: 'Elsewhere',
      owner_id: erin.id,
    });
    expectError(await emu.call('GET', `/guilds/${other.body.id}`), 403, 50001);
  });
});

describe('Get Guild Preview', () => {
  it('is readable by a member', async () => {
    const res = await emu.call<Record<string, unknown>>('GET', `${GP}/preview`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: G, name: 'Demo Guild', approximate_member_count: 6, emojis: [] });
  });

  it('is hidden from non-members (404 10004) unless the guild is discoverable', async () => {
    const other = await emu.control<{ id: string }>('POST', '/guilds', {
      name: 'Elsewhere',
      owner_id: erin.id,
    });
    expectError(await emu.call('GET', `/guilds/${other.body.id}/preview`), 404, 10004);
    await emu.control('PATCH', `/guilds/${other.body.id}`, { features: ['COMMUNITY', 'DISCOVERABLE'] });
    const res = await emu.call<{ id: string; approximate_member_count: number }>(
      'GET',
      `/guilds/${other.body.id}/preview`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: other.body.id, approximate_member_count: 1 });
  });
});

describe('Modify Guild: name and afk', () => {
  it('trims the name and accepts 2 and 100 characters', async () => {
    const trimmed = await emu.call<GuildWire>('PATCH', GP, { json: { name: '  ab  ' } });
    expect(trimmed.status).toBe(200);
    expect(trimmed.body.name).toBe('ab');
    const long = await emu.call<GuildWire>('PATCH', GP, { json: { name: ` ${'n'.repeat(100)} ` } });
    expect(long.status).toBe(200);
    expect(long.body.name).toBe('n'.repeat(100));
  });

  it('refuses 1 character (also once trimmed) and 101 characters with 400 50035 on name', async () => {
    expectFieldError(await emu.call('PATCH', GP, { json: { name: 'a' } }), ['name']);
    expectFieldError(await emu.call('PATCH', GP, { json: { name: '   a   ' } }), ['name']);
    expectFieldError(await emu.call('PATCH', GP, { json: { name: 'n'.repeat(101) } }), ['name']);
    expect((await emu.call<GuildWire>('GET', GP)).body.name).toBe('Demo Guild');
  });

  it('sets afk_timeout to each allowed value and refuses others', async () => {
    for (const value of [60, 300, 900, 1800, 3600]) {
      const res = await emu.call<GuildWire>('PATCH', GP, { json: { afk_timeout: value } });
      expect(res.body.afk_timeout).toBe(value);
    }
    expectFieldError(await emu.call('PATCH', GP, { json: { afk_timeout: 61 } }), ['afk_timeout']);
    expectFieldError(await emu.call('PATCH', GP, { json: { afk_timeout: 7200 } }), ['afk_timeout']);
  });

  it('takes a voice channel as afk channel and refuses a text or unknown one', async () => {
    const ok = await emu.call<GuildWire>('PATCH', GP, { json: { afk_channel_id: demo.channelIds.voice } });
    expect(ok.body.afk_channel_id).toBe(demo.channelIds.voice);
    expectFieldError(await emu.call('PATCH', GP, { json: { afk_channel_id: demo.channelIds.general } }), [
      'afk_channel_id',
    ]);
    expectFieldError(await emu.call('PATCH', GP, { json: { afk_channel_id: '1' } }), ['afk_channel_id']);
    expectFieldError(await emu.call('PATCH', GP, { json: { system_channel_id: demo.channelIds.voice } }), [
      'system_channel_id',
    ]);
  });

  it('checks the locale', async () => {
    expect(
      (await emu.call<GuildWire>('PATCH', GP, { json: { preferred_locale: 'de' } })).body.preferred_locale,
    ).toBe('de');
    expectFieldError(await emu.call('PATCH', GP, { json: { preferred_locale: 'xx-YY' } }), [
      'preferred_locale',
    ]);
    expect(
      (await emu.call<GuildWire>('PATCH', GP, { json: { preferred_locale: null } })).body.preferred_locale,
    ).toBe('en-US');
  });
});

describe('Modify Guild: request schema (validated by the pipeline)', () => {
  it('names each bad field in the 400 50035 envelope', async () => {
    expectFieldError(await emu.call('PATCH', GP, { json: { verification_level: 5 } }), [
      'verification_level',
    ]);
    expectFieldError(await emu.call('PATCH', GP, { json: { explicit_content_filter: 3 } }), [
      'explicit_content_filter',
    ]);
    expectFieldError(await emu.call('PATCH', GP, { json: { system_channel_flags: 1 << 6 } }), [
      'system_channel_flags',
    ]);
    expectFieldError(await emu.call('PATCH', GP, { json: { features: ['NOT_A_FEATURE'] } }), ['features', 0]);
    expectFieldError(await emu.call('PATCH', GP, { json: { icon: 'not-an-image' } }), ['icon']);
    expectFieldError(
      await emu.call('PUT', `${GP}/incident-actions`, { json: { dms_disabled_until: 'soon' } }),
      ['dms_disabled_until'],
    );
  });

  it('takes the largest System Channel Flags bit', async () => {
    const res = await emu.call<{ system_channel_flags: number }>('PATCH', GP, {
      json: { system_channel_flags: 1 << 5 },
    });
    expect(res.body.system_channel_flags).toBe(32);
  });
});

describe('Modify Guild: mutable features', () => {
  it('lets MANAGE_GUILD toggle INVITES_DISABLED and RAID_ALERTS_DISABLED', async () => {
    await giveTester(emu, ['MANAGE_GUILD']);
    const on = await emu.call<GuildWire>('PATCH', GP, {
      auth: tester.auth,
      json: { features: ['INVITES_DISABLED', 'RAID_ALERTS_DISABLED'] },
    });
    expect(on.status, on.text).toBe(200);
    expect(on.body.features).toEqual(expect.arrayContaining(['INVITES_DISABLED', 'RAID_ALERTS_DISABLED']));
    const off = await emu.call<GuildWire>('PATCH', GP, { auth: tester.auth, json: { features: [] } });
    expect(off.body.features).not.toContain('INVITES_DISABLED');
  });

  it('needs ADMINISTRATOR to add or remove COMMUNITY (403 50013 with MANAGE_GUILD only)', async () => {
    await giveTester(emu, ['MANAGE_GUILD']);
    expectError(
      await emu.call('PATCH', GP, { auth: tester.auth, json: { features: ['COMMUNITY'] } }),
      403,
      50013,
    );
    expect((await emu.call<GuildWire>('GET', GP)).body.features).not.toContain('COMMUNITY');
    await giveTester(emu, ['ADMINISTRATOR']);
    const added = await emu.call<GuildWire>('PATCH', GP, {
      auth: tester.auth,
      json: { features: ['COMMUNITY'] },
    });
    expect(added.body.features).toContain('COMMUNITY');
    await giveTester(emu, ['MANAGE_GUILD']);
    expectError(await emu.call('PATCH', GP, { auth: tester.auth, json: { features: [] } }), 403, 50013);
  });

  it('lets the owner (a user) change COMMUNITY without any role', async () => {
    const owned = await emu.control<{ id: string }>('POST', '/guilds', {
      name: 'Bot Own',
      owner_id: tester.botUserId,
    });
    const res = await emu.call<GuildWire>('PATCH', `/guilds/${owned.body.id}`, {
      auth: tester.auth,
      json: { features: ['COMMUNITY'] },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.features).toContain('COMMUNITY');
  });

  it('needs ADMINISTRATOR and the discovery requirements for DISCOVERABLE', async () => {
    await giveTester(emu, ['MANAGE_GUILD']);
    expectError(
      await emu.call('PATCH', GP, { auth: tester.auth, json: { features: ['COMMUNITY', 'DISCOVERABLE'] } }),
      403,
      50013,
    );
    // The demo bot is no administrator either; alice's Admin role would be, but users cannot call
    // with a bot-only route, so the tester gets ADMINISTRATOR.
    await giveTester(emu, ['ADMINISTRATOR']);
    expectFieldError(
      await emu.call('PATCH', GP, { auth: tester.auth, json: { features: ['DISCOVERABLE'] } }),
      ['features'],
    );
    await emu.call('PATCH', GP, { auth: tester.auth, json: { description: null } });
    expectFieldError(
      await emu.call('PATCH', GP, { auth: tester.auth, json: { features: ['COMMUNITY', 'DISCOVERABLE'] } }),
      ['features'],
    );
    const ok = await emu.call<GuildWire>('PATCH', GP, {
      auth: tester.auth,
      json: { features: ['COMMUNITY', 'DISCOVERABLE'], description: 'Come play' },
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.features).toEqual(expect.arrayContaining(['COMMUNITY', 'DISCOVERABLE']));
  });

  it('keeps features clients cannot change', async () => {
    await setFeatures(['VIP_REGIONS']);
    const res = await emu.call<GuildWire>('PATCH', GP, { json: { features: ['PARTNERED'] } });
    expect(res.body.features).toEqual(['VIP_REGIONS']);
  });
});

describe('Modify Guild: images', () => {
  it('stores an icon as a hash; an animated icon needs ANIMATED_ICON', async () => {
    const res = await emu.call<GuildWire>('PATCH', GP, { json: { icon: png } });
    expect(res.body.icon).toMatch(/^[0-9a-f]{32}$/);
    expectFieldError(await emu.call('PATCH', GP, { json: { icon: gif } }), ['icon']);
    await setFeatures(['ANIMATED_ICON']);
    const animated = await emu.call<GuildWire>('PATCH', GP, { json: { icon: gif } });
    expect(animated.body.icon).toMatch(/^a_[0-9a-f]{32}$/);
    expect((await emu.call<GuildWire>('PATCH', GP, { json: { icon: null } })).body.icon).toBeNull();
  });

  it('needs INVITE_SPLASH for splash, BANNER for banner and ANIMATED_BANNER for an animated banner', async () => {
    expectFieldError(await emu.call('PATCH', GP, { json: { splash: png } }), ['splash']);
    expectFieldError(await emu.call('PATCH', GP, { json: { banner: png } }), ['banner']);
    expectFieldError(await emu.call('PATCH', GP, { json: { discovery_splash: png } }), ['discovery_splash']);
    await setFeatures(['INVITE_SPLASH', 'BANNER']);
    const ok = await emu.call<GuildWire>('PATCH', GP, { json: { splash: png, banner: png } });
    expect(ok.status).toBe(200);
    expect(ok.body.splash).toMatch(/^[0-9a-f]{32}$/);
    expect(ok.body.banner).toMatch(/^[0-9a-f]{32}$/);
    expectFieldError(await emu.call('PATCH', GP, { json: { banner: gif } }), ['banner']);
  });
});

describe('Modify Guild: permission and events', () => {
  it('needs MANAGE_GUILD (403 50013) and membership (403 50001)', async () => {
    expectError(await emu.call('PATCH', GP, { auth: tester.auth, json: { name: 'Nope' } }), 403, 50013);
    const other = await emu.control<{ id: string }>('POST', '/guilds', {
      name: 'Elsewhere',
      owner_id: erin.id,
    });
    expectError(await emu.call('PATCH', `/guilds/${other.body.id}`, { json: { name: 'Nope' } }), 403, 50001);
  });

  it('fires GUILD_UPDATE with the guild and an audit-log entry with the reason', async () => {
    const seq = lastSeq(emu);
    const res = await emu.call('PATCH', GP, {
      json: { name: 'New Name', description: 'd' },
      headers: { 'x-audit-log-reason': encodeURIComponent('spring cleaning ✨') },
    });
    expect(res.status).toBe(200);
    const events = await eventsAfter(emu, seq);
    expect(events.map((e) => e.type)).toEqual(['GUILD_AUDIT_LOG_ENTRY_CREATE', 'GUILD_UPDATE']);
    const [audit, update] = events;
    expect(update?.guild_id).toBe(G);
    expect(update?.data).toMatchObject({ id: G, name: 'New Name', description: 'd', owner_id: alice.id });
    expect(audit?.data).toMatchObject({
      guild_id: G,
      user_id: demo.botUserId,
      target_id: G,
      action_type: 1,
      reason: 'spring cleaning ✨',
      changes: expect.arrayContaining([{ key: 'name', old_value: 'Demo Guild', new_value: 'New Name' }]),
    });
  });
});

describe('Create Guild', () => {
  it('is no longer available to applications: 403 20001', async () => {
    const res = await emu.call('POST', '/guilds', { json: { name: 'Mine' } });
    expectError(res, 403, 20001);
    expect([...emu.emulator.world.guilds.all()].map((g) => g.name)).not.toContain('Mine');
  });
});

describe('Current User Guilds', () => {
  async function guildsOwnedBy(owner: string, count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const res = await emu.control<{ id: string }>('POST', '/guilds', { name: `G${i}`, owner_id: owner });
      ids.push(res.body.id);
    }
    return ids;
  }

  it('lists a bearer user’s guilds with owner and permissions, and the bot’s', async () => {
    const mine = await emu.call<Array<Record<string, unknown>>>('GET', '/users/@me/guilds', {
      auth: { bearer: bob.token },
    });
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual([
      {
        id: G,
        name: 'Demo Guild',
        icon: null,
        banner: null,
        owner: false,
        permissions: expect.stringMatching(/^\d+$/),
        features: [],
      },
    ]);
    const bobBits = BigInt(mine.body[0]?.permissions as string);
    expect(bobBits & (1n << 1n)).toBe(1n << 1n); // KICK_MEMBERS from Moderator
    expect(bobBits & (1n << 5n)).toBe(0n); // no MANAGE_GUILD
    const owner = await emu.call<Array<{ owner: boolean }>>('GET', '/users/@me/guilds', {
      auth: { bearer: alice.token },
    });
    expect(owner.body[0]?.owner).toBe(true);
    const bot = await emu.call<unknown[]>('GET', '/users/@me/guilds');
    expect(bot.body).toHaveLength(1);
  });

  it('adds counts with with_counts and needs the guilds scope', async () => {
    const counted = await emu.call<Array<Record<string, unknown>>>('GET', '/users/@me/guilds', {
      auth: { bearer: bob.token },
      query: { with_counts: true },
    });
    expect(counted.body[0]).toMatchObject({ approximate_member_count: 6, approximate_presence_count: 6 });
    const user = await emu.control<{ access_token: string }>('POST', '/users', {
      username: 'noscope',
      scopes: ['identify'],
    });
    expectError(
      await emu.call('GET', '/users/@me/guilds', { auth: { bearer: user.body.access_token } }),
      403,
      50001,
    );
  });

  it('pages with after, before and limit (ascending ids)', async () => {
    const ids = await guildsOwnedBy(erin.id, 5);
    const auth = { bearer: erin.token };
    const page = async (query: Record<string, string | number>) =>
      (await emu.call<Array<{ id: string }>>('GET', '/users/@me/guilds', { auth, query })).body.map(
        (g) => g.id,
      );
    expect(await page({})).toEqual(ids);
    expect(await page({ limit: 2 })).toEqual(ids.slice(0, 2));
    expect(await page({ after: ids[1] as string, limit: 2 })).toEqual(ids.slice(2, 4));
    expect(await page({ before: ids[3] as string, limit: 2 })).toEqual(ids.slice(1, 3));
    expect(await page({ after: ids[0] as string, before: ids[4] as string })).toEqual(ids.slice(1, 4));
  });

  it('takes limit 1 and 200 and refuses 0 and 201 (400 50035 on limit)', async () => {
    await guildsOwnedBy(erin.id, 2);
    const auth = { bearer: erin.token };
    expect(
      (await emu.call<unknown[]>('GET', '/users/@me/guilds', { auth, query: { limit: 1 } })).body,
    ).toHaveLength(1);
    expect(
      (await emu.call<unknown[]>('GET', '/users/@me/guilds', { auth, query: { limit: 200 } })).body,
    ).toHaveLength(2);
    expectFieldError(await emu.call('GET', '/users/@me/guilds', { auth, query: { limit: 0 } }), ['limit']);
    expectFieldError(await emu.call('GET', '/users/@me/guilds', { auth, query: { limit: 201 } }), ['limit']);
  });
});
