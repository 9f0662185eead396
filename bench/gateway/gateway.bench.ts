/**
 * The gateway, server to clients (`npm run bench:gateway`).
 *
 * N clients connect in this process — each as its own application, so that none waits for
 * another's identify bucket — with lobbykit's `GatewayClient` (over `ws`) and, in the same run on
 * the same server, `@discordjs/ws`'s `WebSocketManager` (one per client, one shard each, no
 * compression). Two sources of events, each in a child process (pinned to core 1 when `taskset`
 * exists, so that this process's CPU is the clients' alone):
 * - `replay` (replayChild.ts): a minimal raw `ws` server that writes pre-encoded dispatch frames as
 *   fast as the clients read them (backpressure-aware). The server costs next to nothing, so the
 *   clients' receive paths are what is compared.
 * - `emulator` (emulatorChild.ts): the emulator, emitting the events through its event log; this
 *   measures the whole path, the emulator's send path included.
 * Each burst is EVENTS GUILD_ROLE_UPDATE dispatches (the same bytes from both sources) to every
 * client, timed until every client has counted every event: deliveries per second (events × N /
 * time) and CPU µs per delivered event in this process (clients only); beside them, how busy the
 * server and the clients were (CPU time / wall time), which shows which side bounds the throughput.
 *
 * Both fleets connect first and stay connected, each on its own (the emulator: each fleet's bots in
 * a guild of their own; the replay server: tokens labelled by fleet), so that a burst reaches one
 * fleet only and the two meet the same process, heap and machine. After two warm-up bursts each,
 * rounds interleave them: each round measures one burst of each, in alternating order (AB, BA, …),
 * so that a drift in the machine's load falls on both alike. Every round is printed, then per source
 * the median and range of each figure and of the per-round ratios (lobbykit / @discordjs/ws, paired
 * within the round), and the result against the target (at least @discordjs/ws's throughput at no
 * more CPU per event). Memory per connection is the emulator's heap (and Buffer) growth after GC
 * from 0 to N identified lobbykit clients, divided by N. Printed, never asserted; loopback only.
 *
 * Environment: BENCH_CLIENTS (default 20), BENCH_EVENTS (default 2000), BENCH_ROUNDS (default 10),
 * BENCH_SOURCES (default `replay,emulator`), BENCH_CPU_PROF (a folder: the measured bursts of the
 * clients and of the server are profiled there through `node:inspector`, and the run ends with each
 * profile's top items by self time; profiling slows everything, so read such a run's figures as rough).
 */
import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { REST } from '@discordjs/rest';
import { WebSocketManager, WebSocketShardEvents } from '@discordjs/ws';
import { GatewayClient } from '../../src/gateway/GatewayClient.js';
import { wsWebSocket } from '../../src/gateway/wsWebSocket.js';
import { RestClient } from '../../src/rest/RestClient.js';
import { CpuProfiler } from '../support/cpuProfiler.js';
import { hasTaskset } from '../support/hasTaskset.js';
import { median } from '../support/median.js';
import { summarizeCpuProfile } from '../support/summarizeCpuProfile.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const WARMUPS = 2;
const SOURCES = (process.env.BENCH_SOURCES ?? 'replay,emulator').split(',') as Source[];
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF;

type Source = 'replay' | 'emulator';
type Library = 'lobbykit' | '@discordjs/ws';
const libraries: readonly Library[] = ['lobbykit', '@discordjs/ws'];

interface Child {
  readonly proc: ChildProcess;
  readonly apiUrl: string;
  ask<T>(message: unknown): Promise<T>;
}

/** Starts `file` (a child of this folder) under vite-node; resolves with its first message. */
async function startChild(file: string, pin: boolean, env: Record<string, string> = {}): Promise<Child> {
  const viteNode = join(import.meta.dirname, '../../node_modules/vite-node/vite-node.mjs');
  const args = ['--expose-gc', viteNode, join(import.meta.dirname, file)];
  const options: SpawnOptions = {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, ...env },
  };
  const proc = pin
    ? spawn('taskset', ['-c', '1', process.execPath, ...args], options)
    : spawn(process.execPath, args, options);
  const first = await new Promise<{ apiUrl: string }>((resolve, reject) => {
    proc.once('message', (m) => resolve(m as { apiUrl: string }));
    proc.once('exit', (code) => reject(new Error(`${file} exited with ${code}`)));
  });
  return {
    proc,
    apiUrl: first.apiUrl,
    ask: <T>(message: unknown) =>
      new Promise<T>((resolve) => {
        proc.once('message', (m) => resolve(m as T));
        proc.send(message as object);
      }),
  };
}

