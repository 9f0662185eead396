/**
 * Guild settings over loopback HTTP: welcome screen (up to 5 channels, MANAGE_GUILD to read a
 * disabled one, GUILD_UPDATE when toggled), onboarding (the default-channel rule on both sides of its
 * boundaries, by mode), incident actions (at most 24 hours ahead, on the manual clock) and
 * integrations (at most 50 listed; deletion kicks the bot and fires its events).
 */
import { describe, expect, it } from 'vitest';
import { demo } from '../../src/emulator/world/demoSeed.js';
import { combinePermissions } from '../../src/spec/permissions.js';
import { useEmulator } from '../support/emulator.js';
import {
  eventsAfter,
  expectError,
  expectFieldError,
  G,
  GP,
  giveTester,
  lastSeq,
  tester,
  testerSeed,
} from './guildTestKit.js';

const emu = useEmulator({ seed: testerSeed() });
const [alice] = demo.users;

/** Makes `count` text channels; `sendable` of them let @everyone send, the rest deny it. */
async function textChannels(count: number, sendable = count): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const deny = i < sendable ? [] : [{ id: G, type: 0, deny: combinePermissions('SEND_MESSAGES') }];
    const res = await emu.call<{ id: string }>('POST', `${GP}/channels`, {
      json: { name: `c${i}`, permission_overwrites: deny },
    });
    expect(res.status, res.text).toBe(201);
    ids.push(res.body.id);
  }
  return ids;
}

const putOnboarding = (json: unknown, auth?: { bot: string }) =>
  emu.call<Record<string, unknown>>('PUT', `${GP}/onboarding`, { json, ...(auth ? { auth } : {}) });

describe('Welcome screen', () => {
  const channel = (id: string, n: number) => ({ channel_id: id, description: `c${n}` });

  it('takes up to 5 channels and refuses 6 (400 50035 on welcome_channels)', async () => {
    const ids = await textChannels(6);
    const five = await emu.call<{ welcome_channels: unknown[] }>('PATCH', `${GP}/welcome-screen`, {
      json: { welcome_channels: ids.slice(0, 5).map(channel) },
    });
    expect(five.status, five.text).toBe(200);
    expect(five.body.welcome_channels).toHaveLength(5);
    expectFieldError(
      await emu.call('PATCH', `${GP}/welcome-screen`, { json: { welcome_channels: ids.map(channel) } }),
      ['welcome_channels'],
    );
  });

  it('answers the screen with emoji fields null when absent', async () => {
    const res = await emu.call('PATCH', `${GP}/welcome-screen`, {
      json: {
        description: 'Welcome!',
        welcome_channels: [
          { channel_id: demo.channelIds.general, description: 'Chat', emoji_name: '👋' },
          { channel_id: demo.channelIds.lobbyChat, description: 'Play' },
        ],
      },
    });
    expect(res.body).toEqual({
      description: 'Welcome!',
      welcome_channels: [
        { channel_id: demo.channelIds.general, description: 'Chat', emoji_id: null, emoji_name: '👋' },
        { channel_id: demo.channelIds.lobbyChat, description: 'Play', emoji_id: null, emoji_name: null },
      ],
    });
    expectFieldError(
      await emu.call('PATCH', `${GP}/welcome-screen`, {
        json: { welcome_channels: [{ channel_id: '1', description: 'x' }] },
      }),
      ['welcome_channels', 0, 'channel_id'],
    );
  });

  it('needs MANAGE_GUILD to read while disabled, but not once enabled', async () => {
    expectError(await emu.call('GET', `${GP}/welcome-screen`, { auth: tester.auth }), 403, 50013);
    await emu.call('PATCH', `${GP}/welcome-screen`, { json: { enabled: true } });
    expect((await emu.call('GET', `${GP}/welcome-screen`, { auth: tester.auth })).status).toBe(200);
  });

  it('fires GUILD_UPDATE when enabled changes (feature WELCOME_SCREEN_ENABLED), not otherwise', async () => {
    let seq = lastSeq(emu);
    await emu.call('PATCH', `${GP}/welcome-screen`, {
      json: { enabled: true },
      headers: { 'x-audit-log-reason': 'welcome' },
    });
    let events = await eventsAfter(emu, seq);
    expect(events.map((e) => e.type)).toEqual(['GUILD_AUDIT_LOG_ENTRY_CREATE', 'GUILD_UPDATE']);
    expect(events[0]?.data).toMatchObject({ reason: 'welcome', action_type: 1 });
    expect(events[1]?.data.features).toContain('WELCOME_SCREEN_ENABLED');
    seq = lastSeq(emu);
    await emu.call('PATCH', `${GP}/welcome-screen`, { json: { description: 'same switch' } });
    events = await eventsAfter(emu, seq);
    expect(events.map((e) => e.type)).toEqual(['GUILD_AUDIT_LOG_ENTRY_CREATE']);
  });
});

