/**
 * Lobby runtime benchmark (`npm run bench:lobby`): prints, never asserts.
 *
 * 1. HTTP calls per N pending changes against the lower bound, through an in-process emulator.
 * 2. The cost of a tick with nothing due, with 1,000 and 10,000 open lobbies (median µs).
 * 3. Heap bytes per open lobby of 25 members against the size of its JSON (needs --expose-gc).
 */
import { median } from './support/median.js';
import { ManualClock } from '../src/clock.js';
import { startEmulator } from '../src/emulator/startEmulator.js';
import { demo } from '../src/emulator/world/demoSeed.js';
import { LobbyRuntime } from '../src/lobby/LobbyRuntime.js';
import { syncLowerBound } from '../src/lobby/planSync.js';
import { RestClient } from '../src/rest/RestClient.js';
import type { Lobby as LobbyWire } from '../src/spec/schemas/lobby.js';

const gc = (globalThis as { gc?: () => void }).gc;

// ─── 1. Calls per N pending changes ──────────────────────────────────────────────────────────────

async function callsPerChanges(): Promise<void> {
  const emulator = await startEmulator({ port: 0, seed: 'demo', clock: 'manual', rateLimits: 'off' });
  const users = Array.from({ length: 1200 }, (_, i) => emulator.world.createUser({ username: `u${i}` }).id);
  const rest = new RestClient({
    baseUrl: emulator.apiUrl,
    auth: { bot: demo.botToken },
    globalPerSecond: Number.POSITIVE_INFINITY,
  });
  const runtime = new LobbyRuntime({ rest, clock: new ManualClock(), timers: false, reconcileIntervalMs: 0 });
  let calls = 0;
  rest.on('request', () => calls++);
  console.log('\n1. HTTP calls per N pending changes (70% member upserts, 20% metadata sets, 10% removals)');
  console.log('     N  upserted  removed  meta  calls  bound(bulk removals)  bound(DELETE per removal)');
  for (const n of [1, 10, 25, 26, 50, 100, 250, 500, 1000]) {
    // Members that the removals will remove, already on the platform.
    const removals = Math.floor(n / 10);
    const seeded = users.slice(1000 - removals, 1000);
    const lobby = await runtime.create({ members: seeded.map((id) => ({ id })) });
    await lobby.flush();
    const upserted = new Set<string>();
    let metadata = false;
    let removed = 0;
    for (let i = 0; i < n; i++) {
      const kind = i % 10;
      if (kind < 7) {
        // Repeated writes to the same member coalesce: members cycle through a pool of n / 2.
        const id = users[i % Math.max(1, Math.ceil(n / 2))]!;
        lobby.upsertMember(id, { metadata: { seat: String(i) } });
        upserted.add(id);
      } else if (kind < 9) {
        lobby.setMetadata({ [`k${i % 20}`]: String(i) });
        metadata = true;
      } else {
        lobby.removeMember(seeded[removed++]!);
      }
    }
    calls = 0;
    await lobby.flush();
    const bulkBound = syncLowerBound(upserted.size + removed, metadata);
    const deleteBound = Math.ceil(upserted.size / 25) + (metadata ? 1 : 0) + removed;
    console.log(
      `${String(n).padStart(6)}  ${String(upserted.size).padStart(8)}  ${String(removed).padStart(7)}  ${metadata ? ' yes' : '  no'}  ${String(calls).padStart(5)}  ${String(bulkBound).padStart(20)}  ${String(deleteBound).padStart(25)}`,
    );
    await lobby.delete();
  }
  await runtime.dispose();
  await rest.close();
  await emulator.close();
}

// ─── Lobbies without a server: adopted from wire objects ─────────────────────────────────────────

let nextId = 3_000_000_000_000_000n;
const snowflake = () => String(nextId++);

function lobbyJson(): string {
  const members = Array.from({ length: 25 }, (_, i) => ({
    id: snowflake(),
    metadata: { team: i % 2 === 0 ? 'red' : 'blue', kills: String(i % 7) },
    flags: 0,
  }));
  const wire = {
    id: snowflake(),
    application_id: demo.applicationId,
    metadata: { mode: 'duel', map: 'dust', phase: 'playing' },
    members,
    flags: 0,
  };
  return JSON.stringify(wire);
}

function offlineRuntime(): LobbyRuntime {
  // Never called: nothing is due and nothing changes.
  const rest = new RestClient({ baseUrl: 'http://127.0.0.1:9/api/v10', auth: { bot: 'unused' } });
  return new LobbyRuntime({ rest, clock: new ManualClock(), timers: false });
}

function openLobbies(runtime: LobbyRuntime, count: number): number {
  let jsonBytes = 0;
  for (let i = 0; i < count; i++) {
    const text = lobbyJson();
    jsonBytes += Buffer.byteLength(text);
    runtime.adopt(JSON.parse(text) as LobbyWire);
  }
  return jsonBytes / count;
}

// ─── 2. Tick cost with nothing due ───────────────────────────────────────────────────────────────

function tickCost(): void {
  console.log('\n2. runtime.tick() with nothing due (median of 200 batches of 1,000 ticks)');
  for (const count of [1_000, 10_000]) {
    const runtime = offlineRuntime();
    openLobbies(runtime, count);
    const now = runtime.clock.now();
    let serviced = 0;
    for (let i = 0; i < 10_000; i++) serviced += runtime.tick(now); // warm-up
    const perTick: number[] = [];
    for (let batch = 0; batch < 200; batch++) {
      const start = process.hrtime.bigint();
      for (let i = 0; i < 1_000; i++) serviced += runtime.tick(now);
      perTick.push(Number(process.hrtime.bigint() - start) / 1_000 / 1_000);
    }
    const withClock: number[] = [];
    for (let batch = 0; batch < 200; batch++) {
      const start = process.hrtime.bigint();
      for (let i = 0; i < 1_000; i++) serviced += runtime.tick();
      withClock.push(Number(process.hrtime.bigint() - start) / 1_000 / 1_000);
    }
    console.log(
      `  ${String(count).padStart(6)} open lobbies: tick(now) ${median(perTick).toFixed(3)} µs, tick() reading the clock ${median(withClock).toFixed(3)} µs (lobbies serviced: ${serviced})`,
    );
  }
}

// ─── 3. Heap per lobby ───────────────────────────────────────────────────────────────────────────

function heapPerLobby(): void {
  console.log('\n3. Heap per open lobby of 25 members (10,000 lobbies)');
  if (!gc) {
    console.log('  skipped: run with node --expose-gc (npm run bench:lobby does)');
    return;
  }
  const count = 10_000;
  const runtime = offlineRuntime();
  gc();
  gc();
  const before = process.memoryUsage().heapUsed;
  const jsonBytes = openLobbies(runtime, count);
  gc();
  gc();
  const after = process.memoryUsage().heapUsed;
  const perLobby = (after - before) / count;
  console.log(`  heap per lobby: ${Math.round(perLobby)} bytes; its JSON: ${Math.round(jsonBytes)} bytes`);
  console.log(
    `  ratio: ${(perLobby / jsonBytes).toFixed(2)}× (target: within 3×); lobbies held: ${runtime.size}`,
  );
}

await callsPerChanges();
tickCost();
heapPerLobby();
