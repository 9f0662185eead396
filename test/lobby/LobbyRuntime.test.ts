/** The Lobby handle against the emulator over loopback: every method, coalescing, the server's truth. */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import type { Lobby } from '../../src/lobby/Lobby.js';
import { isValidationError } from '../../src/rest/errors/guards.js';
import { limits } from '../../src/spec/limits.js';
import {
  botClient,
  countCalls,
  demo,
  handlePicture,
  makeUsers,
  manualRuntime,
  recordEvents,
  serverPicture,
  useLobbyEmulator,
  userClient,
} from './lobbySupport.js';

const emu = useLobbyEmulator();
const [alice, bob, carol, dave] = demo.users;

function expectInSync(lobby: Lobby): void {
  expect(serverPicture(emu.emulator, lobby.id)).toEqual(handlePicture(lobby));
}

describe('getting handles', () => {
  it('creates a lobby with metadata and members, and opens or gets the same handle', async () => {
    const { runtime } = manualRuntime(emu.emulator);
    const lobby = await runtime.create({
      metadata: { mode: 'duel' },
      members: [{ id: alice.id, metadata: { team: 'red' }, flags: 1, additionalName: 'Ace' }],
      idleTimeoutSeconds: 60,
    });
    expect(lobby.applicationId).toBe(demo.applicationId);
    expect(lobby.metadata).toEqual({ mode: 'duel' });
    expect(lobby.members.get(alice.id)).toEqual({
      id: alice.id,
      metadata: { team: 'red' },
      flags: 1,
      additionalName: 'Ace',
    });
    expect(lobby.idle.remainingMs).toBe(60_000);
    expect(await runtime.open(lobby.id)).toBe(lobby);
    expect(runtime.get(lobby.id)).toBe(lobby);
    expect(runtime.size).toBe(1);
    expectInSync(lobby);
  });

  it('creates with more than 25 members: the rest follow as bulk upserts', async () => {
    const { runtime, rest } = manualRuntime(emu.emulator);
    const ids = makeUsers(emu.emulator, 40);
    const counter = countCalls(rest);
    const lobby = await runtime.create({ members: ids.map((id) => ({ id })) });
    expect(lobby.members.size).toBe(40);
    expect(lobby.pending).toHaveLength(15);
    await lobby.flush();
    expect(counter.calls).toEqual(['createLobby', 'bulkUpdateLobbyMembers']);
    expectInSync(lobby);
  });

  it('opens an existing lobby by id', async () => {
    const { runtime } = manualRuntime(emu.emulator);
    const lobby = await runtime.open(demo.lobbyId);
    expect(lobby.metadata).toEqual({ mode: 'demo' });
    expect([...lobby.members.keys()]).toEqual([alice.id, bob.id]);
    expect(lobby.members.get(bob.id)?.metadata).toEqual({ team: 'blue' });
  });

  it('joins by secret with a bearer token; a second join brings the open handle up to date', async () => {
    const { runtime } = manualRuntime(emu.emulator);
    const lobby = await runtime.join('room-7', {
      rest: userClient(emu.emulator, carol),
      lobbyMetadata: { map: 'dust' },
      memberMetadata: { seat: '1' },
    });
    expect(lobby.members.get(carol.id)?.metadata).toEqual({ seat: '1' });
    const events = recordEvents(lobby);
    const again = await runtime.join('room-7', { rest: userClient(emu.emulator, dave) });
    expect(again).toBe(lobby);
    expect(events).toContainEqual([
      'memberAdded',
      { member: expect.objectContaining({ id: dave.id }), origin: 'local' },
    ]);
    expectInSync(lobby);
  });

  it('adopts a lobby read elsewhere', async () => {
    const { runtime, rest } = manualRuntime(emu.emulator);
    const wire = await rest.call('getLobby', { params: { lobby_id: demo.lobbyId } });
    const lobby = runtime.adopt(wire, { idleTimeoutSeconds: 30 });
    expect(lobby.idle.remainingMs).toBe(30_000);
    expect(runtime.adopt(wire)).toBe(lobby);
  });
});

