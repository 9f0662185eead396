/** Silent drops and faults: the server's answer is the truth, and no pending change is ever lost. */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { demo } from '../../src/emulator/world/demoSeed.js';
import type { Lobby } from '../../src/lobby/Lobby.js';
import type { SyncErrorEvent } from '../../src/lobby/LobbyEvents.js';
import type { LobbyRuntimeOptions } from '../../src/lobby/lobbyRuntimeDefaults.js';
import { type Fault, useFaultyProxy } from './faultyProxy.js';
import {
  client,
  countCalls,
  handlePicture,
  makeUsers,
  manualRuntime,
  recordEvents,
  serverPicture,
  settle,
  useLobbyEmulator,
} from './lobbySupport.js';

const [alice, bob, carol, dave] = demo.users;

describe('a member the platform drops silently', () => {
  // One lobby per user per application: alice and bob are in the demo lobby already.
  const emu = useLobbyEmulator({ settings: { maxLobbiesPerUserPerApplication: 1 } });

  it('is rolled back with memberRejected, and the others stay', async () => {
    const { runtime } = manualRuntime(emu.emulator);
    const lobby = await runtime.create();
    const events = recordEvents(lobby);
    lobby.upsertMember(alice.id, { metadata: { team: 'red' } }); // at her limit: dropped
    lobby.upsertMember(carol.id);
    lobby.upsertMember(bob.id); // at his limit: dropped
    await lobby.flush();
    const rejected = events.filter(([n]) => n === 'memberRejected').map(([, e]) => e);
    expect(rejected).toEqual([
      {
        member: { id: alice.id, metadata: { team: 'red' }, flags: 0, additionalName: null },
        reason: 'silently-dropped',
        explanation: expect.stringContaining('maximum number of lobbies'),
        origin: 'server',
      },
      expect.objectContaining({ member: expect.objectContaining({ id: bob.id }) }),
    ]);
    expect(events).toContainEqual([
      'memberRemoved',
      { member: expect.objectContaining({ id: alice.id }), origin: 'server' },
    ]);
    expect([...lobby.members.keys()]).toEqual([carol.id]);
    expect(lobby.pending).toEqual([]);
    expect(serverPicture(emu.emulator, lobby.id)).toEqual(handlePicture(lobby));
  });

  it("does not call the idle policy's dispose off when its own flush meets a silent drop", async () => {
    // Changes wait past the idle timeout, so that the dispose is what flushes them.
    const { runtime, clock } = manualRuntime(emu.emulator, { flushDelayMs: 60_000 });
    const lobby = await runtime.create({ idleTimeoutSeconds: 5, onIdle: 'dispose' });
    const events = recordEvents(lobby);
    lobby.upsertMember(alice.id); // at her limit: dropped, rolled back with origin server
    lobby.upsertMember(carol.id);
    clock.advance(5_000);
    await lobby.flush();
    expect(events.filter(([n]) => n === 'memberRejected')).toHaveLength(1);
    expect(events.filter(([n]) => n === 'idle')).toHaveLength(1);
    expect(lobby.disposed).toBe(true);
    expect(runtime.size).toBe(0);
    expect(Object.keys(serverPicture(emu.emulator, lobby.id)?.members ?? {})).toEqual([carol.id]);
  });
});

