/**
 * The fleet bench: 1, 2 and 4 processes, each a LobbyRuntime with busy lobbies, behind one bot token,
 * against the emulator with the platform's global limit (50 requests a second per token; development
 * limits raised out of the way so that the global limit is what binds). Each case runs with the rate
 * limits in memory (each process alone: the fleet overshoots and collects 429s) and shared through a
 * real redis-server (started here on a free port). Every request goes through a counting proxy, so the
 * requests per second and the 429s are the ones the emulator saw. Then the cost of the shared store
 * per request, in process: RedisRateLimitStore against the in-memory RateLimitManager, µs and script
 * runs (round trips) per request.
 *
 * Environment: BENCH_LOBBIES (lobbies per process, 25), BENCH_SECONDS (busy time per case, 6),
 * BENCH_CHANGE_MS (each lobby changes every, 250), BENCH_REQUESTS (store cost, 5,000), BENCH_FLEETS
 * (process counts, `1,2,4`), BENCH_STORES (`memory,redis`).
 */
import { createClient } from 'redis';
import { ManualClock } from '../../src/clock.js';
import { startEmulator } from '../../src/emulator/startEmulator.js';
import { allRateLimitParts } from '../../src/rest/ratelimit/allRateLimitParts.js';
import { RateLimitManager, type RateRequest } from '../../src/rest/ratelimit/RateLimitManager.js';
import type { RateLimitStore } from '../../src/rest/ratelimit/RateLimitStore.js';
import { RedisRateLimitStore } from '../../src/redis/index.js';
import { startCountingProxy } from '../../test/support/countingProxy.js';
import { startRedisServer } from '../../test/support/redisServer.js';
import { info } from '../../test/rest/support/rateLimitInfo.js';
import { runTsScript } from '../../test/support/runTsScript.js';

const LOBBIES = Number(process.env.BENCH_LOBBIES ?? 25);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const CHANGE_MS = Number(process.env.BENCH_CHANGE_MS ?? 250);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 5000);
const FLEETS = (process.env.BENCH_FLEETS ?? '1,2,4').split(',').map(Number);
const STORES = (process.env.BENCH_STORES ?? 'memory,redis').split(',');

interface ProcessReport {
  changes: number;
  confirmed: number;
  p50: number;
  p99: number;
  cpuUsPerChange: number;
  requests: number;
  limited: number;
  storeRuns: number;
  drained: boolean;
}

const redisServer = await startRedisServer();
const high = 1_000_000;
const emulator = await startEmulator({
  port: 0,
  rateLimits: {
    development: {
      createLobby: high,
      createOrJoinLobby: high,
      modifyLobby: high,
      addLobbyMember: high,
      removeLobbyMember: high,
      bulkUpdateLobbyMembers: high,
      linkLobbyChannel: high,
      sendLobbyMessage: high,
      createLinkedChannelInvite: high,
    },
  },
});
const proxy = await startCountingProxy(emulator.url);

async function runProcess(store: string, processes: number): Promise<ProcessReport | undefined> {
  const run = await runTsScript('bench/fleet/fleetProcess.ts', {
    BENCH_STORE: store,
    BENCH_API_URL: proxy.apiUrl,
    BENCH_REDIS_URL: redisServer.url,
    BENCH_LOBBIES: String(LOBBIES),
    BENCH_SECONDS: String(SECONDS),
    BENCH_CHANGE_MS: String(CHANGE_MS),
    BENCH_PROCESSES: String(processes),
  });
  if (run.exit === 0 && run.report !== undefined) return run.report as ProcessReport;
  // Counted in the table's last column, and why it ended printed here.
  console.log(`  a ${store} process ended without a report: exit ${run.exit}\n${run.stderr.trim()}`);
  return undefined;
}