describe('local changes', () => {
  it('apply at once, fire local events, and are pending until flushed', async () => {
    const { runtime } = manualRuntime(emu.emulator);
    const lobby = await runtime.create({ metadata: { a: '1', b: '2' } });
    const events = recordEvents(lobby);
    lobby.setMetadata({ a: '10', b: null, c: '3' });
    lobby.upsertMember(alice.id, { metadata: { team: 'red' } });
    lobby.upsertMember(alice.id, { flags: 1 });
    lobby.upsertMember(bob.id);
    expect(lobby.removeMember(bob.id)).toBe(true);
    expect(lobby.removeMember(bob.id)).toBe(false);
    expect(lobby.metadata).toEqual({ a: '10', c: '3' });
    expect(lobby.members.get(alice.id)).toMatchObject({ metadata: { team: 'red' }, flags: 1 });
    expect(events.map(([name, e]) => `${name}:${String(e.origin)}`)).toEqual([
      'metadataChanged:local',
      'memberAdded:local',
      'memberUpdated:local',
      'memberAdded:local',
      'memberRemoved:local',
    ]);
    expect(events[0]?.[1]).toMatchObject({
      changed: ['a', 'b', 'c'],
      previous: { a: '1', b: '2', c: undefined },
    });
    expect(events[2]?.[1]).toMatchObject({ previous: { flags: 0 }, member: { flags: 1 } });
    expect(lobby.pending).toEqual([
      { kind: 'metadata' },
      { kind: 'member', id: alice.id, remove: false },
      { kind: 'member', id: bob.id, remove: true },
    ]);
    const outcome = await lobby.flush();
    expect(outcome.calls).toEqual([
      { operation: 'bulkUpdateLobbyMembers', changes: 2 },
      { operation: 'modifyLobby', changes: 1 },
    ]);
    expect(lobby.pending).toEqual([]);
    expect(events.at(-1)).toEqual(['synced', { calls: outcome.calls, pending: 0 }]);
    expectInSync(lobby);
  });

  it('replaceMetadata replaces the map; a change to the same values is no change', async () => {
    const { runtime } = manualRuntime(emu.emulator);
    const lobby = await runtime.create({ metadata: { a: '1' } });
    const events = recordEvents(lobby);
    lobby.setMetadata({ a: '1' });
    lobby.upsertMember(alice.id, {});
    lobby.upsertMember(alice.id, {});
    expect(events.map(([n]) => n)).toEqual(['memberAdded']);
    lobby.replaceMetadata({ z: '26' });
    expect(lobby.metadata).toEqual({ z: '26' });
    expect(Object.isFrozen(lobby.metadata)).toBe(true);
    await lobby.flush();
    expectInSync(lobby);
  });

  it('throws ValidationError synchronously for invalid changes and changes nothing', async () => {
    const { runtime } = manualRuntime(emu.emulator);
    const lobby = await runtime.create({ metadata: { a: '1' } });
    const events = recordEvents(lobby);
    const total = limits.lobby.metadataTotalLength;
    const attempts: Array<() => unknown> = [
      () => lobby.setMetadata({ k: 'v'.repeat(total) }), // 1 + 1000 > 1000
      () => lobby.replaceMetadata({ big: 'x'.repeat(total) }),
      () => lobby.upsertMember('not-a-snowflake'),
      () => lobby.upsertMember(alice.id, { flags: 2 }),
      () =>
        lobby.upsertMember(alice.id, {
          additionalName: 'n'.repeat(limits.lobby.additionalNameMaxLength + 1),
        }),
      () => lobby.upsertMember(alice.id, { metadata: { k: 'v'.repeat(total) } }),
      () => lobby.removeMember('12x'),
    ];
    for (const attempt of attempts) {
      let thrown: unknown;
      try {
        attempt();
      } catch (error) {
        thrown = error;
      }
      expect(isValidationError(thrown), String(thrown)).toBe(true);
    }
    // The boundary itself is fine: exactly the total length.
    lobby.replaceMetadata({ k: 'v'.repeat(total - 1) });
    expect(events.map(([n]) => n)).toEqual(['metadataChanged']);
    expect(lobby.members.size).toBe(0);
    expect(lobby.pending).toEqual([{ kind: 'metadata' }]);
  });

  it('refuses a member past the lobby limit', async () => {
    const { runtime } = manualRuntime(emu.emulator);
    const full = Array.from({ length: limits.lobby.maxMembers }, (_, i) => ({
      id: String(2_000_000_000_000_000n + BigInt(i)),
      metadata: null,
      flags: 0,
    }));
    const lobby = runtime.adopt({
      id: '42',
      application_id: demo.applicationId,
      metadata: null,
      members: full,
    });
    expect(() => lobby.upsertMember(alice.id)).toThrow(/at most 1000 members/);
    expect(lobby.members.size).toBe(limits.lobby.maxMembers);
    lobby.upsertMember(full[0]!.id, { flags: 1 }); // an existing member can still change
  });

  it('a disposed handle refuses changes', async () => {
    const { runtime } = manualRuntime(emu.emulator);
    const lobby = await runtime.create();
    await lobby.dispose();
    expect(lobby.disposed).toBe(true);
    expect(runtime.get(lobby.id)).toBeUndefined();
    expect(() => lobby.setMetadata({ a: '1' })).toThrow(/disposed/);
  });
});

