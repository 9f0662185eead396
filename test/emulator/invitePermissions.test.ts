/**
 * The permission matrix of the invite area: for each operation that checks a permission, a call
 * with exactly that permission (2xx) and one without (403 50013), plus the inviter's own rights and
 * callers outside the guild (403 50001). The world: {@link permissionWorld}, where each permission
 * lives on a role of its own and the test bot starts with none.
 */
import { describe, expect, it } from 'vitest';
import { targetUsersJobTiming } from '../../src/emulator/handlers/invite/targetUsersJob.js';
import { type CallOptions, useEmulator } from '../support/emulator.js';
import {
  csvUpload,
  expectForbidden,
  type PermRole,
  perm,
  permissionWorld,
  setBotRoles,
} from '../support/inviteFixtures.js';

const emu = useEmulator({ seed: permissionWorld() });
const asBot: CallOptions = { auth: { bot: perm.botToken } };
const asAdmin: CallOptions = { auth: { bot: perm.adminBotToken } };

/** An invite to the text channel made by the administrator bot (not the test bot). */
async function adminInvite(): Promise<string> {
  const res = await emu.call<{ code: string }>('POST', `/channels/${perm.textChannel}/invites`, {
    ...asAdmin,
    json: { unique: true },
  });
  expect(res.status, res.text).toBe(200);
  return res.body.code;
}

/** {@link adminInvite} with a list of target users (Get Target Users answers 404 10129 without one). */
async function adminInviteWithTargets(): Promise<string> {
  const code = await adminInvite();
  const res = await emu.call('PUT', `/invites/${code}/target-users`, {
    ...asAdmin,
    ...csvUpload(`${perm.guestId}\n`),
  });
  expect(res.status, res.text).toBe(204);
  emu.emulator.manualClock?.advance(targetUsersJobTiming.msPerUser);
  return code;
}

/** Calls as the test bot holding exactly `roles`. */
async function withRoles(
  roles: readonly PermRole[],
  method: string,
  path: string,
  options: CallOptions = {},
) {
  await setBotRoles(emu, roles);
  return emu.call(method, path, { ...asBot, ...options });
}

describe('Create Channel Invite needs CREATE_INSTANT_INVITE', () => {
  it('with it: 200; without: 403 50013', async () => {
    const path = `/channels/${perm.textChannel}/invites`;
    expect((await withRoles(['CREATE_INSTANT_INVITE'], 'POST', path, { json: {} })).status).toBe(200);
    expectForbidden(await withRoles([], 'POST', path, { json: {} }), 50013);
  });

  it('and MANAGE_ROLES to grant roles below the bot’s highest', async () => {
    const path = `/channels/${perm.textChannel}/invites`;
    const json = { role_ids: [perm.roles.CREATE_INSTANT_INVITE] };
    expect((await withRoles(['CREATE_INSTANT_INVITE', 'MANAGE_ROLES'], 'POST', path, { json })).status).toBe(
      200,
    );
    expectForbidden(await withRoles(['CREATE_INSTANT_INVITE'], 'POST', path, { json }), 50013);
    const above = { role_ids: [perm.roles.MANAGE_ROLES] };
    expectForbidden(
      await withRoles(['CREATE_INSTANT_INVITE', 'MANAGE_ROLES'], 'POST', path, { json: above }),
      50013,
    );
  });
});

describe('Create Channel Invite keeps the role hierarchy for administrators too', () => {
  it('an ADMINISTRATOR bot grants roles below its highest, not its own or above', async () => {
    const path = `/channels/${perm.textChannel}/invites`;
    const asAdmin = { auth: { bot: perm.adminBotToken } };
    const below = await emu.call('POST', path, { ...asAdmin, json: { role_ids: [perm.roles.MANAGE_ROLES] } });
    expect(below.status).toBe(200);
    expectForbidden(
      await emu.call('POST', path, { ...asAdmin, json: { role_ids: [perm.adminRole] } }),
      50013,
    );
  });
});