/** The most requests the emulator saw in any second. */
function peakPerSecond(times: readonly number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while ((sorted[end] as number) - (sorted[start] as number) >= 1000) start++;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

const rows: string[][] = [];
for (const processes of FLEETS) {
  for (const store of STORES) {
    emulator.reset();
    proxy.arrivals.length = 0;
    const flush = createClient({ url: redisServer.url });
    await flush.connect();
    await flush.flushAll();
    flush.destroy();
    const all = await Promise.all(Array.from({ length: processes }, () => runProcess(store, processes)));
    const reports = all.filter((r): r is ProcessReport => r !== undefined);
    const silent = all.length - reports.length;
    const busy = proxy.arrivals.filter((a) => a.method === 'PATCH');
    const span = busy.length > 1 ? ((busy.at(-1)?.at ?? 0) - (busy[0]?.at ?? 0)) / 1000 : 1;
    const seen429 = proxy.arrivals.filter((a) => a.status === 429).length;
    const changes = reports.reduce((n, r) => n + r.changes, 0);
    const mean = (f: (r: ProcessReport) => number): number =>
      reports.reduce((n, r) => n + f(r), 0) / reports.length;
    rows.push([
      String(processes),
      store,
      (busy.length / span).toFixed(1),
      String(peakPerSecond(proxy.arrivals.map((a) => a.at))),
      String(seen429),
      String(changes),
      mean((r) => r.p50).toFixed(0),
      Math.max(...reports.map((r) => r.p99)).toFixed(0),
      mean((r) => r.cpuUsPerChange).toFixed(0),
      String(silent),
    ]);
    const stuck = reports.filter((r) => !r.drained).length;
    console.log(
      `  done: ${processes} × ${store}${stuck > 0 ? ` (${stuck} process(es) not drained in 30 s)` : ''}`,
    );
  }
}

console.log(
  `\nFleet: ${LOBBIES} busy lobbies per process, each changing every ${CHANGE_MS} ms for ${SECONDS} s; emulator global limit 50/s per token`,
);
const head = [
  'processes',
  'store',
  'req/s seen',
  'peak in 1 s',
  '429s',
  'changes',
  'p50 ms',
  'p99 ms',
  'CPU µs/change',
  'ended without report',
];
console.log(`| ${head.join(' | ')} |\n|${head.map(() => '---').join('|')}|`);
for (const r of rows) console.log(`| ${r.join(' | ')} |`);

// The store's own cost per request, in process: acquire + complete, sequential, one token, no limit
// reached (a global capacity of 10⁹: the global window is kept and counted, never full), a route
// without a bucket; a ManualClock that never moves.
const noHeaders = info();
async function cost(store: RateLimitStore, requests: number): Promise<number> {
  const req: RateRequest = {
    routeKey: 'PATCH /lobbies/{lobby_id}',
    where: { major: 'global', lobbyId: undefined, auth: 'bot:bench' },
    developmentBucket: undefined,
    authKey: 'bot:bench',
    signal: undefined,
    beforeWait: () => {},
  };
  const t0 = performance.now();
  for (let i = 0; i < requests; i++) {
    const granted = store.acquire(req);
    const permit = granted instanceof Promise ? await granted : granted;
    store.complete(permit, 200, noHeaders);
  }
  return ((performance.now() - t0) * 1000) / requests;
}
const redis = await createClient({ url: redisServer.url, disableOfflineQueue: true }).connect();
const base = { clock: new ManualClock(), globalPerSecond: 1e9, developmentRateLimits: false as const };
const memory = new RateLimitManager(base, allRateLimitParts);
const shared = new RedisRateLimitStore({ ...base, redis, commandTimeoutMs: 60_000 });
await cost(memory, 500);
await cost(shared, 500);
const shared0 = shared.runs;
const memoryUs = await cost(memory, REQUESTS);
const sharedUs = await cost(shared, REQUESTS);
console.log(`\nStore cost per request (acquire + complete, sequential, ${REQUESTS} requests):`);
console.log('| store | µs per request | script runs (round trips) per request |\n|---|---|---|');
console.log(`| in memory (RateLimitManager) | ${memoryUs.toFixed(2)} | 0 |`);
console.log(
  `| Redis (RedisRateLimitStore) | ${sharedUs.toFixed(1)} | ${((shared.runs - shared0) / REQUESTS).toFixed(2)} |`,
);

redis.destroy();
await proxy.close();
await emulator.close();
await redisServer.stop();
