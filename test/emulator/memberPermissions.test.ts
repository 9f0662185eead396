/**
 * The permission matrix of the member area over loopback HTTP: for every operation (and every field
 * of Modify Guild Member) that needs a permission, a bot holding exactly the needed permissions
 * succeeds, the same bot missing any one of them gets 403 code 50013, and ADMINISTRATOR alone or
 * owning the guild passes.
 */
import { describe, expect, it } from 'vitest';
import { demo } from '../../src/emulator/world/demoSeed.js';
import type { PermissionName } from '../../src/spec/permissions.js';
import { type CallResult, useEmulator } from '../support/emulator.js';
import { expectError, newUser, type TestBot, testBot } from '../support/guildFixtures.js';

const emu = useEmulator();
const [, , carol, dave, erin] = demo.users;
const G = `/guilds/${demo.guildId}`;

interface Case {
  /** Operation (and field) under test. */
  readonly name: string;
  /** Every permission the call needs. */
  readonly needs: PermissionName[];
  /** Set-up the call relies on (runs once, before any call). */
  readonly setup?: () => Promise<void>;
  readonly run: (bot: TestBot) => Promise<CallResult>;
  readonly ok: number;
}

/** Erin banned by the demo bot, as the platform would record it. */
const banErin = async () => {
  const res = await emu.call('PUT', `/guilds/${demo.guildId}/bans/${erin.id}`, { json: {} });
  expect(res.status, res.text).toBe(204);
};

const cases: Case[] = [
  {
    name: 'addGuildMember',
    needs: ['CREATE_INSTANT_INVITE'],
    run: async (bot) => {
      const user = await newUser(emu, 'frank', { applicationId: bot.applicationId });
      return emu.call('PUT', `${G}/members/${user.id}`, {
        auth: bot.auth,
        json: { access_token: user.access_token },
      });
    },
    ok: 201,
  },
  ...(
    [
      ['nick', ['MANAGE_NICKNAMES'], carol.id, { nick: 'x' }],
      ['roles', ['MANAGE_ROLES'], carol.id, { roles: [] }],
      ['mute', ['MUTE_MEMBERS'], dave.id, { mute: true }],
      ['deaf', ['DEAFEN_MEMBERS'], dave.id, { deaf: true }],
      ['channel_id', ['MOVE_MEMBERS', 'CONNECT'], dave.id, { channel_id: demo.channelIds.stage }],
      [
        'communication_disabled_until',
        ['MODERATE_MEMBERS'],
        carol.id,
        { communication_disabled_until: 'soon' },
      ],
      ['flags (MANAGE_GUILD)', ['MANAGE_GUILD'], carol.id, { flags: 4 }],
      ['flags (MANAGE_ROLES)', ['MANAGE_ROLES'], carol.id, { flags: 4 }],
      [
        'flags (MODERATE, KICK and BAN)',
        ['MODERATE_MEMBERS', 'KICK_MEMBERS', 'BAN_MEMBERS'],
        carol.id,
        { flags: 4 },
      ],
    ] as const
  ).map(
    ([field, needs, target, body]): Case => ({
      name: `modifyGuildMember ${field}`,
      needs: [...needs],
      run: (bot) => {
        const json =
          'communication_disabled_until' in body
            ? { communication_disabled_until: new Date(emu.emulator.world.now() + 60_000).toISOString() }
            : body;
        return emu.call('PATCH', `${G}/members/${target}`, { auth: bot.auth, json });
      },
      ok: 200,
    }),
  ),
  {
    name: 'removeGuildMember',
    needs: ['KICK_MEMBERS'],
    run: (bot) => emu.call('DELETE', `${G}/members/${carol.id}`, { auth: bot.auth }),
    ok: 204,
  },
  {
    name: 'modifyCurrentMember nick',
    needs: ['CHANGE_NICKNAME'],
    run: (bot) => emu.call('PATCH', `${G}/members/@me`, { auth: bot.auth, json: { nick: 'me' } }),
    ok: 200,
  },
  {
    name: 'modifyCurrentUserNick',
    needs: ['CHANGE_NICKNAME'],
    run: (bot) => emu.call('PATCH', `${G}/members/@me/nick`, { auth: bot.auth, json: { nick: 'me' } }),
    ok: 200,
  },
  {
    name: 'addGuildMemberRole',
    needs: ['MANAGE_ROLES'],
    run: (bot) =>
      emu.call('PUT', `${G}/members/${carol.id}/roles/${demo.roleIds.moderator}`, { auth: bot.auth }),
    ok: 204,
  },
  {
    name: 'removeGuildMemberRole',
    needs: ['MANAGE_ROLES'],
    run: (bot) =>
      emu.call('DELETE', `${G}/members/${carol.id}/roles/${demo.roleIds.player}`, { auth: bot.auth }),
    ok: 204,
  },
  {
    name: 'getGuildBans',
    needs: ['BAN_MEMBERS'],
    run: (bot) => emu.call('GET', `${G}/bans`, { auth: bot.auth }),
    ok: 200,
  },
  {
    name: 'getGuildBan',
    needs: ['BAN_MEMBERS'],
    setup: banErin,
    run: (bot) => emu.call('GET', `${G}/bans/${erin.id}`, { auth: bot.auth }),
    ok: 200,
  },
  {
    name: 'createGuildBan',
    needs: ['BAN_MEMBERS'],
    run: (bot) => emu.call('PUT', `${G}/bans/${carol.id}`, { auth: bot.auth, json: {} }),
    ok: 204,
  },
  {
    name: 'removeGuildBan',
    needs: ['BAN_MEMBERS'],
    setup: banErin,
    run: (bot) => emu.call('DELETE', `${G}/bans/${erin.id}`, { auth: bot.auth }),
    ok: 204,
  },
  {
    name: 'bulkGuildBan',
    needs: ['BAN_MEMBERS', 'MANAGE_GUILD'],
    run: (bot) => emu.call('POST', `${G}/bulk-ban`, { auth: bot.auth, json: { user_ids: [carol.id] } }),
    ok: 200,
  },
  {
    name: 'createGuildRole',
    needs: ['MANAGE_ROLES'],
    run: (bot) => emu.call('POST', `${G}/roles`, { auth: bot.auth, json: { name: 'made' } }),
    ok: 200,
  },
  {
    name: 'modifyGuildRolePositions',
    needs: ['MANAGE_ROLES'],
    run: (bot) =>
      emu.call('PATCH', `${G}/roles`, { auth: bot.auth, json: [{ id: demo.roleIds.player, position: 2 }] }),
    ok: 200,
  },
  {
    name: 'modifyGuildRole',
    needs: ['MANAGE_ROLES'],
    run: (bot) =>
      emu.call('PATCH', `${G}/roles/${demo.roleIds.player}`, { auth: bot.auth, json: { name: 'P' } }),
    ok: 200,
  },
  {
    name: 'deleteGuildRole',
    needs: ['MANAGE_ROLES'],
    run: (bot) => emu.call('DELETE', `${G}/roles/${demo.roleIds.player}`, { auth: bot.auth }),
    ok: 204,
  },
  {
    name: 'getGuildPruneCount',
    needs: ['MANAGE_GUILD', 'KICK_MEMBERS'],
    run: (bot) => emu.call('GET', `${G}/prune`, { auth: bot.auth }),
    ok: 200,
  },
  {
    name: 'beginGuildPrune',
    needs: ['MANAGE_GUILD', 'KICK_MEMBERS'],
    run: (bot) => emu.call('POST', `${G}/prune`, { auth: bot.auth, json: {} }),
    ok: 200,
  },
];

