/**
 * The emulator's throughput against a bare node:http server answering the same bytes
 * (`npm run bench:emulator`).
 *
 * Two servers run in child processes (this file again, in a server role; pinned to the second core
 * when `taskset` exists, the load generator staying on the first): the emulator (demo world, rate
 * limits off) and a bare node:http server that answers each case with the exact status, headers and
 * body the emulator gave for it, captured once before measuring. The load generator is undici with a
 * keep-alive Pool, CONCURRENCY requests in flight, REQUESTS requests per case (after a warm-up), and a
 * time cap per case so that the run always ends. Cases: Get Lobby, and Bulk Update Lobby Members with
 * 5 and 25 members (upserts of existing members, so the world stays the same size). Every case runs
 * ROUNDS times, alternating the servers, and rounds alternate which server goes first; the median
 * round is printed, then each case's ratios paired by round (median and range). The headline figure
 * is the emulator's requests per second as a fraction of the bare server's; beside it, each server
 * child's CPU time per request (asked of the child before and after each round), which a loaded
 * machine disturbs less than throughput. Read both: when the one load generator cannot keep up with
 * the bare server (it costs about as much CPU per request as the bare server does), the req/s ratio
 * is pressed towards 1 and flatters the slower server; the CPU ratio is the servers' own cost.
 * Printed, never asserted; loopback only.
 *
 * Environment: BENCH_REQUESTS (default 4000), BENCH_ROUNDS (3), BENCH_CONCURRENCY (32),
 * BENCH_CASE_SECONDS (time cap per case and round, 15), BENCH_CASES (only the cases whose name
 * contains this text, e.g. `get lobby` or `(25)`), BENCH_CPU_PROF (a folder: both server children run
 * under `node --cpu-prof`, writing to its `emulator/` and `bare/` folders, and the run ends with each
 * profile's top items by self time; profiling slows the servers, so read the ratios of such a run as
 * rough; the profile samples wall time, so on a loaded machine a system call during which the process
 * waits for a core, `writev` above all, looks bigger than the CPU it costs).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { hasTaskset } from './support/hasTaskset.js';
import { summarizeCpuProfile } from './support/summarizeCpuProfile.js';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { startEmulator } from '../src/emulator/startEmulator.js';
import { demo } from '../src/emulator/world/demoSeed.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 4000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const CASE_SECONDS = Number(process.env.BENCH_CASE_SECONDS ?? 15);
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF ? resolve(process.env.BENCH_CPU_PROF) : undefined;
const CASES = process.env.BENCH_CASES?.toLowerCase();
const WARMUP = Math.min(500, Math.ceil(REQUESTS / 5));
const ROLE_ENV = 'LOBBYKIT_BENCH_ROLE';
const require = createRequire(import.meta.url);

/** One request shape of a case. */
interface CaseRequest {
  readonly method: 'GET' | 'POST';
  /** Path below the origin (the emulator's /api/v10 included). */
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
}

