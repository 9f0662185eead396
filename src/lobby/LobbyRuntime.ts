/**
 * The owner of Lobby handles: makes them (create, open, join, adopt), keeps their deadlines in one
 * heap, and runs what falls due on `tick()` or on its own clock timer.
 */
import { EventEmitter } from 'eventemitter3';
import { type Clock, SystemClock } from '../clock.js';
import { LobbykitError } from '../rest/errors/LobbykitError.js';
import { TokenKindError } from '../rest/errors/TokenKindError.js';
import type { LobbyRest } from './LobbyRest.js';
import { backoffDelay, type RandomSource } from '../rest/util/backoff.js';
import { lobbyLimits } from '../spec/limitAreas.js';
import type { BulkLobbyMemberEntry, Lobby as LobbyWire } from '../spec/schemas/lobby.js';
import {
  checkIdleTimeout,
  checkMember,
  checkMetadata,
  checkReconcileCeiling,
  checkRoomForMember,
} from './checkLobbyInput.js';
import { checkLobbyAnswer } from './checkLobbyAnswer.js';
import { DeadlineHeap, type DeadlineEntry } from '../rest/util/DeadlineHeap.js';
import { sortWarnings } from './IdleCountdown.js';
import { Lobby } from './Lobby.js';
import { type LobbyCallOptions, signalArg } from './lobbyCallOptions.js';
import type { LobbyHost, LobbyHostSettings } from './LobbyHost.js';
import { type LobbyMemberPatch, memberToEntry, patchMember } from './LobbyMemberView.js';
import { type IdlePolicy, type LobbyRuntimeOptions, lobbyRuntimeDefaults } from './lobbyRuntimeDefaults.js';
import type { WebhookEvent } from '../webhooks/WebhookEvent.js';
import { joinBySecret } from './lobbyUserCalls.js';
import { WakeTimer } from './WakeTimer.js';
import { stripUndefined } from '../rest/util/stripUndefined.js';

/** The events of a {@link LobbyRuntime} (eventemitter3, typed). */
export interface LobbyRuntimeEvents {
  /**
   * A webhook event that no open handle took (see `attachWebhooks(runtime, receiver)`): a message of a lobby the
   * runtime does not hold, a direct message, an authorization, an event type lobbykit does not know.
   */
  webhook: (event: WebhookEvent) => void;
}

/** A member to create a lobby with. */
export interface LobbyMemberInit extends LobbyMemberPatch {
  readonly id: string;
}

/** Options every way of getting a handle accepts. */
export interface LobbyHandleOptions extends LobbyCallOptions {
  /** What the handle does when its countdown runs out; the runtime's `onIdle` by default. */
  readonly onIdle?: IdlePolicy;
}

/** Options of {@link LobbyRuntime.create}. */
export interface CreateLobbyOptions extends LobbyHandleOptions {
  readonly metadata?: Readonly<Record<string, string>>;
  /** Members; past the 25 Create Lobby takes, the rest go out as bulk upserts right after. */
  readonly members?: readonly LobbyMemberInit[];
  /** The platform's idle timeout (5 to 604800); also the handle's countdown. */
  readonly idleTimeoutSeconds?: number;
}

/** Options of {@link LobbyRuntime.open} and {@link LobbyRuntime.adopt}. */
export interface OpenLobbyOptions extends LobbyHandleOptions {
  /** The lobby's idle timeout, which Get Lobby does not tell; the runtime's default otherwise. */
  readonly idleTimeoutSeconds?: number;
}

/** Options of {@link LobbyRuntime.join}. */
export interface JoinLobbyOptions extends LobbyHandleOptions {
  /** A client holding the joining user's bearer token. */
  readonly rest: LobbyRest;
  readonly lobbyMetadata?: Readonly<Record<string, string>>;
  readonly memberMetadata?: Readonly<Record<string, string>>;
  readonly idleTimeoutSeconds?: number;
}

/**
 * Owns {@link Lobby} handles and drives them: flushes after `flushDelayMs`, retries with backoff,
 * reconciles every `reconcileIntervalMs`, and runs each idle countdown. Call `tick()` from a game
 * loop, or let the runtime's own clock timer do it (option `timers`, on by default). Deadlines sit in
 * a binary heap, so a tick with nothing due costs the same for 10 lobbies or 10,000.
 *
 * @example
 * ```ts
 * const runtime = new LobbyRuntime({ rest: new RestClient({ auth: { bot: token } }) });
 * const lobby = await runtime.create({ metadata: { mode: 'duel' } });
 * lobby.on('memberAdded', ({ member, origin }) => console.log(member.id, origin));
 * lobby.upsertMember(userId, { metadata: { team: 'red' } });
 * await runtime.dispose(); // flushes first
 * ```
 */
