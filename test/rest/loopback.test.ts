/**
 * Protocol behaviour over real sockets, with both transports: small node:http servers started here
 * answer 429s with headers, 500s, dropped connections and stalls.
 */
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { isApiError, isNetworkError, isTimeoutError } from '../../src/rest/errors/guards.js';
import { RouteClient } from '../../src/rest/RouteClient.js';
import type { RestClientOptions } from '../../src/rest/restClientDefaults.js';
import { fetchTransport } from '../../src/rest/transport/fetchTransport.js';
import type { Transport } from '../../src/rest/transport/Transport.js';
import { undiciTransport } from '../../src/rest/transport/undiciTransport.js';
import {
  type LoopbackHandler,
  type LoopbackServer,
  sendJson,
  startLoopback,
} from './support/loopbackServer.js';
import { testRoutes } from './support/testRoutes.js';

const BOT = 'loopback-bot-token-0123456789';

const transports: [string, () => Transport & { close?(): Promise<void> }][] = [
  ['undici', () => undiciTransport()],
  ['fetch', () => fetchTransport()],
];

let servers: LoopbackServer[] = [];
let opened: (Transport & { close?(): Promise<void> })[] = [];
afterEach(async () => {
  await Promise.all(opened.map((t) => t.close?.()));
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
  opened = [];
});

async function serve(handler: LoopbackHandler): Promise<LoopbackServer> {
  const server = await startLoopback(handler);
  servers.push(server);
  return server;
}

/** A server-side fixed-window bucket per path, answering every rate-limit header. */
function bucketed(
  limit: number,
  windowMs: number,
  answer: (res: ServerResponse, headers: Record<string, string>) => void,
) {
  const windows = new Map<string, { end: number; used: number }>();
  let refused = 0;
  const handler: LoopbackHandler = (req, res) => {
    const key = req.url.split('?')[0] ?? '';
    const now = Date.now();
    let w = windows.get(key);
    if (!w || now >= w.end) {
      w = { end: now + windowMs, used: 0 };
      windows.set(key, w);
    }
    const after = ((w.end - now) / 1000).toFixed(3);
    const headers = {
      'x-ratelimit-bucket': `bucket-${key}`,
      'x-ratelimit-limit': String(limit),
      'x-ratelimit-reset': (w.end / 1000).toFixed(3),
      'x-ratelimit-reset-after': after,
    };
    if (w.used >= limit) {
      refused++;
      sendJson(
        res,
        429,
        { message: 'You are being rate limited.', retry_after: Number(after), global: false },
        {
          ...headers,
          'x-ratelimit-remaining': '0',
          'retry-after': String(Math.ceil(Number(after))),
          'x-ratelimit-scope': 'user',
        },
      );
      return;
    }
    w.used++;
    answer(res, { ...headers, 'x-ratelimit-remaining': String(limit - w.used) });
  };
  return { handler, refused: () => refused };
}