describe('Get Channel Invites needs MANAGE_CHANNELS', () => {
  it('with it: 200; without: 403 50013', async () => {
    await adminInvite();
    const path = `/channels/${perm.textChannel}/invites`;
    const ok = await withRoles(['MANAGE_CHANNELS'], 'GET', path);
    expect(ok.status).toBe(200);
    expect(ok.body).toHaveLength(1);
    expectForbidden(await withRoles([], 'GET', path), 50013);
  });
});

describe('Get Guild Invites needs MANAGE_GUILD or VIEW_AUDIT_LOG', () => {
  it('with MANAGE_GUILD: 200 with metadata; with VIEW_AUDIT_LOG: 200 without; with neither: 403 50013', async () => {
    const code = await adminInvite();
    const path = `/guilds/${perm.guildId}/invites`;
    const managed = await withRoles(['MANAGE_GUILD'], 'GET', path);
    expect(managed.status).toBe(200);
    expect(managed.body).toEqual([expect.objectContaining({ code, uses: 0, max_age: 86_400 })]);
    const audited = await withRoles(['VIEW_AUDIT_LOG'], 'GET', path);
    expect(audited.status).toBe(200);
    const [first] = audited.body as Array<Record<string, unknown>>;
    expect(first?.code).toBe(code);
    expect(first).not.toHaveProperty('uses');
    expectForbidden(await withRoles([], 'GET', path), 50013);
  });
});

describe('Delete Invite needs MANAGE_CHANNELS, MANAGE_GUILD, or to be the inviter', () => {
  it('with MANAGE_CHANNELS: 200; with MANAGE_GUILD: 200; with neither: 403 50013', async () => {
    expect((await withRoles(['MANAGE_CHANNELS'], 'DELETE', `/invites/${await adminInvite()}`)).status).toBe(
      200,
    );
    expect((await withRoles(['MANAGE_GUILD'], 'DELETE', `/invites/${await adminInvite()}`)).status).toBe(200);
    const code = await adminInvite();
    expectForbidden(await withRoles(['CREATE_INSTANT_INVITE'], 'DELETE', `/invites/${code}`), 50013);
    expect((await emu.call('GET', `/invites/${code}`, asBot)).status).toBe(200);
  });

  it('lets the inviter delete its own invite without any permission', async () => {
    const made = await withRoles(['CREATE_INSTANT_INVITE'], 'POST', `/channels/${perm.textChannel}/invites`, {
      json: {},
    });
    const { code } = made.body as { code: string };
    expect((await withRoles([], 'DELETE', `/invites/${code}`)).status).toBe(200);
  });
});

describe('Get Target Users and its job status need the inviter, MANAGE_GUILD or VIEW_AUDIT_LOG', () => {
  for (const suffix of ['/target-users', '/target-users/job-status']) {
    it(`GET /invites/{code}${suffix}: MANAGE_GUILD 200, VIEW_AUDIT_LOG 200, none 403 50013`, async () => {
      const path = `/invites/${await adminInviteWithTargets()}${suffix}`;
      expect((await withRoles(['MANAGE_GUILD'], 'GET', path)).status).toBe(200);
      expect((await withRoles(['VIEW_AUDIT_LOG'], 'GET', path)).status).toBe(200);
      expectForbidden(await withRoles(['MANAGE_CHANNELS'], 'GET', path), 50013);
    });
  }

  it('the inviter reads its own invite’s list without any permission', async () => {
    const made = await withRoles(['CREATE_INSTANT_INVITE'], 'POST', `/channels/${perm.textChannel}/invites`, {
      json: {},
    });
    const { code } = made.body as { code: string };
    const listed = await withRoles(
      [],
      'PUT',
      `/invites/${code}/target-users`,
      csvUpload(`${perm.guestId}\n`),
    );
    expect(listed.status).toBe(204);
    emu.emulator.manualClock?.advance(targetUsersJobTiming.msPerUser);
    expect((await withRoles([], 'GET', `/invites/${code}/target-users`)).status).toBe(200);
    expect((await withRoles([], 'GET', `/invites/${code}/target-users/job-status`)).status).toBe(200);
  });
});

