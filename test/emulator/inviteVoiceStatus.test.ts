/**
 * Set Voice Channel Status over loopback HTTP: the 500-character limit on both sides, clearing,
 * channel types, and its gateway and audit-log events.
 */
import { describe, expect, it } from 'vitest';
import { demo } from '../../src/emulator/world/demoSeed.js';
import { useEmulator } from '../support/emulator.js';
import { eventsAfter, expectFieldError, lastSeq } from '../support/inviteFixtures.js';

const emu = useEmulator();
const { voice, general, stage } = demo.channelIds;
const put = (json: unknown, channelId: string = voice) =>
  emu.call('PUT', `/channels/${channelId}/voice-status`, { json });
const statusOf = (channelId: string) =>
  emu.emulator.world.guilds.findChannel(channelId)?.channel.voice_status;

describe('Set Voice Channel Status (PUT /channels/{id}/voice-status)', () => {
  it('answers 204 and sets the status, firing VOICE_CHANNEL_STATUS_UPDATE and audit entry 192', async () => {
    const seq = lastSeq(emu);
    const res = await put({ status: 'ranked queue' });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(statusOf(voice)).toBe('ranked queue');
    expect(await eventsAfter(emu, seq, 'VOICE_CHANNEL_STATUS_UPDATE')).toEqual([
      {
        seq: expect.any(Number),
        type: 'VOICE_CHANNEL_STATUS_UPDATE',
        guild_id: demo.guildId,
        data: { id: voice, guild_id: demo.guildId, status: 'ranked queue' },
      },
    ]);
    const [audit] = await eventsAfter(emu, seq, 'GUILD_AUDIT_LOG_ENTRY_CREATE');
    expect(audit?.data).toMatchObject({
      action_type: 192,
      target_id: voice,
      user_id: demo.botUserId,
      options: { channel_id: voice, status: 'ranked queue' },
    });
  });

  it('takes 500 characters and refuses 501, naming status', async () => {
    expect((await put({ status: 'x'.repeat(500) })).status).toBe(204);
    expect(statusOf(voice)).toHaveLength(500);
    const messages = expectFieldError(await put({ status: 'y'.repeat(501) }), ['status']);
    expect(messages[0]).toMatch(/500/);
    expect(statusOf(voice)).toHaveLength(500);
  });

  it('clears the status with null or an empty string (audit entry 193)', async () => {
    await put({ status: 'up' });
    const seq = lastSeq(emu);
    expect((await put({ status: null })).status).toBe(204);
    expect(statusOf(voice)).toBeNull();
    await put({ status: 'again' });
    expect((await put({ status: '' })).status).toBe(204);
    expect(statusOf(voice)).toBeNull();
    const audits = await eventsAfter(emu, seq, 'GUILD_AUDIT_LOG_ENTRY_CREATE');
    expect(audits.map((a) => a.data.action_type)).toEqual([193, 192, 193]);
  });

  it('requires the status field, naming it', async () => {
    expectFieldError(await put({}), ['status']);
    expectFieldError(await put({ status: 5 }), ['status']);
  });

  it('answers 400 50024 for text and stage channels, 404 10003 for unknown ones', async () => {
    for (const channel of [general, stage]) {
      const res = await put({ status: 'x' }, channel);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 50024 });
    }
    const unknown = await put({ status: 'x' }, '1');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 10003 });
  });
});
