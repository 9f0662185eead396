/**
 * The player's runtime over the real emulator: with only bearer tokens, two players join by secret,
 * exchange messages, link a channel, get the linked-channel invite for self and leave; no bot-only
 * operation is ever handed to the client. The token kind decides which runtime takes a client.
 */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { LobbyRuntime } from '../../src/lobby/LobbyRuntime.js';
import { PlayerRuntime } from '../../src/lobby/player/PlayerRuntime.js';
import { LobbyClient } from '../../src/rest/LobbyClient.js';
import { TokenKindError } from '../../src/rest/errors/TokenKindError.js';
import type { ValidationError } from '../../src/rest/errors/ValidationError.js';
import { lobbyRoutes } from '../../src/spec/routes/lobbyRoutes.js';
import { botClient, demo, useLobbyEmulator } from './lobbySupport.js';

const emu = useLobbyEmulator();
const [alice, bob] = demo.users;

/** A player's client with the operations it sends recorded. */
function player(token: string, clock: ManualClock) {
  const rest = new LobbyClient({ baseUrl: emu.emulator.apiUrl, auth: { bearer: token }, maxRetries: 0 });
  const sent: string[] = [];
  rest.on('request', (event) => sent.push(event.operation));
  const runtime = new PlayerRuntime({ rest, clock, timers: false, messagePollMs: 1_000 });
  return { rest, sent, runtime };
}

function onlyBearer(sent: readonly string[]): void {
  expect(sent.length).toBeGreaterThan(0);
  for (const name of sent) expect(lobbyRoutes[name as keyof typeof lobbyRoutes].auth, name).toBe('bearer');
}

