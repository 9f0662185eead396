/**
 * How the control API routes (the platform's table-driven router over the control table): 404 for a
 * path no route has, 405 for a path only other methods have, 404 for a path whose ids are malformed
 * (whatever the method), and the list at `/_emulator` and `/_emulator/`.
 */
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src/emulator/createEmulator.js';

let emu: Emulator;
beforeAll(async () => {
  emu = await createEmulator({}, { routes: [], handlers: {} });
});
afterAll(async () => {
  await emu.close();
});

async function status(method: string, path: string): Promise<{ status: number; body: unknown }> {
  const res = await request(`${emu.url}/_emulator${path}`, { method: method as 'GET' });
  const text = await res.body.text();
  return { status: res.statusCode, body: text ? JSON.parse(text) : undefined };
}

describe('control API routing', () => {
  it('lists every control route at /_emulator and /_emulator/, gateway and webhook routes included', async () => {
    const bare = await status('GET', '');
    expect(bare.status).toBe(200);
    expect((await status('GET', '/')).body).toEqual(bare.body);
    const paths = (bare.body as { routes: Array<{ method: string; path: string }> }).routes.map(
      (r) => `${r.method} ${r.path}`,
    );
    expect(paths).toEqual(
      expect.arrayContaining([
        'GET /_emulator',
        'GET /_emulator/events?after=SEQ',
        'PUT /_emulator/applications/{application_id}/webhook',
        'GET /_emulator/gateway/sessions',
        'POST /_emulator/gateway/sessions/{session_id}/reconnect',
      ]),
    );
    expect(new Set(paths).size).toBe(paths.length);
  });

  it.each([
    ['GET', '/nothing'],
    ['GET', '/users/123'],
    ['POST', '/guilds/123/members'],
    ['PATCH', '/guilds/12a'],
    ['DELETE', '/guilds/12a'],
    ['PATCH', `/guilds/${'1'.repeat(21)}`],
    ['POST', '/invites/no_underscores/accept'],
    ['POST', `/invites/${'a'.repeat(101)}/accept`],
    ['POST', '/gateway/sessions/NOTHEX/reconnect'],
    ['GET', '/gateway/sessions/NOTHEX/reconnect'],
    ['POST', '/gateway/sessions/abc/explode'],
    ['GET', '/gateway'],
    ['GET', '/state/more'],
  ])('%s %s is 404', async (method, path) => {
    expect(await status(method, path)).toEqual({ status: 404, body: { message: '404: Not Found', code: 0 } });
  });

  it.each([
    ['DELETE', '/users'],
    ['GET', '/reset'],
    ['POST', '/state'],
    ['GET', '/guilds/123/members/456'],
    ['DELETE', '/invites/abc-1/accept'],
    ['POST', '/applications/123/webhook'],
    ['POST', '/gateway/sessions'],
    ['GET', '/gateway/sessions/abc123/disconnect'],
  ])('%s %s is 405', async (method, path) => {
    expect(await status(method, path)).toEqual({
      status: 405,
      body: { message: '405: Method Not Allowed', code: 0 },
    });
  });

  it('answers an unknown gateway session 404 once routed', async () => {
    const res = await request(`${emu.url}/_emulator/gateway/sessions/abc123/reconnect`, { method: 'POST' });
    expect(res.statusCode).toBe(404);
    expect(await res.body.json()).toEqual({ code: 0, message: 'Unknown or disconnected gateway session' });
  });
});