describe('Update Target Users needs the inviter or MANAGE_GUILD', () => {
  it('with MANAGE_GUILD: 204; with VIEW_AUDIT_LOG only: 403 50013', async () => {
    const path = `/invites/${await adminInvite()}/target-users`;
    expect((await withRoles(['MANAGE_GUILD'], 'PUT', path, csvUpload(`${perm.guestId}\n`))).status).toBe(204);
    expectForbidden(await withRoles(['VIEW_AUDIT_LOG'], 'PUT', path, csvUpload(`${perm.guestId}\n`)), 50013);
  });

  it('the inviter updates its own invite’s list without any permission', async () => {
    const made = await withRoles(['CREATE_INSTANT_INVITE'], 'POST', `/channels/${perm.textChannel}/invites`, {
      json: {},
    });
    const { code } = made.body as { code: string };
    const res = await withRoles([], 'PUT', `/invites/${code}/target-users`, csvUpload(`${perm.guestId}\n`));
    expect(res.status).toBe(204);
    emu.emulator.manualClock?.advance(targetUsersJobTiming.msPerUser);
    const csv = await emu.call('GET', `/invites/${code}/target-users`, asBot);
    expect(csv.text).toBe(`user_id\n${perm.guestId}\n`);
  });
});

describe('Set Voice Channel Status needs SET_VOICE_CHANNEL_STATUS, plus MANAGE_CHANNELS when not connected', () => {
  const path = `/channels/${perm.voiceChannel}/voice-status`;
  const json = { status: 'tournament' };

  it('not connected: both permissions 204; SET_VOICE_CHANNEL_STATUS alone or none 403 50013', async () => {
    expect(
      (await withRoles(['SET_VOICE_CHANNEL_STATUS', 'MANAGE_CHANNELS'], 'PUT', path, { json })).status,
    ).toBe(204);
    expectForbidden(await withRoles(['SET_VOICE_CHANNEL_STATUS'], 'PUT', path, { json }), 50013);
    expectForbidden(await withRoles(['MANAGE_CHANNELS'], 'PUT', path, { json }), 50013);
    expectForbidden(await withRoles([], 'PUT', path, { json }), 50013);
  });

  it('connected to the channel: SET_VOICE_CHANNEL_STATUS alone is enough', async () => {
    const moved = await emu.control('PUT', `/guilds/${perm.guildId}/members/${perm.botId}`, {
      roles: [perm.roles.SET_VOICE_CHANNEL_STATUS],
      voice_channel_id: perm.voiceChannel,
    });
    expect(moved.status).toBe(200);
    expect((await emu.call('PUT', path, { ...asBot, json })).status).toBe(204);
  });
});

describe('callers outside the guild', () => {
  it('get 403 50001 Missing Access', async () => {
    const app = await emu.control<{ bot_token: string }>('POST', '/applications', { name: 'Outsider' });
    const outsider: CallOptions = { auth: { bot: app.body.bot_token } };
    const code = await adminInvite();
    expectForbidden(
      await emu.call('POST', `/channels/${perm.textChannel}/invites`, { ...outsider, json: {} }),
      50001,
    );
    expectForbidden(await emu.call('GET', `/guilds/${perm.guildId}/invites`, outsider), 50001);
    expectForbidden(await emu.call('DELETE', `/invites/${code}`, outsider), 50001);
    expectForbidden(await emu.call('GET', `/invites/${code}/target-users`, outsider), 50001);
    // Get Invite needs no membership.
    expect((await emu.call('GET', `/invites/${code}`, outsider)).status).toBe(200);
  });
});