/** N connected clients of one library, counting GUILD_ROLE_UPDATE dispatches. */
interface Fleet {
  /** Resolves once `count` more events have been counted (over all clients). */
  next(count: number): Promise<void>;
  close(): Promise<void>;
}

/** A counter whose `next(n)` resolves when n more have been counted: no polling in the client process. */
function counter(): { count: () => void; next: (n: number) => Promise<void> } {
  let received = 0;
  let target = -1;
  let resolve: () => void = () => undefined;
  return {
    count: () => {
      received += 1;
      if (received === target) resolve();
    },
    next: (n) =>
      new Promise<void>((r) => {
        target = received + n;
        resolve = r;
      }),
  };
}

async function lobbykitFleet(apiUrl: string, tokens: readonly string[]): Promise<Fleet> {
  const { count, next } = counter();
  const clients = tokens.map((token) => {
    const rest = new RestClient({ baseUrl: apiUrl, auth: { bot: token } });
    const client = new GatewayClient({ token, intents: ['GUILDS'], rest, webSocket: wsWebSocket });
    client.on('GUILD_ROLE_UPDATE', count);
    return client;
  });
  await Promise.all(clients.map((c) => c.connect()));
  return {
    next,
    close: async () => {
      for (const c of clients) c.close();
    },
  };
}

async function discordjsFleet(apiUrl: string, tokens: readonly string[]): Promise<Fleet> {
  const { count, next } = counter();
  const managers = tokens.map((token) => {
    const rest = new REST({ api: apiUrl.replace(/\/v10$/, ''), version: '10' }).setToken(token);
    const manager = new WebSocketManager({ token, intents: 1, rest, shardCount: 1, compression: null });
    manager.on(WebSocketShardEvents.Dispatch, (payload) => {
      if (payload.t === 'GUILD_ROLE_UPDATE') count();
    });
    return manager;
  });
  await Promise.all(managers.map((m) => m.connect()));
  return {
    next,
    close: async () => {
      await Promise.all(managers.map((m) => m.destroy()));
    },
  };
}

/** One measured burst. */
interface Burst {
  readonly perSecond: number;
  readonly cpuMicrosPerEvent: number;
  /** CPU time / wall time of this process (the clients) and of the server child. */
  readonly clientBusy: number;
  readonly serverBusy: number;
}

async function burst(child: Child, library: Library, fleet: Fleet): Promise<Burst> {
  const deliveries = EVENTS * CLIENTS;
  const done = fleet.next(deliveries);
  const server0 = await child.ask<{ cpu: number }>({ cmd: 'cpu' });
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await child.ask({ cmd: 'burst', events: EVENTS, fleet: library });
  await done;
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const server1 = await child.ask<{ cpu: number }>({ cmd: 'cpu' });
  const clientMicros = cpu.user + cpu.system;
  return {
    perSecond: (deliveries / ms) * 1000,
    cpuMicrosPerEvent: clientMicros / deliveries,
    clientBusy: clientMicros / (ms * 1000),
    serverBusy: (server1.cpu - server0.cpu) / (ms * 1000),
  };
}

/** Waits until the server counts `n` identified sessions. */
async function settle(child: Child, n: number): Promise<void> {
  for (let i = 0; i < 400; i++) {
    const { sessions } = await child.ask<{ sessions: number }>({ cmd: 'sessions' });
    if (sessions === n) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`the server never reached ${n} sessions`);
}

const profiler = CPU_PROF_DIR === undefined ? undefined : new CpuProfiler();
const profiles: { label: string; file: string }[] = [];

