/**
 * One process of the fleet bench (run by `vite-node` from fleet.bench.ts): a LobbyRuntime of the demo
 * bot holding BENCH_LOBBIES busy lobbies, each changing its metadata every BENCH_CHANGE_MS for
 * BENCH_SECONDS, with its rate limits in memory (`memory`) or shared through Redis (`redis`). Prints
 * one line of JSON: changes made, change-to-confirmed latencies' p50 and p99, CPU per change, the
 * requests it sent and the 429s it was answered.
 */
import { createClient } from 'redis';
import { LobbyRuntime, RestClient } from '../../src/index.js';
import { RedisRateLimitStore } from '../../src/redis/index.js';

const env = (name: string, fallback?: string): string => {
  const value = process.env[name] ?? fallback;
  if (value === undefined) throw new Error(`${name} is not set`);
  return value;
};
const store = env('BENCH_STORE');
const lobbies = Number(env('BENCH_LOBBIES'));
const seconds = Number(env('BENCH_SECONDS'));
const changeMs = Number(env('BENCH_CHANGE_MS'));
const fleet = Number(env('BENCH_PROCESSES'));

const redis =
  store === 'redis'
    ? await createClient({ url: env('BENCH_REDIS_URL'), disableOfflineQueue: true }).connect()
    : undefined;
let shared: RedisRateLimitStore | undefined;
const rest = new RestClient({
  baseUrl: env('BENCH_API_URL'),
  auth: { bot: 'demo-bot-token' },
  maxRateLimitWaitMs: 600_000,
  ...(redis === undefined
    ? {}
    : {
        rateLimitStore: (base) => {
          shared = new RedisRateLimitStore({ ...base, redis, fleetSize: fleet, commandTimeoutMs: 5000 });
          return shared;
        },
      }),
});
let requests = 0;
let limited = 0;
rest.on('response', (e) => {
  requests++;
  if (e.status === 429) limited++;
});
const runtime = new LobbyRuntime({ rest, reconcileIntervalMs: 0, flushDelayMs: 20 });
// Created before the measurement; an overshooting fleet (in-memory store) may see a creation refused
// after its 429 retries: it is tried again a second later.
async function create(): ReturnType<LobbyRuntime['create']> {
  for (;;) {
    try {
      return await runtime.create();
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}
const handles = await Promise.all(Array.from({ length: lobbies }, create));

// Per lobby, the times of the changes not confirmed yet, oldest first; a flush confirms what it carried.
const pending = new Map<string, number[]>();
const latencies: number[] = [];
for (const lobby of handles) {
  pending.set(lobby.id, []);
  lobby.on('synced', (e) => {
    const times = pending.get(lobby.id) ?? [];
    const confirmed = times.splice(0, times.length - e.pending);
    const now = performance.now();
    for (const t of confirmed) latencies.push(now - t);
  });
}

const cpu0 = process.cpuUsage();
const started = performance.now();
let changes = 0;
await new Promise<void>((resolve) => {
  const timer = setInterval(() => {
    if (performance.now() - started >= seconds * 1000) {
      clearInterval(timer);
      resolve();
      return;
    }
    for (const lobby of handles) {
      lobby.setMetadata({ at: String(changes++) });
      pending.get(lobby.id)?.push(performance.now());
    }
  }, changeMs);
});
// Drain what is pending, for at most 30 s (`drained: false` past that).
let cap: NodeJS.Timeout | undefined;
const drained = await Promise.race([
  runtime.flushAll().then(
    () => true,
    () => true,
  ),
  new Promise<boolean>((resolve) => {
    cap = setTimeout(() => resolve(false), 30_000);
  }),
]);
clearTimeout(cap);
const cpu = process.cpuUsage(cpu0);
await shared?.flush();
if (drained) await runtime.dispose();
await rest.close();
redis?.destroy();

latencies.sort((a, b) => a - b);
const at = (q: number): number =>
  latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
process.stdout.write(
  `${JSON.stringify({
    changes,
    confirmed: latencies.length,
    p50: at(0.5),
    p99: at(0.99),
    cpuUsPerChange: (cpu.user + cpu.system) / Math.max(1, changes),
    requests,
    limited,
    storeRuns: shared?.runs ?? 0,
    drained,
  })}\n`,
);