describe('faults on the way to the platform', () => {
  const emu = useLobbyEmulator();
  const faulty = useFaultyProxy(emu);

  function throughProxy(faults: Fault[], options: Partial<LobbyRuntimeOptions> = {}) {
    let n = 0;
    faulty.proxy.fault = (method) => (method === 'GET' || n >= faults.length ? 'pass' : faults[n++]!);
    const clock = new ManualClock();
    const rest = client(faulty.proxy.apiUrl, { bot: demo.botToken }, { timeoutMs: 5_000 });
    return manualRuntime(emu.emulator, { ...options, rest, clock });
  }

  it('a 5xx keeps every pending change, reports it, and the retry sends them all', async () => {
    const { runtime, clock } = throughProxy([]);
    const lobby = await runtime.create();
    const ids = makeUsers(emu.emulator, 30);
    faulty.proxy.fault = () => '500';
    const events = recordEvents(lobby);
    for (const id of ids) lobby.upsertMember(id, { metadata: { hp: '100' } });
    lobby.setMetadata({ round: '1' });
    await expect(lobby.flush()).rejects.toMatchObject({ status: 500 });
    const error = events.find(([n]) => n === 'syncError')?.[1];
    expect(error).toMatchObject({ willRetry: true, retryAt: expect.any(Number) });
    expect((error?.changes as unknown[] | undefined)?.length).toBe(31);
    expect(lobby.pending).toHaveLength(31);
    expect(lobby.members.size).toBe(30); // the local picture keeps them
    lobby.setMetadata({ round: '2' }); // waits for the retry with the rest
    faulty.proxy.fault = () => 'pass';
    const synced = new Promise((resolve) => lobby.once('synced', resolve));
    clock.advance(60_000);
    await synced;
    expect(lobby.pending).toEqual([]);
    expect(serverPicture(emu.emulator, lobby.id)).toEqual(handlePicture(lobby));
  });

  it('dropped connections before and after the platform acted lose nothing', async () => {
    const { runtime, clock, rest } = throughProxy([]);
    const lobby = await runtime.create();
    const ids = makeUsers(emu.emulator, 60);
    const counter = countCalls(rest);
    // First bulk goes through, the second's answer is lost, the third never arrives, then the PATCH fails.
    const faults: Fault[] = ['pass', 'drop-after', 'drop-before', '500'];
    let n = 0;
    faulty.proxy.fault = (method) => (method === 'GET' ? 'pass' : (faults[n++] ?? 'pass'));
    for (const id of ids) lobby.upsertMember(id);
    lobby.setMetadata({ map: 'dust' });
    const failure = await lobby.flush().catch((e: unknown) => e);
    expect(failure).toMatchObject({ name: 'NetworkError' });
    expect(lobby.pending.length).toBe(35 + 1); // the first 25 are confirmed; the rest wait
    for (let i = 0; i < 5 && lobby.pending.length > 0; i++) {
      clock.advance(120_000);
      await settle(lobby);
    }
    expect(lobby.pending).toEqual([]);
    expect(counter.count('bulkUpdateLobbyMembers')).toBeGreaterThanOrEqual(4);
    expect(serverPicture(emu.emulator, lobby.id)).toEqual(handlePicture(lobby));
  });

  it('an emulator that stops answering altogether: changes wait, then go out when it is back', async () => {
    const { runtime, clock } = throughProxy([]);
    // The outage outlasts the default idle timeout (300 s), and an idle lobby is deleted once the
    // platform answers again: this lobby idles only after an hour.
    const lobby = await runtime.create({ idleTimeoutSeconds: 3_600 });
    faulty.proxy.fault = () => 'drop-before';
    lobby.upsertMember(dave.id, { flags: 1 });
    lobby.removeMember(dave.id);
    lobby.upsertMember(carol.id, { additionalName: 'Cee' });
    const errors: unknown[] = [];
    lobby.on('syncError', (e) => errors.push(e));
    for (let i = 0; i < 3; i++) {
      clock.advance(120_000);
      await settle(lobby);
    }
    expect(errors.length).toBeGreaterThanOrEqual(3);
    expect(lobby.pending.map((p) => (p.kind === 'member' ? p.id : p.kind)).sort()).toEqual(
      [carol.id, dave.id].sort(),
    );
    faulty.proxy.fault = () => 'pass';
    clock.advance(120_000);
    await settle(lobby);
    expect(lobby.pending).toEqual([]);
    expect(serverPicture(emu.emulator, lobby.id)?.members).toEqual({
      [carol.id]: { metadata: {}, flags: 0, additionalName: 'Cee' },
    });
  });

  /** A lobby of 5 s idle timeout whose idle delete meets `fault`: the handle, and the first report. */
  async function idleDeleteMeets(fault: Fault) {
    const { runtime, clock, rest } = throughProxy([]);
    const lobby = await runtime.create({ idleTimeoutSeconds: 5 });
    faulty.proxy.fault = (method) => (method === 'DELETE' ? fault : 'pass');
    const calls = countCalls(rest);
    const failed = new Promise<SyncErrorEvent>((resolve) => lobby.once('syncError', resolve));
    clock.advance(5_000);
    const report = await failed;
    return { runtime, clock, calls, lobby, report };
  }

  /** Sets the clock to `at`: the lobby is still there, its handle and on the platform. */
  async function expectKeptAt(lobby: Lobby, clock: ManualClock, at: number): Promise<void> {
    clock.set(at);
    await settle(lobby);
    expect(lobby.disposed).toBe(false);
    expect(serverPicture(emu.emulator, lobby.id)).toBeDefined();
  }

  /** Sets the clock to `at`: the lobby is deleted (origin `local`), on the platform too. */
  async function expectDeletedAt(lobby: Lobby, clock: ManualClock, at: number): Promise<void> {
    const deleted = new Promise((resolve) => lobby.once('deleted', resolve));
    clock.set(at);
    expect(await deleted).toEqual({ origin: 'local' });
    expect(serverPicture(emu.emulator, lobby.id)).toBeUndefined();
  }

  it("retries the idle policy's delete after a failure, not before its time, until it goes through", async () => {
    const { runtime, clock, lobby, report } = await idleDeleteMeets('500');
    expect(report).toMatchObject({ willRetry: true, retryAt: expect.any(Number), error: { status: 500 } });
    const retryAt = report.retryAt as number;
    expect(retryAt).toBeGreaterThan(clock.now());
    faulty.proxy.fault = () => 'pass';
    await expectKeptAt(lobby, clock, retryAt - 1);
    await expectDeletedAt(lobby, clock, retryAt);
    expect(runtime.size).toBe(0);
  });

  it('does not retry an idle delete the platform refuses (403): reported once, the handle stays', async () => {
    const { clock, calls, lobby, report } = await idleDeleteMeets('403');
    expect(report).toMatchObject({
      willRetry: false,
      retryAt: undefined,
      error: { status: 403, platformCode: 50001 },
    });
    const reports: SyncErrorEvent[] = [];
    lobby.on('syncError', (e) => reports.push(e));
    for (let i = 0; i < 5; i++) {
      clock.advance(60_000);
      await settle(lobby);
    }
    expect(calls.count('deleteLobby')).toBe(1);
    expect(reports).toEqual([]);
    expect(lobby.disposed).toBe(false);
    faulty.proxy.fault = () => 'pass';
  });

  it('activity calls off a failed idle delete: the countdown starts over instead', async () => {
    const { clock, lobby, report } = await idleDeleteMeets('500');
    const retryAt = report.retryAt as number;
    faulty.proxy.fault = () => 'pass';
    lobby.touch();
    const deadline = lobby.idle.deadline as number;
    expect(deadline).toBeGreaterThan(retryAt);
    await expectKeptAt(lobby, clock, retryAt);
    await expectDeletedAt(lobby, clock, deadline);
  });

  it('activity while the idle delete is in flight calls it off: no retry, the countdown starts over', async () => {
    const { runtime, clock, rest } = throughProxy([]);
    const lobby = await runtime.create({ idleTimeoutSeconds: 5 });
    const calls = countCalls(rest);
    const reports: SyncErrorEvent[] = [];
    lobby.on('syncError', (e) => reports.push(e));
    // The player acts just as the DELETE reaches the platform, which then fails.
    faulty.proxy.fault = (method) => {
      if (method !== 'DELETE') return 'pass';
      lobby.touch();
      return '500';
    };
    clock.advance(5_000);
    await settle(lobby);
    faulty.proxy.fault = () => 'pass';
    expect(reports).toEqual([]);
    const deadline = lobby.idle.deadline as number;
    await expectKeptAt(lobby, clock, deadline - 1);
    expect(calls.count('deleteLobby')).toBe(1);
    await expectDeletedAt(lobby, clock, deadline);
    expect(runtime.size).toBe(0);
  });

  /**
   * A lobby of policy 'dispose' (5 s idle timeout) whose Modify Lobby fails: sets metadata, then
   * moves the clock from each failure's report to its retry, `failures` times (through the idle step
   * at 5 s), waiting for the lobby to be quiet before each move. `onIdle` runs on the `idle` event.
   */
  async function disposeThroughFailingFlushes(failures: number, onIdle?: (lobby: Lobby) => void) {
    const { runtime, clock, rest } = throughProxy([]);
    const lobby = await runtime.create({ idleTimeoutSeconds: 5, onIdle: 'dispose' });
    if (onIdle) lobby.once('idle', () => onIdle(lobby));
    const calls = countCalls(rest);
    const reports: SyncErrorEvent[] = [];
    lobby.on('syncError', (e) => reports.push(e));
    faulty.proxy.fault = (method) => (method === 'PATCH' ? '500' : 'pass');
    const nextReport = () => new Promise<SyncErrorEvent>((resolve) => lobby.once('syncError', resolve));
    lobby.setMetadata({ last: 'words' });
    let report = nextReport();
    clock.advance(50); // the flush delay
    for (let n = 1; n <= failures; n++) {
      const { retryAt } = await report;
      // Quiet first (the read after a failed flush included: a Get Lobby queued behind the rest),
      // so that the retry falls due on a lobby with nothing under way.
      await lobby.refresh();
      expect(calls.count('modifyLobby')).toBe(n);
      if (n === failures) break;
      report = nextReport();
      clock.set(retryAt as number);
    }
    return { runtime, clock, calls, lobby, reports };
  }

  it("policy 'dispose' follows the failing flush's retries, reporting each failure once", async () => {
    const { runtime, clock, calls, lobby, reports } = await disposeThroughFailingFlushes(6);
    expect(clock.now()).toBeGreaterThan(5_000 + Date.UTC(2026, 0, 1));
    expect(reports).toHaveLength(calls.count('modifyLobby'));
    expect(reports.every((r) => r.willRetry)).toBe(true);
    expect(lobby.disposed).toBe(false);
    expect(lobby.pending).toEqual([{ kind: 'metadata' }]);
    faulty.proxy.fault = () => 'pass';
    clock.set(reports.at(-1)?.retryAt as number);
    await settle(lobby);
    expect(lobby.disposed).toBe(true);
    expect(runtime.size).toBe(0);
    expect(serverPicture(emu.emulator, lobby.id)?.metadata).toEqual({ last: 'words' });
    expect(calls.count('modifyLobby')).toBe(reports.length + 1);
    expect(calls.count('deleteLobby')).toBe(0);
  });

  it("an idle listener's touch keeps a lobby whose dispose would follow a failing flush", async () => {
    // Four failures: the fourth is the retry just after the idle step at 5 s, where the listener acts.
    const { clock, lobby } = await disposeThroughFailingFlushes(4, (l) => l.touch());
    const deadline = lobby.idle.deadline as number;
    expect(clock.now()).toBeLessThan(deadline);
    // The platform is back and the changes go out: nothing is left for a dispose to wait on.
    faulty.proxy.fault = () => 'pass';
    await lobby.flush();
    clock.advance(1);
    await lobby.refresh();
    expect(lobby.disposed).toBe(false);
    expect(lobby.idle.deadline).toBe(deadline);
    await lobby.dispose();
  });

  it('an idle step during a flush that then fails follows its retry instead of flushing again at once', async () => {
    // The change's flush goes 10 ms before the idle step, so it is in flight when the lobby idles.
    const { runtime, clock, rest } = throughProxy([], { flushDelayMs: 4_990 });
    const lobby = await runtime.create({ idleTimeoutSeconds: 5, onIdle: 'dispose' });
    const calls = countCalls(rest);
    faulty.proxy.fault = (method) => (method === 'PATCH' ? '500' : 'pass');
    const failed = new Promise<SyncErrorEvent>((resolve) => lobby.once('syncError', resolve));
    lobby.setMetadata({ last: 'words' });
    clock.advance(5_000);
    const report = await failed;
    await lobby.refresh();
    expect(calls.count('modifyLobby')).toBe(1);
    expect(lobby.disposed).toBe(false);
    expect(report.retryAt).toBeGreaterThan(clock.now());
    faulty.proxy.fault = () => 'pass';
    clock.set(report.retryAt as number);
    await settle(lobby);
    expect(lobby.disposed).toBe(true);
    expect(calls.count('modifyLobby')).toBe(2);
  });

  it('an idle delete answered 404 Unknown Lobby ends the handle: someone deleted it first', async () => {
    const { runtime, clock } = throughProxy([]);
    const lobby = await runtime.create({ idleTimeoutSeconds: 5 });
    faulty.proxy.fault = (method) => (method === 'DELETE' ? '404-lobby' : 'pass');
    const reports: SyncErrorEvent[] = [];
    lobby.on('syncError', (e) => reports.push(e));
    const deleted = new Promise((resolve) => lobby.once('deleted', resolve));
    clock.advance(5_000);
    expect(await deleted).toEqual({ origin: 'remote' });
    expect(reports).toEqual([]);
    expect(runtime.size).toBe(0);
  });

  it('runtime.dispose() refuses to drop unconfirmed changes, and succeeds once the platform answers', async () => {
    const { runtime } = throughProxy([]);
    const lobby = await runtime.create();
    const idle = await runtime.create(); // nothing pending: let go, while the other stays
    faulty.proxy.fault = () => '500';
    lobby.setMetadata({ final: 'score' });
    await expect(runtime.dispose()).rejects.toMatchObject({ errors: [{ status: 500 }] });
    expect(runtime.get(lobby.id)).toBe(lobby);
    expect(idle.disposed).toBe(true);
    expect(runtime.size).toBe(1);
    faulty.proxy.fault = () => 'pass';
    await runtime.dispose();
    expect(serverPicture(emu.emulator, lobby.id)?.metadata).toEqual({ final: 'score' });
  });
});