describe('member-area permission matrix', () => {
  for (const c of cases) {
    it(`${c.name}: 403 50013 without ${c.needs.join(' or ')}, ${c.ok} with ${c.needs.join(' + ')}`, async () => {
      await c.setup?.();
      const bot = await testBot(emu);
      for (const missing of c.needs) {
        await bot.grant(...c.needs.filter((p) => p !== missing));
        expectError(await c.run(bot), 403, 50013);
      }
      await bot.grant(...c.needs);
      const res = await c.run(bot);
      expect(res.status, res.text).toBe(c.ok);
    });
  }

  for (const c of cases) {
    it(`${c.name}: ADMINISTRATOR alone passes`, async () => {
      await c.setup?.();
      const bot = await testBot(emu, ['ADMINISTRATOR']);
      const res = await c.run(bot);
      expect(res.status, res.text).toBe(c.ok);
    });
  }

  it('the owner passes with no permission at all', async () => {
    const bot = await testBot(emu);
    expect((await emu.control('PATCH', `/guilds/${demo.guildId}`, { owner_id: bot.userId })).status).toBe(
      200,
    );
    expect((await emu.call('DELETE', `${G}/members/${carol.id}`, { auth: bot.auth })).status).toBe(204);
    expect((await emu.call('POST', `${G}/roles`, { auth: bot.auth, json: {} })).status).toBe(200);
  });

  it('a bot that is not a member gets 403 50001, whatever the operation', async () => {
    const app = await emu.control<{ bot_token: string }>('POST', '/applications', { name: 'Outsider' });
    const auth = { bot: app.body.bot_token };
    expectError(await emu.call('GET', `${G}/roles`, { auth }), 403, 50001);
    expectError(await emu.call('GET', `${G}/bans`, { auth }), 403, 50001);
    expectError(await emu.call('DELETE', `${G}/members/${carol.id}`, { auth }), 403, 50001);
  });
});