export class LobbyRuntime extends EventEmitter<LobbyRuntimeEvents> {
  /** The bot client handles sync through. */
  readonly rest: LobbyRest;
  /** The clock every deadline is read from. */
  readonly clock: Clock;
  readonly #lobbies = new Map<string, Lobby>();
  readonly #heap = new DeadlineHeap<Lobby>();
  readonly #host: LobbyHost;
  readonly #onIdle: IdlePolicy;
  readonly #idleTimeoutSeconds: number;
  readonly #reconcileIntervalMs: number;
  readonly #random: RandomSource;
  readonly #timers: boolean;
  /**
   * Lobbies whose reconcile came due, in the order they asked: one is granted every
   * `#reconcileSpacingMs` (1000 / maxReconcilesPerSecond), so that no second holds more than the
   * ceiling however many come due together. A lobby let go leaves the queue: nothing is held for it.
   */
  readonly #reconcileQueue = new Set<Lobby>();
  readonly #reconcileSpacingMs: number;
  /** The earliest time the next reconcile may be granted. */
  #nextReconcileTurn = Number.NEGATIVE_INFINITY;
  readonly #wake: WakeTimer;
  /** Handles holding local changes not yet on the platform. */
  readonly #unsynced = new Set<Lobby>();
  #ticking = false;
  #disposed = false;
  #paused = false;

