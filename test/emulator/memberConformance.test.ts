/**
 * Every member-area operation's 2xx answer, and 4xx answers, validated against the platform's
 * official OpenAPI document (skipped, visibly, where the document is absent). The document has no
 * path for the deprecated Modify Current User Nick: its answer is checked against the route table's
 * schema instead.
 */
import { expect, it } from 'vitest';
import { demo } from '../../src/emulator/world/demoSeed.js';
import { routes } from '../../src/spec/routes.js';
import { type CallResult, useEmulator } from '../support/emulator.js';
import { demoGuild } from '../support/guildFixtures.js';
import { describeConformance, expectConforms } from '../support/openapi.js';

const emu = useEmulator();
const [, , carol, dave, erin] = demo.users;
const G = `/guilds/${demo.guildId}`;
const T = '/guilds/{guild_id}';

/** The answer has exactly `status`, and is what the document declares for it. */
function check(method: string, template: string, res: CallResult, status: number): void {
  expect(res.status, `${method} ${template}: ${res.text}`).toBe(status);
  expectConforms(method, template, res);
}

describeConformance('member-area answers match the OpenAPI document', () => {
  it('for members', async () => {
    check('GET', `${T}/members/{user_id}`, await emu.call('GET', `${G}/members/${carol.id}`), 200);
    check(
      'PUT',
      `${T}/members/{user_id}`,
      await emu.call('PUT', `${G}/members/${erin.id}`, { json: { access_token: erin.token, nick: 'E' } }),
      201,
    );
    check(
      'PUT',
      `${T}/members/{user_id}`,
      await emu.call('PUT', `${G}/members/${erin.id}`, { json: { access_token: erin.token } }),
      204,
    );
    check(
      'PATCH',
      `${T}/members/{user_id}`,
      await emu.call('PATCH', `${G}/members/${dave.id}`, {
        json: {
          nick: 'D',
          mute: true,
          flags: 4,
          communication_disabled_until: new Date(emu.emulator.world.now() + 60_000).toISOString(),
        },
      }),
      200,
    );
    check('GET', `${T}/members`, await emu.call('GET', `${G}/members`, { query: { limit: 1000 } }), 200);
    check(
      'GET',
      `${T}/members/search`,
      await emu.call('GET', `${G}/members/search`, { query: { query: 'd', limit: 10 } }),
      200,
    );
    check(
      'PATCH',
      `${T}/members/@me`,
      await emu.call('PATCH', `${G}/members/@me`, {
        json: { nick: 'Bot', avatar: 'data:image/png;base64,iVBORw0KGgo=', bio: 'hi' },
      }),
      200,
    );
    const nick = await emu.call('PATCH', `${G}/members/@me/nick`, { json: { nick: 'Bot' } });
    expect(nick.status).toBe(200);
    expect(routes.modifyCurrentUserNick.response.safeParse(nick.body).success).toBe(true);
    check(
      'PUT',
      `${T}/members/{user_id}/roles/{role_id}`,
      await emu.call('PUT', `${G}/members/${carol.id}/roles/${demo.roleIds.moderator}`),
      204,
    );
    check(
      'DELETE',
      `${T}/members/{user_id}/roles/{role_id}`,
      await emu.call('DELETE', `${G}/members/${carol.id}/roles/${demo.roleIds.moderator}`),
      204,
    );
    check('DELETE', `${T}/members/{user_id}`, await emu.call('DELETE', `${G}/members/${erin.id}`), 204);
  });

  it('for bans', async () => {
    check(
      'PUT',
      `${T}/bans/{user_id}`,
      await emu.call('PUT', `${G}/bans/${carol.id}`, { json: { delete_message_seconds: 0 } }),
      204,
    );
    check('GET', `${T}/bans`, await emu.call('GET', `${G}/bans`), 200);
    check('GET', `${T}/bans/{user_id}`, await emu.call('GET', `${G}/bans/${carol.id}`), 200);
    check('DELETE', `${T}/bans/{user_id}`, await emu.call('DELETE', `${G}/bans/${carol.id}`), 204);
    check(
      'POST',
      `${T}/bulk-ban`,
      await emu.call('POST', `${G}/bulk-ban`, { json: { user_ids: [carol.id, demo.users[0].id] } }),
      200,
    );
  });

  it('for roles', async () => {
    check('GET', `${T}/roles`, await emu.call('GET', `${G}/roles`), 200);
    const created = await emu.call<{ id: string }>('POST', `${G}/roles`, { json: { name: 'New' } });
    check('POST', `${T}/roles`, created, 200);
    check(
      'PATCH',
      `${T}/roles`,
      await emu.call('PATCH', `${G}/roles`, { json: [{ id: created.body.id, position: 2 }] }),
      200,
    );
    check('GET', `${T}/roles/{role_id}`, await emu.call('GET', `${G}/roles/${created.body.id}`), 200);
    check(
      'PATCH',
      `${T}/roles/{role_id}`,
      await emu.call('PATCH', `${G}/roles/${created.body.id}`, { json: { name: 'Renamed', hoist: true } }),
      200,
    );
    check('GET', `${T}/roles/member-counts`, await emu.call('GET', `${G}/roles/member-counts`), 200);
    check('DELETE', `${T}/roles/{role_id}`, await emu.call('DELETE', `${G}/roles/${created.body.id}`), 204);
  });

  it('for pruning', async () => {
    demoGuild(emu).members.get(dave.id)?.roles.splice(0);
    check('GET', `${T}/prune`, await emu.call('GET', `${G}/prune`, { query: { days: 1 } }), 200);
    check('POST', `${T}/prune`, await emu.call('POST', `${G}/prune`, { json: { days: 1 } }), 200);
    check(
      'POST',
      `${T}/prune`,
      await emu.call('POST', `${G}/prune`, { json: { compute_prune_count: false } }),
      200,
    );
  });

  it('for errors', async () => {
    check('GET', `${T}/members/{user_id}`, await emu.call('GET', `${G}/members/${erin.id}`), 404);
    check('GET', `${T}/members`, await emu.call('GET', `${G}/members`, { query: { limit: 1001 } }), 400);
    check('GET', `${T}/bans/{user_id}`, await emu.call('GET', `${G}/bans/${erin.id}`), 404);
    check(
      'POST',
      `${T}/bulk-ban`,
      await emu.call('POST', `${G}/bulk-ban`, { json: { user_ids: ['42'] } }),
      400,
    );
    check(
      'PATCH',
      `${T}/members/{user_id}`,
      await emu.call('PATCH', `${G}/members/${carol.id}`, { json: { mute: true } }),
      400,
    );
    check(
      'PATCH',
      `${T}/roles/{role_id}`,
      await emu.call('PATCH', `${G}/roles/${demo.roleIds.admin}`, { json: { name: 'x' } }),
      403,
    );
    check('GET', `${T}/prune`, await emu.call('GET', `${G}/prune`, { query: { days: 31 } }), 400);
  });
});