describe('coalescing', () => {
  it('60 pending member upserts go out as exactly 3 bulk calls', async () => {
    const { runtime, rest } = manualRuntime(emu.emulator);
    const ids = makeUsers(emu.emulator, 60);
    const lobby = await runtime.create();
    const counter = countCalls(rest);
    for (const [i, id] of ids.entries()) {
      lobby.upsertMember(id, { metadata: { seat: String(i) } });
      lobby.upsertMember(id, { metadata: { seat: String(i + 100) } }); // last write wins
    }
    await lobby.flush();
    expect(counter.calls).toEqual([
      'bulkUpdateLobbyMembers',
      'bulkUpdateLobbyMembers',
      'bulkUpdateLobbyMembers',
    ]);
    expectInSync(lobby);
    expect(serverPicture(emu.emulator, lobby.id)?.members[ids[59]!]?.metadata).toEqual({ seat: '159' });
  });

  it('100 metadata sets go out as one PATCH with the whole map', async () => {
    const { runtime, rest } = manualRuntime(emu.emulator);
    const lobby = await runtime.create({ metadata: { keep: 'me' } });
    const counter = countCalls(rest);
    for (let i = 0; i < 100; i++) lobby.setMetadata({ [`k${i % 10}`]: String(i) });
    await lobby.flush();
    expect(counter.calls).toEqual(['modifyLobby']);
    expect(serverPicture(emu.emulator, lobby.id)?.metadata).toEqual({ ...lobby.metadata, keep: 'me' });
    expectInSync(lobby);
  });

  it('remove then re-add is one upsert that resets what the re-add did not set', async () => {
    const { runtime, rest } = manualRuntime(emu.emulator);
    const lobby = await runtime.open(demo.lobbyId);
    const counter = countCalls(rest);
    lobby.removeMember(bob.id); // bob had {team: blue}
    lobby.upsertMember(bob.id, { flags: 1 });
    lobby.removeMember(alice.id);
    await lobby.flush();
    expect(counter.calls).toEqual(['bulkUpdateLobbyMembers']);
    expect(serverPicture(emu.emulator, lobby.id)?.members).toEqual({
      [bob.id]: { metadata: {}, flags: 1, additionalName: null },
    });
    expectInSync(lobby);
  });

  it('keeps one flush in flight; changes made meanwhile go in the next', async () => {
    const { runtime, rest } = manualRuntime(emu.emulator);
    const lobby = await runtime.create();
    const counter = countCalls(rest);
    lobby.setMetadata({ round: '1' });
    const first = lobby.flush();
    lobby.setMetadata({ round: '2' });
    expect(lobby.pending).toEqual([{ kind: 'metadata' }]);
    const second = lobby.flush();
    await Promise.all([first, second]);
    expect(counter.calls).toEqual(['modifyLobby', 'modifyLobby']);
    expect(serverPicture(emu.emulator, lobby.id)?.metadata).toEqual({ round: '2' });
    expect(lobby.metadata).toEqual({ round: '2' });
  });

  it('flushes on its own after flushDelayMs of the clock, through tick() or the runtime timer', async () => {
    const { runtime, clock, rest } = manualRuntime(emu.emulator, { flushDelayMs: 100 });
    const lobby = await runtime.create();
    const counter = countCalls(rest);
    const synced = new Promise((resolve) => lobby.once('synced', resolve));
    lobby.setMetadata({ a: '1' });
    expect(runtime.tick()).toBe(0);
    clock.advance(99);
    expect(counter.calls).toEqual([]);
    clock.advance(1); // the runtime's own timer fires
    await synced;
    expect(counter.calls).toEqual(['modifyLobby']);

    const timerless = manualRuntime(emu.emulator, { flushDelayMs: 100, timers: false });
    const other = await timerless.runtime.create();
    const synced2 = new Promise((resolve) => other.once('synced', resolve));
    other.setMetadata({ b: '2' });
    timerless.clock.advance(1_000);
    expect(timerless.clock.pending).toBe(0);
    expect(timerless.runtime.tick()).toBe(1);
    await synced2;
    expect(serverPicture(emu.emulator, other.id)?.metadata).toEqual({ b: '2' });
  });

  it('a lobby whose servicing throws is reported and served again later; the others due go on', async () => {
    const { runtime, clock } = manualRuntime(emu.emulator, { flushDelayMs: 100, timers: false });
    const broken = await runtime.create();
    const healthy = await runtime.create();
    const service = broken.service.bind(broken);
    const bug = new Error('a bug in service');
    let failures = 1;
    broken.service = (now: number) => {
      if (failures-- > 0) throw bug;
      service(now);
    };
    const reports: unknown[] = [];
    broken.on('syncError', (e) => reports.push(e));
    const synced = [broken, healthy].map((l) => new Promise((resolve) => l.once('synced', resolve)));
    broken.setMetadata({ a: '1' });
    healthy.setMetadata({ b: '2' });
    clock.advance(100);
    expect(runtime.tick()).toBe(2);
    await synced[1];
    expect(serverPicture(emu.emulator, healthy.id)?.metadata).toEqual({ b: '2' });
    expect(reports).toEqual([
      // The first backoff: between half and all of retryBaseMs (1 s), here half (random 0.5).
      { error: bug, willRetry: true, changes: [{ kind: 'metadata' }], retryAt: clock.now() + 750 },
    ]);
    expect(broken.pending).toEqual([{ kind: 'metadata' }]);
    clock.advance(749);
    expect(runtime.tick()).toBe(0);
    clock.advance(1);
    expect(runtime.tick()).toBe(1);
    await synced[0];
    expect(serverPicture(emu.emulator, broken.id)?.metadata).toEqual({ a: '1' });
  });
});

