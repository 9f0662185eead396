/**
 * The REST client's overhead against raw undici and @discordjs/rest (`npm run bench:rest`).
 *
 * One bare node:http server runs in a child process (pinned to the other core when `taskset` exists)
 * and answers every request at once with rate-limit headers that allow the load (Remaining far above
 * what is sent). Each client sends REQUESTS requests of Get Guild, sequentially and 32 at a time, on
 * one route (one guild) and on 32 routes (32 guilds: 32 buckets, since the guild id is the major
 * parameter). Measured per case: requests per second, p50/p99 latency, CPU µs per request (this
 * process only: the server's CPU is not counted). Every case runs ROUNDS times, interleaving the
 * clients (raw undici and lobbykit swap places every other round); since other load only slows a
 * round down, req/s and CPU come from the best round and the latency percentiles from the median one.
 * The last column compares each round with raw undici's round just before or after it and takes the
 * median of those ratios, which holds up better when the machine's load drifts within a case.
 * A last table sets lobbykit against the target its issue names, by both measures: throughput within
 * 10% of raw undici and CPU per request within 20%. Printed, never asserted; loopback only.
 * Environment: BENCH_REQUESTS (default 5,000), BENCH_ROUNDS (default 7).
 *
 * All three use undici keep-alive underneath; the global limit (50/s, a platform rule) is lifted on
 * both libraries, since the point is the client's own cost per request.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { hasTaskset } from './support/hasTaskset.js';
import { median } from './support/median.js';
import { performance } from 'node:perf_hooks';
import { REST } from '@discordjs/rest';
import { Pool } from 'undici';
import { RestClient } from '../src/rest/RestClient.js';
import { headersFromRecord, type Transport } from '../src/rest/transport/Transport.js';
import { undiciTransport } from '../src/rest/transport/undiciTransport.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 5000);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 7));
const WARMUP = Math.min(1000, Math.ceil(REQUESTS / 5));
const CONCURRENCY = 32;
const TOKEN = 'bench-token-not-a-secret';

/** The server, as source for `node -e`: answers a guild-like JSON with generous rate-limit headers. */
const serverSource = `
const http = require('node:http');
const server = http.createServer((req, res) => {
  req.resume();
  const id = req.url.slice(req.url.lastIndexOf('/') + 1);
  const body = '{"id":"' + id + '","name":"Bench Guild","owner_id":"1","roles":[],"emojis":[],"features":[]}';
  res.writeHead(200, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    'x-ratelimit-limit': '1000000',
    'x-ratelimit-remaining': '999999',
    'x-ratelimit-reset': String(Date.now() / 1000 + 60),
    'x-ratelimit-reset-after': '60',
    'x-ratelimit-bucket': 'bench-guild',
  });
  res.end(body);
});
server.keepAliveTimeout = 60000;
server.listen(0, '127.0.0.1', () => process.send(server.address().port));
`;

async function startServer(pin: boolean): Promise<{ child: ChildProcess; origin: string }> {
  const args = ['-e', serverSource];
  const child = pin
    ? spawn('taskset', ['-c', '1', process.execPath, ...args], {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      })
    : spawn(process.execPath, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve(Number(m)));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { child, origin: `http://127.0.0.1:${port}` };
}

type Send = (guildId: string) => Promise<unknown>;

interface Contender {
  readonly name: string;
  readonly send: Send;
  close(): Promise<void>;
}

function contenders(origin: string): Contender[] {
  const pool = new Pool(origin, { connections: 128, pipelining: 1, keepAliveTimeout: 60_000 });
  const raw: Contender = {
    name: 'raw undici (Pool)',
    send: async (guildId) => {
      const res = await pool.request({
        method: 'GET',
        path: `/api/v10/guilds/${guildId}`,
        headers: { authorization: `Bot ${TOKEN}` },
      });
      return res.body.json();
    },
    close: () => pool.close(),
  };

  const transport = undiciTransport({ keepAliveTimeout: 60_000 });
  // What `import('lobbykit')` gives under Node: the undici transport (passed explicitly here, since
  // the bench runs the sources, whose default transport module is the fetch one).
  const client = new RestClient({
    baseUrl: `${origin}/api/v10`,
    auth: { bot: TOKEN },
    transport,
    globalPerSecond: Number.POSITIVE_INFINITY,
  });
  const ours: Contender = {
    name: 'lobbykit RestClient',
    send: (guildId) => client.call('getGuild', { params: { guild_id: guildId } }),
    close: () => transport.close(),
  };

  const rest = new REST({
    api: `${origin}/api`,
    version: '10',
    globalRequestsPerSecond: Number.POSITIVE_INFINITY,
  });
  rest.setToken(TOKEN);
  const djs: Contender = {
    name: '@discordjs/rest',
    send: (guildId) => rest.get(`/guilds/${guildId}`),
    close: async () => {
      rest.clearHashSweeper();
      rest.clearHandlerSweeper();
    },
  };
  return [raw, ours, djs];
}