/** The tokens of a library's fleet: bots of its own guild on the emulator, labelled ones on the replay server. */
async function fleetTokens(source: Source, child: Child, library: Library): Promise<string[]> {
  if (source === 'emulator')
    return (await child.ask<{ tokens: string[] }>({ cmd: 'apps', n: CLIENTS, fleet: library })).tokens;
  return Array.from({ length: CLIENTS }, (_, i) => `${library}-${i}`);
}

/** A measured burst to one fleet, profiled when asked. */
async function measure(source: Source, child: Child, library: Library, fleet: Fleet, profile: boolean) {
  const base =
    profile && CPU_PROF_DIR !== undefined
      ? join(CPU_PROF_DIR, `${source}-${library.replace(/\W/g, '')}`)
      : '';
  if (base) {
    await child.ask({ cmd: 'profile-start' });
    await profiler?.start();
  }
  const measured = await burst(child, library, fleet);
  if (base) {
    await profiler?.stop(`${base}-clients.cpuprofile`);
    await child.ask({ cmd: 'profile-stop', file: `${base}-server.cpuprofile` });
    profiles.push({ label: `${source}, ${library}: clients`, file: `${base}-clients.cpuprofile` });
    profiles.push({ label: `${source}, ${library}: server`, file: `${base}-server.cpuprofile` });
  }
  return measured;
}

const int = (n: number) => Math.round(n).toLocaleString('en');
const pct = (n: number) => `${Math.round(n * 100)}%`;
const range = (values: readonly number[], format: (n: number) => string) =>
  `${format(median(values))} (${format(Math.min(...values))}–${format(Math.max(...values))})`;

async function runSource(source: Source, child: Child): Promise<void> {
  const rounds: Record<Library, Burst>[] = [];
  // Both fleets connect first and stay connected; only their bursts alternate.
  const lkTokens = await fleetTokens(source, child, 'lobbykit');
  const djsTokens = await fleetTokens(source, child, '@discordjs/ws');
  let memory = '';
  const before =
    source === 'emulator' ? await child.ask<{ heap: number; external: number }>({ cmd: 'heap' }) : undefined;
  const fleets: Partial<Record<Library, Fleet>> = {};
  try {
    fleets.lobbykit = await lobbykitFleet(child.apiUrl, lkTokens);
    await settle(child, CLIENTS);
    if (before) {
      const after = await child.ask<{ heap: number; external: number }>({ cmd: 'heap' });
      memory =
        `emulator memory per identified connection: ${int((after.heap - before.heap) / CLIENTS)} bytes of heap, ` +
        `${int((after.external - before.external) / CLIENTS)} bytes outside it (${CLIENTS} connections)`;
    }
    fleets['@discordjs/ws'] = await discordjsFleet(child.apiUrl, djsTokens);
    await settle(child, 2 * CLIENTS);
    const fleet = (library: Library) => fleets[library] as Fleet;
    for (const library of libraries)
      for (let i = 0; i < WARMUPS; i++) await burst(child, library, fleet(library));
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? libraries : [...libraries].reverse();
      const result: Partial<Record<Library, Burst>> = {};
      for (const library of order)
        result[library] = await measure(source, child, library, fleet(library), round === ROUNDS - 1);
      const row = result as Record<Library, Burst>;
      rounds.push(row);
      const a = row.lobbykit;
      const b = row['@discordjs/ws'];
      console.log(
        `| ${source} | ${round + 1} | ${order[0] === 'lobbykit' ? 'lk first' : 'djs first'} | ${int(a.perSecond)} | ${int(b.perSecond)} | ` +
          `${(a.perSecond / b.perSecond).toFixed(2)}× | ${a.cpuMicrosPerEvent.toFixed(2)} | ${b.cpuMicrosPerEvent.toFixed(2)} | ` +
          `${(a.cpuMicrosPerEvent / b.cpuMicrosPerEvent).toFixed(2)}× | ${pct(a.clientBusy)} / ${pct(b.clientBusy)} | ` +
          `${pct(a.serverBusy)} / ${pct(b.serverBusy)} |`,
      );
    }
  } finally {
    await fleets.lobbykit?.close();
    await fleets['@discordjs/ws']?.close();
  }
  summaries.push({ source, rounds, memory });
}

