/**
 * A fleet: K child processes, each a RestClient of the same bot token sharing its rate limits through
 * a real redis-server, hammer the emulator (development rate limits on, the platform's global limit of
 * 50 a second, a small per-route bucket) through a proxy that records every arrival. Real time: the
 * emulator counts real seconds. Then the same with Redis killed in the middle of the run and restarted.
 */
import { createClient } from 'redis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Emulator } from '../../src/emulator/createEmulator.js';
import { startEmulator } from '../../src/emulator/startEmulator.js';
import { type CountingProxy, maxInWindow, startCountingProxy } from '../support/countingProxy.js';
import type { WorkerReport } from '../support/fleetWorker.js';
import { type RedisServer, startRedisServer } from '../support/redisServer.js';
import { runTsScript } from '../support/runTsScript.js';

const K = 3;
let emulator: Emulator;
let proxy: CountingProxy;
let server: RedisServer;

beforeAll(async () => {
  server = await startRedisServer();
  emulator = await startEmulator({ port: 0, rateLimits: { perRoute: { limit: 10, windowMs: 1000 } } });
  proxy = await startCountingProxy(emulator.url);
});
afterAll(async () => {
  await proxy.close();
  await emulator.close();
  await server.stop();
});
beforeEach(async () => {
  emulator.reset();
  proxy.arrivals.length = 0;
  const redis = createClient({ url: server.url });
  await redis.connect();
  await redis.flushAll();
  redis.destroy();
});

/** Runs one worker process to its end and reads its report. */
async function runWorker(worker: number): Promise<WorkerReport> {
  const run = await runTsScript('test/support/fleetWorker.ts', {
    LOBBYKIT_API_URL: proxy.apiUrl,
    LOBBYKIT_REDIS_URL: server.url,
    LOBBYKIT_FLEET_SIZE: String(K),
    LOBBYKIT_WORKER: String(worker),
  });
  if (run.exit !== 0) throw new Error(`worker ${worker} exited ${run.exit}: ${run.stderr.slice(-1000)}`);
  return run.report as WorkerReport;
}

/** What every run must show: nothing lost, no crash, the limits held at the emulator. */
function checkFleet(reports: readonly WorkerReport[], globalCeiling: number): void {
  expect(reports).toHaveLength(K);
  for (const r of reports) {
    expect(r.failed).toEqual([]);
    expect(r.ok + r.created + r.notFound + r.forbidden + r.heldBack).toBe(r.planned);
    expect(r.forbidden).toBe(2);
  }
  const arrivals = proxy.arrivals;
  expect(maxInWindow(arrivals, 1000)).toBeLessThanOrEqual(globalCeiling);
  // The learned bucket of 10 a second (the emulator's fixed windows), shared by the fleet: no 429.
  const roles = arrivals.filter((a) => a.path.endsWith('/roles'));
  expect(roles).toHaveLength(K * 20);
  expect(roles.filter((a) => a.status === 429)).toEqual([]);
  // The application's development bucket: 20 lobbies in 2 hours for the whole fleet, no more.
  const created = reports.reduce((n, r) => n + r.created, 0);
  expect(created).toBe(20);
  expect(arrivals.filter((a) => a.method === 'POST' && a.path.endsWith('/lobbies'))).toHaveLength(20);
}

describe('a fleet sharing one token through Redis', () => {
  it('keeps every second at the emulator within 50 requests and every bucket within its limit, with no 429', async () => {
    const reports = await Promise.all(Array.from({ length: K }, (_, i) => runWorker(i)));
    checkFleet(reports, 50);
    expect(proxy.arrivals.filter((a) => a.status === 429)).toEqual([]);
    for (const r of reports) expect([r.unavailable, r.restored]).toEqual([0, 0]);
    // The invalid-request count is the fleet's: every process's 403s are in one count.
    const redis = createClient({ url: server.url });
    await redis.connect();
    const [invalidKey] = await redis.keys('lobbykit:rl:*:i');
    expect(invalidKey).toBeDefined();
    expect(await redis.zCard(invalidKey as string)).toBe(2 * K);
    redis.destroy();
  }, 90_000);

  it('goes on without Redis on its local share when Redis is killed mid-run, then shares again once it is back', async () => {
    const running = Promise.all(Array.from({ length: K }, (_, i) => runWorker(i)));
    // Kill Redis once the fleet is busy, bring it back a little later (empty: it saved nothing).
    const busy = Date.now();
    while (proxy.arrivals.length < 60 && Date.now() - busy < 30_000)
      await new Promise((r) => setTimeout(r, 20));
    await server.stop();
    await new Promise((r) => setTimeout(r, 1500));
    await server.start();
    const reports = await running;
    checkFleet(reports, 50);
    expect(proxy.arrivals.filter((a) => a.status === 429 && a.scope === 'global')).toEqual([]);
    for (const r of reports) {
      expect(r.unavailable).toBeGreaterThanOrEqual(1);
      expect(r.restored).toBeGreaterThanOrEqual(1);
    }
  }, 90_000);
});