interface Sample {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly cpuUs: number;
}

const guildIds = Array.from({ length: 32 }, (_, i) => String(1323802873036931079n + BigInt(i) * 4096n));

async function run(send: Send, total: number, concurrency: number, routes: number): Promise<Sample> {
  const latencies = new Float64Array(total);
  let next = 0;
  async function worker(): Promise<void> {
    for (;;) {
      const i = next++;
      if (i >= total) return;
      const started = performance.now();
      await send(guildIds[i % routes] as string);
      latencies[i] = performance.now() - started;
    }
  }
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = performance.now() - started;
  const used = process.cpuUsage(cpu);
  latencies.sort();
  return {
    rps: (total / elapsed) * 1000,
    p50: latencies[Math.floor(total * 0.5)] as number,
    p99: latencies[Math.min(total - 1, Math.floor(total * 0.99))] as number,
    cpuUs: (used.user + used.system) / total,
  };
}

/**
 * The client's own CPU per request, without a network: the same calls over a transport that answers
 * at once from memory. Steadier than the loopback figures on a busy machine.
 */
async function clientOnlyCpuUs(validate: boolean): Promise<number> {
  const headers = headersFromRecord({
    'content-type': 'application/json',
    'x-ratelimit-limit': '1000000',
    'x-ratelimit-remaining': '999999',
    'x-ratelimit-reset-after': '60',
    'x-ratelimit-bucket': 'bench-guild',
  });
  const text = '{"id":"1","name":"Bench Guild","owner_id":"1","roles":[],"emojis":[],"features":[]}';
  const body = {
    text: async () => text,
    json: async () => JSON.parse(text) as unknown,
    bytes: async () => new Uint8Array(),
    discard: async () => {},
  };
  const transport: Transport = { request: async () => ({ status: 200, headers, body }) };
  const client = new RestClient({
    baseUrl: 'http://127.0.0.1/api/v10',
    auth: { bot: TOKEN },
    transport,
    validate,
    globalPerSecond: Number.POSITIVE_INFINITY,
  });
  const send: Send = (guildId) => client.call('getGuild', { params: { guild_id: guildId } });
  await run(send, 20_000, CONCURRENCY, 32);
  const samples: number[] = [];
  for (let round = 0; round < ROUNDS; round++) samples.push((await run(send, 50_000, CONCURRENCY, 32)).cpuUs);
  return Math.min(...samples);
}

