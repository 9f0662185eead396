/**
 * The gateway, emulator to clients (`npm run bench:gateway`).
 *
 * The emulator runs in a child process (pinned to core 1 when `taskset` exists; this process to
 * core 0 is not forced). N clients connect — each as its own application, so that none waits for
 * another's identify bucket — with lobbykit's `GatewayClient` (over `ws`) and, in the same run on
 * the same emulator, `@discordjs/ws`'s `WebSocketManager` (one per client, one shard each). The
 * emulator then emits EVENTS GUILD_ROLE_UPDATE events through its event log; measured until every
 * client has counted every event: deliveries per second (events × N / time) and CPU µs per delivered
 * event in this process (clients only). Memory per connection is the emulator's heap growth (after
 * GC) from 0 to N identified lobbykit clients, divided by N. ROUNDS rounds alternate which library
 * goes first; figures are medians over rounds. Printed, never asserted; loopback only.
 * Environment: BENCH_CLIENTS (default 20), BENCH_EVENTS (default 2000), BENCH_ROUNDS (default 5).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { REST } from '@discordjs/rest';
import { WebSocketManager, WebSocketShardEvents } from '@discordjs/ws';
import { GatewayClient } from '../../src/gateway/GatewayClient.js';
import { wsWebSocket } from '../../src/gateway/wsWebSocket.js';
import { RestClient } from '../../src/rest/RestClient.js';
import { hasTaskset } from '../support/hasTaskset.js';
import { median } from '../support/median.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

interface Child {
  readonly proc: ChildProcess;
  ask<T>(message: unknown): Promise<T>;
}

async function startChild(pin: boolean): Promise<{ child: Child; url: string; apiUrl: string }> {
  const viteNode = join(import.meta.dirname, '../../node_modules/vite-node/vite-node.mjs');
  const args = ['--expose-gc', viteNode, join(import.meta.dirname, 'emulatorChild.ts')];
  const proc = pin
    ? spawn('taskset', ['-c', '1', process.execPath, ...args], {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      })
    : spawn(process.execPath, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const first = await new Promise<{ url: string; apiUrl: string }>((resolve, reject) => {
    proc.once('message', (m) => resolve(m as { url: string; apiUrl: string }));
    proc.once('exit', (code) => reject(new Error(`emulator child exited with ${code}`)));
  });
  const child: Child = {
    proc,
    ask: <T>(message: unknown) =>
      new Promise<T>((resolve) => {
        proc.once('message', (m) => resolve(m as T));
        proc.send(message as object);
      }),
  };
  return { child, ...first };
}

interface Fleet {
  readonly received: () => number;
  close(): Promise<void>;
}

async function lobbykitFleet(apiUrl: string, tokens: readonly string[]): Promise<Fleet> {
  let received = 0;
  const clients = tokens.map((token) => {
    const rest = new RestClient({ baseUrl: apiUrl, auth: { bot: token } });
    const client = new GatewayClient({ token, intents: ['GUILDS'], rest, webSocket: wsWebSocket });
    client.on('GUILD_ROLE_UPDATE', () => {
      received += 1;
    });
    return client;
  });
  await Promise.all(clients.map((c) => c.connect()));
  return {
    received: () => received,
    close: async () => {
      for (const c of clients) c.close();
    },
  };
}

async function discordjsFleet(apiUrl: string, tokens: readonly string[]): Promise<Fleet> {
  let received = 0;
  const managers = tokens.map((token) => {
    const rest = new REST({ api: apiUrl.replace(/\/v10$/, ''), version: '10' }).setToken(token);
    const manager = new WebSocketManager({ token, intents: 1, rest, shardCount: 1, compression: null });
    manager.on(WebSocketShardEvents.Dispatch, (payload) => {
      if (payload.t === 'GUILD_ROLE_UPDATE') received += 1;
    });
    return manager;
  });
  await Promise.all(managers.map((m) => m.connect()));
  return {
    received: () => received,
    close: async () => {
      await Promise.all(managers.map((m) => m.destroy()));
    },
  };
}

interface Round {
  readonly perSecond: number;
  readonly cpuMicrosPerEvent: number;
}

async function burst(child: Child, fleet: Fleet): Promise<Round> {
  const target = fleet.received() + EVENTS * CLIENTS;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await child.ask({ cmd: 'burst', events: EVENTS });
  while (fleet.received() < target) await new Promise((resolve) => setImmediate(resolve));
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const deliveries = EVENTS * CLIENTS;
  return { perSecond: (deliveries / ms) * 1000, cpuMicrosPerEvent: (cpu.user + cpu.system) / deliveries };
}

async function main(): Promise<void> {
  const pin = hasTaskset();
  const { child, apiUrl } = await startChild(pin);
  console.log(
    `bench/gateway: node ${process.version}, emulator in a child process${pin ? ' on core 1' : ''}; ` +
      `${CLIENTS} clients × ${EVENTS} events, ${ROUNDS} rounds\n`,
  );
  const results: Record<'lobbykit' | '@discordjs/ws', Round[]> = { lobbykit: [], '@discordjs/ws': [] };
  let memoryPerConnection = Number.NaN;
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const order =
        round % 2 === 0 ? (['lobbykit', '@discordjs/ws'] as const) : (['@discordjs/ws', 'lobbykit'] as const);
      for (const name of order) {
        await child.ask({ cmd: 'reset' });
        const { tokens } = await child.ask<{ tokens: string[] }>({ cmd: 'apps', n: CLIENTS });
        const heap0 = await child.ask<{ heap: number }>({ cmd: 'heap' });
        const fleet =
          name === 'lobbykit' ? await lobbykitFleet(apiUrl, tokens) : await discordjsFleet(apiUrl, tokens);
        if (name === 'lobbykit' && round === 0) {
          const heap1 = await child.ask<{ heap: number }>({ cmd: 'heap' });
          memoryPerConnection = (heap1.heap - heap0.heap) / CLIENTS;
        }
        process.stderr.write(`round ${round + 1}: ${name} connected\n`);
        await burst(child, fleet); // warm-up
        results[name].push(await burst(child, fleet));
        await fleet.close();
      }
    }
  } finally {
    child.proc.kill();
  }
  const row = (name: keyof typeof results) => {
    const rounds = results[name];
    const perSecond = median(rounds.map((r) => r.perSecond));
    const cpu = median(rounds.map((r) => r.cpuMicrosPerEvent));
    return { name, perSecond, cpu };
  };
  const ours = row('lobbykit');
  const theirs = row('@discordjs/ws');
  console.log('| client | deliveries/s (median) | CPU µs per delivered event (median) |');
  console.log('|---|---|---|');
  for (const r of [ours, theirs])
    console.log(`| ${r.name} | ${Math.round(r.perSecond).toLocaleString('en')} | ${r.cpu.toFixed(2)} |`);
  console.log(
    `\nlobbykit / @discordjs/ws: throughput ${(ours.perSecond / theirs.perSecond).toFixed(2)}×, ` +
      `CPU per event ${(ours.cpu / theirs.cpu).toFixed(2)}× (target: ≥ 1× throughput at ≤ 1× CPU)`,
  );
  console.log(
    `emulator heap per identified connection: ${Math.round(memoryPerConnection).toLocaleString('en')} bytes (${CLIENTS} connections)`,
  );
  console.log(
    `per-round deliveries/s: lobbykit ${results.lobbykit.map((r) => Math.round(r.perSecond)).join(', ')}; ` +
      `@discordjs/ws ${results['@discordjs/ws'].map((r) => Math.round(r.perSecond)).join(', ')}`,
  );
}

await main();