describe("the server's answer is the truth", () => {
  it('a refused entry (unknown user) is dropped alone and reported; the others go through', async () => {
    const { runtime } = manualRuntime(emu.emulator);
    const lobby = await runtime.create();
    const events = recordEvents(lobby);
    const ghost = '1323802873036939999';
    lobby.upsertMember(alice.id);
    lobby.upsertMember(ghost, { metadata: { who: 'nobody' } });
    lobby.upsertMember(bob.id);
    await lobby.flush();
    const errors = events.filter(([n]) => n === 'syncError').map(([, e]) => e);
    expect(errors).toEqual([
      expect.objectContaining({
        willRetry: false,
        changes: [{ kind: 'member', id: ghost, remove: false }],
        error: expect.objectContaining({ status: 404, platformCode: 10013 }),
      }),
    ]);
    expect(events).toContainEqual([
      'memberRemoved',
      { member: expect.objectContaining({ id: ghost }), origin: 'server' },
    ]);
    expect([...lobby.members.keys()].sort()).toEqual([alice.id, bob.id].sort());
    expectInSync(lobby);
  });

  it('a remote change made through raw REST shows as remote events after refresh()', async () => {
    const { runtime, rest } = manualRuntime(emu.emulator);
    const lobby = await runtime.open(demo.lobbyId);
    lobby.setMetadata({ local: 'yes' }); // pending: stays on top of the server's state
    const events = recordEvents(lobby);
    const raw = botClient(emu.emulator);
    await raw.call('addLobbyMember', {
      params: { lobby_id: lobby.id, user_id: carol.id },
      body: { flags: 1 },
    });
    await raw.call('addLobbyMember', {
      params: { lobby_id: lobby.id, user_id: bob.id },
      body: { metadata: { team: 'green' } },
    });
    await raw.call('removeLobbyMember', { params: { lobby_id: lobby.id, user_id: alice.id } });
    await raw.call('modifyLobby', { params: { lobby_id: lobby.id }, body: { metadata: { mode: 'remote' } } });
    await lobby.refresh();
    expect(events.map(([n, e]) => `${n}:${String(e.origin)}`)).toEqual([
      'memberUpdated:remote',
      'memberAdded:remote',
      'memberRemoved:remote',
    ]);
    expect(lobby.metadata).toEqual({ mode: 'demo', local: 'yes' }); // local pending wins
    await lobby.flush();
    expect(serverPicture(emu.emulator, lobby.id)?.metadata).toEqual({ mode: 'demo', local: 'yes' });
    expectInSync(lobby);
    void rest;
  });

  it('reconciles every reconcileIntervalMs on the clock', async () => {
    const { runtime, clock } = manualRuntime(emu.emulator, { reconcileIntervalMs: 10_000 });
    const lobby = await runtime.open(demo.lobbyId);
    const raw = botClient(emu.emulator);
    await raw.call('modifyLobby', {
      params: { lobby_id: lobby.id },
      body: { metadata: { mode: 'elsewhere' } },
    });
    const changed = new Promise<unknown>((resolve) => lobby.once('metadataChanged', resolve));
    clock.advance(10_000); // the first reconcile falls within the first interval
    expect(await changed).toMatchObject({ origin: 'remote', changed: ['mode'], previous: { mode: 'demo' } });
  });

  it('keeps reconciles under maxReconcilesPerSecond in every second, however many lobbies', async () => {
    const seconds = 30;
    /** Get Lobby calls in each second of the clock, over `seconds` seconds, for 12 lobbies at 1 s. */
    const getsPerSecond = async (maxReconcilesPerSecond: number): Promise<number[]> => {
      // Steps end just before each whole second, so that a step sees exactly one of the pacer's windows.
      const clock = new ManualClock(Date.UTC(2026, 0, 1) - 1);
      const { runtime, rest } = manualRuntime(emu.emulator, {
        clock,
        reconcileIntervalMs: 1_000,
        maxReconcilesPerSecond,
      });
      const lobbies = await Promise.all(Array.from({ length: 12 }, () => runtime.create()));
      const calls = countCalls(rest);
      const perSecond: number[] = [];
      for (let s = 0; s < seconds; s++) {
        const before = calls.count('getLobby');
        clock.advance(1_000);
        await Promise.all(lobbies.map((l) => l.flush()));
        perSecond.push(calls.count('getLobby') - before);
      }
      await runtime.dispose();
      const raw = botClient(emu.emulator);
      await Promise.all(lobbies.map((l) => raw.call('deleteLobby', { params: { lobby_id: l.id } })));
      return perSecond;
    };
    // 12 lobbies at 1 s would be 12 reads a second, all 12 in the first second after opening.
    const capped = await getsPerSecond(4);
    expect(Math.max(...capped)).toBe(4);
    expect(capped.reduce((a, b) => a + b)).toBeGreaterThanOrEqual(4 * (seconds - 2));
    // A ceiling above the need changes nothing: about 12 a second.
    const uncapped = await getsPerSecond(100);
    expect(Math.max(...uncapped)).toBe(12);
    expect(uncapped.reduce((a, b) => a + b)).toBeGreaterThanOrEqual(12 * (seconds - 1));
  });

  it('holds nothing for lobbies that came and went: a lobby opened after them reconciles on time', async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1) - 1);
    const { runtime, rest } = manualRuntime(emu.emulator, {
      clock,
      reconcileIntervalMs: 1_000,
      maxReconcilesPerSecond: 4,
    });
    const raw = botClient(emu.emulator);
    // 40 lobbies opened and let go before their first reconcile, and one refreshed by hand 20 times.
    const gone = [];
    for (let i = 0; i < 40; i++) {
      const lobby = await runtime.create();
      await lobby.dispose();
      gone.push(lobby.id);
    }
    const busy = await runtime.create();
    for (let i = 0; i < 20; i++) await busy.refresh();
    const lobby = await runtime.create();
    const calls = countCalls(rest);
    const reconciled = new Set<string>();
    rest.on('request', (event) => {
      if (event.operation === 'getLobby') reconciled.add(event.path);
    });
    clock.advance(1_000);
    await Promise.all([lobby.flush(), busy.flush()]);
    expect(reconciled.has(`/lobbies/${lobby.id}`)).toBe(true);
    expect(calls.count('getLobby')).toBeLessThanOrEqual(4);
    await runtime.dispose();
    await Promise.all(
      [...gone, busy.id, lobby.id].map((id) => raw.call('deleteLobby', { params: { lobby_id: id } })),
    );
  });

  it('gives the turns of lobbies that refresh() brought up to date to the next one in the queue', async () => {
    const { runtime, clock, rest } = manualRuntime(emu.emulator, {
      reconcileIntervalMs: 10_000,
      maxReconcilesPerSecond: 1,
    });
    // Three lobbies come due together at 7.5 s, a fourth half a second after them.
    const three = await Promise.all([runtime.create(), runtime.create(), runtime.create()]);
    clock.advance(500);
    const fourth = await runtime.create();
    const all = [...three, fourth];
    const settleAll = () => Promise.all(all.map((l) => l.flush()));
    const reads: string[] = [];
    rest.on('request', (event) => {
      if (event.operation === 'getLobby') reads.push(event.path.split('/').at(-1) as string);
    });
    clock.advance(7_000); // 7.5 s: one of the three goes, two wait for the turns at 8.5 s and 9.5 s
    await settleAll();
    expect(reads).toHaveLength(1);
    // The two waiting are brought up to date by hand: their turns have nothing left to do.
    for (const lobby of three.filter((l) => l.id !== reads[0])) await lobby.refresh();
    clock.advance(500); // 8 s: the fourth comes due, behind the two
    await settleAll();
    expect(reads).toHaveLength(3);
    clock.advance(500); // 8.5 s: the first turn goes to the fourth, past the two with nothing to do
    await settleAll();
    expect(reads).toEqual([...reads.slice(0, 3), fourth.id]);
    await runtime.dispose();
    const raw = botClient(emu.emulator);
    await Promise.all(all.map((l) => raw.call('deleteLobby', { params: { lobby_id: l.id } })));
  });

  it('refuses a reconcile ceiling that is not above 0, naming the option', () => {
    const rest = botClient(emu.emulator);
    for (const bad of [0, -1, Number.NaN]) {
      const error = (() => {
        try {
          manualRuntime(emu.emulator, { rest, maxReconcilesPerSecond: bad });
        } catch (e) {
          return e;
        }
        return undefined;
      })();
      expect(isValidationError(error)).toBe(true);
      expect((error as { issues: { field: string }[] }).issues[0]?.field).toBe('maxReconcilesPerSecond');
    }
    expect(() => manualRuntime(emu.emulator, { rest, maxReconcilesPerSecond: 0.5 })).not.toThrow();
    expect(() =>
      manualRuntime(emu.emulator, { rest, maxReconcilesPerSecond: Number.POSITIVE_INFINITY }),
    ).not.toThrow();
  });

  it('a lobby deleted elsewhere fires deleted (remote) on refresh, and on a flush', async () => {
    const { runtime } = manualRuntime(emu.emulator);
    const a = await runtime.create();
    const b = await runtime.create();
    const raw = botClient(emu.emulator);
    const deletedA = new Promise((resolve) => a.once('deleted', resolve));
    const deletedB = new Promise((resolve) => b.once('deleted', resolve));
    await raw.call('deleteLobby', { params: { lobby_id: a.id } });
    await raw.call('deleteLobby', { params: { lobby_id: b.id } });
    await a.refresh();
    expect(await deletedA).toEqual({ origin: 'remote' });
    b.setMetadata({ x: '1' });
    await b.flush();
    expect(await deletedB).toEqual({ origin: 'remote' });
    expect(a.disposed && b.disposed).toBe(true);
    expect(runtime.size).toBe(0);
  });
});

