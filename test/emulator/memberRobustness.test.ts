/**
 * No member-area operation answers 500 to anything a client sends: every route of the area, with no
 * body and with bodies of the wrong shape, answers a 2xx or a 4xx in the platform's envelope.
 */
import { describe, expect, it } from 'vitest';
import { demo } from '../../src/emulator/world/demoSeed.js';
import { memberRoutes } from '../../src/spec/routes/memberRoutes.js';
import { useEmulator } from '../support/emulator.js';

const emu = useEmulator();
const carol = demo.users[2];

function concretePath(template: string): string {
  return template
    .replace('{guild_id}', demo.guildId)
    .replace('{user_id}', carol.id)
    .replace('{role_id}', demo.roleIds.player);
}

const bodies: Array<{
  label: string;
  options: { json?: unknown; body?: string; headers?: Record<string, string> };
}> = [
  { label: 'no body', options: {} },
  { label: 'an empty object', options: { json: {} } },
  { label: 'an array', options: { json: [1, 'x', null] } },
  { label: 'a string', options: { json: 'x' } },
  { label: 'nulls everywhere', options: { json: { nick: null, roles: null, user_ids: null, days: null } } },
  { label: 'invalid JSON', options: { body: '{', headers: { 'content-type': 'application/json' } } },
];

describe('member-area routes never answer 500', () => {
  for (const route of Object.values(memberRoutes)) {
    it(`${route.name} (${route.method} ${route.path})`, async () => {
      for (const { label, options } of bodies) {
        const res = await emu.call(route.method, concretePath(route.path), options);
        expect(res.status, `${label}: ${res.text}`).toBeLessThan(500);
        if (res.status >= 400) expect(typeof (res.body as { code?: unknown }).code, label).toBe('number');
      }
    });
  }
});
