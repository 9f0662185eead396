/**
 * The emulator's gateway spoken to directly with `ws`: Hello, the close codes of the platform with
 * their triggers, the session start limit on the emulator's clock, Resume's replay and refusals,
 * opcode 8 details (nonce, not_found, RATE_LIMITED envelope), intents and permissions filtering,
 * and the control API's gateway routes.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Emulator } from '../../src/emulator/createEmulator.js';
import { startEmulator } from '../../src/emulator/startEmulator.js';
import { demo } from '../../src/emulator/world/demoSeed.js';
import { eventIntents, GatewayIntent } from '../../src/spec/gateway.js';

interface Frame {
  op: number;
  d: unknown;
  s?: number | null;
  t?: string | null;
}

/** A raw gateway connection that records frames and its close. */
class Raw {
  readonly frames: Frame[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  readonly ws: WebSocket;
  #waiters: Array<() => void> = [];

  constructor(url: string) {
    this.ws = new WebSocket(url);
    this.ws.on('message', (data) => {
      this.frames.push(JSON.parse(String(data)) as Frame);
      for (const w of this.#waiters.splice(0)) w();
    });
    this.closed = new Promise((resolve) => {
      this.ws.on('close', (code, reason) => {
        resolve({ code, reason: String(reason) });
        for (const w of this.#waiters.splice(0)) w();
      });
    });
  }

  send(payload: unknown): void {
    this.ws.send(typeof payload === 'string' ? payload : JSON.stringify(payload));
  }

  /** The first frame (from `from` on) that passes `accept`. */
  async next(accept: (f: Frame) => boolean, from = 0): Promise<Frame> {
    for (;;) {
      const found = this.frames.slice(from).find(accept);
      if (found) return found;
      if (this.ws.readyState === WebSocket.CLOSED) throw new Error('closed before the frame came');
      await new Promise<void>((resolve) => this.#waiters.push(resolve));
    }
  }

  dispatch(t: string, from = 0): Promise<Frame> {
    return this.next((f) => f.op === 0 && f.t === t, from);
  }
}

const identify = (d: Record<string, unknown> = {}) => ({
  op: 2,
  d: {
    token: demo.botToken,
    intents: GatewayIntent.GUILDS | GatewayIntent.GUILD_MEMBERS | GatewayIntent.GUILD_MODERATION,
    properties: { os: 'test', browser: 'raw', device: 'raw' },
    ...d,
  },
});

/** A short heartbeat interval and a long grace: tests move the clock without heartbeating. */
const settings = { heartbeatIntervalMs: 1000, heartbeatGraceMs: 600_000, sessionStartTotal: 3 };

describe('the emulator gateway, raw', () => {
  let emu: Emulator;
  const opened: Raw[] = [];
  const open = (query = '?v=10&encoding=json'): Raw => {
    const raw = new Raw(`ws://127.0.0.1:${emu.port}/gateway${query}`);
    opened.push(raw);
    return raw;
  };
  const ready = async (d: Record<string, unknown> = {}): Promise<{ raw: Raw; session: string }> => {
    const raw = open();
    await raw.next((f) => f.op === 10);
    raw.send(identify(d));
    const r = await raw.dispatch('READY');
    return { raw, session: (r.d as { session_id: string }).session_id };
  };

  beforeAll(async () => {
    emu = await startEmulator({
      port: 0,
      clock: 'manual',
      rateLimits: 'off',
      gateway: settings,
    });
  });
  afterAll(() => emu.close());
  beforeEach(() => {
    for (const r of opened.splice(0)) r.ws.terminate();
    emu.reset();
  });

  it('says Hello with the heartbeat interval and acknowledges heartbeats', async () => {
    const raw = open();
    const hello = await raw.next((f) => f.op === 10);
    expect(hello.d).toEqual({ heartbeat_interval: 1000 });
    raw.send({ op: 1, d: null });
    await raw.next((f) => f.op === 11);
  });

  it('answers Ready with the platform fields, then GUILD_CREATE with sequence numbers', async () => {
    const { raw } = await ready({ shard: [0, 1] });
    const r = await raw.dispatch('READY');
    expect(r.s).toBe(1);
    expect(Object.keys(r.d as object).sort()).toEqual(
      ['application', 'guilds', 'resume_gateway_url', 'session_id', 'shard', 'user', 'v'].sort(),
    );
    expect((r.d as { shard: number[] }).shard).toEqual([0, 1]);
    const g = await raw.dispatch('GUILD_CREATE');
    expect(g.s).toBe(2);
    expect(g.d).toMatchObject({ id: demo.guildId, large: false, member_count: 5, unavailable: false });
  });

  const closeCases: Array<[string, number, (raw: Raw) => void]> = [
    ['an unknown opcode', 4001, (raw) => raw.send({ op: 99, d: null })],
    ['a payload that is not JSON', 4002, (raw) => raw.send('{nope')],
    ['a payload over 4096 bytes', 4002, (raw) => raw.send({ op: 1, d: 'x'.repeat(4100) })],
    [
      'a command before identifying',
      4003,
      (raw) => raw.send({ op: 8, d: { guild_id: demo.guildId, query: '', limit: 0 } }),
    ],
    ['a bad token', 4004, (raw) => raw.send(identify({ token: 'wrong' }))],
    ['undefined intent bits', 4013, (raw) => raw.send(identify({ intents: 1 << 30 }))],
    ['a shard id out of range', 4010, (raw) => raw.send(identify({ shard: [2, 2] }))],
  ];
  for (const [what, code, act] of closeCases) {
    it(`closes with ${code} on ${what}`, async () => {
      const raw = open();
      await raw.next((f) => f.op === 10);
      act(raw);
      expect((await raw.closed).code).toBe(code);
    });
  }

  it('closes with 4014 on a privileged intent not granted, and 4005 on a second identify', async () => {
    emu.world.createApplication({ name: 'Plain', privileged_intents: [], bot_token: 'plain-token' });
    const raw = open();
    await raw.next((f) => f.op === 10);
    raw.send(identify({ token: 'plain-token', intents: GatewayIntent.GUILD_PRESENCES }));
    expect((await raw.closed).code).toBe(4014);
    const { raw: again } = await ready();
    again.send(identify());
    expect((await again.closed).code).toBe(4005);
  });

  it('closes with 4011 when one session would hold more guilds than a shard may', async () => {
    await emu.close();
    emu = await startEmulator({
      port: 0,
      clock: 'manual',
      rateLimits: 'off',
      gateway: { maxGuildsPerShard: 0 },
    });
    const raw = open();
    await raw.next((f) => f.op === 10);
    raw.send(identify());
    expect((await raw.closed).code).toBe(4011);
    await emu.close();
    emu = await startEmulator({
      port: 0,
      clock: 'manual',
      rateLimits: 'off',
      gateway: settings,
    });
  });

  it('closes with 4008 on the 121st payload within 60 s, and not at 120', async () => {
    const raw = open();
    await raw.next((f) => f.op === 10);
    for (let i = 0; i < 120; i++) raw.send({ op: 1, d: null });
    await raw.next((f) => f.op === 11 && raw.frames.filter((x) => x.op === 11).length === 120);
    expect(raw.ws.readyState).toBe(WebSocket.OPEN);
    emu.manualClock?.advance(500);
    raw.send({ op: 1, d: null });
    expect((await raw.closed).code).toBe(4008);
  });

  it('keeps the session resumable after 4008, and sends GUILD_MEMBER_UPDATE about the bot without GUILD_MEMBERS', async () => {
    const { raw, session } = await ready({ intents: GatewayIntent.GUILDS });
    const guild = emu.world.guilds.require(demo.guildId);
    const bot = guild.members.get(demo.botUserId);
    const carol = guild.members.get(demo.users[2].id);
    if (bot && carol) {
      emu.world.guilds.memberUpdated(guild, carol);
      emu.world.guilds.memberUpdated(guild, bot);
    }
    const update = await raw.dispatch('GUILD_MEMBER_UPDATE');
    expect((update.d as { user: { id: string } }).user.id).toBe(demo.botUserId);
    expect(raw.frames.filter((f) => f.t === 'GUILD_MEMBER_UPDATE')).toHaveLength(1);
    for (let i = 0; i < 121; i++) raw.send({ op: 1, d: null });
    expect((await raw.closed).code).toBe(4008);
    expect(emu.gateway.sessions()).toEqual([
      expect.objectContaining({ session_id: session, connected: false }),
    ]);
    const back = open();
    await back.next((f) => f.op === 10);
    back.send({ op: 6, d: { token: demo.botToken, session_id: session, seq: update.s } });
    await back.dispatch('RESUMED');
  });

  it('closes with 4009 when heartbeats stop, on the emulator clock', async () => {
    const raw = open();
    await raw.next((f) => f.op === 10);
    emu.manualClock?.advance(600_999);
    raw.send({ op: 1, d: null });
    await raw.next((f) => f.op === 11);
    emu.manualClock?.advance(600_999);
    expect(raw.ws.readyState).toBe(WebSocket.OPEN);
    emu.manualClock?.advance(1);
    expect((await raw.closed).code).toBe(4009);
  });

  it('counts session starts on the emulator clock and refuses the one over the limit with Invalid Session', async () => {
    const limit = async () =>
      (
        await (
          await fetch(`${emu.apiUrl}/gateway/bot`, { headers: { authorization: `Bot ${demo.botToken}` } })
        ).json()
      ).session_start_limit;
    expect(await limit()).toEqual({ total: 3, remaining: 3, reset_after: 86_400_000, max_concurrency: 1 });
    for (let i = 0; i < 3; i++) {
      await ready();
      emu.manualClock?.advance(5000);
    }
    expect(await limit()).toMatchObject({ remaining: 0, reset_after: 86_400_000 - 15_000 });
    const raw = open();
    await raw.next((f) => f.op === 10);
    raw.send(identify());
    expect((await raw.next((f) => f.op === 9)).d).toBe(false);
    emu.manualClock?.advance(86_400_000);
    expect(await limit()).toMatchObject({ remaining: 3 });
  });

  it('refuses a second identify of the same bucket within 5 s (max_concurrency)', async () => {
    await ready();
    const raw = open();
    await raw.next((f) => f.op === 10);
    raw.send(identify());
    expect((await raw.next((f) => f.op === 9)).d).toBe(false);
    emu.manualClock?.advance(5000);
    raw.send(identify());
    await raw.dispatch('READY');
  });

  it('replays what a dropped session missed on Resume, then RESUMED; 4007 on a future seq; Invalid Session when unknown', async () => {
    const { raw, session } = await ready();
    await raw.dispatch('GUILD_CREATE');
    const seq = 2;
    emu.gateway.disconnect(session, null);
    const guild = emu.world.guilds.require(demo.guildId);
    emu.world.guilds.createRole(guild, { name: 'missed' });
    const back = open();
    await back.next((f) => f.op === 10);
    back.send({ op: 6, d: { token: demo.botToken, session_id: session, seq } });
    const missed = await back.dispatch('GUILD_ROLE_CREATE');
    expect(missed.s).toBe(3);
    expect((await back.dispatch('RESUMED')).s).toBe(4);
    const future = open();
    await future.next((f) => f.op === 10);
    future.send({ op: 6, d: { token: demo.botToken, session_id: session, seq: 99 } });
    expect((await future.closed).code).toBe(4007);
    const unknown = open();
    await unknown.next((f) => f.op === 10);
    unknown.send({ op: 6, d: { token: demo.botToken, session_id: 'ffff', seq: 0 } });
    expect((await unknown.next((f) => f.op === 9)).d).toBe(false);
  });

  it('ends the session when the client closes with 1000', async () => {
    const { raw, session } = await ready();
    raw.ws.close(1000);
    await raw.closed;
    await expect.poll(() => emu.gateway.sessions().map((s) => s.session_id)).not.toContain(session);
  });

  it('answers opcode 8 with not_found and the nonce, ignores a nonce over 32 bytes, and RATE_LIMITED exactly as specified', async () => {
    const { raw } = await ready();
    raw.send({ op: 8, d: { guild_id: demo.guildId, user_ids: [demo.users[0].id, '42'], nonce: 'a' } });
    const chunk = await raw.next((f) => f.t === 'GUILD_MEMBERS_CHUNK');
    expect(chunk.d).toMatchObject({ chunk_index: 0, chunk_count: 1, not_found: ['42'], nonce: 'a' });
    raw.send({ op: 8, d: { guild_id: demo.guildId, query: '', limit: 0, nonce: 'x'.repeat(33) } });
    const all = await raw.next((f) => f.t === 'GUILD_MEMBERS_CHUNK' && !(f.d as { nonce?: string }).nonce);
    expect((all.d as { members: unknown[] }).members).toHaveLength(5);
    emu.manualClock?.advance(29_999);
    raw.send({ op: 8, d: { guild_id: demo.guildId, query: '', limit: 0, nonce: 'b' } });
    const limited = await raw.dispatch('RATE_LIMITED');
    expect(limited.op).toBe(0);
    expect(limited.d).toEqual({
      opcode: 8,
      retry_after: 0.001,
      meta: { guild_id: demo.guildId, nonce: 'b' },
    });
    emu.manualClock?.advance(1);
    const count = raw.frames.length;
    raw.send({ op: 8, d: { guild_id: demo.guildId, query: '', limit: 0, nonce: 'c' } });
    const again = await raw.next((f) => f.t === 'GUILD_MEMBERS_CHUNK' || f.t === 'RATE_LIMITED', count);
    expect(again.t).toBe('GUILD_MEMBERS_CHUNK');
  });

  it('sends bans only to a bot with BAN_MEMBERS or VIEW_AUDIT_LOG', async () => {
    const guild = emu.world.guilds.require(demo.guildId);
    const bot = guild.members.get(demo.botUserId);
    if (bot) bot.roles = [];
    const { raw } = await ready();
    emu.world.emit('GUILD_BAN_ADD', { guild_id: guild.id, user: { id: demo.users[4].id } }, guild.id);
    emu.world.guilds.createRole(guild, { name: 'marker' });
    await raw.dispatch('GUILD_ROLE_CREATE');
    expect(raw.frames.some((f) => f.t === 'GUILD_BAN_ADD')).toBe(false);
  });

  it('dispatches every event of the Events table to a session with its intent, and none without', async () => {
    const all = await ready({
      intents:
        GatewayIntent.GUILDS |
        GatewayIntent.GUILD_MEMBERS |
        GatewayIntent.GUILD_MODERATION |
        GatewayIntent.GUILD_INTEGRATIONS |
        GatewayIntent.GUILD_INVITES,
    });
    emu.manualClock?.advance(5000);
    const none = await ready({ intents: 0 });
    const types = Object.keys(eventIntents);
    for (const type of types) emu.world.emit(type, { guild_id: demo.guildId, marker: type }, demo.guildId);
    emu.world.emit('LOBBY_MESSAGE_CREATE', { marker: 'webhook only' });
    emu.world.guilds.createRole(emu.world.guilds.require(demo.guildId), { name: 'last' });
    await all.raw.next(
      (f) => f.t === 'GUILD_ROLE_CREATE' && (f.d as { role?: { name?: string } }).role?.name === 'last',
    );
    const got = all.raw.frames.filter((f) => (f.d as { marker?: string } | null)?.marker).map((f) => f.t);
    expect(got).toEqual(types);
    const seqs = all.raw.frames.filter((f) => f.op === 0).map((f) => f.s);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    await none.raw.next((f) => f.t === 'RESUMED' || f.op === 11 || f.t === 'READY');
    none.raw.send({ op: 43, d: { guild_id: demo.guildId, fields: ['status'] } });
    await none.raw.dispatch('CHANNEL_INFO');
    expect(none.raw.frames.filter((f) => (f.d as { marker?: string } | null)?.marker)).toEqual([]);
  });

  it('sends GUILD_CREATE when the bot joins a guild and GUILD_DELETE when it leaves, on the right shard only', async () => {
    const world = emu.world;
    const guild = world.guilds.create({ name: 'joined later', owner_id: demo.users[0].id });
    const shard = Number((BigInt(guild.id) >> 22n) % 2n);
    const mine = await ready({ shard: [shard, 2] });
    emu.manualClock?.advance(5000);
    const other = await ready({ shard: [1 - shard, 2] });
    world.guilds.addMember(guild, demo.botUserId);
    const created = await mine.raw.next(
      (f) => f.t === 'GUILD_CREATE' && (f.d as { id: string }).id === guild.id,
    );
    expect(created.d).toMatchObject({ id: guild.id, member_count: 2 });
    world.guilds.removeMember(guild, demo.botUserId);
    expect((await mine.raw.dispatch('GUILD_DELETE')).d).toEqual({ id: guild.id });
    // A heartbeat's ACK comes after anything the server sent before it.
    other.raw.send({ op: 1, d: null });
    await other.raw.next((f) => f.op === 11);
    expect(other.raw.frames.some((f) => (f.d as { id?: string } | null)?.id === guild.id)).toBe(false);
  });

  it('refuses etf and transport compression with 1003', async () => {
    expect((await open('?v=10&encoding=etf').closed).code).toBe(1003);
    expect((await open('?v=10&encoding=json&compress=zlib-stream').closed).code).toBe(1003);
    expect((await open('?v=9&encoding=json').closed).code).toBe(4012);
  });

  it('lets the control API list sessions, send Reconnect, stop ACKs, invalidate and disconnect', async () => {
    const { raw, session } = await ready();
    const control = (path: string, body?: unknown) =>
      fetch(`${emu.url}/_emulator/gateway/sessions${path}`, {
        method: body === undefined && path === '' ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const list = await (await control('')).json();
    expect(list).toEqual([
      expect.objectContaining({
        session_id: session,
        application_id: demo.applicationId,
        connected: true,
        heartbeat_acks: true,
      }),
    ]);
    expect(JSON.stringify(list)).not.toContain(demo.botToken);
    expect((await control(`/${session}/reconnect`, {})).status).toBe(204);
    await raw.next((f) => f.op === 7);
    expect((await control(`/${session}/heartbeat-acks`, { enabled: false })).status).toBe(204);
    const before = raw.frames.length;
    raw.send({ op: 1, d: 2 });
    raw.send({ op: 43, d: { guild_id: demo.guildId, fields: ['status'] } });
    await raw.dispatch('CHANNEL_INFO', before);
    expect(raw.frames.slice(before).some((f) => f.op === 11)).toBe(false);
    expect((await control(`/${session}/heartbeat-acks`, { enabled: 'no' })).status).toBe(400);
    expect((await control(`/${session}/invalidate`, { resumable: true })).status).toBe(204);
    expect((await raw.next((f) => f.op === 9)).d).toBe(true);
    expect((await control(`/${session}/disconnect`, { code: 4000 })).status).toBe(204);
    expect((await raw.closed).code).toBe(4000);
    expect((await control('/0123/disconnect', {})).status).toBe(404);
  });
});
