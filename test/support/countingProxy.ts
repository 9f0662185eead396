/**
 * A loopback proxy in front of the emulator that records what reaches it: each request's arrival time,
 * method, path and the status and `X-RateLimit-Scope` of its answer. The platform counts a request
 * when it arrives, so the arrivals are what a rate limit is judged on.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { forwardRequest } from './forwardRequest.js';

/** One request as the proxy saw it. */
export interface Arrival {
  /** `performance.now()` at arrival. */
  readonly at: number;
  readonly method: string;
  readonly path: string;
  status: number;
  scope: string | undefined;
}

/** A running counting proxy. */
export interface CountingProxy {
  /** `http://127.0.0.1:port/api/v10`. */
  readonly apiUrl: string;
  readonly arrivals: Arrival[];
  close(): Promise<void>;
}

/** The most arrivals within any `windowMs` (a sliding window over the arrival times). */
export function maxInWindow(arrivals: readonly Arrival[], windowMs: number): number {
  const times = arrivals.map((a) => a.at).sort((x, y) => x - y);
  let most = 0;
  let start = 0;
  for (let end = 0; end < times.length; end++) {
    while ((times[end] as number) - (times[start] as number) >= windowMs) start++;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

/** Starts a proxy to `target` (`http://host:port`). */
export async function startCountingProxy(target: string): Promise<CountingProxy> {
  const upstream = new URL(target);
  const arrivals: Arrival[] = [];
  const server: Server = createServer((req, res) => {
    const arrival: Arrival = {
      at: performance.now(),
      method: req.method ?? 'GET',
      path: (req.url ?? '').replace(/\?.*$/, ''),
      status: 0,
      scope: undefined,
    };
    arrivals.push(arrival);
    forwardRequest(
      upstream,
      req,
      (answer) => {
        arrival.status = answer.statusCode ?? 0;
        const scope = answer.headers['x-ratelimit-scope'];
        arrival.scope = typeof scope === 'string' ? scope : undefined;
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
      () => res.destroy(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiUrl: `http://127.0.0.1:${port}/api/v10`,
    arrivals,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
