/**
 * The player's runtime: a {@link LobbyRuntime} sibling for a player's bearer token, as a browser game
 * holds it. It joins lobbies by secret and gives {@link PlayerLobby} views that can only do what a
 * bearer token may: messages, channel linking, the linked-channel invite for self, leaving.
 */
import { type Clock, SystemClock } from '../../clock.js';
import { LobbykitError } from '../../rest/errors/LobbykitError.js';
import { TokenKindError } from '../../rest/errors/TokenKindError.js';
import type { ClientRouteDef } from '../../spec/route.js';
import { lobbyClientRoutes } from '../../spec/routes/lobbyClientRoutes.js';
import type { LobbyCallOptions } from '../lobbyCallOptions.js';
import type { Metadata } from '../LobbyMemberView.js';
import type { LobbyCall, LobbyRest } from '../LobbyRest.js';
import { LobbyRuntime } from '../LobbyRuntime.js';
import { joinBySecret } from '../lobbyUserCalls.js';
import { PlayerLobby } from './PlayerLobby.js';
import { WakeTimer } from '../WakeTimer.js';

/** Options of a {@link PlayerRuntime}. Only `rest` is required; see {@link playerRuntimeDefaults}. */
export interface PlayerRuntimeOptions {
  /** A client holding the player's bearer token (a `LobbyClient` keeps a browser bundle small). */
  readonly rest: LobbyRest;
  /** Time for the idle countdown and message polling. */
  readonly clock?: Clock;
  /** How often each lobby's messages are read (Get Lobby Messages); 0: never (call `pollMessages()`). */
  readonly messagePollMs?: number;
  /** Remaining times that fire `idleWarning`. */
  readonly idleWarningsMs?: readonly number[];
  /** The idle countdown's length when joining does not set one. */
  readonly idleTimeoutSeconds?: number;
  /** Arm clock timers when nothing calls `tick()` (unref'd in Node). */
  readonly timers?: boolean;
}

/** The defaults of {@link PlayerRuntimeOptions}. */
export const playerRuntimeDefaults = {
  /** @defaultValue `2_000` */
  messagePollMs: 2_000,
  /** @defaultValue `[60_000, 10_000]` */
  idleWarningsMs: [60_000, 10_000] as readonly number[],
  /** @defaultValue `300` */
  idleTimeoutSeconds: 300,
  /** @defaultValue `true` */
  timers: true,
} as const;

/** Options of {@link PlayerRuntime.join}. */
export interface PlayerJoinOptions extends LobbyCallOptions {
  /** Lobby metadata, applied when the call creates the lobby. */
  readonly lobbyMetadata?: Metadata;
  /** The player's member metadata. */
  readonly memberMetadata?: Metadata;
  /** The idle timeout, applied when the call creates the lobby (and the countdown's length here). */
  readonly idleTimeoutSeconds?: number;
}

/**
 * Wraps a client so that only bearer operations of the lobby table go through it: a bot-only one is
 * refused with `TokenKindError` before anything is sent (defence in depth: the player's API offers
 * none).
 */
function bearerOnly(rest: LobbyRest): LobbyRest {
  const call = ((name: keyof typeof lobbyClientRoutes, ...args: unknown[]) => {
    const route: ClientRouteDef = lobbyClientRoutes[name];
    if (route.auth !== 'bearer' && route.auth !== 'either')
      return Promise.reject(new TokenKindError(route.operation, route.auth, 'bearer'));
    return (rest.call as (name: string, ...args: unknown[]) => Promise<unknown>).call(rest, name, ...args);
  }) as LobbyCall;
  return { call };
}

/**
 * A player's lobby runtime: with only a bearer token it joins lobbies by secret (Create or Join
 * Lobby), sends and reads messages, links channels, gets the linked-channel invite for self and
 * leaves, and never attempts a bot-only call (no Get Lobby reconciles, no bulk member updates, no
 * idle delete: the platform idles the lobby out itself, and `idle` fires here with policy `none`).
 * Call `tick()` from the game loop (the browser binding does), or let its clock timers run.
 *
 * @example
 * ```ts
 * const rest = new LobbyClient({ baseUrl, auth: { bearer: accessToken } });
 * const player = new PlayerRuntime({ rest });
 * const lobby = await player.join('match-42');
 * lobby.on('message', ({ message, origin }) => console.log(origin, message.content));
 * await lobby.sendMessage('gg');
 * await lobby.leave();
 * ```
 */
export class PlayerRuntime {
  /** The player's client, restricted to bearer operations. */
  readonly rest: LobbyRest;
  /** The clock every deadline is read from. */
  readonly clock: Clock;
  readonly #runtime: LobbyRuntime;
  readonly #lobbies = new Map<string, PlayerLobby>();
  readonly #nextPoll = new Map<PlayerLobby, number>();
  readonly #pollMs: number;
  readonly #timers: boolean;
  readonly #wake: WakeTimer;
  #paused = false;
  #disposed = false;

