/**
 * The emulator's HTTP server under clients that misbehave at the socket: CONNECT, request bodies
 * that stall (answered 408 and closed after `requestTimeoutMs`, set short here), and clients that go
 * away mid-body (no answer, and nothing logged as an emulator bug). Raw sockets over loopback.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Emulator } from '../../src/emulator/createEmulator.js';
import { startEmulator } from '../../src/emulator/startEmulator.js';
import { demo } from '../../src/emulator/world/demoSeed.js';

/** Short, so that the stall tests wait a fraction of a second; the default is 30 s. */
const TIMEOUT_MS = 300;

let emu: Emulator;
const logged: string[] = [];
beforeAll(async () => {
  emu = await startEmulator({
    clock: 'manual',
    rateLimits: 'off',
    requestTimeoutMs: TIMEOUT_MS,
    logger: { error: (message) => logged.push(message) },
  });
});
afterAll(() => emu.close());
beforeEach(() => {
  logged.length = 0;
});

interface RawAnswer {
  readonly text: string;
  readonly status: number;
  readonly closed: boolean;
  readonly elapsedMs: number;
}

/** Opens a socket, writes `parts` (each after `delays[i]` ms), and reads until the server closes or `waitMs`. */
function raw(
  parts: readonly string[],
  options: { delays?: number[]; waitMs?: number } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket: Socket = connect(emu.port, '127.0.0.1');
    let text = '';
    let done = false;
    const finish = (closed: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ text, status, closed, elapsedMs: Date.now() - started });
    };
    const timer = setTimeout(() => finish(false), options.waitMs ?? TIMEOUT_MS * 4);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.on('end', () => finish(true));
    socket.on('close', () => finish(true));
    socket.on('error', reject);
    let at = 0;
    parts.forEach((part, i) => {
      at += options.delays?.[i] ?? 0;
      setTimeout(() => {
        if (!socket.destroyed) socket.write(part);
      }, at);
    });
  });
}

const head = (method: string, path: string, extra: string) =>
  `${method} ${path} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bot ${demo.botToken}\r\n${extra}\r\n`;
const body = '{"metadata":{"a":"b"}}';

describe('CONNECT', () => {
  it('is answered 405 with the envelope, like other methods the platform does not serve', async () => {
    const answer = await raw(['CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n']);
    expect(answer.status).toBe(405);
    expect(answer.text).toContain('{"message":"405: Method Not Allowed","code":0}');
    expect(answer.closed).toBe(true);
    const api = await raw([`CONNECT /api/v10/lobbies/${demo.lobbyId} HTTP/1.1\r\nHost: localhost\r\n\r\n`]);
    expect(api.status).toBe(405);
    expect(api.text).toMatch(/\r\nAllow: GET, PATCH, DELETE\r\n/);
    // As another method the platform lacks at the same path.
    const other = await raw([
      head('PUT', `/api/v10/lobbies/${demo.lobbyId}`, 'Content-Length: 0\r\nConnection: close\r\n'),
    ]);
    expect(other.status).toBe(405);
  });
});

describe('stalled request bodies', () => {
  it('a body shorter than its Content-Length is answered 408 and closed after requestTimeoutMs', async () => {
    const answer = await raw([
      head(
        'POST',
        '/api/v10/lobbies',
        `Content-Type: application/json\r\nContent-Length: ${body.length + 10}\r\n`,
      ),
      body,
    ]);
    expect(answer.status).toBe(408);
    expect(answer.text).toContain('{"message":"408: Request Timeout","code":0}');
    expect(answer.closed).toBe(true);
    expect(answer.elapsedMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    expect(logged).toEqual([]);
  });

  it('a chunked body that stops is answered 408 too', async () => {
    const answer = await raw([
      head('POST', '/api/v10/lobbies', 'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n'),
      `${body.length.toString(16)}\r\n${body}\r\n`,
    ]);
    expect(answer.status).toBe(408);
    expect(answer.closed).toBe(true);
    expect(logged).toEqual([]);
  });

  it('a body that arrives whole before the limit is served', async () => {
    const answer = await raw(
      [
        head(
          'POST',
          '/api/v10/lobbies',
          `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n`,
        ),
        body.slice(0, 5),
        body.slice(5),
      ],
      { delays: [0, 0, TIMEOUT_MS / 3], waitMs: TIMEOUT_MS * 2 },
    );
    expect(answer.status, answer.text).toBe(201);
  });
});

describe('a client gone mid-body', () => {
  it('gets no answer and is not logged as an emulator bug', async () => {
    const socket = connect(emu.port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      head('POST', '/api/v10/lobbies', `Content-Type: application/json\r\nContent-Length: 1000\r\n`),
    );
    socket.write(body);
    await new Promise((r) => setTimeout(r, 30));
    socket.destroy();
    // The same through the control API, which reads its bodies too.
    const control = connect(emu.port, '127.0.0.1');
    await new Promise<void>((resolve) => control.once('connect', () => resolve()));
    control.write(
      'POST /_emulator/users HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"user',
    );
    await new Promise((r) => setTimeout(r, 30));
    control.destroy();
    await new Promise((r) => setTimeout(r, 50));
    expect(logged).toEqual([]);
    // And the emulator serves on.
    const res = await fetch(`${emu.apiUrl}/lobbies/${demo.lobbyId}`, {
      headers: { authorization: `Bot ${demo.botToken}` },
    });
    expect(res.status).toBe(200);
  });
});