/** A captured answer: what the bare server replays. */
interface Captured {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/** Messages between the bench and its server children. */
type ChildMessage = { port: number } | { lobbyIds: string[]; userIds: string[] } | { cpuUs: number };

/** A child answers `{cpu: true}` with the CPU time (user + system, µs) it has used so far. */
function answerCpuQueries(): void {
  process.on('message', (message: { cpu?: boolean }) => {
    if (message?.cpu !== true) return;
    const used = process.cpuUsage();
    process.send?.({ cpuUs: used.user + used.system } satisfies ChildMessage);
  });
}

// ---------------------------------------------------------------------------------------------
// Server role (child process)
// ---------------------------------------------------------------------------------------------

/** Headers node:http writes by itself, which the replay must not copy. */
const TRANSPORT_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

async function runEmulatorServer(): Promise<void> {
  const emu = await startEmulator({ port: 0, seed: 'demo', rateLimits: 'off', logger: { error() {} } });
  // 25 users for the bulk cases (the demo world has 5) and one lobby of the demo application per
  // bulk case, so that every case has a path (and a captured answer) of its own.
  const userIds: string[] = demo.users.map((u) => u.id);
  for (let i = userIds.length; i < 25; i += 1)
    userIds.push(emu.world.createUser({ username: `bench_${i}` }).id);
  const lobbyIds = [0, 1].map(() => emu.world.lobbies.create({ application_id: demo.applicationId }).id);
  answerCpuQueries();
  process.send?.({ lobbyIds, userIds } satisfies ChildMessage);
  process.send?.({ port: emu.port } satisfies ChildMessage);
  process.once('disconnect', () => void emu.close().then(() => process.exit(0)));
}

function runBareServer(replies: Record<string, Captured>): void {
  const server = createServer((req, res) => {
    const captured = replies[`${req.method} ${req.url}`];
    // Read the whole body first, as the emulator does, then answer the same bytes.
    req.resume();
    req.once('end', () => {
      if (!captured) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(captured.status, captured.headers);
      res.end(captured.body);
    });
  });
  server.keepAliveTimeout = 60_000;
  answerCpuQueries();
  server.listen(0, '127.0.0.1', () => {
    process.send?.({ port: (server.address() as AddressInfo).port } satisfies ChildMessage);
  });
  process.once('disconnect', () => server.close(() => process.exit(0)));
}

// ---------------------------------------------------------------------------------------------
// Bench role (main process)
// ---------------------------------------------------------------------------------------------

interface Child {
  readonly process: ChildProcess;
  readonly origin: string;
  readonly info: { lobbyIds: string[]; userIds: string[] } | undefined;
}

/** Starts this file again in a server role; resolves once it listens. */
async function startChild(role: 'emulator' | 'bare', replies?: Record<string, Captured>): Promise<Child> {
  // vite-node runs this file; the child runs it the same way, found from here rather than argv
  // (vite-node rewrites argv for the script it runs).
  const args = [
    ...(CPU_PROF_DIR === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${join(CPU_PROF_DIR, role)}`]),
    require.resolve('vite-node/vite-node.mjs'),
    fileURLToPath(import.meta.url),
  ];
  const env = {
    ...process.env,
    [ROLE_ENV]: role,
    ...(replies ? { LOBBYKIT_BENCH_REPLIES: JSON.stringify(replies) } : {}),
  };
  const stdio: ['ignore', 'inherit', 'inherit', 'ipc'] = ['ignore', 'inherit', 'inherit', 'ipc'];
  const child = hasTaskset()
    ? spawn('taskset', ['-c', '1', process.execPath, ...args], { env, stdio })
    : spawn(process.execPath, args, { env, stdio });
  let info: Child['info'];
  const port = await new Promise<number>((resolve, reject) => {
    child.on('message', (message: ChildMessage) => {
      if ('lobbyIds' in message) info = message;
      else if ('port' in message) resolve(message.port);
    });
    child.once('exit', (code) => reject(new Error(`bench ${role} server exited with ${code}`)));
  });
  return { process: child, origin: `http://127.0.0.1:${port}`, info };
}

function stopChild(child: Child): Promise<void> {
  return new Promise((resolve) => {
    if (child.process.exitCode !== null) return resolve();
    const timer = setTimeout(() => child.process.kill('SIGKILL'), 5000);
    child.process.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.process.disconnect();
  });
}

function flatten(
  headers: IncomingHttpHeaders | Record<string, string | string[] | undefined>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || TRANSPORT_HEADERS.has(name.toLowerCase())) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** The bench cases for a started emulator. */
function casesFor(
  lobbyIds: readonly string[],
  userIds: readonly string[],
): Array<{ name: string; request: CaseRequest }> {
  const auth = { authorization: `Bot ${demo.botToken}` };
  const bulk = (n: number, lobbyId: string | undefined): CaseRequest => ({
    method: 'POST',
    path: `/api/v10/lobbies/${lobbyId}/members/bulk`,
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify(
      userIds.slice(0, n).map((id, i) => ({ id, metadata: { slot: String(i), team: 'blue' } })),
    ),
  });
  return [
    {
      name: 'Get Lobby',
      request: { method: 'GET', path: `/api/v10/lobbies/${demo.lobbyId}`, headers: auth },
    },
    { name: 'Bulk Update Lobby Members (5)', request: bulk(5, lobbyIds[0]) },
    { name: 'Bulk Update Lobby Members (25)', request: bulk(25, lobbyIds[1]) },
  ];
}

async function capture(origin: string, request: CaseRequest): Promise<Captured> {
  const pool = new Pool(origin, { connections: 1 });
  try {
    const res = await pool.request({
      method: request.method,
      path: request.path,
      headers: request.headers,
      ...(request.body === undefined ? {} : { body: request.body }),
    });
    const body = await res.body.text();
    if (res.statusCode >= 300)
      throw new Error(`capture of ${request.path} answered ${res.statusCode}: ${body}`);
    return { status: res.statusCode, headers: flatten(res.headers), body };
  } finally {
    await pool.close();
  }
}

interface Measure {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly count: number;
  /** The server child's CPU time (user + system) per request, in µs. */
  readonly cpuUs: number;
}

/** The CPU time (µs) `child` has used so far. */
function cpuOf(child: Child): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (message: ChildMessage) => {
      if (!('cpuUs' in message)) return;
      child.process.off('message', onMessage);
      resolve(message.cpuUs);
    };
    child.process.on('message', onMessage);
    child.process.send({ cpu: true });
  });
}

