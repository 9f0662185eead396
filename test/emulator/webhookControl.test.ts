/** The control API's webhook routes refuse bad input with the platform's envelope, never a 5xx. */
import { describe, expect, it } from 'vitest';
import { demo } from '../../src/emulator/world/demoSeed.js';
import { useEmulator } from '../support/emulator.js';

const emu = useEmulator();

async function control(method: string, path: string, body?: unknown) {
  const response = await fetch(`${emu.emulator.url}/_emulator${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}

describe('control API: webhook routes', () => {
  it('lists every webhook route in GET /_emulator', async () => {
    const list = (await control('GET', '')).body?.routes as Array<{ method: string; path: string }>;
    const names = list.map((r) => `${r.method} ${r.path}`);
    for (const route of [
      'PUT /_emulator/applications/{application_id}/webhook',
      'GET /_emulator/applications/{application_id}/webhook',
      'DELETE /_emulator/applications/{application_id}/webhook',
      'POST /_emulator/applications/{application_id}/authorizations',
      'DELETE /_emulator/applications/{application_id}/authorizations/{user_id}',
      'POST /_emulator/lobbies/{lobby_id}/messages',
      'PATCH /_emulator/lobbies/{lobby_id}/messages/{message_id}',
      'DELETE /_emulator/lobbies/{lobby_id}/messages/{message_id}',
      'PATCH /_emulator/dms/{message_id}',
      'DELETE /_emulator/dms/{message_id}',
    ])
      expect(names).toContain(route);
  });

  it('refuses a URL with credentials, and a missing URL, naming the field', async () => {
    const path = `/applications/${demo.applicationId}/webhook`;
    for (const body of [{ url: 'http://me:secret@127.0.0.1:9/x' }, {}, { url: 'not a url' }]) {
      const answer = await control('PUT', path, body);
      expect(answer.status).toBe(400);
      expect(answer.body?.code).toBe(50035);
      expect(answer.body?.errors).toHaveProperty('url');
      expect(JSON.stringify(answer.body)).not.toContain('secret');
    }
  });

  it('lobby messages: members only (403 50001), unknown lobby 404 10031, unknown message 404 10008, content checked', async () => {
    const post = (body: unknown, lobby = demo.lobbyId) => control('POST', `/lobbies/${lobby}/messages`, body);
    expect((await post({ user_id: demo.users[2].id, content: 'hi' })).body?.code).toBe(50001);
    expect((await post({ user_id: demo.users[0].id, content: 'hi' }, '1')).body?.code).toBe(10031);
    const empty = await post({ user_id: demo.users[0].id, content: '' });
    expect(empty.status).toBe(400);
    expect(empty.body?.errors).toHaveProperty('content');
    expect((await post({ user_id: '1', content: 'hi' })).body?.code).toBe(10013);
    const made = await post({ user_id: demo.users[0].id, content: 'hi', metadata: { k: 'v' } });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      content: 'hi',
      metadata: { k: 'v' },
      author: { id: demo.users[0].id },
    });
    const id = made.body?.id as string;
    expect((await control('PATCH', `/lobbies/${demo.lobbyId}/messages/${id}`, {})).status).toBe(400);
    const edited = await control('PATCH', `/lobbies/${demo.lobbyId}/messages/${id}`, { metadata: null });
    expect(edited.status).toBe(200);
    expect(edited.body?.metadata).toBeUndefined();
    expect(edited.body?.edited_timestamp).toEqual(expect.any(String));
    expect((await control('DELETE', `/lobbies/${demo.lobbyId}/messages/${id}`)).status).toBe(204);
    expect((await control('DELETE', `/lobbies/${demo.lobbyId}/messages/${id}`)).body?.code).toBe(10008);
    expect((await control('PATCH', `/dms/${id}`, { content: 'x' })).body?.code).toBe(10008);
  });

  it('authorizations: scopes required, unknown user 10013; revoking twice is quiet', async () => {
    const path = `/applications/${demo.applicationId}/authorizations`;
    expect((await control('POST', path, { user_id: demo.users[4].id })).status).toBe(400);
    expect((await control('POST', path, { user_id: '1', scopes: ['identify'] })).body?.code).toBe(10013);
    expect((await control('POST', path, { user_id: demo.users[4].id, scopes: ['identify'] })).status).toBe(
      201,
    );
    const before = emu.emulator.world.events.lastSeq;
    expect((await control('DELETE', `${path}/${demo.users[4].id}`)).status).toBe(204);
    expect((await control('DELETE', `${path}/${demo.users[4].id}`)).status).toBe(204);
    const types = emu.emulator.world.events.after(before).map((e) => e.type);
    expect(types).toEqual(['APPLICATION_DEAUTHORIZED']);
  });
});