  constructor(options: PlayerRuntimeOptions) {
    // The token kind decides: a bot client owns lobbies and belongs in a LobbyRuntime.
    const kind = options.rest.tokenKind;
    if (kind !== undefined && kind !== 'bearer')
      throw new TokenKindError('PlayerRuntime (use LobbyRuntime)', 'bearer', kind);
    this.rest = bearerOnly(options.rest);
    this.clock = options.clock ?? new SystemClock();
    this.#wake = new WakeTimer(this.clock, () => this.tick());
    this.#pollMs = Math.max(0, options.messagePollMs ?? playerRuntimeDefaults.messagePollMs);
    this.#timers = options.timers ?? playerRuntimeDefaults.timers;
    this.#runtime = new LobbyRuntime({
      rest: this.rest,
      clock: this.clock,
      reconcileIntervalMs: 0,
      onIdle: 'none',
      idleWarningsMs: options.idleWarningsMs ?? playerRuntimeDefaults.idleWarningsMs,
      idleTimeoutSeconds: options.idleTimeoutSeconds ?? playerRuntimeDefaults.idleTimeoutSeconds,
      timers: this.#timers,
    });
  }

  /** Number of lobbies held. */
  get size(): number {
    return this.#lobbies.size;
  }

  /** The lobbies held. */
  lobbies(): IterableIterator<PlayerLobby> {
    return this.#lobbies.values();
  }

  /** Lobby `id`, if held. */
  get(id: string): PlayerLobby | undefined {
    return this.#lobbies.get(id);
  }

  /** Whether {@link PlayerRuntime.pause} holds the runtime. */
  get paused(): boolean {
    return this.#paused;
  }

  /**
   * Creates or joins the lobby holding `secret` (Create or Join Lobby). Joining a lobby already held
   * brings it up to date and returns it. Input is checked before anything is sent (`ValidationError`),
   * the answer when it comes (`InvalidResponseError`).
   */
  async join(secret: string, options: PlayerJoinOptions = {}): Promise<PlayerLobby> {
    this.#assertOpen();
    const wire = await joinBySecret(this.rest, secret, options);
    this.#assertOpen();
    const handle = this.#runtime.adopt(
      wire,
      options.idleTimeoutSeconds === undefined ? {} : { idleTimeoutSeconds: options.idleTimeoutSeconds },
    );
    let lobby = this.#lobbies.get(handle.id);
    if (lobby === undefined) {
      lobby = PlayerLobby.create(handle, { rest: this.rest, released: (l) => this.#release(l) });
      this.#lobbies.set(lobby.id, lobby);
      if (this.#pollMs > 0) this.#nextPoll.set(lobby, this.clock.now());
      this.#arm();
    }
    return lobby;
  }

  /**
   * Does what is due at `now`: idle warnings and `idle`, and each lobby's message poll. Cheap when
   * nothing is due. Returns the number of things done.
   */
  tick(now: number = this.clock.now()): number {
    if (this.#paused || this.#disposed) return 0;
    let done = this.#runtime.tick(now);
    for (const [lobby, at] of this.#nextPoll) {
      if (at > now) continue;
      this.#nextPoll.set(lobby, Number.POSITIVE_INFINITY);
      done++;
      lobby
        .pollMessages()
        .catch((error: unknown) => {
          if (!lobby.released)
            lobby.emit('syncError', {
              error,
              willRetry: true,
              changes: [],
              retryAt: this.clock.now() + this.#pollMs,
            });
        })
        .finally(() => {
          if (this.#nextPoll.has(lobby)) this.#nextPoll.set(lobby, this.clock.now() + this.#pollMs);
          this.#arm();
        });
    }
    this.#arm();
    return done;
  }

  /** Holds message polling and the idle countdown's steps (offline, say); {@link PlayerRuntime.resume} catches up. */
  pause(): void {
    this.#paused = true;
    this.#runtime.pause();
    this.#wake.clear();
  }

  /** Ends a pause: does what came due meanwhile at once. */
  resume(): void {
    if (!this.#paused) return;
    this.#paused = false;
    this.#runtime.resume();
    this.tick();
  }

  /** Nothing a player changes waits to be sent; kept so that bindings treat both runtimes alike. */
  async flushAll(): Promise<void> {}

  /** Lets every lobby go (the player stays a member on the platform) and stops the timers. */
  async dispose(): Promise<void> {
    if (this.#disposed) return;
    await this.#runtime.dispose();
    for (const lobby of [...this.#lobbies.values()]) await lobby.dispose();
    this.#disposed = true;
    this.#wake.clear();
  }

  #release(lobby: PlayerLobby): void {
    if (this.#lobbies.get(lobby.id) === lobby) this.#lobbies.delete(lobby.id);
    this.#nextPoll.delete(lobby);
  }

  /** One clock timer at the earliest poll (the idle countdown has the inner runtime's own timer). */
  #arm(): void {
    if (!this.#timers || this.#disposed || this.#paused) return;
    let at = Number.POSITIVE_INFINITY;
    for (const next of this.#nextPoll.values()) at = Math.min(at, next);
    // Housekeeping does not hold a Node process open; what a caller awaits does.
    this.#wake.arm(at);
  }

  #assertOpen(): void {
    if (this.#disposed)
      throw new LobbykitError('The player runtime is disposed', { code: 'RUNTIME_DISPOSED' });
  }
}
