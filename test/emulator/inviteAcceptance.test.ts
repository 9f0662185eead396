/**
 * Accepting invites through the control API (`POST /_emulator/invites/{code}/accept`): uses, expiry,
 * granted roles, guest invites and the events a join fires. Target users: targetUsers.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { demo } from '../../src/emulator/world/demoSeed.js';
import { useEmulator } from '../support/emulator.js';
import { acceptInvite, eventsAfter, lastSeq } from '../support/inviteFixtures.js';

const emu = useEmulator();
const [, , carol, , erin] = demo.users;
const { general, voice } = demo.channelIds;

interface InviteWire {
  code: string;
  uses?: number;
}

async function newInvite(json: unknown = {}, channelId: string = general): Promise<InviteWire> {
  const res = await emu.call<InviteWire>('POST', `/channels/${channelId}/invites`, { json });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

const accept = (code: string, userId: string) => acceptInvite(emu, code, userId);

describe('Accepting an invite (POST /_emulator/invites/{code}/accept)', () => {
  it('adds a new member and counts a use; a single-use invite is then gone', async () => {
    const invite = await newInvite({ max_uses: 1 });
    const joined = await accept(invite.code, erin.id);
    expect(joined.status).toBe(201);
    expect(joined.body).toMatchObject({ guild_id: demo.guildId, new_member: true });
    const second = await accept(invite.code, carol.id);
    expect(second.status).toBe(404);
    expect(second.body).toMatchObject({ code: 10006 });
  });

  it('lets an existing member through without using the invite or granting its roles', async () => {
    const invite = await newInvite({ max_uses: 1, role_ids: [demo.roleIds.moderator] });
    const res = await accept(invite.code, carol.id);
    expect(res.status).toBe(200);
    expect(res.body.new_member).toBe(false);
    expect(res.body.member.roles).toEqual([demo.roleIds.player]);
    const listed = await emu.call<InviteWire[]>('GET', `/channels/${general}/invites`);
    expect(listed.body.find((i) => i.code === invite.code)?.uses).toBe(0);
  });

  it('fires GUILD_MEMBER_ADD with the granted roles', async () => {
    const invite = await newInvite({ role_ids: [demo.roleIds.player] });
    const seq = lastSeq(emu);
    await accept(invite.code, erin.id);
    const added = await eventsAfter(emu, seq, 'GUILD_MEMBER_ADD');
    expect(added[0]?.data).toMatchObject({
      guild_id: demo.guildId,
      user: { id: erin.id },
      roles: [demo.roleIds.player],
    });
  });

  it('refuses an expired invite', async () => {
    const invite = await newInvite({ max_age: 1 });
    emu.emulator.manualClock?.advance(1000);
    expect((await accept(invite.code, erin.id)).status).toBe(404);
  });
  it('gives a guest the IS_GUEST member flag through a guest invite, and nobody else', async () => {
    const guest = await newInvite({ flags: 1 }, voice);
    expect((await accept(guest.code, erin.id)).body.member.flags).toBe(1 << 4);
    const stranger = await emu.control<{ id: string }>('POST', '/users', { username: 'stranger' });
    const plain = await newInvite({ unique: true });
    expect((await accept(plain.code, stranger.body.id)).body.member.flags).toBe(0);
  });

  it('refuses unknown users (404 10013) and unknown codes (404 10006)', async () => {
    const invite = await newInvite();
    const unknownUser = await accept(invite.code, '1');
    expect(unknownUser.status).toBe(404);
    expect(unknownUser.body).toMatchObject({ code: 10013 });
    expect((await accept('nosuchcode', erin.id)).body).toMatchObject({ code: 10006 });
  });
});