/** Sends `total` requests to `child`, `CONCURRENCY` at a time, stopping early at the time cap. */
async function load(child: Child, request: CaseRequest, total: number, capMs: number): Promise<Measure> {
  const origin = child.origin;
  const cpuBefore = await cpuOf(child);
  const pool = new Pool(origin, { connections: CONCURRENCY, pipelining: 1, keepAliveTimeout: 60_000 });
  const latencies: number[] = [];
  let next = 0;
  const start = performance.now();
  const deadline = start + capMs;
  const worker = async (): Promise<void> => {
    while (next < total && performance.now() < deadline) {
      next += 1;
      const t0 = performance.now();
      const res = await pool.request({
        method: request.method,
        path: request.path,
        headers: request.headers,
        ...(request.body === undefined ? {} : { body: request.body }),
      });
      await res.body.dump();
      if (res.statusCode >= 300) throw new Error(`${request.path} answered ${res.statusCode}`);
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const elapsed = performance.now() - start;
  const cpuUs = (await cpuOf(child)) - cpuBefore;
  await pool.close();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  const count = latencies.length;
  return {
    rps: (count / elapsed) * 1000,
    p50: at(0.5),
    p99: at(0.99),
    count,
    cpuUs: cpuUs / Math.max(1, count),
  };
}

/** The round of median req/s, with the median CPU per request of all rounds. */
function median(values: readonly Measure[]): Measure {
  const sorted = [...values].sort((a, b) => a.rps - b.rps);
  const cpu = [...values].map((v) => v.cpuUs).sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return { ...(sorted[mid] as Measure), cpuUs: cpu[mid] ?? Number.NaN };
}

async function runBench(): Promise<void> {
  const started = performance.now();
  // The load generator (every thread of this process) on the first core, as the opening comment
  // says: left free, it competed with the server on the second under load.
  if (hasTaskset()) execFileSync('taskset', ['-a', '-cp', '0', String(process.pid)], { stdio: 'ignore' });
  console.log(
    `emulator vs bare node:http — ${REQUESTS} requests per case and round, ${CONCURRENCY} in flight, ` +
      `${ROUNDS} rounds (median shown), cap ${CASE_SECONDS} s per case and round; node ${process.version}` +
      (hasTaskset() ? '; servers pinned to core 1, the load generator to core 0' : ''),
  );
  const emulator = await startChild('emulator');
  const info = emulator.info;
  if (!info) throw new Error('the emulator child did not report its world');
  const cases = casesFor(info.lobbyIds, info.userIds).filter(
    (c) => CASES === undefined || c.name.toLowerCase().includes(CASES),
  );
  const replies: Record<string, Captured> = {};
  for (const c of cases)
    replies[`${c.request.method} ${c.request.path}`] = await capture(emulator.origin, c.request);
  const bare = await startChild('bare', replies);
  // The replay must be byte-identical: check one of each before measuring.
  for (const c of cases) {
    const theirs = await capture(bare.origin, c.request);
    const ours = replies[`${c.request.method} ${c.request.path}`];
    if (JSON.stringify(theirs) !== JSON.stringify(ours)) throw new Error(`bare replay differs for ${c.name}`);
  }

  const rows: Row[] = [];
  try {
    for (const c of cases) {
      const emuRounds: Measure[] = [];
      const bareRounds: Measure[] = [];
      await load(emulator, c.request, WARMUP, CASE_SECONDS * 1000);
      await load(bare, c.request, WARMUP, CASE_SECONDS * 1000);
      // Rounds alternate which server goes first, so that neither always meets a warmer or quieter
      // machine.
      for (let round = 0; round < ROUNDS; round += 1) {
        const measureEmulator = async () =>
          emuRounds.push(await load(emulator, c.request, REQUESTS, CASE_SECONDS * 1000));
        const measureBare = async () =>
          bareRounds.push(await load(bare, c.request, REQUESTS, CASE_SECONDS * 1000));
        if (round % 2 === 0) {
          await measureEmulator();
          await measureBare();
        } else {
          await measureBare();
          await measureEmulator();
        }
      }
      const reply = replies[`${c.request.method} ${c.request.path}`];
      rows.push({
        name: c.name,
        bytes: Buffer.byteLength(reply?.body ?? ''),
        emu: median(emuRounds),
        bare: median(bareRounds),
        paired: pairedRatios(emuRounds, bareRounds),
      });
    }
  } finally {
    await Promise.all([stopChild(emulator), stopChild(bare)]);
  }
  printTable(rows);
  if (CPU_PROF_DIR !== undefined) {
    printProfile('emulator', join(CPU_PROF_DIR, 'emulator'));
    printProfile('bare', join(CPU_PROF_DIR, 'bare'));
  }
  console.log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** One case's result: the median rounds, and the ratios of the rounds paired as they ran. */
interface Row {
  readonly name: string;
  readonly bytes: number;
  readonly emu: Measure;
  readonly bare: Measure;
  readonly paired: Paired;
}

/** Median and range of the per-round ratios (emulator / bare), for req/s and for CPU per request. */
interface Paired {
  readonly rps: Spread;
  readonly cpu: Spread;
}

interface Spread {
  readonly median: number;
  readonly min: number;
  readonly max: number;
}

function spread(values: readonly number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    median: sorted[Math.floor(sorted.length / 2)] ?? Number.NaN,
    min: sorted[0] ?? Number.NaN,
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

/**
 * Each emulator round against the bare round run beside it (same round number, one right after the
 * other): the machine's load drifts less within a pair than across the run, so the spread of these
 * ratios says how far one run's median can be trusted.
 */
function pairedRatios(emu: readonly Measure[], bare: readonly Measure[]): Paired {
  const pairs = emu.map((e, i) => [e, bare[i]] as const).filter((p): p is [Measure, Measure] => !!p[1]);
  return {
    rps: spread(pairs.map(([e, b]) => e.rps / b.rps)),
    cpu: spread(pairs.map(([e, b]) => b.cpuUs / e.cpuUs)),
  };
}

function printTable(rows: readonly Row[]): void {
  const header = [
    'case',
    'answer bytes',
    'emulator req/s',
    'bare req/s',
    'emulator / bare',
    'emulator p50 / p99 ms',
    'bare p50 / p99 ms',
    'CPU µs/req emulator / bare',
  ];
  const body = rows.map((r) => [
    r.name,
    String(r.bytes),
    r.emu.rps.toFixed(0),
    r.bare.rps.toFixed(0),
    `${(r.emu.rps / r.bare.rps).toFixed(2)}×`,
    `${r.emu.p50.toFixed(2)} / ${r.emu.p99.toFixed(2)}`,
    `${r.bare.p50.toFixed(2)} / ${r.bare.p99.toFixed(2)}`,
    `${r.emu.cpuUs.toFixed(0)} / ${r.bare.cpuUs.toFixed(0)} (${(r.bare.cpuUs / r.emu.cpuUs).toFixed(2)}×)`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => (row[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join(' | ')} |`;
  console.log('');
  console.log(line(header));
  console.log(
    `|${widths.map((w, i) => (i === 0 ? `${'-'.repeat(w + 1)}-` : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
  );
  for (const row of body) console.log(line(row));
  console.log('');
  console.log(
    `paired by round (each emulator round / the bare round beside it), median (min–max) of ${ROUNDS}:`,
  );
  const x = (s: Spread) => `${s.median.toFixed(2)}× (${s.min.toFixed(2)}–${s.max.toFixed(2)})`;
  for (const r of rows)
    console.log(`  ${r.name}: req/s ${x(r.paired.rps)}; CPU bare / emulator ${x(r.paired.cpu)}`);
  const ratios = rows.map((r) => r.emu.rps / r.bare.rps);
  const geo = Math.exp(ratios.reduce((sum, x) => sum + Math.log(x), 0) / Math.max(1, ratios.length));
  console.log('');
  console.log(
    `headline: the emulator serves ${(geo * 100).toFixed(0)}% of a bare node:http server's requests per second ` +
      `(geometric mean of the ${rows.length} cases; median of ${ROUNDS} rounds each)`,
  );
  const cpuRatios = rows.map((r) => r.bare.cpuUs / r.emu.cpuUs);
  const cpuGeo = Math.exp(cpuRatios.reduce((sum, x) => sum + Math.log(x), 0) / Math.max(1, cpuRatios.length));
  console.log(
    `CPU: the emulator spends ${(1 / cpuGeo).toFixed(2)}× the bare server's CPU time per request ` +
      `(bare / emulator ${cpuGeo.toFixed(2)}×, geometric mean; less sensitive to a loaded machine than req/s)`,
  );
}

/** The top items of the newest profile in `dir` (written by the `role` child). */
function printProfile(role: 'emulator' | 'bare', dir: string): void {
  const newest = readdirSync(dir)
    .filter((name) => name.endsWith('.cpuprofile'))
    .map((name) => join(dir, name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  if (newest === undefined) {
    console.log(`no .cpuprofile in ${dir}`);
    return;
  }
  const summary = summarizeCpuProfile(newest, 20);
  console.log('');
  console.log(
    `${role} CPU profile ${newest}: ${summary.busyMs.toFixed(0)} ms busy (start-up included), ` +
      `${summary.idleMs.toFixed(0)} ms idle; top items by self time, as a share of the busy time`,
  );
  for (const { item, selfMs, share } of summary.items)
    console.log(`${(share * 100).toFixed(1).padStart(5)}%  ${selfMs.toFixed(0).padStart(6)} ms  ${item}`);
}

const role = process.env[ROLE_ENV];
if (role === 'emulator') {
  await runEmulatorServer();
} else if (role === 'bare') {
  runBareServer(JSON.parse(process.env.LOBBYKIT_BENCH_REPLIES ?? '{}') as Record<string, Captured>);
} else {
  await runBench();
}