  constructor(options: LobbyRuntimeOptions) {
    super();
    const o = { ...lobbyRuntimeDefaults, ...stripUndefined(options) };
    // The token kind decides: syncing, reconciling and the idle policy's delete are bot-only calls,
    // so a player's bearer client belongs in a PlayerRuntime (nothing is ever tried with it here).
    if (options.rest.tokenKind === 'bearer')
      throw new TokenKindError('LobbyRuntime (use PlayerRuntime)', 'bot', 'bearer');
    this.rest = options.rest;
    this.clock = options.clock ?? new SystemClock();
    this.#wake = new WakeTimer(this.clock, () => {
      this.tick();
      this.#arm();
    });
    checkIdleTimeout(o.idleTimeoutSeconds);
    this.#onIdle = o.onIdle;
    this.#idleTimeoutSeconds = o.idleTimeoutSeconds;
    this.#reconcileIntervalMs = o.reconcileIntervalMs;
    this.#random = options.random ?? Math.random;
    this.#timers = o.timers;
    const settings: LobbyHostSettings = {
      flushDelayMs: Math.max(0, o.flushDelayMs),
      idleWarningsMs: sortWarnings(o.idleWarningsMs),
    };
    // Half the client's own limit by default, leaving the other half to the flushes that carry changes.
    const ceiling = o.maxReconcilesPerSecond ?? (options.rest.options?.globalPerSecond ?? 50) / 2;
    checkReconcileCeiling(ceiling);
    const interval = this.#reconcileIntervalMs;
    const never = Number.POSITIVE_INFINITY;
    this.#reconcileSpacingMs = 1000 / ceiling;
    this.#host = {
      rest: this.rest,
      clock: this.clock,
      settings,
      schedule: (lobby, at, unsynced) => this.#schedule(lobby, at, unsynced),
      release: (lobby) => this.#release(lobby),
      backoff: (retry) => backoffDelay(retry, o.retryBaseMs, o.retryMaxMs, this.#random),
      // The first reconcile falls in the second half of the first interval, so that lobbies opened
      // together do not all come due at once (the reconcile queue keeps any burst under the ceiling).
      firstReconcileAt: (now) =>
        interval > 0 ? now + Math.round(interval * (0.5 + this.#random() / 2)) : never,
      nextReconcileAt: (now) => (interval > 0 ? now + interval : never),
      requestReconcile: (lobby) => {
        this.#reconcileQueue.add(lobby);
        if (!this.#ticking) this.#arm();
      },
    };
  }

  /** Number of open handles. */
  get size(): number {
    return this.#lobbies.size;
  }

  /** The open handles. */
  lobbies(): IterableIterator<Lobby> {
    return this.#lobbies.values();
  }

  /** The handle of lobby `id`, if open. */
  get(id: string): Lobby | undefined {
    return this.#lobbies.get(id);
  }

  /**
   * Creates a lobby (Create Lobby) and returns its handle. Input is checked before anything is sent
   * (`ValidationError`); members past the 25 one call takes follow as pending bulk upserts.
   */
  async create(options: CreateLobbyOptions = {}): Promise<Lobby> {
    this.#assertOpen();
    const members = options.members ?? [];
    if (options.metadata) checkMetadata(options.metadata, ['metadata']);
    if (options.idleTimeoutSeconds !== undefined) checkIdleTimeout(options.idleTimeoutSeconds);
    const entries: BulkLobbyMemberEntry[] = members.map((m, index) => {
      checkRoomForMember(index, m.id);
      const member = patchMember(m.id, undefined, m);
      checkMember(member);
      return memberToEntry(member);
    });
    const per = lobbyLimits.membersPerRequest;
    const answer = await this.rest.call('createLobby', {
      body: {
        ...(options.metadata ? { metadata: { ...options.metadata } } : {}),
        ...(entries.length > 0 ? { members: entries.slice(0, per) } : {}),
        ...(options.idleTimeoutSeconds === undefined
          ? {}
          : { idle_timeout_seconds: options.idleTimeoutSeconds }),
      },
      ...signalArg(options),
    });
    const wire = checkLobbyAnswer(answer, 'createLobby', '/lobbies');
    const lobby = this.#adopt(wire, options.idleTimeoutSeconds, options.onIdle);
    for (const m of members.slice(per)) lobby.upsertMember(m.id, m);
    return lobby;
  }

  /** Opens lobby `lobbyId` (Get Lobby); the open handle when there is one. */
  async open(lobbyId: string, options: OpenLobbyOptions = {}): Promise<Lobby> {
    this.#assertOpen();
    const open = this.#lobbies.get(lobbyId);
    if (open) return open;
    if (options.idleTimeoutSeconds !== undefined) checkIdleTimeout(options.idleTimeoutSeconds);
    const answer = await this.rest.call('getLobby', { params: { lobby_id: lobbyId }, ...signalArg(options) });
    const wire = checkLobbyAnswer(answer, 'getLobby', `/lobbies/${lobbyId}`);
    return this.#lobbies.get(lobbyId) ?? this.#adopt(wire, options.idleTimeoutSeconds, options.onIdle);
  }

  /**
   * Creates or joins the lobby holding `secret` as the user of `options.rest` (Create or Join Lobby,
   * bearer token). The handle then syncs through the runtime's own client.
   */
  async join(secret: string, options: JoinLobbyOptions): Promise<Lobby> {
    this.#assertOpen();
    const wire = await joinBySecret(options.rest, secret, options);
    const open = this.#lobbies.get(wire.id);
    if (open) {
      open.absorb(wire, 'local');
      return open;
    }
    return this.#adopt(wire, options.idleTimeoutSeconds, options.onIdle);
  }

  /**
   * Takes a lobby read elsewhere (a Create Lobby or Get Lobby answer) under the runtime's care; the
   * open handle, brought up to date, when there is one.
   */
  adopt(wire: LobbyWire, options: Omit<OpenLobbyOptions, 'signal'> = {}): Lobby {
    this.#assertOpen();
    if (options.idleTimeoutSeconds !== undefined) checkIdleTimeout(options.idleTimeoutSeconds);
    const open = this.#lobbies.get(wire.id);
    if (open) {
      open.absorb(wire, 'remote');
      return open;
    }
    return this.#adopt(wire, options.idleTimeoutSeconds, options.onIdle);
  }

  /**
   * Does what is due at `now` (default: the clock's time): idle warnings and policies, flushes,
   * retries, reconciles. Cheap when nothing is due: it reads the earliest deadline and returns.
   * Returns the number of lobbies serviced plus the reconciles granted.
   */
  tick(now: number = this.clock.now()): number {
    if (this.#paused) return 0;
    const heap = this.#heap;
    const top = heap.peek();
    const lobbiesDue = top !== undefined && top.at <= now;
    const turnDue = this.#reconcileQueue.size > 0 && this.#nextReconcileTurn <= now;
    if ((!lobbiesDue && !turnDue) || this.#ticking) return 0;
    this.#ticking = true;
    const due: Lobby[] = [];
    let granted = 0;
    try {
      // Take every due lobby out first: servicing one reschedules it, perhaps still at `now`.
      for (let entry = heap.peek(); entry !== undefined && entry.at <= now; entry = heap.peek()) {
        heap.remove(entry);
        entry.value.slot = undefined;
        due.push(entry.value);
      }
      for (const lobby of due) {
        // One lobby's failure (a bug) must not leave the others taken out of the heap and never served.
        try {
          lobby.service(now);
        } catch (error) {
          lobby.serviceFailed(error, now);
        }
      }
      granted = this.#grantReconciles(now);
    } finally {
      this.#ticking = false;
      this.#arm();
    }
    return due.length + granted;
  }

  /**
   * Grants the reconciles whose turn has come, one per spacing (all at once without a ceiling); a
   * lobby with nothing left to do (refresh() did it) does not use a turn. Returns how many went.
   */
  #grantReconciles(now: number): number {
    let granted = 0;
    for (const lobby of this.#reconcileQueue) {
      if (this.#nextReconcileTurn > now) break;
      this.#reconcileQueue.delete(lobby);
      if (!lobby.grantReconcile()) continue;
      this.#nextReconcileTurn = now + this.#reconcileSpacingMs;
      granted++;
    }
    return granted;
  }

  /** Whether {@link LobbyRuntime.pause} holds the runtime. */
  get paused(): boolean {
    return this.#paused;
  }

  /**
   * Holds every scheduled flush, retry, reconcile and idle step (the network is gone, say: retries
   * would only burn). Explicit calls (`flush()`, `join()`, …) still go. {@link LobbyRuntime.resume}
   * catches up at once: idle countdowns are computed from wall time.
   */
  pause(): void {
    this.#paused = true;
    this.#wake.clear();
  }

  /** Ends a {@link LobbyRuntime.pause}: does what came due meanwhile, then runs on. */
  resume(): void {
    if (!this.#paused) return;
    this.#paused = false;
    this.tick();
    this.#arm();
  }

  /** Flushes every handle; rejects with an `AggregateError` of the failures (their changes stay pending). */
  async flushAll(options: LobbyCallOptions = {}): Promise<void> {
    const results = await Promise.allSettled([...this.#lobbies.values()].map((l) => l.flush(options)));
    const errors = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    if (errors.length > 0) throw new AggregateError(errors, `${errors.length} lobbies could not flush`);
  }

  /**
   * Flushes every handle, then lets them all go and stops the timer. A handle whose flush fails is
   * kept, with its changes pending and its retries scheduled, and the call rejects with an
   * `AggregateError` of the failures (the others are let go): nothing pending is lost; call it again.
   */
  async dispose(options: LobbyCallOptions = {}): Promise<void> {
    if (this.#disposed) return;
    const results = await Promise.allSettled([...this.#lobbies.values()].map((l) => l.dispose(options)));
    const errors = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    if (errors.length > 0) {
      throw new AggregateError(errors, `${errors.length} lobbies could not flush: they stay open`);
    }
    this.#disposed = true;
    this.#wake.clear();
  }

  #adopt(wire: LobbyWire, idleTimeoutSeconds: number | undefined, onIdle: IdlePolicy | undefined): Lobby {
    const lobby = Lobby.create(this.#host, {
      wire,
      idleTimeoutSeconds: idleTimeoutSeconds ?? this.#idleTimeoutSeconds,
      onIdle: onIdle ?? this.#onIdle,
    });
    this.#lobbies.set(lobby.id, lobby);
    return lobby;
  }

  #schedule(lobby: Lobby, at: number, unsynced: boolean): void {
    if (unsynced) this.#unsynced.add(lobby);
    else this.#unsynced.delete(lobby);
    const entry = lobby.slot as DeadlineEntry<Lobby> | undefined;
    if (at === Number.POSITIVE_INFINITY) {
      if (entry) this.#heap.remove(entry);
      lobby.slot = undefined;
    } else if (entry) {
      if (entry.at !== at) this.#heap.update(entry, at);
    } else {
      lobby.slot = this.#heap.push(lobby, at);
    }
    if (!this.#ticking) this.#arm();
  }

  #release(lobby: Lobby): void {
    const entry = lobby.slot as DeadlineEntry<Lobby> | undefined;
    if (entry) this.#heap.remove(entry);
    lobby.slot = undefined;
    this.#unsynced.delete(lobby);
    this.#reconcileQueue.delete(lobby);
    if (this.#lobbies.get(lobby.id) === lobby) this.#lobbies.delete(lobby.id);
    if (!this.#ticking) this.#arm();
  }

  /** Keeps one clock timer at the earliest deadline, so that nothing waits for a tick that never comes. */
  #arm(): void {
    if (!this.#timers || this.#disposed || this.#paused) return;
    const turn = this.#reconcileQueue.size > 0 ? this.#nextReconcileTurn : Number.POSITIVE_INFINITY;
    // While a lobby holds changes not yet on the platform, they keep a Node process running until
    // they are; housekeeping alone (reconciles, idle countdowns) does not hold it.
    this.#wake.arm(
      Math.min(this.#heap.peek()?.at ?? Number.POSITIVE_INFINITY, turn),
      this.#unsynced.size > 0,
    );
  }

  #assertOpen(): void {
    if (this.#disposed)
      throw new LobbykitError('The lobby runtime is disposed', { code: 'RUNTIME_DISPOSED' });
  }
}