describe('PlayerRuntime', () => {
  it('joins by secret, exchanges messages, links, gets the invite for self and leaves with bearer calls only', async () => {
    const clock = new ManualClock();
    const a = player(alice.token, clock);
    const b = player(bob.token, clock);
    const errors: unknown[] = [];

    const la = await a.runtime.join('room-9', { lobbyMetadata: { map: 'dust' } });
    const lb = await b.runtime.join('room-9');
    expect(lb.id).toBe(la.id);
    expect(lb.metadata).toEqual({ map: 'dust' });
    expect([...lb.members.keys()].sort()).toEqual([alice.id, bob.id].sort());
    for (const l of [la, lb]) l.on('syncError', ({ error }) => errors.push(error));

    const heardByBob: string[] = [];
    lb.on('message', ({ message, origin }) => heardByBob.push(`${origin}:${message.content}`));
    const heardByAlice: string[] = [];
    la.on('message', ({ message, origin }) => heardByAlice.push(`${origin}:${message.content}`));

    await la.sendMessage('hello bob');
    // The first poll is due at once; later ones every messagePollMs, driven by tick().
    expect(b.runtime.tick()).toBeGreaterThan(0);
    await expect.poll(() => heardByBob).toEqual(['remote:hello bob']);
    await lb.sendMessage('hi alice');
    a.runtime.tick();
    await expect.poll(() => heardByAlice).toEqual(['local:hello bob', 'remote:hi alice']);
    // Nothing new: another poll reports nothing twice.
    clock.advance(1_000);
    b.runtime.tick();
    await expect.poll(() => b.sent.filter((s) => s === 'getLobbyMessages').length).toBe(2);
    expect(heardByBob).toEqual(['remote:hello bob', 'local:hi alice']);

    // The game's backend (a bot) lets alice link: players cannot give themselves CanLinkLobby.
    await botClient(emu.emulator).call('bulkUpdateLobbyMembers', {
      params: { lobby_id: la.id },
      body: [{ id: alice.id, flags: 1 }],
    });
    await la.linkChannel(demo.channelIds.lobbyChat);
    expect(la.linkedChannel?.id).toBe(demo.channelIds.lobbyChat);
    expect(la.idle.remainingMs).toBeNull();
    const invite = await la.createInvite();
    expect(invite.code).toMatch(/\S+/);
    await la.unlinkChannel();

    await la.leave();
    await lb.leave();
    expect(la.released && lb.released).toBe(true);
    expect(a.runtime.size + b.runtime.size).toBe(0);
    expect(emu.emulator.world.lobbies.get(la.id)?.members.size ?? 0).toBe(0);

    onlyBearer(a.sent);
    onlyBearer(b.sent);
    expect(a.sent).toEqual(
      expect.arrayContaining([
        'createOrJoinLobby',
        'sendLobbyMessage',
        'getLobbyMessages',
        'linkLobbyChannel',
        'createLinkedChannelInviteForSelf',
        'leaveLobby',
      ]),
    );
    expect(errors).toEqual([]);
    await a.runtime.dispose();
    await b.runtime.dispose();
  });

  it('runs the idle countdown from wall time and never deletes: a late tick catches up', async () => {
    const clock = new ManualClock();
    const a = player(alice.token, clock);
    const lobby = await a.runtime.join('idle-room', { idleTimeoutSeconds: 60 });
    const warnings: number[] = [];
    const idle: string[] = [];
    lobby.on('idleWarning', ({ remainingMs }) => warnings.push(remainingMs));
    lobby.on('idle', ({ policy }) => idle.push(policy));
    clock.advance(55_000); // a hidden tab: no tick for 55 s
    a.runtime.tick();
    expect(warnings).toEqual([5_000]);
    clock.advance(5_000);
    a.runtime.tick();
    expect(idle).toEqual(['none']);
    await expect.poll(() => a.sent.includes('getLobbyMessages')).toBe(true);
    onlyBearer(a.sent);
    await a.runtime.dispose();
  });

  it('pause holds polling; resume catches up at once', async () => {
    const clock = new ManualClock();
    const a = player(alice.token, clock);
    await a.runtime.join('paused-room');
    a.runtime.pause();
    clock.advance(10_000);
    expect(a.runtime.tick()).toBe(0);
    expect(a.sent).toEqual(['createOrJoinLobby']);
    a.runtime.resume();
    await expect.poll(() => a.sent).toEqual(['createOrJoinLobby', 'getLobbyMessages']);
    await a.runtime.dispose();
  });

  it('the token kind decides: a bot client is refused by PlayerRuntime, a bearer client by LobbyRuntime', () => {
    const bearer = new LobbyClient({ baseUrl: emu.emulator.apiUrl, auth: { bearer: alice.token } });
    expect(() => new PlayerRuntime({ rest: botClient(emu.emulator) })).toThrow(TokenKindError);
    expect(() => new LobbyRuntime({ rest: bearer })).toThrow(TokenKindError);
    expect(() => new PlayerRuntime({ rest: bearer, timers: false })).not.toThrow();
  });

  it("checks a join's input before sending anything, naming the option", async () => {
    const a = player(alice.token, new ManualClock());
    const failure = await a.runtime
      .join('room-x', { lobbyMetadata: { notes: 'x'.repeat(1_000) } })
      .catch((e: unknown) => e);
    expect(failure).toMatchObject({ name: 'ValidationError' });
    expect((failure as ValidationError).issues.map((i) => i.field)).toEqual(['lobbyMetadata']);
    await expect(a.runtime.join('room-x', { idleTimeoutSeconds: 4 })).rejects.toMatchObject({
      issues: [expect.objectContaining({ field: 'idleTimeoutSeconds' })],
    });
    expect(a.sent).toEqual([]);
  });

  it('refuses a bot-only operation before sending anything', async () => {
    const a = player(alice.token, new ManualClock());
    const call = a.runtime.rest.call as (name: string, args?: unknown) => Promise<unknown>;
    await expect(call('getLobby', { params: { lobby_id: demo.lobbyId } })).rejects.toBeInstanceOf(
      TokenKindError,
    );
    expect(a.sent).toEqual([]);
  });
});