const summaries: { source: Source; rounds: Record<Library, Burst>[]; memory: string }[] = [];

function printSummary(source: Source, rounds: Record<Library, Burst>[], memory: string): void {
  const of = (library: Library, pick: (b: Burst) => number) => rounds.map((r) => pick(r[library]));
  const ratio = (pick: (b: Burst) => number) =>
    rounds.map((r) => pick(r.lobbykit) / pick(r['@discordjs/ws']));
  const tput = ratio((b) => b.perSecond);
  const cpu = ratio((b) => b.cpuMicrosPerEvent);
  console.log(`\n${source}: median (range) over ${rounds.length} rounds`);
  for (const library of libraries)
    console.log(
      `  ${library.padEnd(13)} deliveries/s ${range(
        of(library, (b) => b.perSecond),
        int,
      )}; ` +
        `CPU µs/event ${range(
          of(library, (b) => b.cpuMicrosPerEvent),
          (n) => n.toFixed(2),
        )}; ` +
        `clients busy ${range(
          of(library, (b) => b.clientBusy),
          pct,
        )}, server busy ${range(
          of(library, (b) => b.serverBusy),
          pct,
        )}`,
    );
  const x = (n: number) => `${n.toFixed(2)}×`;
  const atLeast = tput.filter((r) => r >= 1).length;
  const noMore = cpu.filter((r) => r <= 1).length;
  console.log(
    `  lobbykit / @discordjs/ws, paired by round: throughput ${range(tput, x)}, CPU per event ${range(cpu, x)}`,
  );
  const met = median(tput) >= 1 && median(cpu) <= 1;
  console.log(
    `  result: ${met ? 'target met' : 'target NOT met'} — throughput ≥ 1× in ${atLeast} of ${rounds.length} rounds ` +
      `(median ${x(median(tput))}), CPU per event ≤ 1× in ${noMore} of ${rounds.length} (median ${x(median(cpu))})`,
  );
  if (memory) console.log(`  ${memory}`);
}

async function main(): Promise<void> {
  const pin = hasTaskset();
  if (CPU_PROF_DIR !== undefined) mkdirSync(CPU_PROF_DIR, { recursive: true });
  const emulator = await startChild('emulatorChild.ts', pin);
  const children: Child[] = [emulator];
  try {
    const { json } = await emulator.ask<{ json: string }>({ cmd: 'sample' });
    console.log(
      `bench/gateway: node ${process.version}; servers in child processes${pin ? ' on core 1' : ''}; ` +
        `${CLIENTS} clients × ${EVENTS} events per burst (d of ${json.length} bytes), ${ROUNDS} rounds, ` +
        `sources: ${SOURCES.join(', ')}\n`,
    );
    console.log(
      '| source | round | order | lobbykit deliveries/s | @discordjs/ws deliveries/s | ratio | lobbykit CPU µs/event | @discordjs/ws CPU µs/event | ratio | clients busy (lk / djs) | server busy (lk / djs) |',
    );
    console.log('|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const source of SOURCES) {
      if (source === 'emulator') await runSource('emulator', emulator);
      else if (source === 'replay') {
        const replay = await startChild('replayChild.ts', pin, { BENCH_DISPATCH_DATA: json });
        children.push(replay);
        await runSource('replay', replay);
      } else throw new Error(`unknown source ${source}`);
    }
  } finally {
    for (const child of children) child.proc.kill();
  }
  for (const s of summaries) printSummary(s.source, s.rounds, s.memory);
  for (const { label, file } of profiles) {
    const summary = summarizeCpuProfile(file, 12, { bySamples: true, intervalMs: 0.1 });
    console.log(
      `\nprofile ${label} (${file}): ${summary.busyMs.toFixed(0)} ms busy, top items by self time (samples of 100 µs)`,
    );
    for (const { item, selfMs, share } of summary.items)
      console.log(`${(share * 100).toFixed(1).padStart(5)}%  ${selfMs.toFixed(0).padStart(6)} ms  ${item}`);
  }
}

await main();
