/**
 * No change is ever stranded: answers the client cannot read (empty, cut off, not JSON) after the
 * platform acted, listeners that throw, and refused changes whose read-back fails. Each case ends
 * with the platform equal to the handle and every change either confirmed or reported.
 */
import { describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { demo } from '../../src/emulator/world/demoSeed.js';
import type { ListenerErrorEvent, SyncErrorEvent } from '../../src/lobby/LobbyEvents.js';
import type { LobbyRuntimeOptions } from '../../src/lobby/lobbyRuntimeDefaults.js';
import { PlayerRuntime } from '../../src/lobby/player/PlayerRuntime.js';
import { isInvalidResponseError } from '../../src/rest/errors/guards.js';
import { LobbyClient } from '../../src/rest/LobbyClient.js';
import { type Fault, useFaultyProxy } from './faultyProxy.js';
import {
  client,
  countCalls,
  handlePicture,
  makeUsers,
  manualRuntime,
  recordEvents,
  serverPicture,
  useLobbyEmulator,
} from './lobbySupport.js';

const emu = useLobbyEmulator();
const faulty = useFaultyProxy(emu);

/** A runtime whose bot client goes through the proxy, on a manual clock with no timers of its own. */
function throughProxy(options: Partial<LobbyRuntimeOptions> = {}) {
  const rest = client(faulty.proxy.apiUrl, { bot: demo.botToken }, { timeoutMs: 5_000 });
  return manualRuntime(emu.emulator, { timers: false, ...options, rest, clock: new ManualClock() });
}

/** The first request of `method` whose path ends with `suffix` meets `fault`; everything else passes. */
function faultOnce(method: string, suffix: string, fault: Fault): void {
  let done = false;
  faulty.proxy.fault = (m, path) => {
    if (done || m !== method || !path.endsWith(suffix)) return 'pass';
    done = true;
    return fault;
  };
}

describe('an answer the client cannot read, after the platform acted', () => {
  it('the issue: an empty 200 for the first bulk call strands nothing, reports once, converges', async () => {
    const { runtime } = throughProxy({ flushDelayMs: 60_000, reconcileIntervalMs: 500 });
    const lobby = await runtime.create({ metadata: { map: 'dust' } });
    const ids = makeUsers(emu.emulator, 30);
    const events = recordEvents(lobby);
    faultOnce('POST', '/members/bulk', 'empty-after');
    for (const id of ids) lobby.upsertMember(id, { metadata: { team: 'red' } }); // 2 bulk calls
    lobby.setMetadata({ phase: 'playing' });

    const failure = await lobby.flush().catch((e: unknown) => e);
    expect(isInvalidResponseError(failure)).toBe(true);
    expect(failure).toMatchObject({ reason: 'empty', status: 200, operation: 'bulkUpdateLobbyMembers' });
    // The platform has the first 25; the handle cannot know: all 30 and the metadata stay pending.
    expect(Object.keys(serverPicture(emu.emulator, lobby.id)?.members ?? {})).toHaveLength(25);
    expect(lobby.pending).toHaveLength(31);
    const reports = events.filter(([n]) => n === 'syncError').map(([, e]) => e);
    expect(reports).toEqual([
      expect.objectContaining({ error: failure, willRetry: true, retryAt: expect.any(Number) }),
    ]);
    expect(reports[0]?.changes).toHaveLength(31);

    await runtime.flushAll(); // sends everything again
    expect(lobby.pending).toEqual([]);
    expect(serverPicture(emu.emulator, lobby.id)).toEqual(handlePicture(lobby));
    expect(lobby.metadata).toEqual({ map: 'dust', phase: 'playing' });
    expect(lobby.members.size).toBe(30);
    expect(events.filter(([n]) => n === 'syncError')).toHaveLength(1);
    await runtime.dispose();
    expect(lobby.disposed).toBe(true);
  });

  it.each(['empty-after', 'not-json-after', 'truncated-after', 'wrong-shape-after', 'drop-after'] as const)(
    '%s on a bulk call or on Modify Lobby: every change is sent again and lands',
    async (fault) => {
      for (const [method, suffix] of [
        ['POST', '/members/bulk'],
        ['PATCH', ''],
      ] as const) {
        const { runtime } = throughProxy();
        const lobby = await runtime.create();
        const ids = makeUsers(emu.emulator, 3, `${fault}-${method}-`);
        faultOnce(method, suffix, fault);
        for (const id of ids) lobby.upsertMember(id, { metadata: { hp: '10' } });
        lobby.setMetadata({ round: '1' });
        await expect(lobby.flush()).rejects.toMatchObject({
          name: fault === 'drop-after' ? 'NetworkError' : 'InvalidResponseError',
        });
        // A lost bulk answer keeps the members and the metadata; a lost PATCH answer the metadata.
        expect(lobby.pending).toHaveLength(method === 'POST' ? 4 : 1);
        await lobby.flush();
        expect(lobby.pending).toEqual([]);
        expect(serverPicture(emu.emulator, lobby.id)).toEqual(handlePicture(lobby));
        await runtime.dispose();
      }
    },
  );

  it('dispose() never lets a handle with unconfirmed changes go: it rejects and keeps it', async () => {
    const { runtime } = throughProxy();
    const lobby = await runtime.create();
    const [id] = makeUsers(emu.emulator, 1);
    faulty.proxy.fault = (method) => (method === 'POST' ? 'not-json-after' : 'pass');
    lobby.upsertMember(id!);
    const failure = await runtime.dispose().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AggregateError);
    expect((failure as AggregateError).errors).toEqual([
      expect.objectContaining({ name: 'InvalidResponseError' }),
    ]);
    expect(lobby.disposed).toBe(false);
    expect(runtime.get(lobby.id)).toBe(lobby);
    expect(lobby.pending).toEqual([{ kind: 'member', id, remove: false }]);
    faulty.proxy.fault = () => 'pass';
    await runtime.dispose();
    expect(lobby.disposed).toBe(true);
    expect(serverPicture(emu.emulator, lobby.id)?.members[id!]).toBeDefined();
  });

  it('create() with an unreadable answer rejects with InvalidResponseError, not a TypeError', async () => {
    for (const [fault, reason] of [
      ['empty-after', 'empty'],
      ['wrong-shape-after', 'schema'],
    ] as const) {
      const { runtime } = throughProxy();
      faultOnce('POST', '/lobbies', fault);
      const failure = await runtime.create({ metadata: { map: 'dust' } }).catch((e: unknown) => e);
      expect(isInvalidResponseError(failure)).toBe(true);
      expect(failure).toMatchObject({ reason, operation: 'createLobby', method: 'POST', path: '/lobbies' });
      expect(runtime.size).toBe(0);
    }
  });

  it("a player's join answered with JSON of another shape rejects with InvalidResponseError and holds nothing", async () => {
    const rest = new LobbyClient({ baseUrl: faulty.proxy.apiUrl, auth: { bearer: demo.users[0]!.token } });
    const player = new PlayerRuntime({ rest, clock: new ManualClock(), timers: false });
    faultOnce('PUT', '/lobbies', 'wrong-shape-after');
    const failure = await player.join('odd-answer').catch((e: unknown) => e);
    expect(isInvalidResponseError(failure)).toBe(true);
    expect(failure).toMatchObject({ reason: 'schema', operation: 'createOrJoinLobby', path: '/lobbies' });
    expect(player.size).toBe(0);
    await player.dispose();
  });

  it('a reconcile answered with JSON of another shape reports it and changes nothing', async () => {
    const { runtime } = throughProxy();
    const lobby = await runtime.create({ metadata: { map: 'dust' } });
    const before = handlePicture(lobby);
    const events = recordEvents(lobby);
    faultOnce('GET', lobby.id, 'wrong-shape-after');
    const failure = await lobby.refresh().catch((e: unknown) => e);
    expect(failure).toMatchObject({ name: 'InvalidResponseError', reason: 'schema', operation: 'getLobby' });
    expect(events.map(([n]) => n)).toEqual(['syncError']);
    expect(handlePicture(lobby)).toEqual(before);
    await lobby.refresh(); // the next read goes through
    expect(handlePicture(lobby)).toEqual(before);
  });
});

