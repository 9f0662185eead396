/**
 * The gateway client's parts without a server: a fake socket and a ManualClock. Session start limit
 * waits, the jittered first heartbeat, the send limiter's heartbeat reserve, the identify gate,
 * dispatch de-duplication, fatal close codes, close() leaving no timer, intents by name.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { GatewayClient } from '../../src/gateway/GatewayClient.js';
import { GatewayClosedError, GatewayCloseError } from '../../src/gateway/gatewayErrors.js';
import type { GatewayRest } from '../../src/gateway/gatewayClientOptions.js';
import { IdentifyGate } from '../../src/gateway/IdentifyGate.js';
import { SendLimiter } from '../../src/gateway/SendLimiter.js';
import type { WebSocketLike } from '../../src/gateway/webSocketSeam.js';
import { GatewayIntent, intentBits } from '../../src/spec/gateway.js';

class FakeSocket implements WebSocketLike {
  readyState = 1;
  readonly sent: Array<{ op: number; d: unknown }> = [];
  closedWith: number | undefined;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { readonly data: unknown }) => void) | null = null;
  onclose: ((event: { readonly code: number; readonly reason: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number): void {
    this.readyState = 3;
    this.closedWith = code;
  }
  receive(payload: unknown): void {
    this.onmessage?.({ data: JSON.stringify(payload) });
  }
  serverClose(code: number): void {
    this.readyState = 3;
    this.onclose?.({ code, reason: '' });
  }
}

const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

function setup(
  limits: Array<{ remaining: number; reset_after: number }> = [{ remaining: 1000, reset_after: 0 }],
) {
  const clock = new ManualClock();
  const sockets: FakeSocket[] = [];
  let calls = 0;
  const rest: GatewayRest = {
    gateway: {
      getBot: async () => {
        const limit = limits[Math.min(calls++, limits.length - 1)] ?? { remaining: 1, reset_after: 0 };
        return {
          url: 'ws://fake/gateway',
          shards: 1,
          session_start_limit: { total: 1000, max_concurrency: 1, ...limit },
        };
      },
    },
  };
  const client = new GatewayClient({
    token: 'secret-token',
    intents: ['GUILDS'],
    rest,
    clock,
    random: () => 0.25,
    webSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
  });
  const ready = (socket: FakeSocket, s = 1) =>
    socket.receive({
      op: 0,
      t: 'READY',
      s,
      d: { session_id: 'abc', resume_gateway_url: 'ws://resume/gateway', guilds: [], user: { id: '1' } },
    });
  return { clock, sockets, client, ready, getBotCalls: () => calls };
}

describe('GatewayClient, unit', () => {
  it('waits out an exhausted session start limit instead of identifying', async () => {
    const { clock, sockets, client, getBotCalls } = setup([
      { remaining: 0, reset_after: 60_000 },
      { remaining: 5, reset_after: 1000 },
    ]);
    void client.connect().catch(() => undefined);
    await flush();
    expect(sockets).toHaveLength(0);
    clock.advance(59_999);
    await flush();
    expect(sockets).toHaveLength(0);
    clock.advance(1);
    await flush();
    expect(getBotCalls()).toBe(2);
    expect(sockets).toHaveLength(1);
    expect(sockets[0]?.url).toBe('ws://fake/gateway?v=10&encoding=json');
    client.close();
  });

  it('jitters the first heartbeat, identifies at once, and keeps beating every interval', async () => {
    const { clock, sockets, client } = setup();
    void client.connect().catch(() => undefined);
    await flush();
    const socket = sockets[0] as FakeSocket;
    socket.receive({ op: 10, d: { heartbeat_interval: 1000 } });
    expect(socket.sent.map((p) => p.op)).toEqual([2]);
    expect(socket.sent[0]?.d).toMatchObject({ token: 'secret-token', intents: GatewayIntent.GUILDS });
    clock.advance(249);
    expect(socket.sent.map((p) => p.op)).toEqual([2]);
    clock.advance(1);
    expect(socket.sent.map((p) => p.op)).toEqual([2, 1]);
    socket.receive({ op: 11 });
    clock.advance(1000);
    expect(socket.sent.map((p) => p.op)).toEqual([2, 1, 1]);
    client.close();
  });

  it('answers a heartbeat request (op 1) at once, without moving its schedule', async () => {
    const { clock, sockets, client } = setup();
    void client.connect().catch(() => undefined);
    await flush();
    const socket = sockets[0] as FakeSocket;
    socket.receive({ op: 10, d: { heartbeat_interval: 1000 } });
    socket.receive({ op: 1, d: null });
    expect(socket.sent.map((p) => p.op)).toEqual([2, 1]);
    clock.advance(250);
    expect(socket.sent.map((p) => p.op)).toEqual([2, 1, 1]);
    client.close();
  });

  it('emits each dispatch once even when a sequence number comes again', async () => {
    const { sockets, client, ready } = setup();
    const connected = client.connect();
    await flush();
    const socket = sockets[0] as FakeSocket;
    socket.receive({ op: 10, d: { heartbeat_interval: 1000 } });
    ready(socket);
    await connected;
    const seen: number[] = [];
    client.on('dispatch', (d) => seen.push(d.s));
    socket.receive({ op: 0, t: 'GUILD_ROLE_DELETE', s: 2, d: { guild_id: '1', role_id: '2' } });
    socket.receive({ op: 0, t: 'GUILD_ROLE_DELETE', s: 2, d: { guild_id: '1', role_id: '2' } });
    socket.receive({ op: 0, t: 'GUILD_ROLE_DELETE', s: 3, d: { guild_id: '1', role_id: '3' } });
    expect(seen).toEqual([2, 3]);
    client.close();
  });

  it('stops on a fatal close code with a typed error and opens no second socket', async () => {
    const { clock, sockets, client } = setup();
    const closed: unknown[] = [];
    client.on('closed', (e) => closed.push(e));
    const connected = client.connect();
    await flush();
    (sockets[0] as FakeSocket).serverClose(4013);
    const error = await connected.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayCloseError);
    expect((error as GatewayCloseError).closeName).toBe('INVALID_INTENTS');
    clock.advance(600_000);
    await flush();
    expect(sockets).toHaveLength(1);
    expect(closed).toEqual([error]);
    expect(JSON.stringify(client)).not.toContain('secret-token');
  });

  it('resumes at resume_gateway_url after a dropped connection, with session_id and seq', async () => {
    const { sockets, client, ready } = setup();
    const connected = client.connect();
    await flush();
    const first = sockets[0] as FakeSocket;
    first.receive({ op: 10, d: { heartbeat_interval: 1000 } });
    ready(first, 7);
    await connected;
    first.serverClose(1006);
    await flush();
    const second = sockets[1] as FakeSocket;
    expect(second.url).toBe('ws://resume/gateway?v=10&encoding=json');
    second.receive({ op: 10, d: { heartbeat_interval: 1000 } });
    expect(second.sent[0]).toEqual({ op: 6, d: { token: 'secret-token', session_id: 'abc', seq: 7 } });
    client.close();
  });

  it('backs off between failed attempts', async () => {
    const { clock, sockets, client } = setup();
    const delays: number[] = [];
    client.on('reconnecting', (info) => delays.push(info.delayMs));
    void client.connect().catch(() => undefined);
    for (let i = 0; i < 4; i++) {
      await flush();
      (sockets.at(-1) as FakeSocket).serverClose(4000);
      clock.advance((delays.at(-1) ?? 0) + 5000);
    }
    expect(delays[0]).toBe(0);
    expect(delays.slice(1)).toEqual([625, 1250, 2500]);
    client.close();
  });

  it('close() clears every timer and rejects pending requests', async () => {
    const { clock, sockets, client, ready } = setup();
    const connected = client.connect();
    await flush();
    const socket = sockets[0] as FakeSocket;
    socket.receive({ op: 10, d: { heartbeat_interval: 1000 } });
    ready(socket);
    await connected;
    const members = client.requestGuildMembers({ guildId: '1' }).next();
    const info = client.requestChannelInfo({ guildId: '1' });
    expect(clock.pending).toBeGreaterThan(0);
    client.close();
    expect(clock.pending).toBe(0);
    expect(socket.closedWith).toBe(1000);
    await expect(members).rejects.toBeInstanceOf(GatewayClosedError);
    await expect(info).rejects.toBeInstanceOf(GatewayClosedError);
  });

  it('honours an AbortSignal while waiting for the session start limit', async () => {
    const { sockets, client } = setup([{ remaining: 0, reset_after: 60_000 }]);
    const controller = new AbortController();
    const connected = client.connect(controller.signal);
    await flush();
    controller.abort(new Error('stop'));
    await expect(connected).rejects.toThrow('stop');
    expect(client.state).toBe('closed');
    expect(sockets).toHaveLength(0);
  });
});

describe('SendLimiter', () => {
  it('keeps commands under 120 per 60 s with room for heartbeats, which never wait', async () => {
    const clock = new ManualClock();
    const limiter = new SendLimiter(clock);
    limiter.reserveFor(41_250);
    limiter.open();
    let commands = 0;
    const all = Array.from({ length: 150 }, () => limiter.enqueue(() => (commands += 1)));
    expect(commands).toBe(116);
    let beats = 0;
    for (let i = 0; i < 4; i++) limiter.sendNow(() => (beats += 1));
    expect(beats).toBe(4);
    clock.advance(60_001);
    expect(commands).toBe(150);
    await Promise.all(all);
  });

  it('rejects a queued command on abort', async () => {
    const clock = new ManualClock();
    const limiter = new SendLimiter(clock, 1, 1000);
    limiter.reserveFor(1_000_000);
    const controller = new AbortController();
    const queued = limiter.enqueue(() => undefined, controller.signal);
    controller.abort(new Error('gone'));
    await expect(queued).rejects.toThrow('gone');
    expect(limiter.queued).toBe(0);
  });
});

describe('IdentifyGate', () => {
  it('lets max_concurrency buckets identify together and spaces each bucket by 5 s', async () => {
    const clock = new ManualClock();
    const gate = new IdentifyGate(clock, 2);
    const at: Record<number, number> = {};
    const started = [0, 1, 2, 3].map((shard) => gate.wait(shard).then(() => (at[shard] = clock.now())));
    await flush();
    expect(Object.keys(at).sort()).toEqual(['0', '1']);
    clock.advance(5000);
    await Promise.all(started);
    expect((at[2] ?? 0) - (at[0] ?? 0)).toBe(5000);
    expect((at[3] ?? 0) - (at[1] ?? 0)).toBe(5000);
  });
});

describe('intents', () => {
  it('are accepted by name or as bits, and unknown names are refused', () => {
    expect(intentBits(['GUILDS', 'GUILD_MEMBERS'])).toBe(3);
    expect(intentBits(513)).toBe(513);
    expect(() => intentBits(['NOPE' as 'GUILDS'])).toThrow(RangeError);
  });
});

describe('src/gateway is platform-neutral', () => {
  const root = join(import.meta.dirname, '../../src/gateway');
  for (const name of readdirSync(root).filter((n) => n.endsWith('.ts'))) {
    it(`${name} imports ${name === 'wsWebSocket.ts' ? 'ws only' : 'no Node built-in and not ws'}`, () => {
      const text = readFileSync(join(root, name), 'utf8');
      const specifiers = [...text.matchAll(/from\s+['"]([^'"]+)['"]/g)].map((m) => m[1] ?? '');
      for (const s of specifiers) {
        expect(s.startsWith('node:'), `${name} imports ${s}`).toBe(false);
        if (name !== 'wsWebSocket.ts') expect(s, name).not.toBe('ws');
      }
    });
  }

  it('is not reached from the core index through wsWebSocket', () => {
    const index = readFileSync(join(root, '../index.ts'), 'utf8');
    expect(index).not.toMatch(/wsWebSocket/);
  });
});
