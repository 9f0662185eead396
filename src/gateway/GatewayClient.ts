/**
 * `GatewayClient`: one gateway session (one shard) that stays connected. It reads Get Gateway Bot
 * before each new session and waits rather than spend a session start the bot does not have; it
 * heartbeats (the first beat jittered), treats a missing ACK as a dead connection and resumes at
 * `resume_gateway_url`; it reconnects with backoff, and stops with a {@link GatewayCloseError} on a
 * close code that must not be retried. Each dispatch is emitted once, across resumes.
 */
import { EventEmitter } from 'eventemitter3';
import { type Clock, SystemClock, type TimerHandle } from '../clock.js';
import { isApiError } from '../rest/errors/guards.js';
import { abortableSleep, abortReason } from '../rest/util/abortableSleep.js';
import { backoffDelay, type RandomSource } from '../rest/util/backoff.js';
import { subscribeAbort } from '../rest/util/subscribeAbort.js';
import {
  fatalCloseCodes,
  GATEWAY_VERSION,
  GatewayOpcode,
  intentBits,
  sessionEndingCloseCodes,
} from '../spec/gateway.js';
import type { ChannelInfoEvent, GuildMembersChunkEvent, ReadyEvent } from '../spec/schemas/gateway.js';
import { defaultWebSocketFactory } from './defaultWebSocket.js';
import { GatewayClosedError, GatewayCloseError } from './gatewayErrors.js';
import {
  type GatewayClientEvents,
  type GatewayClientOptions,
  type GatewayRest,
  gatewayClientDefaults,
} from './gatewayClientOptions.js';
import {
  GatewayRequests,
  type RequestChannelInfoOptions,
  type RequestGuildMembersOptions,
} from './GatewayRequests.js';
import { IdentifyGate } from './IdentifyGate.js';
import { SendLimiter } from './SendLimiter.js';
import { WS_OPEN, type WebSocketFactory, type WebSocketLike } from './webSocketSeam.js';

/** Where the client is. */
export type GatewayClientState = 'idle' | 'connecting' | 'ready' | 'reconnecting' | 'closed';

/** One gateway session that keeps itself connected. See the module comment. */
export class GatewayClient extends EventEmitter<GatewayClientEvents> {
  readonly #token: string;
  readonly #intents: number;
  readonly #shard: readonly [number, number] | undefined;
  readonly #rest: GatewayRest | undefined;
  readonly #webSocket: WebSocketFactory;
  readonly #clock: Clock;
  readonly #random: RandomSource;
  readonly #gate: IdentifyGate;
  readonly #options: GatewayClientOptions;
  readonly #limiter: SendLimiter;
  #state: GatewayClientState = 'idle';
  #url: string | undefined;
  #ws: WebSocketLike | undefined;
  #sessionId: string | undefined;
  #resumeUrl: string | undefined;
  #seq = 0;
  #heartbeatTimer: TimerHandle | undefined;
  #acked = true;
  #beatSentAt = 0;
  #failures = 0;
  #lifetime = new AbortController();
  #connected: { resolve: (r: ReadyEvent) => void; reject: (e: unknown) => void } | undefined;
  readonly #requests: GatewayRequests;