describe('deleting, leaving, linking and messages', () => {
  it('delete() deletes on the platform and fires deleted (local)', async () => {
    const { runtime } = manualRuntime(emu.emulator);
    const lobby = await runtime.create();
    const events = recordEvents(lobby);
    await lobby.delete();
    expect(events).toEqual([['deleted', { origin: 'local' }]]);
    expect(emu.emulator.world.lobbies.get(lobby.id)).toBeUndefined();
    expect(runtime.get(lobby.id)).toBeUndefined();
  });

  it('leave() flushes first, then the user leaves and the handle goes', async () => {
    const { runtime, rest } = manualRuntime(emu.emulator);
    const lobby = await runtime.open(demo.lobbyId);
    const counter = countCalls(rest);
    lobby.setMetadata({ bye: 'bob' });
    await lobby.leave({ rest: userClient(emu.emulator, bob) });
    expect(counter.calls).toEqual(['modifyLobby']);
    expect(serverPicture(emu.emulator, lobby.id)?.members[bob.id]).toBeUndefined();
    expect(serverPicture(emu.emulator, lobby.id)?.metadata).toEqual({ mode: 'demo', bye: 'bob' });
    expect(lobby.disposed).toBe(true);
  });

  it('links and unlinks a channel; a linked lobby has no idle deadline', async () => {
    const { runtime } = manualRuntime(emu.emulator);
    const lobby = await runtime.open(demo.lobbyId);
    const events = recordEvents(lobby);
    const asAlice = userClient(emu.emulator, alice);
    await lobby.linkChannel(demo.channelIds.lobbyChat, { rest: asAlice });
    expect(lobby.linkedChannel?.id).toBe(demo.channelIds.lobbyChat);
    expect(lobby.idle).toEqual({ deadline: null, remainingMs: null });
    await lobby.unlinkChannel({ rest: asAlice });
    expect(lobby.linkedChannel).toBeNull();
    expect(lobby.idle.remainingMs).toBe(300_000);
    expect(events.map(([n, e]) => `${n}:${String(e.origin)}`)).toEqual([
      'linkedChannelChanged:local',
      'linkedChannelChanged:local',
    ]);
    expect(() => lobby.linkChannel('nope', { rest: asAlice })).toThrow(/snowflake/);
  });

  it('sends a message, fires message (local) and counts as activity', async () => {
    const { runtime, clock } = manualRuntime(emu.emulator);
    const lobby = await runtime.open(demo.lobbyId);
    clock.advance(100_000);
    expect(lobby.idle.remainingMs).toBe(200_000);
    const events = recordEvents(lobby);
    const message = await lobby.sendMessage('gg', {
      rest: userClient(emu.emulator, alice),
      metadata: { k: 'v' },
    });
    expect(message.content).toBe('gg');
    expect(events).toEqual([['message', { message, origin: 'local' }]]);
    expect(lobby.idle.remainingMs).toBe(300_000);
  });
});