describe('Onboarding', () => {
  it('reads the default onboarding', async () => {
    const res = await emu.call('GET', `${GP}/onboarding`);
    expect(res.body).toEqual({ guild_id: G, prompts: [], default_channel_ids: [], enabled: false, mode: 0 });
  });

  it('enables with 7 default channels, 5 of which @everyone can send in', async () => {
    const ids = await textChannels(7, 5);
    const res = await putOnboarding({ enabled: true, mode: 0, default_channel_ids: ids });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ enabled: true, default_channel_ids: ids, mode: 0 });
  });

  it('refuses to enable with 6 default channels: 400 code 350000, as the platform answers', async () => {
    const ids = await textChannels(6);
    const res = await putOnboarding({ enabled: true, mode: 0, default_channel_ids: ids });
    expect(res.body).toEqual({ code: 350000, message: 'Cannot enable onboarding, requirements are not met' });
    expectError(res, 400, 350000);
    expect((await emu.call('GET', `${GP}/onboarding`)).body).toMatchObject({ enabled: false });
  });

  it('refuses to enable with 7 channels of which only 4 let @everyone send (350000)', async () => {
    const ids = await textChannels(7, 4);
    expectError(await putOnboarding({ enabled: true, mode: 0, default_channel_ids: ids }), 400, 350000);
  });

  it('refuses to take an enabled onboarding below its requirements: 400 code 350001', async () => {
    const ids = await textChannels(7, 5);
    expect((await putOnboarding({ enabled: true, mode: 0, default_channel_ids: ids })).status).toBe(200);
    const res = await putOnboarding({ default_channel_ids: ids.slice(0, 6) });
    expect(res.body).toEqual({ code: 350001, message: 'Cannot update onboarding while below requirements' });
    expectError(res, 400, 350001);
    expectError(await putOnboarding({ enabled: true, default_channel_ids: ids.slice(1) }), 400, 350001);
    // Still at the requirements, or disabled: accepted.
    expect((await putOnboarding({ enabled: true, default_channel_ids: ids })).status).toBe(200);
    expect((await putOnboarding({ enabled: false, default_channel_ids: ids.slice(0, 1) })).status).toBe(200);
  });

  it('counts prompt channels under ONBOARDING_ADVANCED only', async () => {
    const ids = await textChannels(7);
    const body = (mode: number) => ({
      enabled: true,
      mode,
      default_channel_ids: ids.slice(0, 5),
      prompts: [
        {
          id: '100',
          title: 'Pick',
          options: [{ title: 'More', channel_ids: ids.slice(5) }],
        },
      ],
    });
    expectError(await putOnboarding(body(0)), 400, 350000);
    const ok = await putOnboarding(body(1));
    expect(ok.status, ok.text).toBe(200);
    const prompt = (ok.body.prompts as Array<Record<string, unknown>>)[0];
    expect(prompt).toMatchObject({
      id: '100',
      type: 0,
      single_select: false,
      required: false,
      in_onboarding: true,
    });
    expect((prompt as { options: unknown[] }).options[0]).toMatchObject({
      id: expect.stringMatching(/^\d+$/),
      title: 'More',
      description: '',
      channel_ids: ids.slice(5),
      role_ids: [],
      emoji: { id: null, name: null, animated: false },
    });
  });

  it('checks the rule against the stored fields when the body enables without channels', async () => {
    expectError(await putOnboarding({ enabled: true }), 400, 350000);
    const ids = await textChannels(7);
    expect((await putOnboarding({ default_channel_ids: ids })).body).toMatchObject({ enabled: false });
    expect((await putOnboarding({ enabled: true })).body).toMatchObject({
      enabled: true,
      default_channel_ids: ids,
    });
  });

  it('saves a disabled onboarding with fewer channels, and refuses unknown channels and roles', async () => {
    const saved = await putOnboarding({ enabled: false, default_channel_ids: [demo.channelIds.general] });
    expect(saved.status).toBe(200);
    expectFieldError(await putOnboarding({ default_channel_ids: ['1'] }), ['default_channel_ids', 0]);
    expectFieldError(
      await putOnboarding({ prompts: [{ id: '1', title: 't', options: [{ title: 'o', role_ids: ['1'] }] }] }),
      ['prompts', 0, 'options', 0, 'role_ids', 0],
    );
  });

  it('needs MANAGE_GUILD and MANAGE_ROLES, and records the audit entry', async () => {
    await giveTester(emu, ['MANAGE_GUILD']);
    expectError(await putOnboarding({ enabled: false }, tester.auth), 403, 50013);
    await giveTester(emu, ['MANAGE_ROLES']);
    expectError(await putOnboarding({ enabled: false }, tester.auth), 403, 50013);
    await giveTester(emu, ['MANAGE_GUILD', 'MANAGE_ROLES']);
    const seq = lastSeq(emu);
    const res = await emu.call('PUT', `${GP}/onboarding`, {
      auth: tester.auth,
      json: { mode: 1 },
      headers: { 'x-audit-log-reason': 'advanced' },
    });
    expect(res.status).toBe(200);
    const events = await eventsAfter(emu, seq);
    expect(events.map((e) => e.type)).toEqual(['GUILD_AUDIT_LOG_ENTRY_CREATE']);
    expect(events[0]?.data).toMatchObject({
      action_type: 167,
      reason: 'advanced',
      user_id: tester.botUserId,
    });
  });
});

