/**
 * Every guild-area operation's 2xx answer, and 4xx answers, validated against the platform's
 * official OpenAPI document (skipped, visibly, where the document is absent).
 */
import { expect, it } from 'vitest';
import { demo } from '../../src/emulator/world/demoSeed.js';
import { describeConformance, expectConforms } from '../support/openapi.js';
import { useEmulator } from '../support/emulator.js';
import { G, GP } from './guildTestKit.js';

const emu = useEmulator();
const [alice] = demo.users;
const T = '/guilds/{guild_id}';

/** Seven text channels @everyone can send in, for an enabled onboarding. */
async function sevenTextChannels(): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < 7; i++) {
    const res = await emu.call<{ id: string }>('POST', `${GP}/channels`, { json: { name: `c${i}` } });
    expect(res.status, res.text).toBe(201);
    ids.push(res.body.id);
  }
  return ids;
}

describeConformance('guild answers match the OpenAPI document', () => {
  it('for the guild, its preview and the current user guilds', async () => {
    expectConforms('GET', T, await emu.call('GET', GP));
    const counted = await emu.call<Record<string, unknown>>('GET', GP, { query: { with_counts: true } });
    expectConforms('GET', T, counted);
    expect(counted.body.approximate_member_count).toBe(5);
    expectConforms(
      'PATCH',
      T,
      await emu.call('PATCH', GP, {
        json: {
          name: '  Renamed  ',
          afk_timeout: 60,
          afk_channel_id: demo.channelIds.voice,
          preferred_locale: 'fr',
        },
      }),
    );
    expectConforms('GET', `${T}/preview`, await emu.call('GET', `${GP}/preview`));
    expectConforms('GET', '/users/@me/guilds', await emu.call('GET', '/users/@me/guilds'));
    expectConforms(
      'GET',
      '/users/@me/guilds',
      await emu.call('GET', '/users/@me/guilds', {
        auth: { bearer: alice.token },
        query: { with_counts: true },
      }),
    );
  });

  it('for channels, threads and regions', async () => {
    expectConforms('GET', `${T}/channels`, await emu.call('GET', `${GP}/channels`));
    for (const json of [
      { name: 'text', topic: 't', rate_limit_per_user: 5 },
      { name: 'voice', type: 2, bitrate: 96_000, user_limit: 5 },
      { name: 'cat', type: 4 },
      { name: 'stage', type: 13, bitrate: 64_000 },
      { name: 'forum', type: 15, available_tags: [{ name: 'bug' }], default_forum_layout: 1 },
      { name: 'news', type: 5 },
    ]) {
      const res = await emu.call('POST', `${GP}/channels`, { json });
      expect(res.status, res.text).toBe(201);
      expectConforms('POST', `${T}/channels`, res);
    }
    const moved = await emu.call('PATCH', `${GP}/channels`, {
      json: [{ id: demo.channelIds.general, position: 9 }],
    });
    expect(moved.status).toBe(204);
    expect(moved.text).toBe('');
    expectConforms('GET', `${T}/threads/active`, await emu.call('GET', `${GP}/threads/active`));
    expectConforms('GET', `${T}/regions`, await emu.call('GET', `${GP}/regions`));
  });

  it('for integrations', async () => {
    const bot = await emu.control<{ id: string }>('POST', '/applications', { name: 'Music' });
    const made = await emu.control<{ id: string }>('POST', `/guilds/${G}/integrations`, {
      name: 'Music',
      type: 'discord',
      application_id: bot.body.id,
      user_id: alice.id,
    });
    await emu.control('POST', `/guilds/${G}/integrations`, {
      name: 'Streamer',
      type: 'twitch',
      user_id: alice.id,
      account: { id: 'acct', name: 'streamer' },
    });
    await emu.control('POST', `/guilds/${G}/integrations`, { name: 'Subs', type: 'guild_subscription' });
    const list = await emu.call<unknown[]>('GET', `${GP}/integrations`);
    expect(list.body).toHaveLength(3);
    expectConforms('GET', `${T}/integrations`, list);
    const deleted = await emu.call('DELETE', `${GP}/integrations/${made.body.id}`);
    expect(deleted.status).toBe(204);
  });

  it('for the widget, vanity URL, welcome screen, onboarding and incident actions', async () => {
    expectConforms('GET', `${T}/widget`, await emu.call('GET', `${GP}/widget`));
    expectConforms(
      'PATCH',
      `${T}/widget`,
      await emu.call('PATCH', `${GP}/widget`, {
        json: { enabled: true, channel_id: demo.channelIds.lobbyChat },
      }),
    );
    expectConforms('GET', `${T}/widget.json`, await emu.call('GET', `${GP}/widget.json`, { auth: 'none' }));
    const png = await emu.call('GET', `${GP}/widget.png`, { auth: 'none' });
    expect(png.status).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expectConforms('GET', `${T}/vanity-url`, await emu.call('GET', `${GP}/vanity-url`));
    expectConforms(
      'PATCH',
      `${T}/welcome-screen`,
      await emu.call('PATCH', `${GP}/welcome-screen`, {
        json: {
          enabled: true,
          description: 'Hi',
          welcome_channels: [
            { channel_id: demo.channelIds.general, description: 'Chat', emoji_name: '👋' },
            { channel_id: demo.channelIds.lobbyChat, description: 'Lobbies', emoji_id: null },
          ],
        },
      }),
    );
    expectConforms('GET', `${T}/welcome-screen`, await emu.call('GET', `${GP}/welcome-screen`));
    expectConforms('GET', `${T}/onboarding`, await emu.call('GET', `${GP}/onboarding`));
    const channels = await sevenTextChannels();
    const put = await emu.call('PUT', `${GP}/onboarding`, {
      json: {
        enabled: true,
        mode: 0,
        default_channel_ids: channels,
        prompts: [
          {
            id: '1',
            title: 'What do you play?',
            options: [
              { title: 'Racing', channel_ids: [demo.channelIds.general], emoji_name: '🏎️' },
              { title: 'Puzzles', description: 'Brainy', role_ids: [demo.roleIds.player] },
            ],
            single_select: false,
            required: true,
            in_onboarding: true,
            type: 0,
          },
        ],
      },
    });
    expect(put.status, put.text).toBe(200);
    expectConforms('PUT', `${T}/onboarding`, put);
    expectConforms('GET', `${T}/onboarding`, await emu.call('GET', `${GP}/onboarding`));
    const soon = new Date(emu.emulator.world.now() + 3_600_000).toISOString();
    expectConforms(
      'PUT',
      `${T}/incident-actions`,
      await emu.call('PUT', `${GP}/incident-actions`, { json: { invites_disabled_until: soon } }),
    );
  });

  it('for errors', async () => {
    expectConforms('GET', T, await emu.call('GET', '/guilds/1'));
    expectConforms('PATCH', T, await emu.call('PATCH', GP, { json: { name: ' x ' } }));
    expectConforms(
      'POST',
      `${T}/channels`,
      await emu.call('POST', `${GP}/channels`, { json: { name: 'v', type: 2, bitrate: 200_000 } }),
    );
    expectConforms(
      'GET',
      `${T}/widget.json`,
      await emu.call('GET', '/guilds/1/widget.json', { auth: 'none' }),
    );
    expectConforms(
      'PUT',
      `${T}/onboarding`,
      await emu.call('PUT', `${GP}/onboarding`, {
        json: { enabled: true, default_channel_ids: [demo.channelIds.general] },
      }),
    );
    expectConforms(
      'GET',
      `${T}/integrations`,
      await emu.call('GET', `${GP}/integrations`, { auth: { bearer: alice.token } }),
    );
  });
});
