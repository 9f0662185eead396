/**
 * Invite operations over loopback HTTP: Create Channel Invite (defaults, limits on both sides, target
 * types, granted roles, reuse), Get Invite (counts, expiry by the clock), Delete Invite, the channel
 * and guild listings, and their events. Acceptance: inviteAcceptance.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { demo } from '../../src/emulator/world/demoSeed.js';
import { type CallOptions, useEmulator } from '../support/emulator.js';
import {
  acceptInvite,
  eventsAfter,
  expectFieldError,
  expectForbidden,
  lastSeq,
} from '../support/inviteFixtures.js';

const emu = useEmulator();
const [alice, bob, carol, dave, erin] = demo.users;
const { general, voice, category, lobbyChat } = demo.channelIds;

interface InviteWire {
  code: string;
  type: number;
  expires_at: string | null;
  created_at?: string;
  uses?: number;
  max_uses?: number;
  max_age?: number;
  temporary?: boolean;
  flags?: number;
  guild?: { id: string; name: string };
  guild_id?: string;
  channel: { id: string; type: number; name: string } | null;
  inviter?: { id: string };
  target_type?: number;
  target_user?: { id: string };
  target_application?: { id: string; name: string };
  roles?: Array<{ id: string; name: string; position: number }>;
  approximate_member_count?: number;
  approximate_presence_count?: number;
}

async function createInvite(channelId: string, json: unknown = {}, options: CallOptions = {}) {
  return emu.call<InviteWire>('POST', `/channels/${channelId}/invites`, { json, ...options });
}

async function newInvite(json: unknown = {}, channelId: string = general): Promise<InviteWire> {
  const res = await createInvite(channelId, json);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

const accept = (code: string, userId: string) => acceptInvite(emu, code, userId);

describe('Create Channel Invite (POST /channels/{channel.id}/invites)', () => {
  it('applies the defaults: 24 hours, unlimited uses, permanent membership, no roles', async () => {
    const now = emu.emulator.clock.now();
    const invite = await newInvite();
    expect(invite).toMatchObject({
      type: 0,
      code: expect.stringMatching(/^[A-Za-z0-9]{8}$/),
      uses: 0,
      max_uses: 0,
      max_age: 86_400,
      temporary: false,
      flags: 0,
      guild_id: demo.guildId,
      guild: { id: demo.guildId, name: 'Demo Guild' },
      channel: { id: general, type: 0, name: 'general' },
      inviter: { id: demo.botUserId },
      roles: [],
    });
    expect(Date.parse(invite.created_at ?? '')).toBe(now);
    expect(Date.parse(invite.expires_at ?? '')).toBe(now + 86_400_000);
  });

  it('keeps max_age 0 (never expires) and max_age 604800, refuses 604801 and -1 naming max_age', async () => {
    expect((await newInvite({ max_age: 0, unique: true })).expires_at).toBeNull();
    expect((await newInvite({ max_age: 604_800, unique: true })).max_age).toBe(604_800);
    expectFieldError(await createInvite(general, { max_age: 604_801 }), ['max_age']);
    expectFieldError(await createInvite(general, { max_age: -1 }), ['max_age']);
  });

  it('keeps max_uses 0 and 100, refuses 101 and -1 naming max_uses', async () => {
    expect((await newInvite({ max_uses: 100, unique: true })).max_uses).toBe(100);
    expect((await newInvite({ max_uses: 0, unique: true })).max_uses).toBe(0);
    expectFieldError(await createInvite(general, { max_uses: 101 }), ['max_uses']);
    expectFieldError(await createInvite(general, { max_uses: -1 }), ['max_uses']);
  });

  it('answers a similar invite again unless unique is true', async () => {
    const seq = lastSeq(emu);
    const first = await newInvite({ max_age: 3600 });
    const again = await newInvite({ max_age: 3600 });
    expect(again.code).toBe(first.code);
    const fresh = await newInvite({ max_age: 3600, unique: true });
    expect(fresh.code).not.toBe(first.code);
    const other = await newInvite({ max_age: 60 });
    expect(other.code).not.toBe(first.code);
    expect((await eventsAfter(emu, seq, 'INVITE_CREATE')).map((e) => e.data.code)).toEqual([
      first.code,
      fresh.code,
      other.code,
    ]);
  });

  it('records temporary membership', async () => {
    expect((await newInvite({ temporary: true })).temporary).toBe(true);
  });

  it('grants roles as partial roles, and acceptance gives them to the new member', async () => {
    const invite = await newInvite({ role_ids: [demo.roleIds.player] });
    expect(invite.roles).toEqual([
      {
        id: demo.roleIds.player,
        name: 'Player',
        position: 1,
        color: 0x2ecc71,
        colors: { primary_color: 0x2ecc71, secondary_color: null, tertiary_color: null },
        icon: null,
        unicode_emoji: null,
      },
    ]);
    const joined = await accept(invite.code, erin.id);
    expect(joined.status, joined.text).toBe(201);
    expect(joined.body.member.roles).toEqual([demo.roleIds.player]);
  });

  it('refuses unknown roles, @everyone and repeated roles, naming role_ids', async () => {
    expectFieldError(await createInvite(general, { role_ids: ['1'] }), ['role_ids', 0]);
    expectFieldError(await createInvite(general, { role_ids: [demo.roleIds.player, demo.guildId] }), [
      'role_ids',
      1,
    ]);
    expectFieldError(await createInvite(general, { role_ids: [demo.roleIds.player, demo.roleIds.player] }), [
      'role_ids',
    ]);
  });

  it('accepts 250 role ids at the list level and refuses 251', async () => {
    const ids = (n: number) =>
      Array.from({ length: n }, (_, i) => String(9_000_000_000_000_000n + BigInt(i)));
    const at250 = await createInvite(general, { role_ids: ids(250) });
    expectFieldError(at250, ['role_ids', 0]);
    expect(
      (at250.body as unknown as { errors: { role_ids: { _errors?: unknown } } }).errors.role_ids._errors,
    ).toBe(undefined);
    expectFieldError(await createInvite(general, { role_ids: ids(251) }), ['role_ids']);
  });

  it('refuses to grant a role at or above the caller’s highest role (403 50013)', async () => {
    expectForbidden(await createInvite(general, { role_ids: [demo.roleIds.admin] }), 50013);
    expectForbidden(await createInvite(general, { role_ids: [demo.roleIds.gameBot] }), 50013);
    expect((await createInvite(general, { role_ids: [demo.roleIds.moderator] })).status).toBe(200);
  });

  it('makes a stream invite to a voice channel for a user connected to it', async () => {
    const invite = await newInvite({ target_type: 1, target_user_id: dave.id }, voice);
    expect(invite).toMatchObject({ target_type: 1, target_user: { id: dave.id }, channel: { id: voice } });
  });

  it('refuses stream invites without a target user, to text channels, or for users not in the channel', async () => {
    expectFieldError(await createInvite(voice, { target_type: 1 }), ['target_user_id']);
    expectFieldError(await createInvite(general, { target_type: 1, target_user_id: dave.id }), [
      'target_type',
    ]);
    expectFieldError(await createInvite(voice, { target_type: 1, target_user_id: carol.id }), [
      'target_user_id',
    ]);
  });

  it('makes an embedded-application invite and refuses an unknown application', async () => {
    const invite = await newInvite({ target_type: 2, target_application_id: demo.applicationId }, voice);
    expect(invite).toMatchObject({
      target_type: 2,
      target_application: { id: demo.applicationId, name: 'Demo Game' },
    });
    expectFieldError(await createInvite(voice, { target_type: 2, target_application_id: '42' }), [
      'target_application_id',
    ]);
    expectFieldError(await createInvite(voice, { target_type: 2 }), ['target_application_id']);
    expectFieldError(await createInvite(voice, { target_type: 3 }), ['target_type']);
  });

  it('makes guest invites to voice channels only; a guest joins with the IS_GUEST flag', async () => {
    expectFieldError(await createInvite(general, { flags: 1 }), ['flags']);
    expectFieldError(await createInvite(voice, { flags: 2 }), ['flags']);
    const invite = await newInvite({ flags: 1 }, voice);
    expect(invite.flags).toBe(1);
    const joined = await accept(invite.code, erin.id);
    expect(joined.body.member.flags).toBe(1 << 4);
  });

  it('refuses categories (400 50024) and unknown channels (404 10003)', async () => {
    const res = await createInvite(category);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 50024 });
    const unknown = await createInvite('1');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 10003 });
  });

  it('needs a bot token (403 50001 with a bearer token, 401 with none)', async () => {
    expectForbidden(await createInvite(general, {}, { auth: { bearer: alice.token } }), 50001);
    expect((await createInvite(general, {}, { auth: 'none' })).status).toBe(401);
  });

  it('fires INVITE_CREATE and an audit-log entry carrying X-Audit-Log-Reason', async () => {
    const seq = lastSeq(emu);
    const invite = await newInvite({ max_uses: 5 });
    const reasoned = await createInvite(
      lobbyChat,
      { unique: true },
      { headers: { 'x-audit-log-reason': encodeURIComponent('playtest night ✓') } },
    );
    expect(reasoned.status).toBe(200);
    const created = await eventsAfter(emu, seq, 'INVITE_CREATE');
    expect(created[0]).toMatchObject({
      guild_id: demo.guildId,
      data: {
        channel_id: general,
        code: invite.code,
        guild_id: demo.guildId,
        inviter: { id: demo.botUserId },
        max_age: 86_400,
        max_uses: 5,
        temporary: false,
        uses: 0,
        created_at: invite.created_at,
        expires_at: invite.expires_at,
      },
    });
    const audits = await eventsAfter(emu, seq, 'GUILD_AUDIT_LOG_ENTRY_CREATE');
    expect(audits.map((e) => e.data.action_type)).toEqual([40, 40]);
    expect(audits[0]?.data).toMatchObject({ user_id: demo.botUserId, guild_id: demo.guildId, reason: null });
    expect(audits[1]?.data.reason).toBe('playtest night ✓');
    expect(audits[1]?.data.changes).toContainEqual({ key: 'code', new_value: reasoned.body.code });
  });
});

describe('Get Invite (GET /invites/{code})', () => {
  it('answers the invite without metadata or counts by default', async () => {
    const invite = await newInvite();
    const res = await emu.call<InviteWire>('GET', `/invites/${invite.code}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      code: invite.code,
      expires_at: invite.expires_at,
      channel: { id: general },
    });
    for (const key of ['uses', 'max_uses', 'max_age', 'temporary', 'created_at', 'approximate_member_count'])
      expect(res.body).not.toHaveProperty(key);
  });

  it('adds approximate counts with with_counts=true', async () => {
    const invite = await newInvite();
    const res = await emu.call<InviteWire>('GET', `/invites/${invite.code}`, {
      query: { with_counts: true },
      auth: { bearer: erin.token },
    });
    expect(res.status).toBe(200);
    expect(res.body.approximate_member_count).toBe(5);
    expect(res.body.approximate_presence_count).toBe(5);
    const without = await emu.call<InviteWire>('GET', `/invites/${invite.code}`, {
      query: { with_counts: false },
    });
    expect(without.body).not.toHaveProperty('approximate_member_count');
  });

  it('refuses a with_counts that is not a boolean, naming it', async () => {
    const invite = await newInvite();
    expectFieldError(await emu.call('GET', `/invites/${invite.code}`, { query: { with_counts: 'maybe' } }), [
      'with_counts',
    ]);
  });

  it('is gone once max_age has run out by the emulator clock', async () => {
    const invite = await newInvite({ max_age: 60 });
    emu.emulator.manualClock?.advance(59_999);
    expect((await emu.call('GET', `/invites/${invite.code}`)).status).toBe(200);
    emu.emulator.manualClock?.advance(1);
    const gone = await emu.call('GET', `/invites/${invite.code}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ code: 10006, message: 'Unknown Invite' });
  });

  it('answers 404 10006 for an unknown code', async () => {
    const res = await emu.call('GET', '/invites/nosuchcode');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 10006 });
  });
});

describe('Delete Invite (DELETE /invites/{code})', () => {
  it('answers 200 with the deleted invite, which is then unknown', async () => {
    const invite = await newInvite({ max_uses: 3 });
    const res = await emu.call<InviteWire>('DELETE', `/invites/${invite.code}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: invite.code, max_uses: 3, channel: { id: general } });
    expect((await emu.call('GET', `/invites/${invite.code}`)).status).toBe(404);
    const again = await emu.call('DELETE', `/invites/${invite.code}`);
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: 10006 });
  });

  it('fires INVITE_DELETE and an audit-log entry with the reason', async () => {
    const invite = await newInvite();
    const seq = lastSeq(emu);
    await emu.call('DELETE', `/invites/${invite.code}`, { headers: { 'x-audit-log-reason': 'spam' } });
    const deleted = await eventsAfter(emu, seq, 'INVITE_DELETE');
    expect(deleted).toEqual([
      {
        seq: expect.any(Number),
        type: 'INVITE_DELETE',
        guild_id: demo.guildId,
        data: { channel_id: general, guild_id: demo.guildId, code: invite.code },
      },
    ]);
    const audit = await eventsAfter(emu, seq, 'GUILD_AUDIT_LOG_ENTRY_CREATE');
    expect(audit[0]?.data).toMatchObject({ action_type: 42, reason: 'spam', user_id: demo.botUserId });
    expect(audit[0]?.data.changes).toContainEqual({ key: 'code', old_value: invite.code });
  });

  it('deletes a linked-channel invite of the lobby area too', async () => {
    await emu.call('PATCH', `/lobbies/${demo.lobbyId}/channel-linking`, {
      auth: { bearer: alice.token },
      json: { channel_id: lobbyChat },
    });
    const made = await emu.call<{ code: string }>('POST', `/lobbies/${demo.lobbyId}/members/@me/invites`, {
      auth: { bearer: bob.token },
    });
    expect(made.status).toBe(200);
    expect((await emu.call('DELETE', `/invites/${made.body.code}`)).status).toBe(200);
  });
});

describe('Get Channel Invites and Get Guild Invites', () => {
  it('list live invites with metadata and partial roles, per channel and per guild', async () => {
    const a = await newInvite({ role_ids: [demo.roleIds.player] });
    const b = await newInvite({ max_age: 10 }, lobbyChat);
    const channel = await emu.call<InviteWire[]>('GET', `/channels/${general}/invites`);
    expect(channel.status).toBe(200);
    expect(channel.body.map((i) => i.code)).toEqual([a.code]);
    expect(channel.body[0]).toMatchObject({ uses: 0, max_age: 86_400, roles: [{ id: demo.roleIds.player }] });
    const guild = await emu.call<InviteWire[]>('GET', `/guilds/${demo.guildId}/invites`);
    expect(guild.status).toBe(200);
    expect(guild.body.map((i) => i.code).sort()).toEqual([a.code, b.code].sort());
    expect(guild.body.every((i) => typeof i.uses === 'number')).toBe(true);
    emu.emulator.manualClock?.advance(10_000);
    const later = await emu.call<InviteWire[]>('GET', `/guilds/${demo.guildId}/invites`);
    expect(later.body.map((i) => i.code)).toEqual([a.code]);
  });

  it('answer 404 for unknown channels and guilds', async () => {
    expect((await emu.call('GET', '/channels/1/invites')).body).toMatchObject({ code: 10003 });
    expect((await emu.call('GET', '/guilds/1/invites')).body).toMatchObject({ code: 10004 });
  });
});
