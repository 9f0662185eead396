/**
 * The permission matrix of the guild area: every operation with a permission answers 2xx with it and
 * 403 50013 without it; ADMINISTRATOR and the owner pass every check; a bot that is not a member gets
 * 403 50001 from every guild operation.
 */
import { describe, expect, it } from 'vitest';
import { demo } from '../../src/emulator/world/demoSeed.js';
import { type CallResult, useEmulator } from '../support/emulator.js';
import { expectError, G, giveTester, permissionNames, tester, testerSeed } from './guildTestKit.js';

const emu = useEmulator({ seed: testerSeed() });

type Grant = (typeof permissionNames)[number];

interface Case {
  readonly name: string;
  readonly needs: readonly Grant[];
  readonly status: number;
  /** Sends the request as the tester bot in `guildId`. */
  readonly send: (guildId: string) => Promise<CallResult>;
}

const as = (method: string, path: string, json?: unknown) =>
  emu.call(method, path, { auth: tester.auth, ...(json === undefined ? {} : { json }) });

async function integrationIn(guildId: string): Promise<string> {
  const res = await emu.control<{ id: string }>('POST', `/guilds/${guildId}/integrations`, {
    name: 'Subs',
    type: 'guild_subscription',
  });
  return res.body.id;
}

const cases: readonly Case[] = [
  {
    name: 'modifyGuild',
    needs: ['MANAGE_GUILD'],
    status: 200,
    send: (g) => as('PATCH', `/guilds/${g}`, { description: 'x' }),
  },
  {
    name: 'createGuildChannel',
    needs: ['MANAGE_CHANNELS'],
    status: 201,
    send: (g) => as('POST', `/guilds/${g}/channels`, { name: 'made' }),
  },
  {
    name: 'modifyGuildChannelPositions',
    needs: ['MANAGE_CHANNELS'],
    status: 204,
    send: (g) => as('PATCH', `/guilds/${g}/channels`, []),
  },
  {
    name: 'getGuildIntegrations',
    needs: ['MANAGE_GUILD'],
    status: 200,
    send: (g) => as('GET', `/guilds/${g}/integrations`),
  },
  {
    name: 'deleteGuildIntegration',
    needs: ['MANAGE_GUILD'],
    status: 204,
    send: async (g) => as('DELETE', `/guilds/${g}/integrations/${await integrationIn(g)}`),
  },
  {
    name: 'getGuildWidgetSettings',
    needs: ['MANAGE_GUILD'],
    status: 200,
    send: (g) => as('GET', `/guilds/${g}/widget`),
  },
  {
    name: 'modifyGuildWidget',
    needs: ['MANAGE_GUILD'],
    status: 200,
    send: (g) => as('PATCH', `/guilds/${g}/widget`, { enabled: true }),
  },
  {
    name: 'getGuildVanityUrl',
    needs: ['MANAGE_GUILD'],
    status: 200,
    send: (g) => as('GET', `/guilds/${g}/vanity-url`),
  },
  {
    name: 'getGuildWelcomeScreen (disabled)',
    needs: ['MANAGE_GUILD'],
    status: 200,
    send: (g) => as('GET', `/guilds/${g}/welcome-screen`),
  },
  {
    name: 'modifyGuildWelcomeScreen',
    needs: ['MANAGE_GUILD'],
    status: 200,
    send: (g) => as('PATCH', `/guilds/${g}/welcome-screen`, { description: 'hi' }),
  },
  {
    name: 'modifyGuildOnboarding',
    needs: ['MANAGE_GUILD', 'MANAGE_ROLES'],
    status: 200,
    send: (g) => as('PUT', `/guilds/${g}/onboarding`, { mode: 1 }),
  },
  {
    name: 'modifyGuildIncidentActions',
    needs: ['MANAGE_GUILD'],
    status: 200,
    send: (g) => as('PUT', `/guilds/${g}/incident-actions`, { invites_disabled_until: null }),
  },
];

describe('with and without the permission', () => {
  for (const c of cases) {
    it(`${c.name}: ${c.status} with ${c.needs.join(' and ')}`, async () => {
      await giveTester(emu, c.needs);
      const res = await c.send(G);
      expect(res.status, res.text).toBe(c.status);
    });

    it(`${c.name}: 403 50013 without it`, async () => {
      // Every other grant the matrix knows, except ADMINISTRATOR (which would pass).
      const others = permissionNames.filter((p) => p !== 'ADMINISTRATOR' && !c.needs.includes(p));
      await giveTester(emu, others);
      expectError(await c.send(G), 403, 50013);
      if (c.needs.length > 1) {
        for (const one of c.needs) {
          await giveTester(emu, [one]);
          expectError(await c.send(G), 403, 50013);
        }
      }
    });
  }
});

describe('ADMINISTRATOR and the owner pass every check', () => {
  it('ADMINISTRATOR', async () => {
    await giveTester(emu, ['ADMINISTRATOR']);
    for (const c of cases) expect((await c.send(G)).status, c.name).toBe(c.status);
  });

  it('the owner, with no role at all', async () => {
    const owned = await emu.control<{ id: string }>('POST', '/guilds', {
      name: 'Owned',
      owner_id: tester.botUserId,
    });
    for (const c of cases) expect((await c.send(owned.body.id)).status, c.name).toBe(c.status);
  });
});

describe('non-members', () => {
  it('get 403 50001 from every guild operation (the demo bot in a guild it is not in)', async () => {
    const other = await emu.control<{ id: string }>('POST', '/guilds', {
      name: 'Elsewhere',
      owner_id: demo.users[4].id,
    });
    const g = `/guilds/${other.body.id}`;
    const calls: Array<[string, string, unknown?]> = [
      ['GET', g],
      ['PATCH', g, { description: 'x' }],
      ['GET', `${g}/channels`],
      ['POST', `${g}/channels`, { name: 'x' }],
      ['PATCH', `${g}/channels`, []],
      ['GET', `${g}/threads/active`],
      ['GET', `${g}/regions`],
      ['GET', `${g}/integrations`],
      ['DELETE', `${g}/integrations/1`],
      ['GET', `${g}/widget`],
      ['PATCH', `${g}/widget`, { enabled: true }],
      ['GET', `${g}/vanity-url`],
      ['GET', `${g}/welcome-screen`],
      ['PATCH', `${g}/welcome-screen`, { description: 'x' }],
      ['GET', `${g}/onboarding`],
      ['PUT', `${g}/onboarding`, { mode: 1 }],
      ['PUT', `${g}/incident-actions`, { invites_disabled_until: null }],
    ];
    for (const [method, path, json] of calls) {
      const res = await emu.call(method, path, json === undefined ? {} : { json });
      expect([res.status, (res.body as { code: number }).code], `${method} ${path}`).toEqual([403, 50001]);
    }
  });

  it('get 404 10004 from every guild operation on an unknown guild', async () => {
    for (const [method, path] of [
      ['GET', '/guilds/1'],
      ['GET', '/guilds/1/channels'],
      ['GET', '/guilds/1/onboarding'],
      ['GET', '/guilds/1/widget.png'],
    ] as const) {
      expectError(await emu.call(method, path), 404, 10004);
    }
  });
});
