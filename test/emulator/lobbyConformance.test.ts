/**
 * Every lobby operation's 2xx answer, and its 4xx and 429 answers, validated against the platform's
 * official OpenAPI document (skipped, visibly, where the document is absent).
 */
import { expect, it } from 'vitest';
import { demo } from '../../src/emulator/world/demoSeed.js';
import { describeConformance, expectConforms } from '../support/openapi.js';
import { useEmulator } from '../support/emulator.js';

const emu = useEmulator();
const [alice, bob] = demo.users;
const L = '/lobbies/{lobby_id}';

describeConformance('lobby answers match the OpenAPI document', () => {
  it('for every success', async () => {
    const created = await emu.call<{ id: string }>('POST', '/lobbies', {
      json: { metadata: { a: 'b' }, members: [{ id: alice.id, flags: 1 }] },
    });
    expectConforms('POST', '/lobbies', created);
    expectConforms(
      'PUT',
      '/lobbies',
      await emu.call('PUT', '/lobbies', { auth: { bearer: alice.token }, json: { secret: 's' } }),
    );
    expectConforms('GET', L, await emu.call('GET', `/lobbies/${demo.lobbyId}`));
    expectConforms(
      'PATCH',
      L,
      await emu.call('PATCH', `/lobbies/${demo.lobbyId}`, { json: { metadata: { x: 'y' } } }),
    );
    expectConforms(
      'PUT',
      `${L}/members/{user_id}`,
      await emu.call('PUT', `/lobbies/${demo.lobbyId}/members/${bob.id}`, {
        json: { additional_name: 'Bobby' },
      }),
    );
    expectConforms(
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
    expectConforms('PATCH', `${L}/channel-linking`, linked);
    const sent = await emu.call<{ id: string }>('POST', `/lobbies/${demo.lobbyId}/messages`, {
      auth: { bearer: bob.token },
      json: { content: 'hi', metadata: { m: '1' } },
    });
    expectConforms('POST', `${L}/messages`, sent);
    await emu.call('PUT', `/lobbies/${demo.lobbyId}/messages/${sent.body.id}/moderation-metadata`, {
      json: { ok: 'yes' },
    });
    expectConforms(
      'GET',
      `${L}/messages`,
      await emu.call('GET', `/lobbies/${demo.lobbyId}/messages`, { auth: { bearer: alice.token } }),
    );
    expectConforms(
      'POST',
      `${L}/members/@me/invites`,
      await emu.call('POST', `/lobbies/${demo.lobbyId}/members/@me/invites`, { auth: { bearer: bob.token } }),
    );
    expectConforms(
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
    expectConforms('GET', L, await emu.call('GET', '/lobbies/1'));
    expectConforms(
      'POST',
      '/lobbies',
      await emu.call('POST', '/lobbies', { json: { idle_timeout_seconds: 1, members: [{ id: 'x' }] } }),
    );
    expectConforms(
      'POST',
      '/lobbies',
      await emu.call('POST', '/lobbies', { auth: { bearer: alice.token }, json: {} }),
    );
    expectConforms(
      'POST',
      `${L}/members/bulk`,
      await emu.call('POST', `/lobbies/${demo.lobbyId}/members/bulk`, { json: [{ id: '1' }] }),
    );
  });
});
