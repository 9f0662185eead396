/**
 * The emulator gateway's send path: frames it encodes itself (decoded here by `ws`'s own receiver,
 * at each length form), the replay buffer's bounds, frames shared by sessions at one sequence
 * number, and a burst of events written in one turn (corked) reaching two sessions whole and in
 * order, also across a connection killed in the same turn.
 */
import { createRequire } from 'node:module';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Emulator } from '../../src/emulator/createEmulator.js';
import { GatewaySession, type SharedFrames } from '../../src/emulator/gateway/GatewaySession.js';
import { textFrame } from '../../src/emulator/gateway/textFrame.js';
import { startEmulator } from '../../src/emulator/startEmulator.js';
import type { ApplicationRecord } from '../../src/emulator/world/accountRecords.js';
import { demo } from '../../src/emulator/world/demoSeed.js';
import { GatewayIntent } from '../../src/spec/gateway.js';

/** `ws`'s frame parser (not in its type declarations): a writable that emits each message. */
interface Receiver {
  write(chunk: Buffer): boolean;
  on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
}
const { Receiver } = createRequire(import.meta.url)('ws') as {
  Receiver: new (options: { isServer: boolean }) => Receiver;
};

/** The messages `ws` reads from `bytes`, as a client would. */
function decode(bytes: Buffer): { text: string; binary: boolean }[] {
  const receiver = new Receiver({ isServer: false });
  const out: { text: string; binary: boolean }[] = [];
  receiver.on('message', (data, binary) => out.push({ text: data.toString('utf8'), binary }));
  receiver.on('error', (error) => {
    throw error;
  });
  receiver.write(bytes);
  return out;
}

describe('textFrame', () => {
  it.each([0, 1, 125, 126, 127, 65_535, 65_536, 70_000])('encodes a text message of %i bytes', (n) => {
    const text = 'x'.repeat(n);
    const frame = textFrame(text);
    const header = n < 126 ? 2 : n < 65_536 ? 4 : 10;
    expect(frame.length).toBe(header + n);
    expect(decode(frame)).toEqual([{ text, binary: false }]);
  });

  it('counts UTF-8 bytes, not characters, and frames follow one another on a stream', () => {
    const texts = ['{"name":"Ünïcödé ✓"}', `{"emoji":"${'🎮'.repeat(40)}"}`, '{}'];
    const bytes = Buffer.concat(texts.map(textFrame));
    expect(decode(bytes)).toEqual(texts.map((text) => ({ text, binary: false })));
  });
});

describe('GatewaySession', () => {
  const app = { id: '1', bot_user_id: '2' } as ApplicationRecord;
  const session = (replayCapacity = 3) =>
    new GatewaySession({
      id: 's',
      application: app,
      intents: 1,
      shard: undefined,
      largeThreshold: 50,
      replayCapacity,
    });
  const seqs = (frames: Buffer[] | undefined) =>
    frames?.flatMap((f) => decode(f).map((m) => (JSON.parse(m.text) as { s: number }).s));

  it('replays what it still keeps and refuses when a frame the client missed is gone', () => {
    const s = session(3);
    expect(s.replayAfter(0)).toEqual([]);
    for (let i = 0; i < 5; i++) s.dispatch('GUILD_ROLE_UPDATE', `{"i":${i}}`);
    expect(s.seq).toBe(5);
    expect(s.replayAfter(1)).toBeUndefined(); // 2 is gone: 3, 4, 5 are kept
    expect(seqs(s.replayAfter(2))).toEqual([3, 4, 5]);
    expect(seqs(s.replayAfter(4))).toEqual([5]);
    expect(s.replayAfter(5)).toEqual([]);
  });

  it('keeps its bound over many dispatches', () => {
    const s = session(10);
    for (let i = 0; i < 5000; i++) s.dispatch('GUILD_ROLE_UPDATE', '{}');
    expect(s.replayAfter(4989)).toBeUndefined();
    expect(seqs(s.replayAfter(4990))).toEqual([4991, 4992, 4993, 4994, 4995, 4996, 4997, 4998, 4999, 5000]);
  });

  it('shares one frame among sessions at the same sequence number, and only among them', () => {
    const [a, b, c] = [session(), session(), session()] as const;
    c.dispatch('READY', '{}');
    const shared: SharedFrames = new Map();
    const sent: Buffer[][] = [[], [], []];
    [a, b, c].forEach((s, i) => {
      s.sink = { send: (frame) => sent[i]?.push(frame) };
      s.dispatch('GUILD_ROLE_UPDATE', '{"x":1}', shared);
    });
    expect(sent[0]?.[0]).toBe(sent[1]?.[0]);
    expect(sent[2]?.[0]).not.toBe(sent[0]?.[0]);
    expect(seqs(sent[0])).toEqual([1]);
    expect(seqs(sent[2])).toEqual([2]);
  });
});

interface Frame {
  op: number;
  t?: string | null;
  s?: number | null;
  d: unknown;
}