/** Prints a Markdown table, columns padded to their widest cell. */
function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => `| ${r.map((v, i) => v.padEnd(widths[i] as number)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
}

/** Whether lobbykit's ratios to raw undici meet the target, with the two figures. */
function verdict(ratio: { rps: number; cpu: number }): string {
  const met = ratio.rps >= 0.9 && ratio.cpu <= 1.2;
  return `${met ? 'met' : 'MISSED'} (${(ratio.rps * 100).toFixed(0)}% req/s, ${(ratio.cpu * 100).toFixed(0)}% CPU)`;
}

async function main(): Promise<void> {
  const pin = hasTaskset();
  if (pin) execFileSync('taskset', ['-cp', '0', String(process.pid)], { stdio: 'ignore' });
  const { child, origin } = await startServer(pin);
  const all = contenders(origin);
  const cases = [
    { label: 'sequential, 1 route', concurrency: 1, routes: 1 },
    { label: 'sequential, 32 routes', concurrency: 1, routes: 32 },
    { label: '32-concurrent, 1 route', concurrency: CONCURRENCY, routes: 1 },
    { label: '32-concurrent, 32 routes', concurrency: CONCURRENCY, routes: 32 },
  ];
  console.log(
    `REST client benchmark: ${REQUESTS} GET /guilds/{id} per case and client, ${ROUNDS} rounds ` +
      '(req/s and CPU: best round; p50/p99: median round), ' +
      `node ${process.version}, server in a child process${pin ? ' (client on core 0, server on core 1)' : ''}\n`,
  );
  const rows: string[][] = [];
  const verdicts: string[][] = [];
  try {
    for (const c of cases) {
      const samples = new Map<string, Sample[]>(all.map((x) => [x.name, []]));
      for (let round = 0; round < ROUNDS; round++) {
        // Raw undici and lobbykit swap places every other round, so that neither always runs right
        // after the same client (and whatever that one left behind: garbage, a busier core).
        const order = round % 2 === 0 ? all : [all[1], all[0], ...all.slice(2)];
        for (const x of order as Contender[]) {
          await run(x.send, WARMUP, c.concurrency, c.routes);
          samples.get(x.name)?.push(await run(x.send, REQUESTS, c.concurrency, c.routes));
        }
      }
      // Other load on the machine only ever slows a round down: throughput and CPU are taken from the
      // best round (the least disturbed), latency percentiles from the median round.
      const summary = (name: string): Sample => {
        const s = samples.get(name) ?? [];
        return {
          rps: Math.max(...s.map((x) => x.rps)),
          p50: median(s.map((x) => x.p50)),
          p99: median(s.map((x) => x.p99)),
          cpuUs: Math.min(...s.map((x) => x.cpuUs)),
        };
      };
      const base = summary(all[0]?.name as string);
      const baseRounds = samples.get(all[0]?.name as string) ?? [];
      /**
       * The median over rounds of the ratio to raw undici within the same round (measured back to
       * back): steadier than the ratio of best rounds when the machine's load drifts during a case.
       */
      const pairedRatios = (name: string): { rps: number; cpu: number } => {
        const s = samples.get(name) ?? [];
        return {
          rps: median(s.map((x, i) => x.rps / (baseRounds[i] as Sample).rps)),
          cpu: median(s.map((x, i) => x.cpuUs / (baseRounds[i] as Sample).cpuUs)),
        };
      };
      const paired = (name: string): string => {
        const { rps, cpu } = pairedRatios(name);
        return `${((rps - 1) * 100).toFixed(1)}% rps, ${((cpu - 1) * 100).toFixed(1)}% cpu`;
      };
      const ours = summary('lobbykit RestClient');
      const best = { rps: ours.rps / base.rps, cpu: ours.cpuUs / base.cpuUs };
      const pairs = pairedRatios('lobbykit RestClient');
      verdicts.push([c.label, verdict(best), verdict(pairs)]);
      for (const x of all) {
        const m = summary(x.name);
        const vsRaw =
          x === all[0]
            ? ''
            : `${((m.rps / base.rps - 1) * 100).toFixed(1)}% rps, ${((m.cpuUs / base.cpuUs - 1) * 100).toFixed(1)}% cpu`;
        rows.push([
          c.label,
          x.name,
          m.rps.toFixed(0),
          m.p50.toFixed(3),
          m.p99.toFixed(3),
          m.cpuUs.toFixed(1),
          vsRaw,
          x === all[0] ? '' : paired(x.name),
        ]);
      }
      const djs = summary('@discordjs/rest');
      rows.push([
        c.label,
        '  lobbykit vs @discordjs/rest',
        `${(ours.rps / djs.rps).toFixed(2)}×`,
        '',
        '',
        `${(djs.cpuUs / ours.cpuUs).toFixed(2)}× less`,
        '',
        '',
      ]);
    }
  } finally {
    await Promise.all(all.map((x) => x.close()));
    child.kill();
  }
  const header = [
    'case',
    'client',
    'req/s',
    'p50 ms',
    'p99 ms',
    'CPU µs/req',
    'vs raw undici',
    'vs raw, paired by round (median)',
  ];
  printTable(header, rows);
  console.log(
    '\nTarget against raw undici: throughput at least 90% of its, CPU per request at most 120% of its',
  );
  printTable(['case', 'by best round', 'paired by round (median)'], verdicts);
  const [checked, unchecked] = [await clientOnlyCpuUs(true), await clientOnlyCpuUs(false)];
  console.log(
    `\nlobbykit's own CPU per request with an in-memory transport (no network, 32 at a time): ` +
      `${checked.toFixed(2)} µs with request validation (the default), ${unchecked.toFixed(2)} µs without`,
  );
}

await main();