describe('flushAll and dispose', () => {
  it('flushAll flushes every lobby; dispose flushes first and loses nothing', async () => {
    const { runtime, rest } = manualRuntime(emu.emulator);
    const a = await runtime.create();
    const b = await runtime.create();
    a.setMetadata({ n: 'a' });
    await runtime.flushAll();
    expect(serverPicture(emu.emulator, a.id)?.metadata).toEqual({ n: 'a' });
    b.setMetadata({ n: 'b' });
    b.upsertMember(carol.id);
    const counter = countCalls(rest);
    await runtime.dispose();
    expect(counter.calls.sort()).toEqual(['bulkUpdateLobbyMembers', 'modifyLobby']);
    expect(serverPicture(emu.emulator, b.id)).toEqual({
      metadata: { n: 'b' },
      members: { [carol.id]: { metadata: {}, flags: 0, additionalName: null } },
      linkedChannelId: null,
    });
    expect(runtime.size).toBe(0);
    await expect(runtime.create()).rejects.toThrow(/disposed/);
  });
});

describe('abort signals', () => {
  it('an aborted flush keeps its changes pending', async () => {
    const { runtime } = manualRuntime(emu.emulator);
    const lobby = await runtime.create();
    lobby.setMetadata({ a: '1' });
    lobby.upsertMember(carol.id);
    const controller = new AbortController();
    const flushing = lobby.flush({ signal: controller.signal });
    controller.abort(new Error('stop'));
    await expect(flushing).rejects.toThrow();
    expect(lobby.pending).toHaveLength(2);
    await lobby.flush();
    expect(lobby.pending).toEqual([]);
    expectInSync(lobby);
  });

  it('an aborted open or refresh rejects with the reason', async () => {
    const { runtime } = manualRuntime(emu.emulator);
    const aborted = AbortSignal.abort(new Error('nope'));
    await expect(runtime.open(demo.lobbyId, { signal: aborted })).rejects.toThrow('nope');
    const lobby = await runtime.open(demo.lobbyId);
    await expect(lobby.refresh({ signal: aborted })).rejects.toThrow('nope');
  });
});
