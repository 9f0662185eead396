/**
 * A tiny loopback proxy in front of the emulator that fails requests on demand: a 500 answer, a 403
 * refusal (Missing Access), a 404 Unknown Lobby, a 429, a connection dropped before the request
 * reaches the emulator, or — after the emulator acted — an answer lost (connection dropped), replaced
 * by an empty 200, by a 200 that is not JSON or JSON of another shape, or cut off half-way (with a
 * matching Content-Length).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Emulator } from '../../src/emulator/createEmulator.js';
import { forwardRequest } from '../support/forwardRequest.js';

/** What the proxy does with a request. */
export type Fault =
  | 'pass'
  | '500'
  | '403'
  | '404-lobby'
  | '429'
  | 'drop-before'
  | 'drop-after'
  | 'empty-after'
  | 'not-json-after'
  | 'truncated-after'
  | 'wrong-shape-after';

/** The faults where the emulator applies the request and the client cannot read what it did. */
export const unreadableAfter: readonly Fault[] = [
  'drop-after',
  'empty-after',
  'not-json-after',
  'truncated-after',
  'wrong-shape-after',
];

/** A running proxy. */
export interface FaultyProxy {
  /** `http://127.0.0.1:port/api/v10`. */
  readonly apiUrl: string;
  /** Decides each request's fate (called in arrival order). */
  fault: (method: string, path: string) => Fault;
  /** Requests seen, as `METHOD path fault`. */
  readonly log: string[];
  close(): Promise<void>;
}

/** The faults answered by the proxy itself, and what it answers. */
const cannedAnswers: Partial<Record<Fault, { status: number; body: { message: string; code: number } }>> = {
  '500': { status: 500, body: { message: '500: Internal Server Error', code: 0 } },
  '403': { status: 403, body: { message: 'Missing Access', code: 50001 } },
  '404-lobby': { status: 404, body: { message: 'Unknown Lobby', code: 10031 } },
};

/** The 429 answered by the proxy: a short per-route limit. */
const tooManyRequests = {
  status: 429,
  headers: { 'retry-after': '1', 'x-ratelimit-scope': 'user' },
  body: { message: 'You are being rate limited.', retry_after: 0.05, global: false },
};

/** Starts a proxy to `target` (an emulator's `url`). */
export async function startFaultyProxy(target: string): Promise<FaultyProxy> {
  const upstream = new URL(target);
  const proxy: FaultyProxy = {
    apiUrl: '',
    fault: () => 'pass',
    log: [],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    // One request per connection: a client never reuses a socket the proxy is about to drop or has
    // just dropped (with keep-alive, a reused socket closed by the proxy's idle timeout was an
    // ECONNRESET the test did not ask for).
    res.shouldKeepAlive = false;
    const fault = proxy.fault(req.method ?? 'GET', req.url ?? '/');
    proxy.log.push(`${req.method} ${req.url} ${fault}`);
    if (fault === 'drop-before') {
      req.socket.destroy();
      return;
    }
    const refusal = cannedAnswers[fault];
    if (fault === '429') {
      req.resume();
      res.writeHead(tooManyRequests.status, {
        'content-type': 'application/json',
        ...tooManyRequests.headers,
      });
      res.end(JSON.stringify(tooManyRequests.body));
      return;
    }
    if (refusal) {
      req.resume();
      res.writeHead(refusal.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(refusal.body));
      return;
    }
    forwardRequest(
      upstream,
      req,
      (answer) => {
        if (fault === 'drop-after') {
          answer.resume();
          answer.on('end', () => req.socket.destroy());
          return;
        }
        if (
          fault === 'empty-after' ||
          fault === 'not-json-after' ||
          fault === 'truncated-after' ||
          fault === 'wrong-shape-after'
        ) {
          const chunks: Buffer[] = [];
          answer.on('data', (c: Buffer) => chunks.push(c));
          answer.on('end', () => {
            const whole = Buffer.concat(chunks);
            const body =
              fault === 'empty-after'
                ? Buffer.alloc(0)
                : fault === 'not-json-after'
                  ? Buffer.from('<html><body>502 Bad Gateway</body></html>')
                  : fault === 'wrong-shape-after'
                    ? Buffer.from('{"ok":true}')
                    : whole.subarray(0, Math.floor(whole.length / 2));
            res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
            res.end(body);
          });
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
      () => req.socket.destroy(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  Object.assign(proxy, { apiUrl: `http://127.0.0.1:${port}/api/v10` });
  const close = proxy.close;
  proxy.close = async () => {
    server.closeAllConnections();
    await close();
  };
  return proxy;
}

/**
 * A proxy in front of `emu`'s emulator for the enclosing describe block: started before its tests,
 * closed after them, and passing everything again after each test (a test that fails half-way must
 * not leave its faults to the next one). Read `.proxy` inside a test.
 */
export function useFaultyProxy(emu: { readonly emulator: Emulator }): { readonly proxy: FaultyProxy } {
  let proxy: FaultyProxy | undefined;
  beforeAll(async () => {
    proxy = await startFaultyProxy(emu.emulator.url);
  });
  afterAll(async () => {
    await proxy?.close();
  });
  afterEach(() => {
    if (proxy) proxy.fault = () => 'pass';
  });
  return {
    get proxy(): FaultyProxy {
      if (!proxy) throw new Error('the proxy is not running');
      return proxy;
    },
  };
}
