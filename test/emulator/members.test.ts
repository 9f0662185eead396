/**
 * Guild member operations over loopback HTTP (get, add, remove, list, search, the current member's
 * own changes, member roles): the specification's rules, limits on both sides, errors and events.
 * Modify Guild Member has its own file (memberModify.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { demo } from '../../src/emulator/world/demoSeed.js';
import {
  demoGuild,
  lastSeq,
  eventsAfter,
  expectError,
  expectFieldError,
  newUser,
  testBot,
} from '../support/guildFixtures.js';
import { useEmulator } from '../support/emulator.js';

const emu = useEmulator();
const [alice, bob, carol, dave, erin] = demo.users;
const G = `/guilds/${demo.guildId}`;

interface MemberWire {
  user: { id: string; username: string };
  nick: string | null;
  roles: string[];
  pending: boolean;
  mute: boolean;
  deaf: boolean;
  avatar: string | null;
  banner: string | null;
}

describe('Get Guild Member', () => {
  it('answers the member with its user and roles', async () => {
    const res = await emu.call<MemberWire>('GET', `${G}/members/${carol.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      user: { id: carol.id, username: 'carol' },
      roles: [demo.roleIds.player],
      nick: null,
      pending: false,
      mute: false,
      deaf: false,
    });
  });

  it('is 404 10007 for a user who is not a member and 404 10004 for an unknown guild', async () => {
    expectError(await emu.call('GET', `${G}/members/${erin.id}`), 404, 10007);
    expectError(await emu.call('GET', `/guilds/1/members/${carol.id}`), 404, 10004);
  });

  it('is 403 50001 when the calling bot is not a member of the guild', async () => {
    const app = await emu.control<{ bot_token: string }>('POST', '/applications', { name: 'Outsider' });
    expectError(
      await emu.call('GET', `${G}/members/${carol.id}`, { auth: { bot: app.body.bot_token } }),
      403,
      50001,
    );
  });
});

describe('Add Guild Member', () => {
  it('adds the user of the access token: 201 with the member and GUILD_MEMBER_ADD', async () => {
    const mark = lastSeq(emu);
    const res = await emu.call<MemberWire>('PUT', `${G}/members/${erin.id}`, {
      json: { access_token: erin.token },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ user: { id: erin.id }, roles: [], pending: false });
    const events = await eventsAfter(emu, mark, 'GUILD_MEMBER_ADD');
    expect(events).toHaveLength(1);
    expect(events[0]?.data).toMatchObject({ guild_id: demo.guildId, user: { id: erin.id }, pending: false });
  });

  it('answers 204 and changes nothing when the user already is a member', async () => {
    const mark = lastSeq(emu);
    const res = await emu.call('PUT', `${G}/members/${carol.id}`, {
      json: { access_token: carol.token, nick: 'ignored' },
    });
    expect(res.status).toBe(204);
    expect(demoGuild(emu).members.get(carol.id)?.nick).toBeNull();
    expect(await eventsAfter(emu, mark, 'GUILD_MEMBER_ADD', 'GUILD_MEMBER_UPDATE')).toEqual([]);
  });

  it('adds the member pending under membership screening, in the answer and the event', async () => {
    await emu.control('PATCH', `/guilds/${demo.guildId}`, { features: ['MEMBER_VERIFICATION_GATE_ENABLED'] });
    const mark = lastSeq(emu);
    const res = await emu.call<MemberWire>('PUT', `${G}/members/${erin.id}`, {
      json: { access_token: erin.token },
    });
    expect(res.status).toBe(201);
    expect(res.body.pending).toBe(true);
    const [event] = await eventsAfter(emu, mark, 'GUILD_MEMBER_ADD');
    expect(event?.data.pending).toBe(true);
  });

  it('lifts pending when the member completes screening: GUILD_MEMBER_UPDATE with pending false', async () => {
    await emu.control('PATCH', `/guilds/${demo.guildId}`, { features: ['MEMBER_VERIFICATION_GATE_ENABLED'] });
    await emu.call('PUT', `${G}/members/${erin.id}`, { json: { access_token: erin.token } });
    const mark = lastSeq(emu);
    await emu.control('PUT', `/guilds/${demo.guildId}/members/${erin.id}`, { pending: false });
    const [update] = await eventsAfter(emu, mark, 'GUILD_MEMBER_UPDATE');
    expect(update?.data).toMatchObject({ user: { id: erin.id }, pending: false });
    expect((await emu.call<MemberWire>('GET', `${G}/members/${erin.id}`)).body.pending).toBe(false);
  });

  it('restricts a pending member from guild actions (its permissions do not apply)', async () => {
    const bot = await testBot(emu, ['KICK_MEMBERS']);
    await emu.control('PUT', `/guilds/${demo.guildId}/members/${bot.userId}`, { pending: true });
    expectError(await emu.call('DELETE', `${G}/members/${carol.id}`, { auth: bot.auth }), 403, 50013);
    await emu.control('PUT', `/guilds/${demo.guildId}/members/${bot.userId}`, { pending: false });
    expect((await emu.call('DELETE', `${G}/members/${carol.id}`, { auth: bot.auth })).status).toBe(204);
  });

  it('applies nick, roles, mute and deaf', async () => {
    const res = await emu.call<MemberWire>('PUT', `${G}/members/${erin.id}`, {
      json: { access_token: erin.token, nick: 'E', roles: [demo.roleIds.player], mute: true, deaf: true },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ nick: 'E', roles: [demo.roleIds.player], mute: true, deaf: true });
  });

  it('refuses a token of another user, an unknown token or another application: 403 50025', async () => {
    expectError(
      await emu.call('PUT', `${G}/members/${erin.id}`, { json: { access_token: carol.token } }),
      403,
      50025,
    );
    expectError(
      await emu.call('PUT', `${G}/members/${erin.id}`, { json: { access_token: 'nope' } }),
      403,
      50025,
    );
    const bot = await testBot(emu, ['CREATE_INSTANT_INVITE'], { emptyEveryone: false });
    const frank = await newUser(emu, 'frank');
    expectError(
      await emu.call('PUT', `${G}/members/${frank.id}`, {
        auth: bot.auth,
        json: { access_token: frank.access_token },
      }),
      403,
      50025,
    );
  });

  it('needs the guilds.join scope on the token: 403 50001 without it', async () => {
    const frank = await newUser(emu, 'frank', { scopes: ['identify'] });
    expectError(
      await emu.call('PUT', `${G}/members/${frank.id}`, { json: { access_token: frank.access_token } }),
      403,
      50001,
    );
  });

  it('refuses a banned user: 403 40007', async () => {
    expect((await emu.call('PUT', `${G}/bans/${erin.id}`, { json: {} })).status).toBe(204);
    expectError(
      await emu.call('PUT', `${G}/members/${erin.id}`, { json: { access_token: erin.token } }),
      403,
      40007,
    );
  });

  it('names a missing access_token and an unknown role (400 50035)', async () => {
    expectFieldError(await emu.call('PUT', `${G}/members/${erin.id}`, { json: {} }), ['access_token']);
    expectFieldError(
      await emu.call('PUT', `${G}/members/${erin.id}`, { json: { access_token: erin.token, roles: ['1'] } }),
      ['roles', '0'],
    );
  });

  it('refuses to give a role above the bot’s highest role: 403 50013', async () => {
    expectError(
      await emu.call('PUT', `${G}/members/${erin.id}`, {
        json: { access_token: erin.token, roles: [demo.roleIds.admin] },
      }),
      403,
      50013,
    );
  });

  it('needs the field permission of each optional field (nick: MANAGE_NICKNAMES)', async () => {
    const bot = await testBot(emu, ['CREATE_INSTANT_INVITE']);
    const frank = await newUser(emu, 'frank', { applicationId: bot.applicationId });
    const body = { access_token: frank.access_token, nick: 'F' };
    expectError(
      await emu.call('PUT', `${G}/members/${frank.id}`, { auth: bot.auth, json: body }),
      403,
      50013,
    );
    await bot.grant('CREATE_INSTANT_INVITE', 'MANAGE_NICKNAMES');
    expect((await emu.call('PUT', `${G}/members/${frank.id}`, { auth: bot.auth, json: body })).status).toBe(
      201,
    );
  });
});

describe('Remove Guild Member', () => {
  it('kicks: 204, GUILD_MEMBER_REMOVE and an audit entry with the reason', async () => {
    const mark = lastSeq(emu);
    const res = await emu.call('DELETE', `${G}/members/${carol.id}`, {
      headers: { 'X-Audit-Log-Reason': encodeURIComponent('spam ✓') },
    });
    expect(res.status).toBe(204);
    expect(demoGuild(emu).members.has(carol.id)).toBe(false);
    const events = await eventsAfter(emu, mark, 'GUILD_MEMBER_REMOVE', 'GUILD_AUDIT_LOG_ENTRY_CREATE');
    expect(events.map((e) => e.type)).toEqual(['GUILD_MEMBER_REMOVE', 'GUILD_AUDIT_LOG_ENTRY_CREATE']);
    expect(events[0]?.data).toEqual({
      guild_id: demo.guildId,
      user: expect.objectContaining({ id: carol.id }),
    });
    expect(events[1]?.data).toMatchObject({
      action_type: 20,
      target_id: carol.id,
      user_id: demo.botUserId,
      reason: 'spam ✓',
    });
  });

  it('answers 204 for a user who is not a member, and emits nothing', async () => {
    const mark = lastSeq(emu);
    expect((await emu.call('DELETE', `${G}/members/${erin.id}`)).status).toBe(204);
    expect(await eventsAfter(emu, mark)).toEqual([]);
  });

  it('cannot kick the owner or a member ranked at or above the bot: 403 50013', async () => {
    expectError(await emu.call('DELETE', `${G}/members/${alice.id}`), 403, 50013);
    await emu.control('PUT', `/guilds/${demo.guildId}/members/${carol.id}`, {
      roles: [demo.roleIds.gameBot],
    });
    expectError(await emu.call('DELETE', `${G}/members/${carol.id}`), 403, 50013);
  });
});

describe('List Guild Members', () => {
  it('answers one member by default, ascending by user id', async () => {
    const res = await emu.call<MemberWire[]>('GET', `${G}/members`);
    expect(res.status).toBe(200);
    expect(res.body.map((m) => m.user.id)).toEqual([demo.botUserId]);
  });

  it('pages with after (the highest user id seen)', async () => {
    const res = await emu.call<MemberWire[]>('GET', `${G}/members`, { query: { after: bob.id, limit: 10 } });
    expect(res.body.map((m) => m.user.id)).toEqual([carol.id, dave.id]);
  });

  it('takes limit 1000 and refuses 1001 and 0 (400 50035 naming limit)', async () => {
    const ok = await emu.call<MemberWire[]>('GET', `${G}/members`, { query: { limit: 1000 } });
    expect(ok.status).toBe(200);
    expect(ok.body).toHaveLength(5);
    expectFieldError(await emu.call('GET', `${G}/members`, { query: { limit: 1001 } }), ['limit']);
    expectFieldError(await emu.call('GET', `${G}/members`, { query: { limit: 0 } }), ['limit']);
  });

  it('needs the GUILD_MEMBERS privileged intent: 403 50001 without it', async () => {
    const app = await emu.control<{ bot_user_id: string; bot_token: string }>('POST', '/applications', {
      name: 'No Intents',
      privileged_intents: [],
    });
    await emu.control('PUT', `/guilds/${demo.guildId}/members/${app.body.bot_user_id}`, {});
    expectError(await emu.call('GET', `${G}/members`, { auth: { bot: app.body.bot_token } }), 403, 50001);
    // The same bot may search: the intent is asked only for the listing.
    expect(
      (
        await emu.call('GET', `${G}/members/search`, {
          auth: { bot: app.body.bot_token },
          query: { query: 'a' },
        })
      ).status,
    ).toBe(200);
  });
});

describe('Search Guild Members', () => {
  it('matches the start of usernames and nicknames, case-insensitively', async () => {
    await emu.control('PUT', `/guilds/${demo.guildId}/members/${dave.id}`, { nick: 'Captain' });
    const res = await emu.call<MemberWire[]>('GET', `${G}/members/search`, {
      query: { query: 'CA', limit: 10 },
    });
    expect(res.status).toBe(200);
    expect(res.body.map((m) => m.user.id)).toEqual([carol.id, dave.id]);
    const none = await emu.call<MemberWire[]>('GET', `${G}/members/search`, {
      query: { query: 'arol', limit: 10 },
    });
    expect(none.body).toEqual([]);
  });

  it('answers one member by default', async () => {
    const res = await emu.call<MemberWire[]>('GET', `${G}/members/search`, { query: { query: '' } });
    expect(res.body).toHaveLength(1);
  });

  it('takes limit 1000, refuses 1001, and needs query (400 50035 naming the field)', async () => {
    expect(
      (await emu.call('GET', `${G}/members/search`, { query: { query: 'a', limit: 1000 } })).status,
    ).toBe(200);
    expectFieldError(await emu.call('GET', `${G}/members/search`, { query: { query: 'a', limit: 1001 } }), [
      'limit',
    ]);
    expectFieldError(await emu.call('GET', `${G}/members/search`, { query: { limit: 5 } }), ['query']);
  });
});

describe('Modify Current Member', () => {
  const png = 'data:image/png;base64,iVBORw0KGgo=';

  it('sets the nick, guild avatar, banner and bio; GUILD_MEMBER_UPDATE', async () => {
    const mark = lastSeq(emu);
    const res = await emu.call<MemberWire>('PATCH', `${G}/members/@me`, {
      json: { nick: 'Botty', avatar: png, banner: png, bio: 'hello' },
    });
    expect(res.status).toBe(200);
    expect(res.body.nick).toBe('Botty');
    expect(res.body.avatar).toMatch(/^[0-9a-f]{32}$/);
    expect(res.body.banner).toBe(res.body.avatar);
    expect(demoGuild(emu).members.get(demo.botUserId)?.bio).toBe('hello');
    const [event] = await eventsAfter(emu, mark, 'GUILD_MEMBER_UPDATE');
    expect(event?.data).toMatchObject({
      guild_id: demo.guildId,
      nick: 'Botty',
      user: { id: demo.botUserId },
    });
  });

  it('clears with null and names a bad image (400 50035)', async () => {
    await emu.call('PATCH', `${G}/members/@me`, { json: { nick: 'X', avatar: png } });
    const res = await emu.call<MemberWire>('PATCH', `${G}/members/@me`, {
      json: { nick: null, avatar: null },
    });
    expect(res.body).toMatchObject({ nick: null, avatar: null });
    expectFieldError(await emu.call('PATCH', `${G}/members/@me`, { json: { avatar: 'not-an-image' } }), [
      'avatar',
    ]);
  });

  it('takes a 32-character nick and refuses 33 (400 50035 naming nick)', async () => {
    expect((await emu.call('PATCH', `${G}/members/@me`, { json: { nick: 'n'.repeat(32) } })).status).toBe(
      200,
    );
    expectFieldError(await emu.call('PATCH', `${G}/members/@me`, { json: { nick: 'n'.repeat(33) } }), [
      'nick',
    ]);
  });
});

describe('Modify Current User Nick (deprecated)', () => {
  it('answers the nickname set and emits GUILD_MEMBER_UPDATE', async () => {
    const mark = lastSeq(emu);
    const res = await emu.call('PATCH', `${G}/members/@me/nick`, { json: { nick: 'Old Bot' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ nick: 'Old Bot' });
    const [event] = await eventsAfter(emu, mark, 'GUILD_MEMBER_UPDATE');
    expect(event?.data).toMatchObject({ nick: 'Old Bot', user: { id: demo.botUserId } });
    expect((await emu.call('PATCH', `${G}/members/@me/nick`, { json: {} })).body).toEqual({ nick: null });
  });
});

describe('Add / Remove Guild Member Role', () => {
  const path = (user: string, role: string) => `${G}/members/${user}/roles/${role}`;

  it('gives and takes a role: 204 and GUILD_MEMBER_UPDATE, then 204 without an event when repeated', async () => {
    let mark = lastSeq(emu);
    expect((await emu.call('PUT', path(carol.id, demo.roleIds.moderator))).status).toBe(204);
    expect(demoGuild(emu).members.get(carol.id)?.roles).toContain(demo.roleIds.moderator);
    const [update] = await eventsAfter(emu, mark, 'GUILD_MEMBER_UPDATE');
    expect(update?.data.roles).toEqual([demo.roleIds.player, demo.roleIds.moderator]);
    const [audit] = await eventsAfter(emu, mark, 'GUILD_AUDIT_LOG_ENTRY_CREATE');
    expect(audit?.data).toMatchObject({ action_type: 25, target_id: carol.id });

    mark = lastSeq(emu);
    expect((await emu.call('PUT', path(carol.id, demo.roleIds.moderator))).status).toBe(204);
    expect(await eventsAfter(emu, mark)).toEqual([]);

    expect((await emu.call('DELETE', path(carol.id, demo.roleIds.moderator))).status).toBe(204);
    expect(demoGuild(emu).members.get(carol.id)?.roles).toEqual([demo.roleIds.player]);
    mark = lastSeq(emu);
    expect((await emu.call('DELETE', path(carol.id, demo.roleIds.moderator))).status).toBe(204);
    expect(await eventsAfter(emu, mark)).toEqual([]);
  });

  it('is 404 10011 for an unknown role and 404 10007 when adding to a non-member', async () => {
    expectError(await emu.call('PUT', path(carol.id, '1')), 404, 10011);
    expectError(await emu.call('PUT', path(erin.id, demo.roleIds.player)), 404, 10007);
    expect((await emu.call('DELETE', path(erin.id, demo.roleIds.player))).status).toBe(204);
  });

  it('refuses roles at or above the bot’s highest role: 403 50013', async () => {
    expectError(await emu.call('PUT', path(carol.id, demo.roleIds.admin)), 403, 50013);
    expectError(await emu.call('PUT', path(carol.id, demo.roleIds.gameBot)), 403, 50013);
    expectError(await emu.call('DELETE', path(alice.id, demo.roleIds.admin)), 403, 50013);
  });
});
