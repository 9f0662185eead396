/**
 * The guild widget over loopback HTTP: settings (read and modify, with events), widget.json (at most
 * 100 anonymised members, visible voice channels, the generated invite and its INVITE_CREATE),
 * widget.png as a real PNG in every style, and the vanity URL.
 */
import { crc32, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { demo } from '../../src/emulator/world/demoSeed.js';
import { widgetStyles } from '../../src/spec/flags.js';
import { useEmulator } from '../support/emulator.js';
import { eventsAfter, expectError, expectFieldError, G, GP, lastSeq } from './guildTestKit.js';

const emu = useEmulator();

interface WidgetJson {
  id: string;
  name: string;
  instant_invite: string | null;
  channels: Array<{ id: string; name: string; position: number }>;
  members: Array<Record<string, unknown>>;
  presence_count: number;
}

const widgetJson = () => emu.call<WidgetJson>('GET', `${GP}/widget.json`, { auth: 'none' });

async function rawPng(style?: string): Promise<{ status: number; type: string; bytes: Buffer }> {
  const url = `${emu.emulator.apiUrl}${GP}/widget.png${style ? `?style=${style}` : ''}`;
  const res = await fetch(url);
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, type: res.headers.get('content-type') ?? '', bytes };
}

interface PngChunk {
  type: string;
  data: Buffer;
  crcOk: boolean;
}

/** Reads a PNG's chunks, checking each CRC independently of the emulator's encoder. */
function readPng(bytes: Buffer): { signatureOk: boolean; chunks: PngChunk[] } {
  const signatureOk = bytes
    .subarray(0, 8)
    .equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const chunks: PngChunk[] = [];
  let at = 8;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const data = bytes.subarray(at + 8, at + 8 + length);
    const crc = bytes.readUInt32BE(at + 8 + length);
    chunks.push({ type, data, crcOk: crc32(bytes.subarray(at + 4, at + 8 + length)) === crc });
    at += 12 + length;
  }
  expect(at, 'the chunks fill the file exactly').toBe(bytes.length);
  return { signatureOk, chunks };
}

describe('Get Guild Widget Settings and Modify Guild Widget', () => {
  it('reads the settings', async () => {
    const res = await emu.call('GET', `${GP}/widget`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ enabled: true, channel_id: demo.channelIds.general });
  });

  it('changes them, fires GUILD_UPDATE and records the audit entry with the reason', async () => {
    const seq = lastSeq(emu);
    const res = await emu.call('PATCH', `${GP}/widget`, {
      json: { enabled: false, channel_id: null },
      headers: { 'x-audit-log-reason': 'quiet' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ enabled: false, channel_id: null });
    const events = await eventsAfter(emu, seq);
    expect(events.map((e) => e.type)).toEqual(['GUILD_AUDIT_LOG_ENTRY_CREATE', 'GUILD_UPDATE']);
    expect(events[1]?.data).toMatchObject({ id: G, widget_enabled: false, widget_channel_id: null });
    expect(events[0]?.data).toMatchObject({
      action_type: 1,
      reason: 'quiet',
      changes: [
        { key: 'widget_enabled', old_value: true, new_value: false },
        { key: 'widget_channel_id', old_value: demo.channelIds.general, new_value: null },
      ],
    });
  });

  it('refuses a channel that is not the guild’s or is a category', async () => {
    expectFieldError(await emu.call('PATCH', `${GP}/widget`, { json: { channel_id: '1' } }), ['channel_id']);
    expectFieldError(
      await emu.call('PATCH', `${GP}/widget`, { json: { channel_id: demo.channelIds.category } }),
      ['channel_id'],
    );
  });
});

