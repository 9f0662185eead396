/**
 * List Thread Members and Get Thread Member over loopback HTTP: with_member, pagination by user id,
 * the limit on both sides of its boundaries, the GUILD_MEMBERS intent, private threads and errors.
 */
import { describe, expect, it } from 'vitest';
import { demo } from '../../src/emulator/world/demoSeed.js';
import { type CallOptions, useEmulator } from '../support/emulator.js';
import { expectFieldError, expectForbidden } from '../support/inviteFixtures.js';

const emu = useEmulator();
const [alice, bob, carol, dave, erin] = demo.users;
const { welcomeThread, general } = demo.channelIds;

interface ThreadMemberWire {
  id: string;
  user_id: string;
  join_timestamp: string;
  flags: number;
  member?: { user: { id: string }; roles: string[] };
}

const list = (query: CallOptions['query'] = {}, options: CallOptions = {}) =>
  emu.call<ThreadMemberWire[]>('GET', `/channels/${welcomeThread}/thread-members`, { query, ...options });

async function addToThread(threadId: string, userId: string): Promise<void> {
  const res = await emu.control('PUT', `/channels/${threadId}/thread-members/${userId}`, {});
  expect(res.status, res.text).toBe(200);
}

/** A bot of a new application, made a guild member; optionally without the GUILD_MEMBERS intent. */
async function otherBot(privileged_intents: string[]): Promise<CallOptions> {
  const app = await emu.control<{ bot_token: string; bot_user_id: string }>('POST', '/applications', {
    name: 'Other',
    privileged_intents,
  });
  await emu.control('PUT', `/guilds/${demo.guildId}/members/${app.body.bot_user_id}`, {});
  return { auth: { bot: app.body.bot_token } };
}

describe('List Thread Members (GET /channels/{id}/thread-members)', () => {
  it('lists every member by user id, without guild members by default', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.map((m) => m.user_id)).toEqual([alice.id, bob.id]);
    expect(res.body[0]).toEqual({
      id: welcomeThread,
      user_id: alice.id,
      join_timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      flags: 0,
    });
  });

  it('adds the guild member with with_member=true', async () => {
    const res = await list({ with_member: true });
    expect(res.body[1]?.member).toMatchObject({ user: { id: bob.id }, roles: [demo.roleIds.moderator] });
  });

  it('pages with after and limit when with_member=true', async () => {
    await addToThread(welcomeThread, carol.id);
    await addToThread(welcomeThread, dave.id);
    const first = await list({ with_member: true, limit: 2 });
    expect(first.body.map((m) => m.user_id)).toEqual([alice.id, bob.id]);
    const next = await list({ with_member: true, limit: 2, after: bob.id });
    expect(next.body.map((m) => m.user_id)).toEqual([carol.id, dave.id]);
    const end = await list({ with_member: true, after: dave.id });
    expect(end.body).toEqual([]);
  });

  it('does not page without with_member', async () => {
    await addToThread(welcomeThread, carol.id);
    const res = await list({ limit: 1, after: alice.id });
    expect(res.body.map((m) => m.user_id)).toEqual([alice.id, bob.id, carol.id]);
  });

  it('takes limit 1 and 100, refuses 0 and 101 naming limit', async () => {
    expect((await list({ with_member: true, limit: 1 })).body).toHaveLength(1);
    expect((await list({ with_member: true, limit: 100 })).body).toHaveLength(2);
    expectFieldError(await list({ with_member: true, limit: 0 }), ['limit']);
    expectFieldError(await list({ with_member: true, limit: 101 }), ['limit']);
  });

  it('refuses an after that is not a snowflake, naming after', async () => {
    expectFieldError(await list({ with_member: true, after: 'bob' }), ['after']);
  });

  it('needs the GUILD_MEMBERS privileged intent (403 50001 without it)', async () => {
    const without = await otherBot(['MESSAGE_CONTENT']);
    expectForbidden(await list({}, without), 50001);
    const withIntent = await otherBot(['GUILD_MEMBERS']);
    expect((await list({}, withIntent)).status).toBe(200);
  });

  it('answers 400 50024 for a channel that is not a thread, 404 10003 for an unknown one', async () => {
    const notThread = await emu.call('GET', `/channels/${general}/thread-members`);
    expect(notThread.status).toBe(400);
    expect(notThread.body).toMatchObject({ code: 50024 });
    const unknown = await emu.call('GET', '/channels/1/thread-members');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 10003 });
  });

  it('shows a private thread to its members and to MANAGE_THREADS only', async () => {
    const made = await emu.control<{ id: string }>('POST', `/guilds/${demo.guildId}/channels`, {
      name: 'secret',
      type: 12,
      parent_id: general,
      owner_id: carol.id,
    });
    const privateThread = made.body.id;
    const path = `/channels/${privateThread}/thread-members`;
    // The demo bot holds MANAGE_THREADS.
    expect((await emu.call<ThreadMemberWire[]>('GET', path)).body.map((m) => m.user_id)).toEqual([carol.id]);
    const other = await otherBot(['GUILD_MEMBERS']);
    expectForbidden(await emu.call('GET', path, other), 50001);
  });

  it('forgets members who leave the guild', async () => {
    // Through the world's store, which every way out of a guild (kick, ban, prune) goes through.
    const guild = emu.emulator.world.guilds.require(demo.guildId);
    emu.emulator.world.guilds.removeMember(guild, bob.id);
    expect((await list()).body.map((m) => m.user_id)).toEqual([alice.id]);
  });
});

describe('Get Thread Member (GET /channels/{id}/thread-members/{user.id})', () => {
  it('answers the thread member, with the guild member when asked', async () => {
    const res = await emu.call<ThreadMemberWire>(
      'GET',
      `/channels/${welcomeThread}/thread-members/${alice.id}`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: welcomeThread, user_id: alice.id, flags: 0 });
    expect(res.body).not.toHaveProperty('member');
    const withMember = await emu.call<ThreadMemberWire>(
      'GET',
      `/channels/${welcomeThread}/thread-members/${alice.id}`,
      { query: { with_member: true } },
    );
    expect(withMember.body.member).toMatchObject({ user: { id: alice.id } });
  });

  it('answers 404 10007 for a user not in the thread', async () => {
    const res = await emu.call('GET', `/channels/${welcomeThread}/thread-members/${erin.id}`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 10007 });
  });

  it('does not need the GUILD_MEMBERS intent', async () => {
    const without = await otherBot([]);
    const res = await emu.call('GET', `/channels/${welcomeThread}/thread-members/${alice.id}`, without);
    expect(res.status).toBe(200);
  });
});