const properties = { os: 'test', browser: 'raw', device: 'raw' };

/** A raw client that identifies with `token` and records dispatches. */
class Raw {
  readonly ws: WebSocket;
  readonly dispatches: Frame[] = [];
  #waiters: Array<() => void> = [];

  constructor(port: number, token: string, path = '/gateway') {
    this.ws = new WebSocket(`ws://127.0.0.1:${port}${path}?v=10&encoding=json`);
    this.ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as Frame;
      if (frame.op === 10)
        this.ws.send(JSON.stringify({ op: 2, d: { token, intents: GatewayIntent.GUILDS, properties } }));
      if (frame.op === 0) this.dispatches.push(frame);
      for (const w of this.#waiters.splice(0)) w();
    });
    this.ws.on('close', () => {
      for (const w of this.#waiters.splice(0)) w();
    });
  }

  send(payload: unknown): void {
    this.ws.send(JSON.stringify(payload));
  }

  async until(accept: () => boolean): Promise<void> {
    while (!accept()) {
      if (this.ws.readyState >= WebSocket.CLOSING) throw new Error('closed');
      await new Promise<void>((resolve) => this.#waiters.push(resolve));
    }
  }
}

describe('a burst written in one turn', () => {
  let emu: Emulator;
  let apps: ApplicationRecord[];
  const opened: Raw[] = [];

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, seed: 'demo', rateLimits: 'off' });
  });
  afterAll(async () => {
    await emu.close();
  });
  beforeEach(() => {
    for (const raw of opened.splice(0)) raw.ws.terminate();
    emu.reset();
    const guild = emu.world.guilds.require(demo.guildId);
    apps = [0, 1].map((i) => {
      const app = emu.world.createApplication({ name: `Burst ${i}`, privileged_intents: [] });
      emu.world.guilds.addMember(guild, app.bot_user_id, { roles: [demo.roleIds.gameBot] });
      return app;
    });
  });

  const connect = async (token: string): Promise<Raw> => {
    const raw = new Raw(emu.port, token);
    opened.push(raw);
    await raw.until(() => raw.dispatches.some((f) => f.t === 'GUILD_CREATE'));
    return raw;
  };
  const emitRoleUpdates = (n: number) => {
    for (let i = 0; i < n; i++)
      emu.world.emit('GUILD_ROLE_UPDATE', { guild_id: demo.guildId, role: { id: String(i) } }, demo.guildId);
  };
  const roleIds = (raw: Raw) =>
    raw.dispatches
      .filter((f) => f.t === 'GUILD_ROLE_UPDATE')
      .map((f) => (f.d as { role: { id: string } }).role.id);

  it('reaches two sessions whole, in order, with consecutive sequence numbers', async () => {
    const [a, b] = [await connect(apps[0]?.bot_token ?? ''), await connect(apps[1]?.bot_token ?? '')];
    const n = 600;
    emitRoleUpdates(n);
    for (const raw of [a, b]) {
      await raw.until(() => roleIds(raw).length === n);
      expect(roleIds(raw)).toEqual(Array.from({ length: n }, (_, i) => String(i)));
      const s = raw.dispatches.map((f) => f.s);
      expect(s).toEqual(Array.from({ length: s.length }, (_, i) => i + 1));
    }
  });

  it('is replayed whole on Resume when the connection is killed in the same turn', async () => {
    const a = await connect(apps[0]?.bot_token ?? '');
    const ready = a.dispatches[0]?.d as { session_id: string };
    emitRoleUpdates(300);
    expect(emu.gateway.disconnect(ready.session_id, null)).toBe(true);
    // Whatever arrived before the kill, a Resume from the last sequence number completes the burst.
    if (a.ws.readyState !== WebSocket.CLOSED)
      await new Promise<void>((resolve) => a.ws.once('close', () => resolve()));
    const lastSeq = a.dispatches.at(-1)?.s ?? 0;
    const resumed = new WebSocket(`ws://127.0.0.1:${emu.port}/gateway?v=10&encoding=json`);
    const replayed: Frame[] = [];
    await new Promise<void>((resolve) => {
      resumed.on('message', (data) => {
        const frame = JSON.parse(String(data)) as Frame;
        if (frame.op === 10)
          resumed.send(
            JSON.stringify({
              op: 6,
              d: { token: apps[0]?.bot_token, session_id: ready.session_id, seq: lastSeq },
            }),
          );
        if (frame.op === 0 && frame.t !== 'RESUMED') replayed.push(frame);
        if (frame.t === 'RESUMED') resolve();
      });
    });
    resumed.terminate();
    const all = [...a.dispatches, ...replayed];
    const ids = all
      .filter((f) => f.t === 'GUILD_ROLE_UPDATE')
      .map((f) => (f.d as { role: { id: string } }).role.id);
    expect(ids).toEqual(Array.from({ length: 300 }, (_, i) => String(i)));
    expect(all.map((f) => f.s)).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
  });
});