describe('Get Guild Widget (widget.json)', () => {
  it('needs no authentication and shows the guild, voice channels @everyone sees and members', async () => {
    const res = await widgetJson();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: G, name: 'Demo Guild', presence_count: 5 });
    expect(res.body.channels).toEqual([
      { id: demo.channelIds.voice, name: 'Voice', position: 3 },
      { id: demo.channelIds.stage, name: 'Stage', position: 4 },
    ]);
    expect(res.body.members).toHaveLength(5);
  });

  it('anonymises member ids, discriminators and avatars', async () => {
    const { members } = (await widgetJson()).body;
    const realIds = new Set<string>([...demo.users.map((u) => u.id), demo.botUserId]);
    expect(members.map((m) => m.id)).toEqual(['0', '1', '2', '3', '4']);
    for (const member of members) {
      expect(realIds.has(member.id as string)).toBe(false);
      expect(member).toMatchObject({ discriminator: '0000', avatar: null, status: 'online' });
      expect(member.avatar_url).toMatch(/^https:\/\//);
    }
    expect(members.find((m) => m.username === 'Dave')).toMatchObject({ channel_id: demo.channelIds.voice });
  });

  it('leaves out a voice channel @everyone cannot see', async () => {
    emu.emulator.world.guilds
      .get(G)
      ?.channels.get(demo.channelIds.stage)
      ?.permission_overwrites.push({
        id: G,
        type: 0,
        allow: '0',
        deny: String(1n << 10n),
      });
    expect((await widgetJson()).body.channels.map((c) => c.id)).toEqual([demo.channelIds.voice]);
  });

  it('lists at most 100 members (100 of 101), while presence_count counts them all', async () => {
    for (let i = 0; i < 96; i++) {
      const user = await emu.control<{ id: string }>('POST', '/users', {
        username: `fan${String(i).padStart(3, '0')}`,
      });
      await emu.control('PUT', `/guilds/${G}/members/${user.body.id}`, {});
    }
    const hundredOne = (await widgetJson()).body;
    expect(hundredOne.presence_count).toBe(101);
    expect(hundredOne.members).toHaveLength(100);
    emu.emulator.world.guilds.get(G)?.members.delete(demo.users[3].id);
    const hundred = (await widgetJson()).body;
    expect(hundred.presence_count).toBe(100);
    expect(hundred.members).toHaveLength(100);
  });

  it('generates an invite to the widget channel once (INVITE_CREATE), and reuses it', async () => {
    const seq = lastSeq(emu);
    const first = (await widgetJson()).body.instant_invite;
    expect(first).toMatch(/^https:\/\/discord\.com\/invite\/[A-Za-z0-9]+$/);
    const code = first?.split('/').at(-1);
    const events = await eventsAfter(emu, seq);
    expect(events.map((e) => e.type)).toEqual(['INVITE_CREATE']);
    expect(events[0]?.data).toMatchObject({
      code,
      guild_id: G,
      channel_id: demo.channelIds.general,
      max_age: 86_400,
      uses: 0,
    });
    expect((await widgetJson()).body.instant_invite).toBe(first);
    expect(await eventsAfter(emu, events[0]?.seq ?? seq)).toEqual([]);
    const invite = emu.emulator.world.invites.get(code ?? '');
    expect(invite).toMatchObject({ guild_id: G, channel_id: demo.channelIds.general, inviter_id: null });
  });

  it('has no invite without a widget channel', async () => {
    await emu.call('PATCH', `${GP}/widget`, { json: { channel_id: null } });
    expect((await widgetJson()).body.instant_invite).toBeNull();
  });

  it('answers 403 50004 when the widget is off and 404 10004 for an unknown guild', async () => {
    await emu.call('PATCH', `${GP}/widget`, { json: { enabled: false } });
    expectError(await widgetJson(), 403, 50004);
    expectError(await emu.call('GET', '/guilds/1/widget.json', { auth: 'none' }), 404, 10004);
  });
});

describe('Get Guild Widget Image (widget.png)', () => {
  const sizes: Record<string, [number, number]> = {
    shield: [145, 20],
    banner1: [300, 120],
    banner2: [300, 60],
    banner3: [300, 100],
    banner4: [300, 160],
  };

  for (const style of widgetStyles) {
    it(`is a valid PNG in style ${style}`, async () => {
      const { status, type, bytes } = await rawPng(style);
      expect(status).toBe(200);
      expect(type).toBe('image/png');
      const { signatureOk, chunks } = readPng(bytes);
      expect(signatureOk).toBe(true);
      expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
      expect(chunks.every((c) => c.crcOk)).toBe(true);
      const ihdr = chunks[0]?.data as Buffer;
      const [width, height] = sizes[style] as [number, number];
      expect(ihdr.readUInt32BE(0)).toBe(width);
      expect(ihdr.readUInt32BE(4)).toBe(height);
      expect([...ihdr.subarray(8)]).toEqual([8, 6, 0, 0, 0]);
      const raw = inflateSync(chunks[1]?.data as Buffer);
      expect(raw.length).toBe((width * 4 + 1) * height);
      // Something is drawn: the image is not one flat colour.
      const pixels = new Set<string>();
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x += 7) {
          const i = y * (width * 4 + 1) + 1 + x * 4;
          pixels.add(raw.subarray(i, i + 4).toString('hex'));
        }
      }
      expect(pixels.size).toBeGreaterThan(1);
    });
  }

  it('defaults to shield and refuses an unknown style (400 50035 on style)', async () => {
    const plain = await rawPng();
    expect(plain.bytes.subarray(16, 24)).toEqual(Buffer.from([0, 0, 0, 145, 0, 0, 0, 20]));
    const bad = await emu.call('GET', `${GP}/widget.png`, { auth: 'none', query: { style: 'banner5' } });
    expectFieldError(bad, ['style']);
  });

  it('changes with the online count', async () => {
    const before = (await rawPng('shield')).bytes;
    emu.emulator.world.guilds.get(G)?.members.delete(demo.users[3].id);
    const after = (await rawPng('shield')).bytes;
    expect(after.equals(before)).toBe(false);
  });

  it('answers 403 50004 when the widget is off', async () => {
    await emu.call('PATCH', `${GP}/widget`, { json: { enabled: false } });
    expectError(await emu.call('GET', `${GP}/widget.png`, { auth: 'none' }), 403, 50004);
  });
});

describe('Get Guild Vanity URL', () => {
  it('answers code null without a vanity URL, and the code and uses with one', async () => {
    expect((await emu.call('GET', `${GP}/vanity-url`)).body).toEqual({ code: null, uses: 0 });
    await emu.control('PATCH', `/guilds/${G}`, {
      features: ['VANITY_URL'],
      vanity_url_code: 'demo',
      vanity_url_uses: 7,
    });
    expect((await emu.call('GET', `${GP}/vanity-url`)).body).toEqual({ code: 'demo', uses: 7 });
  });
});