describe('Modify Guild Incident Actions', () => {
  const at = (ms: number) => new Date(emu.emulator.world.now() + ms).toISOString();
  const DAY = 24 * 60 * 60 * 1000;

  it('takes a time exactly 24 hours ahead and refuses one second more', async () => {
    const ok = await emu.call<Record<string, string | null>>('PUT', `${GP}/incident-actions`, {
      json: { invites_disabled_until: at(DAY), dms_disabled_until: at(60_000) },
    });
    expect(ok.status, ok.text).toBe(200);
    expect(Date.parse(ok.body.invites_disabled_until as string)).toBe(emu.emulator.world.now() + DAY);
    expect(ok.body).toMatchObject({ dm_spam_detected_at: null, raid_detected_at: null });
    expectFieldError(
      await emu.call('PUT', `${GP}/incident-actions`, { json: { dms_disabled_until: at(DAY + 1000) } }),
      ['dms_disabled_until'],
    );
  });

  it('measures the 24 hours on the emulator clock', async () => {
    const target = at(DAY + 60_000);
    expectFieldError(
      await emu.call('PUT', `${GP}/incident-actions`, { json: { invites_disabled_until: target } }),
      ['invites_disabled_until'],
    );
    await emu.control('POST', '/clock', { advance_ms: 60_000 });
    const ok = await emu.call('PUT', `${GP}/incident-actions`, { json: { invites_disabled_until: target } });
    expect(ok.status, ok.text).toBe(200);
  });

  it('ends an action with null and keeps an absent one', async () => {
    await emu.call('PUT', `${GP}/incident-actions`, {
      json: { invites_disabled_until: at(1000), dms_disabled_until: at(2000) },
    });
    const res = await emu.call<Record<string, string | null>>('PUT', `${GP}/incident-actions`, {
      json: { invites_disabled_until: null },
    });
    expect(res.body.invites_disabled_until).toBeNull();
    expect(res.body.dms_disabled_until).not.toBeNull();
  });
});

