/** A tiny node:http server on loopback for protocol tests over real sockets. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface LoopbackRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: Buffer;
}

export type LoopbackHandler = (
  req: LoopbackRequest,
  res: ServerResponse,
  raw: IncomingMessage,
) => void | Promise<void>;

export interface LoopbackServer {
  /** `http://127.0.0.1:PORT/api/v10` */
  readonly apiUrl: string;
  readonly requests: LoopbackRequest[];
  /** TCP connections accepted so far. */
  connections: number;
  close(): Promise<void>;
}

/** Starts a server answering with `handler` (after reading the whole request body). */
export async function startLoopback(handler: LoopbackHandler): Promise<LoopbackServer> {
  const sockets = new Set<Socket>();
  const requests: LoopbackRequest[] = [];
  const server = createServer((raw, res) => {
    const chunks: Buffer[] = [];
    raw.on('data', (c: Buffer) => chunks.push(c));
    raw.on('end', () => {
      const req = {
        method: raw.method ?? '',
        url: raw.url ?? '',
        headers: raw.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(req);
      Promise.resolve(handler(req, res, raw)).catch((error) => {
        res.statusCode = 599;
        res.end(String(error));
      });
    });
  });
  const state: LoopbackServer = {
    apiUrl: '',
    requests,
    connections: 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  server.on('connection', (socket: Socket) => {
    state.connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  (state as { apiUrl: string }).apiUrl = `http://127.0.0.1:${port}/api/v10`;
  return state;
}

/** Answers JSON with `status` and extra headers. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}