  constructor(options: GatewayClientOptions) {
    super();
    // Under Node the package's `#websocket` import gives `ws`; elsewhere the global WebSocket.
    const webSocket = options.webSocket ?? defaultWebSocketFactory();
    if (!webSocket)
      throw new TypeError('GatewayClient: no global WebSocket here; pass the `webSocket` option');
    if (!options.rest && !options.url) throw new TypeError('GatewayClient: pass `rest` or `url`');
    this.#token = options.token;
    this.#intents = intentBits(options.intents);
    this.#shard = options.shard;
    this.#rest = options.rest;
    this.#url = options.url;
    this.#webSocket = webSocket;
    this.#clock = options.clock ?? new SystemClock();
    this.#random = options.random ?? Math.random;
    this.#gate = options.identifyGate ?? new IdentifyGate(this.#clock);
    this.#options = options;
    this.#limiter = new SendLimiter(this.#clock);
    this.#requests = new GatewayRequests({
      send: (payload, signal) => this.#limiter.enqueue(() => this.#sendJson(payload), signal),
      nonce: () => `${this.#shard?.[0] ?? 0}-${Math.floor(this.#random() * 1e9).toString(36)}`,
    });
  }

  /** Where the client is: idle, connecting, ready, reconnecting or closed. */
  get state(): GatewayClientState {
    return this.#state;
  }

  /** The current session's id, if any. */
  get sessionId(): string | undefined {
    return this.#sessionId;
  }

  /** The sequence number of the last dispatch received. */
  get sequence(): number {
    return this.#seq;
  }

  /** The shard this client runs, if sharded. */
  get shard(): readonly [number, number] | undefined {
    return this.#shard;
  }

  /**
   * Connects and resolves with the first Ready. Rejects with a {@link GatewayCloseError} when the
   * platform refuses for good (bad token, disallowed intents, …), or with the signal's reason.
   */
  connect(signal?: AbortSignal): Promise<ReadyEvent> {
    if (this.#state !== 'idle') return Promise.reject(new GatewayClosedError('connect() may be called once'));
    this.#state = 'connecting';
    const ready = new Promise<ReadyEvent>((resolve, reject) => {
      this.#connected = { resolve, reject };
    });
    const unsubscribe = signal && subscribeAbort(signal, () => this.#stop(abortReason(signal), 1000));
    void this.#open('identify', 0);
    return ready.finally(() => unsubscribe?.());
  }

  /**
   * Asks for guild members (opcode 8) and yields each Guild Members Chunk of the answer. Throws a
   * {@link GatewayRateLimitError} (with `retryAfter`) when the platform answers RATE_LIMITED.
   */
  requestGuildMembers(options: RequestGuildMembersOptions): AsyncIterableIterator<GuildMembersChunkEvent> {
    return this.#requests.guildMembers(options, this.#state === 'closed');
  }

  /** Asks for the ephemeral data of a guild's channels (opcode 43); resolves with CHANNEL_INFO. */
  requestChannelInfo(options: RequestChannelInfoOptions): Promise<ChannelInfoEvent> {
    return this.#requests.channelInfo(options, this.#state === 'closed');
  }

  /** Closes the connection (ending the session) and every timer; pending requests reject. */
  close(): void {
    this.#stop(undefined, 1000);
  }

  /** A token-free summary for logs. */
  toJSON(): Record<string, unknown> {
    return { state: this.#state, shard: this.#shard, sessionId: this.#sessionId, sequence: this.#seq };
  }

  // ---- connection lifecycle ----

  async #open(mode: 'resume' | 'identify', delayMs: number): Promise<void> {
    const signal = this.#lifetime.signal;
    try {
      if (delayMs > 0) await abortableSleep(this.#clock, delayMs, signal);
      const resume = mode === 'resume' && this.#sessionId !== undefined && this.#resumeUrl !== undefined;
      if (!resume) await this.#beforeIdentify(signal);
      if (signal.aborted) return;
      const base = resume ? (this.#resumeUrl as string) : (this.#url as string);
      const ws = this.#webSocket(
        `${base}${base.includes('?') ? '&' : '?'}v=${GATEWAY_VERSION}&encoding=json`,
      );
      this.#ws = ws;
      this.#limiter.reset();
      this.#acked = true;
      ws.onmessage = (event) => {
        if (this.#ws === ws) this.#onMessage(String(event.data), resume);
      };
      ws.onclose = (event) => {
        if (this.#ws === ws) this.#onClose(event.code, event.reason);
      };
      ws.onerror = () => undefined;
    } catch (error) {
      if (signal.aborted) return;
      // Get Gateway Bot refusing the token (401, 403) is as final as close code 4004.
      if (isApiError(error) && (error.status === 401 || error.status === 403)) {
        this.#stop(error, undefined);
        return;
      }
      this.#scheduleReconnect(mode, `connection attempt failed: ${String(error)}`);
    }
  }

  /** Reads Get Gateway Bot, waits out an exhausted session start limit, then waits for the gate. */
  async #beforeIdentify(signal: AbortSignal): Promise<void> {
    for (;;) {
      if (!this.#rest) break;
      const info = await this.#rest.gateway.getBot({ signal });
      if (!this.#options.url) this.#url = info.url;
      this.#gate.maxConcurrency = info.session_start_limit.max_concurrency;
      if (info.session_start_limit.remaining > 0) break;
      await abortableSleep(this.#clock, Math.max(1, info.session_start_limit.reset_after), signal);
    }
    await this.#gate.wait(this.#shard?.[0] ?? 0, signal);
  }

  #onMessage(text: string, resuming: boolean): void {
    let payload: { op: number; d: unknown; s?: number | null; t?: string | null };
    try {
      payload = JSON.parse(text) as typeof payload;
    } catch {
      return;
    }
    switch (payload.op) {
      case GatewayOpcode.HELLO: {
        this.#onHello((payload.d as { heartbeat_interval: number }).heartbeat_interval, resuming);
        return;
      }
      case GatewayOpcode.HEARTBEAT_ACK:
        this.#acked = true;
        this.emit('heartbeat', this.#clock.now() - this.#beatSentAt);
        return;
      case GatewayOpcode.HEARTBEAT: {
        this.#heartbeat(false);
        return;
      }
      case GatewayOpcode.RECONNECT: {
        this.#drop('resume', 'the gateway asked to reconnect', 0);
        return;
      }
      case GatewayOpcode.INVALID_SESSION:
        if (payload.d === true) {
          this.#drop('resume', 'invalid session (resumable)', 0);
          return;
        }
        // Not resumable: identify anew after 1 to 5 seconds, as the platform asks.
        this.#endSession(new GatewayClosedError('the session was invalidated'));
        this.#drop('identify', 'invalid session', 1000 + Math.floor(this.#random() * 4000));
        return;
      case GatewayOpcode.DISPATCH: {
        this.#onDispatch(payload.t ?? '', payload.s ?? 0, payload.d);
        return;
      }
      default:
    }
  }

  #onHello(interval: number, resuming: boolean): void {
    this.#limiter.reserveFor(interval);
    this.#stopHeartbeat();
    // Heartbeats hold no process open: the socket they keep alive does.
    this.#heartbeatTimer = this.#clock.setTimeout(
      () => this.#heartbeat(true, interval),
      interval * this.#random(),
      { ref: false },
    );
    if (resuming && this.#sessionId !== undefined) {
      const d = { token: this.#token, session_id: this.#sessionId, seq: this.#seq };
      this.#limiter.sendNow(() => this.#sendJson({ op: GatewayOpcode.RESUME, d }));
      return;
    }
    const d: Record<string, unknown> = {
      token: this.#token,
      intents: this.#intents,
      properties: this.#options.properties ?? gatewayClientDefaults.properties,
    };
    if (this.#shard) d.shard = [...this.#shard];
    if (this.#options.largeThreshold !== undefined) d.large_threshold = this.#options.largeThreshold;
    this.#limiter.sendNow(() => this.#sendJson({ op: GatewayOpcode.IDENTIFY, d }));
  }

  /** Sends a heartbeat; a scheduled beat whose previous one went unacknowledged means a zombie. */
  #heartbeat(scheduled: boolean, interval?: number): void {
    if (scheduled) {
      this.#heartbeatTimer = undefined;
      if (!this.#acked) {
        this.#drop('resume', 'no heartbeat ACK (zombie connection)', 0);
        return;
      }
      this.#acked = false;
      if (interval !== undefined)
        this.#heartbeatTimer = this.#clock.setTimeout(() => this.#heartbeat(true, interval), interval, {
          ref: false,
        });
    }
    this.#beatSentAt = this.#clock.now();
    this.#limiter.sendNow(() => this.#sendJson({ op: GatewayOpcode.HEARTBEAT, d: this.#seq || null }));
  }

  #onDispatch(t: string, s: number, d: unknown): void {
    if (t === 'READY') {
      const ready = d as ReadyEvent;
      this.#seq = 0;
      this.#sessionId = ready.session_id;
      this.#resumeUrl = ready.resume_gateway_url;
    } else if (s <= this.#seq) return; // replayed twice: already delivered
    if (s > this.#seq) this.#seq = s;
    if (t === 'READY' || t === 'RESUMED') {
      this.#failures = 0;
      this.#state = 'ready';
      this.#limiter.open();
    }
    // The catch-all event's object only when someone listens: this runs for every event.
    if (this.listenerCount('dispatch') > 0) this.emit('dispatch', { t, s, d });
    this.#requests.onDispatch(t, d);
    (this.emit as (event: string, ...args: unknown[]) => boolean)(t, d);
    if (t === 'READY') {
      this.emit('ready', d as ReadyEvent);
      this.#connected?.resolve(d as ReadyEvent);
      this.#connected = undefined;
    } else if (t === 'RESUMED') this.emit('resumed');
  }

  #onClose(code: number, reason: string): void {
    this.#ws = undefined;
    this.#stopHeartbeat();
    if (this.#state === 'closed') return;
    if (fatalCloseCodes.has(code)) {
      this.#stop(new GatewayCloseError(code, reason), undefined);
      return;
    }
    if (sessionEndingCloseCodes.has(code)) {
      this.#endSession(new GatewayClosedError(`the session ended (${code})`));
      this.#scheduleReconnect('identify', `closed with ${code}`);
      return;
    }
    this.#scheduleReconnect(this.#sessionId ? 'resume' : 'identify', `closed with ${code}`);
  }

  /** Closes the current socket ourselves (keeping the session unless told) and reconnects. */
  #drop(mode: 'resume' | 'identify', reason: string, delayMs: number): void {
    const ws = this.#ws;
    this.#ws = undefined;
    this.#stopHeartbeat();
    try {
      ws?.close(gatewayClientDefaults.resumableCloseCode, 'reconnecting');
    } catch {
      // already closing
    }
    this.#scheduleReconnect(mode, reason, delayMs);
  }

  #scheduleReconnect(mode: 'resume' | 'identify', reason: string, fixedDelay?: number): void {
    if (this.#state === 'closed') return;
    this.#state = 'reconnecting';
    const { baseMs, maxMs } = this.#options.backoff ?? gatewayClientDefaults.backoff;
    const delayMs =
      fixedDelay ??
      (this.#failures === 0 ? 0 : backoffDelay(this.#failures - 1, baseMs, maxMs, this.#random));
    this.#failures += 1;
    this.emit('reconnecting', { mode, delayMs, reason });
    void this.#open(mode, delayMs);
  }

  /** Forgets the session: the next connection identifies; requests waiting on it fail. */
  #endSession(error: Error): void {
    this.#sessionId = undefined;
    this.#resumeUrl = undefined;
    this.#seq = 0;
    this.#requests.failAll(error);
  }

  #stop(error: unknown, closeCode: number | undefined): void {
    if (this.#state === 'closed') return;
    this.#state = 'closed';
    this.#lifetime.abort(new GatewayClosedError());
    this.#stopHeartbeat();
    const ws = this.#ws;
    this.#ws = undefined;
    if (ws && closeCode !== undefined && ws.readyState <= WS_OPEN) ws.close(closeCode, 'closing');
    const reason = error ?? new GatewayClosedError();
    this.#limiter.clear(reason);
    this.#endSession(reason instanceof Error ? reason : new GatewayClosedError());
    this.#connected?.reject(reason);
    this.#connected = undefined;
    this.emit('closed', error instanceof Error ? error : undefined);
  }

  #stopHeartbeat(): void {
    if (this.#heartbeatTimer !== undefined) this.#clock.clearTimeout(this.#heartbeatTimer);
    this.#heartbeatTimer = undefined;
  }

  #sendJson(payload: unknown): void {
    const ws = this.#ws;
    if (ws && ws.readyState === WS_OPEN) ws.send(JSON.stringify(payload));
  }
}
