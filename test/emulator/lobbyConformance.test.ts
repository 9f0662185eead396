/**
 * Every lobby operation's 2xx answer, and its 4xx and 429 answers, validated against the platform's
 * official OpenAPI document (skipped, visibly, where the document is absent).
 */
import { describe, expect, it } from 'vitest';
import { demo } from '../../src/emulator/world/demoSeed.js';
import { describeErrors, hasOpenApi, openApiPath, responseValidator } from '../support/openapi.js';
import { type CallResult, useEmulator } from '../support/emulator.js';

const emu = useEmulator();
const [alice, bob] = demo.users;
const L = '/lobbies/{lobby_id}';

function check(method: string, template: string, res: CallResult): void {
  const validate = responseValidator(method, template, res.status);
  expect(validate, `${method} ${template} ${res.status} has a schema`).not.toBeNull();
  if (validate)
    expect(validate(res.body), `${method} ${template} ${res.status}: ${describeErrors(validate)}`).toBe(true);
}

if (!hasOpenApi)
  console.warn(`lobby conformance tests SKIPPED: the OpenAPI document is absent at ${openApiPath}`);

describe.skipIf(!hasOpenApi)('lobby answers match the OpenAPI document', () => {
  it('for every success', async () => {
    const created = await emu.call<{ id: string }>('POST', '/lobbies', {
      json: { metadata: { a: 'b' }, members: [{ id: alice.id, flags: 1 }] },
    });
    check('POST', '/lobbies', created);
    check(
      'PUT',
      '/lobbies',
      await emu.call('PUT', '/lobbies', { auth: { bearer: alice.token }, json: { secret: 's' } }),
    );
    check('GET', L, await emu.call('GET', `/lobbies/${demo.lobbyId}`));
    check(
      'PATCH',
      L,
      await emu.call('PATCH', `/lobbies/${demo.lobbyId}`, { json: { metadata: { x: 'y' } } }),
    );
    check(
      'PUT',
      `${L}/members/{user_id}`,
      await emu.call('PUT', `/lobbies/${demo.lobbyId}/members/${bob.id}`, {
        json: { additional_name: 'Bobby' },
      }),
    );
    check(
      'POST',
      `${L}/members/bulk`,
      await emu.call('POST', `/lobbies/${demo.lobbyId}/members/bulk`, {
        json: [{ id: bob.id, metadata: { k: 'v' } }],
      }),
    );
    const linked = await emu.call('PATCH', `/lobbies/${demo.lobbyId}/channel-linking`, {
      auth: { bearer: alice.token },
      json: { channel_id: demo.channelIds.lobbyChat },
    });
    check('PATCH', `${L}/channel-linking`, linked);
    const sent = await emu.call<{ id: string }>('POST', `/lobbies/${demo.lobbyId}/messages`, {
      auth: { bearer: bob.token },
      json: { content: 'hi', metadata: { m: '1' } },
    });
    check('POST', `${L}/messages`, sent);
    await emu.call('PUT', `/lobbies/${demo.lobbyId}/messages/${sent.body.id}/moderation-metadata`, {
      json: { ok: 'yes' },
    });
    check(
      'GET',
      `${L}/messages`,
      await emu.call('GET', `/lobbies/${demo.lobbyId}/messages`, { auth: { bearer: alice.token } }),
    );
    check(
      'POST',
      `${L}/members/@me/invites`,
      await emu.call('POST', `/lobbies/${demo.lobbyId}/members/@me/invites`, { auth: { bearer: bob.token } }),
    );
    check(
      'POST',
      `${L}/members/{user_id}/invites`,
      await emu.call('POST', `/lobbies/${demo.lobbyId}/members/${bob.id}/invites`),
    );
    const statuses = [
      (await emu.call('DELETE', `/lobbies/${demo.lobbyId}/members/${bob.id}`)).status,
      (await emu.call('DELETE', `/lobbies/${demo.lobbyId}/members/@me`, { auth: { bearer: alice.token } }))
        .status,
      (await emu.call('DELETE', `/lobbies/${created.body.id}`)).status,
    ];
    expect(statuses).toEqual([204, 204, 204]);
  });

  it('for errors', async () => {
    check('GET', L, await emu.call('GET', '/lobbies/1'));
    check(
      'POST',
      '/lobbies',
      await emu.call('POST', '/lobbies', { json: { idle_timeout_seconds: 1, members: [{ id: 'x' }] } }),
    );
    check(
      'POST',
      '/lobbies',
      await emu.call('POST', '/lobbies', { auth: { bearer: alice.token }, json: {} }),
    );
    check(
      'POST',
      `${L}/members/bulk`,
      await emu.call('POST', `/lobbies/${demo.lobbyId}/members/bulk`, { json: [{ id: '1' }] }),
    );
  });
});
