/**
 * Fair, bounded sync: 1,000 lobbies all busy at once, more than the token's global limit can carry,
 * on a ManualClock (no real time). The client's global limiter is one FIFO line per token and each
 * lobby has one flush out at a time, so the lobbies take turns: a busy lobby flushes again within
 * about `lobbies ÷ share` seconds (1,000 ÷ 50 = 20 s), every flush carries everything the lobby
 * gathered meanwhile in one call (the fewest calls), and no lobby waits much longer than another.
 * Pure scheduling over the client's real rate-limit engine: the transport is a scripted stand-in for
 * the platform's answers (the wire behaviour is tested against the emulator elsewhere).
 */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { LobbyRuntime } from '../../src/lobby/LobbyRuntime.js';
import type { Lobby } from '../../src/lobby/Lobby.js';
import { RestClient } from '../../src/rest/RestClient.js';
import { fakeTransport } from '../rest/support/fakeTransport.js';

const LOBBIES = 1000;
const SHARE = 50;
const LATENCY_MS = 40;

/** Lets every promise that can settle now settle (answers, grants, the handles' bookkeeping). */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

describe('LobbyRuntime under the global limit', () => {
  it(`serves ${LOBBIES} busy lobbies in turn: each flushes again within lobbies ÷ share seconds`, async () => {
    const clock = new ManualClock();
    const transport = fakeTransport(async (req) => {
      await new Promise<void>((resolve) => clock.setTimeout(resolve, LATENCY_MS));
      const id = /\/lobbies\/(\d+)/.exec(req.url)?.[1] ?? '0';
      const body = JSON.parse(req.bodyText ?? '{}') as { metadata?: Record<string, string> };
      return {
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: { id, application_id: '1', metadata: body.metadata ?? {}, members: [] },
      };
    });
    const rest = new RestClient({
      baseUrl: 'http://platform.test/api/v10',
      auth: { bot: 'token' },
      transport,
      clock,
      globalPerSecond: SHARE,
    });
    const runtime = new LobbyRuntime({ rest, clock, reconcileIntervalMs: 0, flushDelayMs: 50 });
    const lobbies: Lobby[] = [];
    for (let i = 0; i < LOBBIES; i++)
      lobbies.push(runtime.adopt({ id: String(1000 + i), application_id: '1', metadata: {}, members: [] }));

    const lastSynced = new Map<Lobby, number>();
    const flushesOf = new Map<Lobby, number>();
    const gaps: number[] = [];
    let flushes = 0;
    let syncErrors = 0;
    const start = clock.now();
    for (const lobby of lobbies) {
      lobby.on('synced', () => {
        const now = clock.now();
        gaps.push(now - (lastSynced.get(lobby) ?? start));
        lastSynced.set(lobby, now);
        flushesOf.set(lobby, (flushesOf.get(lobby) ?? 0) + 1);
        flushes++;
      });
      lobby.on('syncError', () => syncErrors++);
    }

    // Every lobby changes its metadata every half second for a minute: far more than 50 calls a second.
    const RUN_MS = 60_000;
    for (let t = 0; t < RUN_MS; t += 100) {
      if (t % 500 === 0) for (const lobby of lobbies) lobby.setMetadata({ tick: String(t) });
      clock.advance(100);
      await settle();
    }

    const seconds = RUN_MS / 1000;
    // The limit held: never more than the share in any second of the clock.
    const sent = transport.requests.length;
    expect(sent).toBeLessThanOrEqual(SHARE * seconds + SHARE);
    // ... and was used: the lobbies kept the line busy.
    expect(sent).toBeGreaterThan(SHARE * seconds * 0.9);
    // The fewest calls: one Modify Lobby per flush, whatever number of changes it carried.
    const patches = transport.requests.filter((r) => r.method === 'PATCH').length;
    const reads = transport.requests.filter((r) => r.method === 'GET').length;
    // No flush failed for want of patience (the line's wait estimate stays near lobbies ÷ share).
    expect(reads).toBe(0);
    expect(syncErrors).toBe(0);
    expect(flushes).toBe(patches);
    // No lobby starved: every one flushed, again and again, each within the bound of the last.
    expect(lastSynced.size).toBe(LOBBIES);
    const boundMs = (LOBBIES / SHARE) * 1000;
    const worst = Math.max(...gaps);
    expect(worst).toBeLessThanOrEqual(boundMs * 1.1 + 1000);
    // And the turns are even: no lobby flushed more than one time more than any other.
    const counts = [...flushesOf.values()];
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
    runtime.pause();
  }, 120_000);

  it.each([
    [10, 5],
    [50, 25],
  ])(
    'reconciles at most half the client’s limit by default (globalPerSecond %i: %i a second)',
    async (perSecond, ceiling) => {
      const clock = new ManualClock();
      const transport = fakeTransport((req) => {
        const id = /\/lobbies\/(\d+)/.exec(req.url)?.[1] ?? '0';
        return { status: 200, body: { id, application_id: '1', metadata: {}, members: [] } };
      });
      const rest = new RestClient({
        baseUrl: 'http://platform.test/api/v10',
        auth: { bot: 'token' },
        transport,
        clock,
        globalPerSecond: perSecond,
      });
      // Every lobby's first reconcile comes due at once, half an interval in.
      const runtime = new LobbyRuntime({ rest, clock, reconcileIntervalMs: 60_000, random: () => 0 });
      for (let i = 0; i < 200; i++)
        runtime.adopt({ id: String(1000 + i), application_id: '1', metadata: {}, members: [] });
      clock.advance(30_000);
      for (let ms = 0; ms < 2000; ms += 50) {
        clock.advance(50);
        await settle();
      }
      // Two seconds after they came due: the first grant at once, then one every 1000 / ceiling ms.
      expect(transport.requests.filter((r) => r.method === 'GET')).toHaveLength(2 * ceiling + 1);
      runtime.pause();
    },
  );
});
