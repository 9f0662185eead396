/** The control API under /_emulator, over loopback HTTP. */
import { request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src/emulator/createEmulator.js';
import { demo } from '../../src/emulator/world/demoSeed.js';

let emu: Emulator;
let systemEmu: Emulator;
beforeAll(async () => {
  emu = await createEmulator({ clock: 'manual' }, { routes: [], handlers: {} });
  systemEmu = await createEmulator({ seed: 'empty' }, { routes: [], handlers: {} });
});
afterAll(async () => {
  await emu.close();
  await systemEmu.close();
});
beforeEach(() => emu.reset());

async function control(method: string, path: string, json?: unknown, target = () => emu) {
  const res = await request(`${target().url}/_emulator${path}`, {
    method: method as 'GET',
    headers: json === undefined ? {} : { 'content-type': 'application/json' },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
  const text = await res.body.text();
  return { status: res.statusCode, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}

describe('control API', () => {
  it('lists its routes', async () => {
    const res = await control('GET', '');
    expect(res.status).toBe(200);
    const paths = ((res.body?.routes ?? []) as Array<{ path: string }>).map((r) => r.path);
    expect(paths).toContain('/_emulator/reset');
    expect(paths).toContain('/_emulator/guilds/{guild_id}/members/{user_id}');
  });

  it('POST /applications makes an application and a working bot', async () => {
    const res = await control('POST', '/applications', {
      name: 'Space Game',
      privileged_intents: ['GUILD_MEMBERS'],
    });
    expect(res.status).toBe(201);
    const body = res.body as { id: string; bot_user_id: string; bot_token: string };
    expect(body.id).toMatch(/^\d+$/);
    expect(emu.world.applicationByBotToken(body.bot_token)?.id).toBe(body.id);
    expect(emu.world.applications.get(body.id)?.privileged_intents).toEqual(['GUILD_MEMBERS']);
    expect(emu.world.users.get(body.bot_user_id)?.bot).toBe(true);
    const defaults = await control('POST', '/applications', { name: 'Other' });
    const other = emu.world.applications.get((defaults.body as { id: string }).id);
    expect(other?.privileged_intents).toEqual(['GUILD_MEMBERS', 'MESSAGE_CONTENT']);
  });

  it('POST /users makes a user with a bearer token (default scopes, or those given)', async () => {
    const res = await control('POST', '/users', { username: 'frank' });
    expect(res.status).toBe(201);
    const body = res.body as { id: string; access_token: string; username: string };
    expect(body.username).toBe('frank');
    const token = emu.world.bearerTokens.get(body.access_token);
    expect(token).toMatchObject({ user_id: body.id, application_id: demo.applicationId });
    expect(token?.scopes).toEqual(['identify', 'guilds', 'guilds.join', 'sdk.social_layer']);
    const scoped = await control('POST', '/users', {
      username: 'gina',
      scopes: ['identify'],
      application_id: demo.applicationId,
    });
    expect((scoped.body as { scopes: string[] }).scopes).toEqual(['identify']);
  });

  it('POST /users names a bad field with 50035 and an unknown application', async () => {
    const bad = await control('POST', '/users', { username: '' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      code: 50035,
      errors: { username: { _errors: [{ code: 'BASE_TYPE_MIN_LENGTH' }] } },
    });
    const unknown = await control('POST', '/users', { username: 'x', application_id: '1' });
    expect(unknown.body).toMatchObject({ code: 50035, errors: { application_id: expect.anything() } });
  });

  it('POST /guilds makes a guild whose @everyone role has its id and whose owner is a member', async () => {
    const res = await control('POST', '/guilds', {
      name: 'Bot Guild',
      owner_id: demo.botUserId,
      features: ['COMMUNITY'],
      premium_tier: 2,
    });
    expect(res.status).toBe(201);
    const guild = res.body as {
      id: string;
      roles: Array<{ id: string; name: string }>;
      owner_id: string;
      premium_tier: number;
    };
    expect(guild.roles).toEqual([expect.objectContaining({ id: guild.id, name: '@everyone' })]);
    expect(guild.owner_id).toBe(demo.botUserId);
    expect(guild.premium_tier).toBe(2);
    expect(emu.world.guilds.get(guild.id)?.members.has(demo.botUserId)).toBe(true);
    const unknownOwner = await control('POST', '/guilds', { name: 'X Guild', owner_id: '42' });
    expect(unknownOwner).toMatchObject({ status: 404, body: { code: 10013 } });
    const shortName = await control('POST', '/guilds', { name: 'x', owner_id: demo.botUserId });
    expect(shortName.status).toBe(400);
  });

  it('PUT /guilds/{id}/members/{id} forces membership, screening state, voice and activity', async () => {
    const erin = demo.users[4].id;
    const path = `/guilds/${demo.guildId}/members/${erin}`;
    const added = await control('PUT', path, {
      roles: [demo.roleIds.player],
      pending: true,
      voice_channel_id: demo.channelIds.voice,
      last_active_at: '2025-06-01T00:00:00Z',
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ user: { id: erin }, roles: [demo.roleIds.player], pending: true });
    const member = emu.world.guilds.get(demo.guildId)?.members.get(erin);
    expect(member).toMatchObject({
      voice_channel_id: demo.channelIds.voice,
      last_active_at: Date.UTC(2025, 5, 1),
    });
    const completed = await control('PUT', path, { pending: false });
    expect(completed.status).toBe(200);
    const events = await control('GET', '/events?after=0');
    const types = (events.body as unknown as Array<{ type: string; guild_id: string }>).map((e) => [
      e.type,
      e.guild_id,
    ]);
    expect(types).toEqual([
      ['GUILD_MEMBER_ADD', demo.guildId],
      ['GUILD_MEMBER_UPDATE', demo.guildId],
    ]);
    expect((await control('PUT', path, { voice_channel_id: demo.channelIds.general })).status).toBe(400);
    expect((await control('PUT', path, { roles: ['1'] })).body).toMatchObject({ code: 10011 });
    expect((await control('PUT', `/guilds/1/members/${erin}`, {})).body).toMatchObject({ code: 10004 });
    expect((await control('PUT', `/guilds/${demo.guildId}/members/1`, {})).body).toMatchObject({
      code: 10013,
    });
  });

  it('POST /clock advances the manual clock and answers 409 with the system clock', async () => {
    const before = emu.clock.now();
    const res = await control('POST', '/clock', { advance_ms: 1500 });
    expect(res).toEqual({ status: 200, body: { now: before + 1500 } });
    expect(emu.clock.now()).toBe(before + 1500);
    const refused = await control('POST', '/clock', { advance_ms: 1 }, () => systemEmu);
    expect(refused.status).toBe(409);
    expect((await control('POST', '/clock', { advance_ms: -1 })).status).toBe(400);
  });

  it('GET /events?after=SEQ answers the events after SEQ', async () => {
    await control('PUT', `/guilds/${demo.guildId}/members/${demo.users[4].id}`, {});
    await control('PUT', `/guilds/${demo.guildId}/members/${demo.users[4].id}`, { nick: 'E' });
    const all = (await control('GET', '/events')).body as unknown as Array<{
      seq: number;
      type: string;
      data: unknown;
    }>;
    expect(all.map((e) => e.type)).toEqual(['GUILD_MEMBER_ADD', 'GUILD_MEMBER_UPDATE']);
    expect(all[1]?.data).toMatchObject({ guild_id: demo.guildId, nick: 'E' });
    const after = (await control('GET', `/events?after=${all[0]?.seq}`)).body as unknown as unknown[];
    expect(after).toHaveLength(1);
    expect((await control('GET', '/events?after=x')).status).toBe(400);
  });

  it('GET /state dumps the world and POST /reset restores a seed', async () => {
    const state = (await control('GET', '/state')).body as Record<string, Record<string, unknown>>;
    expect(Object.keys(state.guilds ?? {})).toEqual([demo.guildId]);
    expect(Object.keys(state.lobbies ?? {})).toEqual([demo.lobbyId]);
    expect(state.bearer_tokens?.[demo.users[0].token]).toMatchObject({ user_id: demo.users[0].id });
    expect((await control('POST', '/reset', { seed: 'empty' })).status).toBe(204);
    const empty = (await control('GET', '/state')).body as Record<string, Record<string, unknown>>;
    expect(Object.keys(empty.guilds ?? {})).toEqual([]);
    expect((await control('POST', '/reset')).status).toBe(204);
    expect(emu.world.guilds.get(demo.guildId)).toBeDefined();
    expect((await control('POST', '/reset', { seed: 'other' })).status).toBe(400);
  });

  it('makes threads, thread members, integrations and DMs', async () => {
    const thread = await control('POST', `/guilds/${demo.guildId}/channels`, {
      name: 'side',
      type: 11,
      parent_id: demo.channelIds.general,
      owner_id: demo.users[0].id,
    });
    expect(thread.status).toBe(201);
    const threadId = (thread.body as { id: string }).id;
    expect(thread.body).toMatchObject({
      type: 11,
      parent_id: demo.channelIds.general,
      thread_metadata: { archived: false },
    });
    const joined = await control('PUT', `/channels/${threadId}/thread-members/${demo.users[1].id}`, {});
    expect(joined.body).toMatchObject({ id: threadId, user_id: demo.users[1].id });
    expect((await control('POST', `/guilds/${demo.guildId}/channels`, { name: 'x', type: 11 })).status).toBe(
      400,
    );
    const integration = await control('POST', `/guilds/${demo.guildId}/integrations`, {
      name: 'Demo Game',
      type: 'discord',
      application_id: demo.applicationId,
    });
    expect(integration.status).toBe(201);
    expect(integration.body).toMatchObject({ type: 'discord', application_id: demo.applicationId });
    const dm = await control('POST', '/dms', {
      author_id: demo.users[0].id,
      recipient_id: demo.users[1].id,
      content: 'hi',
    });
    expect(dm.status).toBe(201);
    expect(emu.world.dmMessages.get((dm.body as { id: string }).id)?.content).toBe('hi');
  });

  it('accepts invites with target users, bans and role grants applied', async () => {
    const guild = emu.world.guilds.get(demo.guildId)!;
    const invite = emu.world.invites.create({
      guild_id: guild.id,
      channel_id: demo.channelIds.general,
      role_ids: [demo.roleIds.player],
      target_user_ids: [demo.users[4].id],
      max_uses: 1,
    });
    const outsider = await control('POST', '/users', { username: 'outsider' });
    const outsiderId = (outsider.body as { id: string }).id;
    expect((await control('POST', `/invites/${invite.code}/accept`, { user_id: outsiderId })).status).toBe(
      403,
    );
    const accepted = await control('POST', `/invites/${invite.code}/accept`, { user_id: demo.users[4].id });
    expect(accepted.status).toBe(201);
    expect(accepted.body).toMatchObject({ new_member: true, member: { roles: [demo.roleIds.player] } });
    // Single use: now gone.
    expect(
      (await control('POST', `/invites/${invite.code}/accept`, { user_id: demo.users[4].id })).body,
    ).toMatchObject({ code: 10006 });
    const open = emu.world.invites.create({ guild_id: guild.id, channel_id: demo.channelIds.general });
    guild.bans.set(outsiderId, { user_id: outsiderId, reason: null, created_at: 0 });
    expect(
      (await control('POST', `/invites/${open.code}/accept`, { user_id: outsiderId })).body,
    ).toMatchObject({ code: 40007 });
  });

  it('answers unknown control paths 404 and wrong methods 405, and malformed JSON 400', async () => {
    expect((await control('GET', '/nothing')).status).toBe(404);
    expect((await control('DELETE', '/users')).status).toBe(405);
    const res = await request(`${emu.url}/_emulator/users`, { method: 'POST', body: '{nope' });
    expect(res.statusCode).toBe(400);
    expect(await res.body.json()).toMatchObject({ code: 50109 });
  });
});