describe.each(transports)('over loopback with the %s transport', (_name, makeTransport) => {
  function client(server: LoopbackServer, options: RestClientOptions = {}) {
    const transport = makeTransport();
    opened.push(transport);
    return new RouteClient({
      routes: testRoutes,
      baseUrl: server.apiUrl,
      auth: { bot: BOT },
      transport,
      retryBaseMs: 5,
      timeoutMs: 5000,
      ...options,
    });
  }

  it('sends requests and reads answers, keeping connections alive', async () => {
    const server = await serve((req, res) =>
      sendJson(res, 200, { id: '1', seen: req.headers.authorization }),
    );
    const c = client(server);
    for (let i = 0; i < 20; i++) {
      await expect(c.call('getLobby', { params: { lobby_id: '1' } })).resolves.toEqual({
        id: '1',
        seen: `Bot ${BOT}`,
      });
    }
    expect(server.requests).toHaveLength(20);
    expect(server.connections).toBeLessThanOrEqual(2);
  });

  it('waits out a 429 and retries', async () => {
    const server = await serve((req, res) => {
      if (server.requests.length === 1) {
        sendJson(
          res,
          429,
          { message: 'You are being rate limited.', retry_after: 0.05, global: false },
          {
            'retry-after': '1',
            'x-ratelimit-scope': 'user',
            'x-ratelimit-bucket': 'b',
            'x-ratelimit-limit': '1',
            'x-ratelimit-remaining': '0',
            'x-ratelimit-reset-after': '0.05',
          },
        );
      } else sendJson(res, 200, { id: req.url.split('/').pop() });
    });
    const c = client(server);
    const started = Date.now();
    await expect(c.call('getLobby', { params: { lobby_id: '3' } })).resolves.toEqual({ id: '3' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(server.requests).toHaveLength(2);
  });

  it('a burst larger than a bucket finishes with at most one 429', async () => {
    const b = bucketed(5, 300, (res, headers) => sendJson(res, 200, { id: '1' }, headers));
    const server = await serve(b.handler);
    const c = client(server);
    const all = await Promise.all(
      Array.from({ length: 23 }, () => c.call('getLobby', { params: { lobby_id: '1' } })),
    );
    expect(all).toHaveLength(23);
    expect(b.refused()).toBeLessThanOrEqual(1);
  });

  it('retries 500s on operations safe to repeat, and only those', async () => {
    const server = await serve((req, res) => {
      const n = server.requests.filter((r) => r.method === req.method).length;
      if (req.method === 'POST' || n <= 2) sendJson(res, 500, { code: 0, message: 'Internal Server Error' });
      else sendJson(res, 200, { id: '1' });
    });
    const c = client(server);
    await expect(c.call('getLobby', { params: { lobby_id: '1' } })).resolves.toEqual({ id: '1' });
    expect(server.requests.filter((r) => r.method === 'GET')).toHaveLength(3);
    const error = await c.call('createLobby').catch((e: unknown) => e);
    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({ status: 500, method: 'POST', path: '/lobbies' });
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('retries dropped connections on operations safe to repeat; others fail clearly, sent once', async () => {
    const server = await serve((req, res, raw) => {
      const n = server.requests.filter((r) => r.method === req.method).length;
      if (req.method === 'POST' || n <= 2) raw.socket.destroy();
      else sendJson(res, 200, { id: '1' });
    });
    const c = client(server);
    await expect(c.call('getLobby', { params: { lobby_id: '1' } })).resolves.toEqual({ id: '1' });
    const error = await c.call('createLobby').catch((e: unknown) => e);
    expect(isNetworkError(error)).toBe(true);
    expect((error as Error).message).toContain('POST /lobbies failed without an answer');
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('times out a stalled answer: retried when safe, TimeoutError otherwise', async () => {
    const server = await serve((req, res) => {
      const n = server.requests.filter((r) => r.method === req.method).length;
      if (req.method === 'POST' || n === 1) return; // never answers
      sendJson(res, 200, { id: '1' });
    });
    const c = client(server, { timeoutMs: 150 });
    await expect(c.call('getLobby', { params: { lobby_id: '1' } })).resolves.toEqual({ id: '1' });
    const error = await c.call('createLobby').catch((e: unknown) => e);
    expect(isTimeoutError(error)).toBe(true);
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('aborts in flight at once', async () => {
    const server = await serve(() => undefined);
    const c = client(server);
    const controller = new AbortController();
    const started = Date.now();
    const p = c.call('getLobby', { params: { lobby_id: '1' }, signal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('reads a large answer sent in many chunks, and times out an answer whose body stalls', async () => {
    const items = Array.from({ length: 20_000 }, (_, i) => ({ id: String(i), name: `member é ${i}` }));
    const server = await serve((req, res) => {
      if (req.method === 'POST') {
        // The head and half the body, then nothing: the per-attempt timeout covers the body too.
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"id":');
        return;
      }
      const body = JSON.stringify({ id: '1', items });
      res.writeHead(200, { 'content-type': 'application/json' });
      for (let i = 0; i < body.length; i += 16_384) res.write(body.slice(i, i + 16_384));
      res.end();
    });
    // Long enough for a loaded machine to read 700 KB; the stalled body still times out.
    const c = client(server, { timeoutMs: 2_000 });
    await expect(c.call('getLobby', { params: { lobby_id: '1' } })).resolves.toEqual({ id: '1', items });
    const error = await c.call('createLobby').catch((e: unknown) => e);
    expect(isTimeoutError(error)).toBe(true);
  });

  it('aborts while the body is read', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"id":');
    });
    const c = client(server);
    const controller = new AbortController();
    const p = c.call('getLobby', { params: { lobby_id: '1' }, signal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('uploads multipart bodies, streamed ones included, and reads CSV and PNG answers', async () => {
    const server = await serve((req, res) => {
      if (req.method === 'PUT') {
        res.writeHead(204).end();
      } else if (req.url.endsWith('/target-users')) {
        res.writeHead(200, { 'content-type': 'text/csv' }).end('user_id\n1\n2\n');
      } else {
        res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([137, 80, 78, 71]));
      }
    });
    const c = client(server);
    const lines = ['user_id', ...Array.from({ length: 5000 }, (_, i) => String(100000 + i))].join('\n');
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      start(ctl) {
        for (let i = 0; i < lines.length; i += 4096) ctl.enqueue(encoder.encode(lines.slice(i, i + 4096)));
        ctl.close();
      },
    });
    await c.call('updateTargetUsers', { params: { code: 'abc' }, files: { target_users_file: stream } });
    await c.call('updateTargetUsers', {
      params: { code: 'abc' },
      files: { target_users_file: new Blob([lines]) },
    });
    const [streamed, blob] = server.requests;
    for (const r of [streamed, blob]) {
      expect(r?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      expect(r?.body.toString()).toContain(lines);
    }
    await expect(c.call('getTargetUsers', { params: { code: 'abc' } })).resolves.toEqual(['1', '2']);
    await expect(c.call('getGuildWidgetImage', { params: { guild_id: '1' } })).resolves.toEqual(
      new Uint8Array([137, 80, 78, 71]),
    );
  });
});

describe('a global-limit storm (undici)', () => {
  it('loses no request', async () => {
    // The server allows 10 requests per second in total and answers a global 429 beyond that.
    const sent: number[] = [];
    let globals = 0;
    const server = await serve((req, res) => {
      const now = Date.now();
      while (sent.length > 0 && (sent[0] as number) <= now - 1000) sent.shift();
      if (sent.length >= 10) {
        globals++;
        const retry = ((sent[0] as number) + 1000 - now) / 1000;
        sendJson(
          res,
          429,
          { message: 'You are being rate limited.', retry_after: retry, global: true },
          {
            'x-ratelimit-global': 'true',
            'x-ratelimit-scope': 'global',
            'retry-after': String(Math.ceil(retry)),
          },
        );
        return;
      }
      sent.push(now);
      sendJson(res, 200, { id: req.url.split('/').pop() });
    });
    const transport = undiciTransport();
    opened.push(transport);
    const c = new RouteClient({
      routes: testRoutes,
      baseUrl: server.apiUrl,
      auth: { bot: BOT },
      transport,
      globalPerSecond: 10,
    });
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) => c.call('getGuild', { params: { guild_id: String(i + 1) } })),
    );
    expect(results.map((r) => r.id)).toEqual(Array.from({ length: 25 }, (_, i) => String(i + 1)));
    expect(globals).toBeLessThanOrEqual(2);
  });
});