describe('a listener that throws in the middle of a flush', () => {
  // One lobby per user per application: alice is in the demo lobby already, so she is dropped silently.
  const limited = useLobbyEmulator({ settings: { maxLobbiesPerUserPerApplication: 1 } });

  it("neither strands the batch nor stops the flush; 'error' hears it", async () => {
    const { runtime, rest } = manualRuntime(limited.emulator, { timers: false });
    const lobby = await runtime.create();
    const others = makeUsers(limited.emulator, 30);
    const [alice] = demo.users;
    const boom = new Error('listener bug');
    lobby.on('memberRejected', () => {
      throw boom;
    });
    const errors: ListenerErrorEvent[] = [];
    lobby.on('error', (e) => errors.push(e));
    const calls = countCalls(rest);
    lobby.upsertMember(alice.id); // first entry of the first bulk call: rejected
    for (const id of others) lobby.upsertMember(id);
    lobby.setMetadata({ after: 'rejection' });
    await lobby.flush();
    expect(errors).toEqual([{ error: boom, event: 'memberRejected' }]);
    expect(calls.count('bulkUpdateLobbyMembers')).toBe(2);
    expect(calls.count('modifyLobby')).toBe(1);
    expect(lobby.pending).toEqual([]);
    expect(lobby.members.has(alice.id)).toBe(false);
    expect(serverPicture(limited.emulator, lobby.id)).toEqual(handlePicture(lobby));
  });
});

