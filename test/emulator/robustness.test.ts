/**
 * Hostile input at every route of the table: wrong types, huge and deeply nested bodies,
 * prototype-pollution keys, bad snowflakes, bad CSV, broken multipart. No answer may be a 5xx and the
 * process must stay up and unpolluted.
 */
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { demo } from '../../src/emulator/world/demoSeed.js';
import { pathParams, type RouteDef } from '../../src/spec/route.js';
import { routeList } from '../../src/spec/routes.js';
import { useEmulator } from '../support/emulator.js';

const emu = useEmulator({ resetEachTest: false });

const goodIds: Readonly<Record<string, string>> = {
  lobby_id: demo.lobbyId,
  guild_id: demo.guildId,
  channel_id: demo.channelIds.general,
  user_id: demo.users[1].id,
  user_id_1: demo.users[0].id,
  user_id_2: demo.users[1].id,
  role_id: demo.roleIds.player,
  message_id: '1',
  application_id: demo.applicationId,
  integration_id: '1',
  code: 'nonexistent',
};
const badIds = ['abc', '99999999999999999999999', '-1', '%00', '%E0%A4%A', '1.5', '@me', 'x'.repeat(300)];

const bodies: readonly string[] = [
  'null',
  '[]',
  '{}',
  '"text"',
  '12',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"metadata":{"__proto__":"x"},"members":[{"id":{"$ne":1}}]}',
  `{"a":${'['.repeat(500)}${']'.repeat(500)}}`,
  `[${'{"id":"1"},'.repeat(3000)}{"id":"1"}]`,
  JSON.stringify({ name: 'x'.repeat(200_000), content: 'y'.repeat(100_000), secret: 'z'.repeat(5000) }),
  '{"name": 1e309, "limit": -0, "flags": 18446744073709551616, "permissions": "99999999999999999999999"}',
  '{bad json',
];

function pathFor(route: RouteDef, override?: [string, string]): string {
  let path = route.path;
  for (const name of pathParams(route.path)) {
    const value = override && override[0] === name ? override[1] : (goodIds[name] ?? '1');
    path = path.replace(`{${name}}`, value);
  }
  return path;
}

function authFor(route: RouteDef): Record<string, string> {
  if (route.auth === 'bearer') return { authorization: `Bearer ${demo.users[0].token}` };
  return { authorization: `Bot ${demo.botToken}` };
}

async function hit(method: string, path: string, headers: Record<string, string>, body?: string | Buffer) {
  const res = await request(`${emu.emulator.apiUrl}${path}`, {
    method: method as 'GET',
    headers,
    ...(body === undefined ? {} : { body }),
  });
  await res.body.dump();
  return res.statusCode;
}

const ok = (status: number) => status < 500;

describe('hostile input at every route', () => {
  for (const route of routeList) {
    it(`${route.name}: never a 5xx`, async () => {
      const statuses: Array<[string, number]> = [];
      const headers = { ...authFor(route), 'content-type': 'application/json' };
      for (const body of bodies)
        statuses.push([`body ${body.slice(0, 40)}`, await hit(route.method, pathFor(route), headers, body)]);
      for (const name of pathParams(route.path)) {
        for (const bad of badIds)
          statuses.push([
            `${name}=${bad}`,
            await hit(route.method, pathFor(route, [name, bad]), headers, '{}'),
          ]);
      }
      statuses.push(['no auth', await hit(route.method, pathFor(route), {}, '{}')]);
      statuses.push([
        'query',
        await hit(
          route.method,
          `${pathFor(route)}?limit=-1&limit=x&after=abc&with_counts=maybe&style=%00&__proto__=1`,
          headers,
        ),
      ]);
      if (route.bodyKind === 'multipart' || route.bodyKind === 'json-or-multipart') {
        const b = 'hostileBoundary';
        const multipart = { ...authFor(route), 'content-type': `multipart/form-data; boundary=${b}` };
        const csv = (text: string) =>
          `--${b}\r\nContent-Disposition: form-data; name="target_users_file"; filename="u.csv"\r\nContent-Type: text/csv\r\n\r\n${text}\r\n--${b}--`;
        for (const body of [
          csv('user_id\r\nabc\r\n-1\r\n\r\n99999999999999999999999'),
          csv('\u0000\u00ff,"unterminated'),
          csv(''),
          `--${b}\r\nContent-Disposition: form-data; name="payload_json"\r\n\r\n{"__proto__":1}\r\n--${b}--`,
          `--${b}\r\nbroken`,
          'not multipart at all',
        ]) {
          statuses.push([
            `multipart ${body.slice(0, 40)}`,
            await hit(route.method, pathFor(route), multipart, body),
          ]);
        }
      }
      const bad = statuses.filter(([, status]) => !ok(status));
      expect(bad, JSON.stringify(bad)).toEqual([]);
    });
  }

  it('leaves the process up and Object.prototype clean', async () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // (The barrage may have deleted the demo lobby: make a fresh one to show the process answers.)
    const headers = { authorization: `Bot ${demo.botToken}`, 'content-type': 'application/json' };
    expect(await hit('POST', '/lobbies', headers, '{}')).toBe(201);
  });
});
