/**
 * Every invite-area operation's 2xx answer, and a 4xx answer, validated against the platform's
 * official OpenAPI document (skipped, visibly, where the document is absent). CSV and 204 answers
 * are checked against the content type and status the document declares.
 */
import { expect, it } from 'vitest';
import { targetUsersJobTiming } from '../../src/emulator/handlers/invite/targetUsersJob.js';
import { demo } from '../../src/emulator/world/demoSeed.js';
import { type CallResult, useEmulator } from '../support/emulator.js';
import { csvUpload } from '../support/inviteFixtures.js';
import { describeConformance, expectConforms, findOperation } from '../support/openapi.js';

const emu = useEmulator();
const [alice, , carol, dave, erin] = demo.users;
const { general, voice, welcomeThread } = demo.channelIds;
const INV = '/invites/{code}';
const CH = '/channels/{channel_id}';
const APP = '/applications/{application_id}/role-connections/metadata';
const ME = '/users/@me/applications/{application_id}/role-connection';

/** The answer is what the document declares (a success), or exactly `errorStatus` and its schema. */
function check(method: string, template: string, res: CallResult, errorStatus?: number): void {
  if (errorStatus !== undefined) expect(res.status, res.text).toBe(errorStatus);
  else expect(res.status, `${method} ${template}: ${res.text}`).toBeLessThan(300);
  expectConforms(method, template, res);
}

/** A 204 the document declares, with no body. */
function checkEmpty(method: string, template: string, res: CallResult): void {
  expect(res.status, res.text).toBe(204);
  expectConforms(method, template, res);
}

describeConformance('invite-area answers match the OpenAPI document', () => {
  it('for the invite operations', async () => {
    const created = await emu.call<{ code: string }>('POST', `/channels/${general}/invites`, {
      json: { max_uses: 3, role_ids: [demo.roleIds.player] },
    });
    check('POST', `${CH}/invites`, created);
    const code = created.body.code;
    check(
      'POST',
      `${CH}/invites`,
      await emu.call('POST', `/channels/${voice}/invites`, {
        json: { target_type: 1, target_user_id: dave.id },
      }),
    );
    check(
      'POST',
      `${CH}/invites`,
      await emu.call('POST', `/channels/${voice}/invites`, {
        json: { target_type: 2, target_application_id: demo.applicationId, flags: 1 },
      }),
    );
    check(
      'POST',
      `${CH}/invites`,
      await emu.call('POST', `/channels/${general}/invites`, csvUpload(`${erin.id}\n`, { unique: 'true' })),
    );
    check('GET', INV, await emu.call('GET', `/invites/${code}`));
    check('GET', INV, await emu.call('GET', `/invites/${code}`, { query: { with_counts: true } }));
    check('GET', `${CH}/invites`, await emu.call('GET', `/channels/${general}/invites`));
    check('GET', '/guilds/{guild_id}/invites', await emu.call('GET', `/guilds/${demo.guildId}/invites`));

    checkEmpty(
      'PUT',
      `${INV}/target-users`,
      await emu.call('PUT', `/invites/${code}/target-users`, csvUpload(`${erin.id}\n${carol.id}\n`)),
    );
    check(
      'GET',
      `${INV}/target-users/job-status`,
      await emu.call('GET', `/invites/${code}/target-users/job-status`),
    );
    emu.emulator.manualClock?.advance(2 * targetUsersJobTiming.msPerUser);
    check(
      'GET',
      `${INV}/target-users/job-status`,
      await emu.call('GET', `/invites/${code}/target-users/job-status`),
    );
    const csv = await emu.call('GET', `/invites/${code}/target-users`);
    expect(csv.status).toBe(200);
    const responses = (findOperation('GET', `${INV}/target-users`)?.responses ?? {}) as Record<
      string,
      { content?: object }
    >;
    expect(Object.keys(responses['200']?.content ?? {})).toEqual(['text/csv']);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);

    check('DELETE', INV, await emu.call('DELETE', `/invites/${code}`));
  });

  it('for voice status and thread members', async () => {
    checkEmpty(
      'PUT',
      `${CH}/voice-status`,
      await emu.call('PUT', `/channels/${voice}/voice-status`, { json: { status: 'raid night' } }),
    );
    check('GET', `${CH}/thread-members`, await emu.call('GET', `/channels/${welcomeThread}/thread-members`));
    check(
      'GET',
      `${CH}/thread-members`,
      await emu.call('GET', `/channels/${welcomeThread}/thread-members`, {
        query: { with_member: true, limit: 1 },
      }),
    );
    check(
      'GET',
      `${CH}/thread-members/{user_id}`,
      await emu.call('GET', `/channels/${welcomeThread}/thread-members/${alice.id}`, {
        query: { with_member: true },
      }),
    );
  });

  it('for role connections', async () => {
    const app = `/applications/${demo.applicationId}/role-connections/metadata`;
    check('GET', APP, await emu.call('GET', app));
    check(
      'PUT',
      APP,
      await emu.call('PUT', app, {
        json: [
          { type: 2, key: 'level', name: 'Level', description: 'Player level at least' },
          {
            type: 7,
            key: 'verified',
            name: 'Verified',
            description: 'Verified player',
            name_localizations: { fr: 'Vérifié' },
          },
        ],
      }),
    );
    check('GET', APP, await emu.call('GET', app));
    const me = `/users/@me/applications/${demo.applicationId}/role-connection`;
    const auth = { bearer: alice.token };
    check(
      'PUT',
      ME,
      await emu.call('PUT', me, {
        auth,
        json: {
          platform_name: 'Demo Game',
          platform_username: 'alice#1',
          metadata: { level: 12, verified: '1' },
        },
      }),
    );
    check('GET', ME, await emu.call('GET', me, { auth }));
  });

  it('for 4xx answers, each with its exact status', async () => {
    check('GET', INV, await emu.call('GET', '/invites/nosuchcode'), 404);
    check('DELETE', INV, await emu.call('DELETE', '/invites/nosuchcode'), 404);
    check(
      'POST',
      `${CH}/invites`,
      await emu.call('POST', `/channels/${general}/invites`, { json: { max_age: 604_801 } }),
      400,
    );
    const code = (await emu.call<{ code: string }>('POST', `/channels/${general}/invites`, { json: {} })).body
      .code;
    // Bad lines: the OpenAPI document gives every 400 the envelope; the specification's error table
    // (which wins, paths.md) gives this one `{target_users_file: [...]}`, checked as such here.
    const badLines = await emu.call('PUT', `/invites/${code}/target-users`, csvUpload('x\n'));
    expect(badLines.status).toBe(400);
    expect(badLines.body).toEqual({ target_users_file: [expect.stringMatching(/^line 1: /)] });
    check(
      'PUT',
      `${INV}/target-users`,
      await emu.call('PUT', `/invites/${code}/target-users`, csvUpload('user_id\n')),
      400,
    );
    check(
      'PUT',
      `${CH}/voice-status`,
      await emu.call('PUT', `/channels/${voice}/voice-status`, { json: { status: 'x'.repeat(501) } }),
      400,
    );
    check(
      'GET',
      `${CH}/thread-members/{user_id}`,
      await emu.call('GET', `/channels/${welcomeThread}/thread-members/${erin.id}`),
      404,
    );
    check(
      'GET',
      ME,
      await emu.call('GET', `/users/@me/applications/1/role-connection`, { auth: { bearer: alice.token } }),
      404,
    );
  });
});
