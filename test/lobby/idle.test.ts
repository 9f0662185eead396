/** The idle countdown through the runtime, on a manual clock: warnings, catch-up, linked lobbies, policies. */
import { describe, expect, it } from 'vitest';
import {
  botClient,
  demo,
  manualRuntime,
  recordEvents,
  serverPicture,
  useLobbyEmulator,
  userClient,
} from './lobbySupport.js';

const emu = useLobbyEmulator();
const [alice] = demo.users;
const names = (events: ReturnType<typeof recordEvents>) => events.map(([n]) => n);

describe('the idle countdown', () => {
  it('warns at the configured remaining times, then goes idle and deletes the lobby (default policy)', async () => {
    const { runtime, clock } = manualRuntime(emu.emulator, { idleWarningsMs: [10_000, 30_000] });
    const lobby = await runtime.create({ idleTimeoutSeconds: 60 });
    const start = clock.now();
    expect(lobby.idle).toEqual({ deadline: start + 60_000, remainingMs: 60_000 });
    const events = recordEvents(lobby);
    const deleted = new Promise((resolve) => lobby.once('deleted', resolve));
    clock.advance(29_999);
    expect(events).toEqual([]);
    clock.advance(1);
    expect(events).toEqual([['idleWarning', { remainingMs: 30_000, deadline: start + 60_000 }]]);
    clock.advance(20_000);
    expect(events.at(-1)).toEqual(['idleWarning', { remainingMs: 10_000, deadline: start + 60_000 }]);
    clock.advance(10_000);
    expect(events.at(-1)).toEqual(['idle', { deadline: start + 60_000, policy: 'delete' }]);
    expect(await deleted).toEqual({ origin: 'local' });
    expect(serverPicture(emu.emulator, lobby.id)).toBeUndefined();
    expect(runtime.size).toBe(0);
  });

  it('catches up from wall-clock time when the loop was paused: one late warning, or idle alone', async () => {
    const { runtime, clock } = manualRuntime(emu.emulator, { timers: false, onIdle: 'none' });
    const a = await runtime.create();
    const start = clock.now();
    const ea = recordEvents(a);
    // No tick for almost five minutes (a hidden tab), then one tick: the last warning only, with
    // the true remaining time.
    expect(runtime.tick(start + 295_000)).toBe(1);
    expect(ea).toEqual([['idleWarning', { remainingMs: 5_000, deadline: start + 300_000 }]]);
    expect(runtime.tick(start + 3_600_000)).toBe(1);
    expect(ea.at(-1)).toEqual(['idle', { deadline: start + 300_000, policy: 'none' }]);
    expect(runtime.tick(start + 7_200_000)).toBe(0);

    // A jump straight past the deadline: idle alone, no stale warnings.
    const other = manualRuntime(emu.emulator, { timers: false, onIdle: 'none' });
    const b = await other.runtime.create();
    const eb = recordEvents(b);
    other.clock.advance(3_600_000);
    expect(b.idle.remainingMs).toBe(0);
    expect(other.runtime.tick()).toBe(1);
    expect(eb).toEqual([['idle', { deadline: other.clock.now() - 3_300_000, policy: 'none' }]]);
  });

  it('starts over on activity of any origin: local changes, messages, touch(), remote changes', async () => {
    const { runtime, clock } = manualRuntime(emu.emulator, { onIdle: 'none' });
    const lobby = await runtime.open(demo.lobbyId);
    const start = clock.now();
    clock.advance(100_000);
    lobby.setMetadata({ a: '1' });
    expect(lobby.idle.deadline).toBe(start + 400_000);
    clock.advance(100_000);
    lobby.touch();
    expect(lobby.idle.deadline).toBe(start + 500_000);
    clock.advance(100_000);
    await lobby.sendMessage('hi', { rest: userClient(emu.emulator, alice) });
    expect(lobby.idle.deadline).toBe(start + 600_000);
    clock.advance(100_000);
    await lobby.flush(); // our own change confirmed: not activity
    expect(lobby.idle.deadline).toBe(start + 600_000);
    await botClient(emu.emulator).call('modifyLobby', {
      params: { lobby_id: lobby.id },
      body: { metadata: { b: '2' } },
    });
    await lobby.refresh();
    expect(lobby.idle.deadline).toBe(start + 700_000);
  });

  it('never counts down for a lobby with a linked channel', async () => {
    const { runtime, clock } = manualRuntime(emu.emulator);
    const lobby = await runtime.open(demo.lobbyId);
    await lobby.linkChannel(demo.channelIds.lobbyChat, { rest: userClient(emu.emulator, alice) });
    const events = recordEvents(lobby);
    clock.advance(7 * 24 * 3_600_000);
    expect(events).toEqual([]);
    expect(serverPicture(emu.emulator, lobby.id)).toBeDefined();
    // Adopted already linked: no countdown either.
    const other = manualRuntime(emu.emulator);
    const wire = await other.rest.call('getLobby', { params: { lobby_id: demo.lobbyId } });
    expect(other.runtime.adopt(wire).idle).toEqual({ deadline: null, remainingMs: null });
  });

  it("policy 'dispose' lets the handle go (after flushing) and keeps the lobby", async () => {
    const { runtime, clock } = manualRuntime(emu.emulator, { onIdle: 'none' });
    const lobby = await runtime.create({ onIdle: 'dispose', idleTimeoutSeconds: 5 });
    lobby.setMetadata({ last: 'words' });
    const idle = new Promise((resolve) => lobby.once('idle', resolve));
    clock.advance(5_000);
    expect(await idle).toMatchObject({ policy: 'dispose' });
    await lobby.dispose(); // already under way: waits for it
    expect(lobby.disposed).toBe(true);
    expect(serverPicture(emu.emulator, lobby.id)?.metadata).toEqual({ last: 'words' });
  });

  it('a listener that keeps the lobby alive on idle calls the policy off', async () => {
    const { runtime, clock, rest } = manualRuntime(emu.emulator);
    const lobby = await runtime.create({ idleTimeoutSeconds: 5 });
    const before = clock.now();
    lobby.once('idle', () => lobby.touch());
    clock.advance(5_000);
    await lobby.flush();
    expect(lobby.disposed).toBe(false);
    expect(serverPicture(emu.emulator, lobby.id)).toBeDefined();
    expect(lobby.idle.deadline).toBe(before + 10_000);
    await runtime.dispose();
    await rest.call('deleteLobby', { params: { lobby_id: lobby.id } });
  });

  it("a listener that keeps the lobby alive on idle calls policy 'dispose' off too", async () => {
    const { runtime, clock } = manualRuntime(emu.emulator, { onIdle: 'dispose' });
    const lobby = await runtime.create({ idleTimeoutSeconds: 5 });
    lobby.once('idle', () => lobby.setMetadata({ phase: 'overtime' }));
    clock.advance(5_000);
    await lobby.flush();
    expect(lobby.disposed).toBe(false);
    expect(runtime.size).toBe(1);
    expect(serverPicture(emu.emulator, lobby.id)?.metadata).toEqual({ phase: 'overtime' });
    await runtime.dispose();
  });

  it("policy 'none' fires idle once and keeps counting from the next activity", async () => {
    const { runtime, clock } = manualRuntime(emu.emulator, { onIdle: 'none', idleWarningsMs: [] });
    const lobby = await runtime.create({ idleTimeoutSeconds: 5 });
    const events = recordEvents(lobby);
    clock.advance(60_000);
    expect(names(events)).toEqual(['idle']);
    expect(lobby.idle.remainingMs).toBe(0);
    lobby.touch();
    clock.advance(5_000);
    expect(names(events)).toEqual(['idle', 'idle']);
    expect(lobby.disposed).toBe(false);
  });
});