/**
 * Runs `body`, catching what lobbykit rethrows as uncaught exceptions (through queueMicrotask)
 * instead of letting them reach the test runner; returns them.
 */
async function uncaughtDuring(body: () => unknown): Promise<unknown[]> {
  const rethrown: unknown[] = [];
  const spy = vi.spyOn(globalThis, 'queueMicrotask').mockImplementation((task) => {
    try {
      task();
    } catch (error) {
      rethrown.push(error);
    }
  });
  try {
    await body();
  } finally {
    spy.mockRestore();
  }
  return rethrown;
}

describe('listeners that throw', () => {
  it('with no error listener, the exception is rethrown on its own and the sync goes on', async () => {
    const { runtime } = throughProxy();
    const lobby = await runtime.create();
    const [id] = makeUsers(emu.emulator, 1);
    const boom = new Error('synced listener bug');
    lobby.on('synced', () => {
      throw boom;
    });
    const rethrown = await uncaughtDuring(async () => {
      lobby.upsertMember(id!);
      await expect(lobby.flush()).resolves.toMatchObject({
        calls: [{ operation: 'bulkUpdateLobbyMembers' }],
      });
    });
    expect(rethrown).toEqual([boom]);
    expect(lobby.pending).toEqual([]);
  });

  it('an error listener that throws goes the uncaught way too, and a local change still goes out', async () => {
    const { runtime } = throughProxy();
    const lobby = await runtime.create();
    const [id] = makeUsers(emu.emulator, 1);
    const first = new Error('memberAdded listener bug');
    const second = new Error('error listener bug');
    lobby.on('memberAdded', () => {
      throw first;
    });
    lobby.on('error', () => {
      throw second;
    });
    const rethrown = await uncaughtDuring(() => {
      expect(() => lobby.upsertMember(id!)).not.toThrow();
    });
    expect(rethrown).toEqual([second]);
    expect(lobby.pending).toHaveLength(1);
    await lobby.flush();
    expect(serverPicture(emu.emulator, lobby.id)).toEqual(handlePicture(lobby));
  });
});

describe('a refused change whose read-back fails', () => {
  it('is read again on the retry schedule, not the periodic one, and undone with origin server', async () => {
    // Periodic reconciles an hour apart: only the retry can correct the picture in this test.
    const { runtime, clock } = throughProxy({ timers: true, reconcileIntervalMs: 3_600_000 });
    const lobby = await runtime.create();
    const [id] = makeUsers(emu.emulator, 1);
    const events = recordEvents(lobby);
    let gets = 0;
    faulty.proxy.fault = (method) => {
      if (method === 'POST') return '403'; // the bulk call is refused
      if (method === 'GET') return gets++ === 0 ? '500' : 'pass'; // the first read-back fails
      return 'pass';
    };
    lobby.upsertMember(id!);
    await lobby.flush();
    const reports = events.filter(([n]) => n === 'syncError').map(([, e]) => e as unknown as SyncErrorEvent);
    expect(reports.map((r) => r.willRetry)).toEqual([false, true]);
    expect(reports[0]?.changes).toEqual([{ kind: 'member', id, remove: false }]);
    expect(reports[1]).toMatchObject({ error: { status: 500 }, changes: [] });
    const retryAt = reports[1]?.retryAt as number;
    expect(retryAt - clock.now()).toBeLessThanOrEqual(1_000); // retryBaseMs, not an hour
    expect(lobby.members.has(id!)).toBe(true); // still shown: nothing has read the truth yet

    const removed = new Promise((resolve) => lobby.once('memberRemoved', resolve));
    clock.set(retryAt);
    expect(await removed).toEqual({ member: expect.objectContaining({ id }), origin: 'server' });
    expect(gets).toBe(2);
    expect(serverPicture(emu.emulator, lobby.id)).toEqual(handlePicture(lobby));
    await runtime.dispose();
  });
});
