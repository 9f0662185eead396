/**
 * The replay server of `bench/gateway`: a minimal gateway on a raw `ws` server, started by
 * gateway.bench.ts in a child process, so that what a burst measures is the clients' receive path
 * and not the emulator's send path. It speaks just enough of the protocol for both clients to
 * connect and stay connected: `GET /api/v10/gateway/bot`, Hello, Ready on Identify, an ACK for each
 * heartbeat. A burst writes pre-encoded dispatch frames — each WebSocket frame encoded once and the
 * same bytes written to every connection at that sequence number — straight to the sockets, in
 * chunks of whole frames, waiting for `drain` whenever a socket's buffer is full (so it sends as fast
 * as the clients read, never faster). The dispatch payload (`d`) comes from the parent
 * (`BENCH_DISPATCH_DATA`): the bytes the emulator sends for the same event.
 *
 * IPC: `{ cmd: 'burst', events, fleet }` → writes `events` GUILD_ROLE_UPDATE dispatches to every
 * identified connection whose token starts with `fleet-`, answers `{ done: true }` once queued; `{ cmd: 'sessions' }` → how many are identified;
 * `{ cmd: 'cpu' }` → this process's CPU time so far (µs);
 * `{ cmd: 'profile-start' }` / `{ cmd: 'profile-stop', file }` → profiles this process.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';
import { answerChildCommand } from '../support/answerChildCommand.js';
import { CpuProfiler } from '../support/cpuProfiler.js';

const dataJson = process.env.BENCH_DISPATCH_DATA ?? '{}';
/** Bytes per socket write: whole frames up to about this size. */
const CHUNK_BYTES = 64 * 1024;

interface Connection {
  readonly ws: WebSocket;
  readonly socket: Socket;
  seq: number;
  identified: boolean;
  token: string;
  readonly queue: Buffer[];
  waiting: boolean;
}

const connections = new Set<Connection>();
const wss = new WebSocketServer({ noServer: true });
const server = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/api/v10/gateway/bot') {
    const body = JSON.stringify({
      url: `ws://${req.headers.host}/gateway`,
      shards: 1,
      session_start_limit: { total: 1_000_000, remaining: 1_000_000, reset_after: 0, max_concurrency: 16 },
    });
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    return;
  }
  res.writeHead(404).end();
});

server.on('upgrade', (req, socket, head) => {
  wss.handleUpgrade(req, socket, head, (ws) => {
    const connection: Connection = {
      ws,
      socket: socket as Socket,
      seq: 0,
      identified: false,
      token: '',
      queue: [],
      waiting: false,
    };
    connections.add(connection);
    ws.on('close', () => connections.delete(connection));
    ws.on('error', () => ws.terminate());
    ws.on('message', (data) => onMessage(connection, JSON.parse(String(data)) as Payload));
    ws.send(JSON.stringify({ op: 10, d: { heartbeat_interval: 41_250 } }));
  });
});

interface Payload {
  readonly op: number;
  readonly d?: { readonly token?: string };
}

function onMessage(connection: Connection, payload: Payload): void {
  if (payload.op === 1) connection.ws.send('{"op":11}');
  else if (payload.op === 2 && !connection.identified) {
    connection.identified = true;
    connection.token = payload.d?.token ?? '';
    connection.seq = 1;
    const id = randomBytes(8).toString('hex');
    const ready = {
      v: 10,
      user: { id: '1', username: 'bench', discriminator: '0', global_name: null, avatar: null, bot: true },
      guilds: [],
      session_id: id,
      resume_gateway_url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/gateway`,
      application: { id: '1', flags: 0 },
    };
    connection.ws.send(`{"op":0,"t":"READY","s":1,"d":${JSON.stringify(ready)}}`);
  }
}

/** A server-to-client text frame (FIN, opcode 1, unmasked) around `payload`. */
function textFrame(payload: Buffer): Buffer {
  const n = payload.length;
  const header =
    n < 126
      ? Buffer.from([0x81, n])
      : n < 65_536
        ? Buffer.from([0x81, 126, n >> 8, n & 0xff])
        : Buffer.concat([Buffer.from([0x81, 127]), bigEndian64(n)]);
  return Buffer.concat([header, payload]);
}

function bigEndian64(n: number): Buffer {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(n));
  return b;
}

/** The burst's frames after `seq`, cut into chunks of whole frames. */
function encodeBurst(seq: number, events: number): Buffer[] {
  const chunks: Buffer[] = [];
  let pending: Buffer[] = [];
  let size = 0;
  for (let s = seq + 1; s <= seq + events; s++) {
    const frame = textFrame(Buffer.from(`{"op":0,"t":"GUILD_ROLE_UPDATE","s":${s},"d":${dataJson}}`));
    pending.push(frame);
    size += frame.length;
    if (size >= CHUNK_BYTES) {
      chunks.push(Buffer.concat(pending));
      pending = [];
      size = 0;
    }
  }
  if (pending.length > 0) chunks.push(Buffer.concat(pending));
  return chunks;
}

/** Writes queued chunks until the socket's buffer is full, then waits for it to drain. */
function pump(connection: Connection): void {
  connection.waiting = false;
  while (connection.queue.length > 0) {
    const chunk = connection.queue.shift() as Buffer;
    if (!connection.socket.write(chunk)) {
      connection.waiting = true;
      connection.socket.once('drain', () => pump(connection));
      return;
    }
  }
}

function burst(events: number, fleet: string): void {
  const bySeq = new Map<number, Buffer[]>();
  for (const connection of connections) {
    if (!connection.identified || !connection.token.startsWith(`${fleet}-`)) continue;
    let chunks = bySeq.get(connection.seq);
    if (!chunks) {
      chunks = encodeBurst(connection.seq, events);
      bySeq.set(connection.seq, chunks);
    }
    connection.seq += events;
    connection.queue.push(...chunks);
    if (!connection.waiting) pump(connection);
  }
}

const profiler = new CpuProfiler();
process.on('message', (message: { cmd: string; events?: number; file?: string; fleet?: string }) => {
  const send = (m: unknown) => process.send?.(m);
  if (answerChildCommand(message, send, profiler, 'replay.cpuprofile')) return;
  switch (message.cmd) {
    case 'burst':
      burst(message.events ?? 0, message.fleet ?? '');
      send({ done: true });
      break;
    case 'sessions':
      send({ sessions: [...connections].filter((c) => c.identified).length });
      break;
    default:
      send({ error: message.cmd });
  }
});

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.send?.({ url: `ws://127.0.0.1:${port}/gateway`, apiUrl: `http://127.0.0.1:${port}/api/v10` });
});