describe('Integrations', () => {
  async function addIntegration(name: string, extra: Record<string, unknown> = {}): Promise<string> {
    const res = await emu.control<{ id: string }>('POST', `/guilds/${G}/integrations`, {
      name,
      type: 'twitch',
      user_id: alice.id,
      ...extra,
    });
    expect(res.status, res.text).toBe(201);
    return res.body.id;
  }

  it('lists at most 50 (50 of 51, all 50 of 50)', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) ids.push(await addIntegration(`i${i}`));
    const fifty = await emu.call<Array<{ id: string }>>('GET', `${GP}/integrations`);
    expect(fifty.body.map((i) => i.id)).toEqual(ids);
    await addIntegration('i50');
    const limited = await emu.call<Array<{ id: string }>>('GET', `${GP}/integrations`);
    expect(limited.body).toHaveLength(50);
    expect(limited.body.map((i) => i.id)).toEqual(ids);
  });

  it('sends the (b) fields for streaming integrations only, not for bots', async () => {
    const app = await emu.control<{ id: string }>('POST', '/applications', { name: 'Music' });
    await emu.control('POST', `/guilds/${G}/integrations`, {
      name: 'Music',
      type: 'discord',
      application_id: app.body.id,
    });
    await addIntegration('Stream');
    const [bot, stream] = (await emu.call<Array<Record<string, unknown>>>('GET', `${GP}/integrations`)).body;
    expect(bot).toMatchObject({ type: 'discord', application: { id: app.body.id, name: 'Music' } });
    expect(bot).not.toHaveProperty('syncing');
    expect(bot).not.toHaveProperty('expire_behavior');
    expect(stream).toMatchObject({ type: 'twitch', syncing: false, expire_behavior: 0, revoked: false });
  });

  it('deletes one: kicks its bot and fires GUILD_INTEGRATIONS_UPDATE and INTEGRATION_DELETE', async () => {
    const app = await emu.control<{ id: string; bot_user_id: string }>('POST', '/applications', {
      name: 'Music',
    });
    const made = await emu.control<{ id: string }>('POST', `/guilds/${G}/integrations`, {
      name: 'Music',
      type: 'discord',
      application_id: app.body.id,
    });
    const seq = lastSeq(emu);
    const res = await emu.call('DELETE', `${GP}/integrations/${made.body.id}`, {
      headers: { 'x-audit-log-reason': 'unused' },
    });
    expect(res.status).toBe(204);
    const events = await eventsAfter(emu, seq);
    expect(events.map((e) => e.type)).toEqual([
      'GUILD_MEMBER_REMOVE',
      'GUILD_AUDIT_LOG_ENTRY_CREATE',
      'GUILD_INTEGRATIONS_UPDATE',
      'INTEGRATION_DELETE',
    ]);
    expect(events[0]?.data).toMatchObject({ guild_id: G, user: { id: app.body.bot_user_id } });
    expect(events[1]?.data).toMatchObject({ action_type: 82, target_id: made.body.id, reason: 'unused' });
    expect(events[2]?.data).toEqual({ guild_id: G });
    expect(events[3]?.data).toEqual({ id: made.body.id, guild_id: G, application_id: app.body.id });
    expect((await emu.call<unknown[]>('GET', `${GP}/integrations`)).body).toEqual([]);
    expectError(await emu.call('DELETE', `${GP}/integrations/${made.body.id}`), 404, 10005);
  });
});
