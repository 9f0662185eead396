/**
 * The emulator's gateway: a `ws` server on the emulator's HTTP server (upgrades at `/gateway`),
 * sessions with replay for Resume, and dispatch of the world's event log — the one source of events,
 * the same that `/_emulator/events` serves — to every session whose intents, permissions and shard
 * allow it. Time (heartbeat deadlines, resume windows, limits) runs on the emulator's clock.
 *
 * Only `encoding=json` without `compress` is served: a connection asking for `etf` or a transport
 * compression is closed with 1003 and a reason. Identify's payload `compress` is ignored.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { Clock } from '../../clock.js';
import {
  ALL_INTENT_BITS,
  GATEWAY_VERSION,
  GatewayCloseCode,
  GatewayIntent,
  privilegedIntentNames,
} from '../../spec/gateway.js';
import type {
  IdentifyData,
  RequestChannelInfoData,
  RequestGuildMembersData,
  ResumeData,
} from '../../spec/schemas/gateway.js';
import type { PrivilegedIntent } from '../world/accountRecords.js';
import type { EmulatorEvent } from '../world/EventLog.js';
import { renderUser } from '../world/renderAccount.js';
import type { World } from '../world/World.js';
import { botMembershipChange, onShard, receives } from './dispatchRules.js';
import { GatewayConnection } from './GatewayConnection.js';
import { GatewaySession, type SharedFrames } from './GatewaySession.js';
import type { GatewaySettings } from './gatewaySettings.js';
import { guildCreatePayload } from './guildCreatePayload.js';
import { type GuildRequestOutcome, requestChannelInfo, requestGuildMembers } from './guildRequests.js';

/** A session as the control API lists it (no token). */
export interface GatewaySessionInfo {
  readonly session_id: string;
  readonly application_id: string;
  readonly intents: number;
  readonly shard: readonly [number, number] | null;
  readonly seq: number;
  readonly connected: boolean;
  readonly heartbeat_acks: boolean;
}

/** The gateway server of one emulator. */
export class GatewayServer {
  readonly #world: World;
  readonly #wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  readonly #sessions = new Map<string, GatewaySession>();
  readonly #connections = new Set<GatewayConnection>();
  readonly #lastAllMembers = new Map<string, number>();
  readonly #voiceStartTimes = new Map<string, number>();
  readonly #unsubscribe: () => void;

  constructor(world: World) {
    this.#world = world;
    this.#unsubscribe = world.events.subscribe((event) => this.#route(event));
    world.gateway.onClear = () => this.#dropAll();
  }

  /** The emulator's clock. */
  get clock(): Clock {
    return this.#world.clock;
  }

  /** The settings in force. */
  get settings(): GatewaySettings {
    return this.#world.gateway.settings;
  }

  /**
   * Takes an HTTP upgrade if it is for the gateway's path; returns false (and leaves the socket
   * alone) otherwise.
   */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(req.url ?? '/', 'http://emulator.invalid');
    const path = this.settings.path;
    if (url.pathname !== path && url.pathname !== `${path}/`) return false;
    this.#wss.handleUpgrade(req, socket, head, (ws) => {
      const v = url.searchParams.get('v');
      const encoding = url.searchParams.get('encoding');
      const compress = url.searchParams.get('compress');
      if (v !== null && v !== String(GATEWAY_VERSION))
        return ws.close(GatewayCloseCode.INVALID_API_VERSION, 'invalid API version');
      if (encoding !== null && encoding !== 'json')
        return ws.close(1003, 'the emulator serves encoding=json only');
      if (compress !== null) return ws.close(1003, 'the emulator does not support transport compression');
      const connection = new GatewayConnection(
        ws,
        socket,
        this,
        `ws://${req.headers.host ?? '127.0.0.1'}${path}`,
      );
      this.#connections.add(connection);
    });
    return true;
  }

  /** Identify: checks the token, intents and shard, counts a session start, sends Ready and guilds. */
  identify(connection: GatewayConnection, d: IdentifyData): void {
    const world = this.#world;
    const app = world.applicationByBotToken(d.token.replace(/^Bot\s+/i, ''));
    if (!app) {
      connection.close(GatewayCloseCode.AUTHENTICATION_FAILED, 'authentication failed');
      return;
    }
    if (d.intents < 0 || (d.intents & ~ALL_INTENT_BITS) !== 0) {
      connection.close(GatewayCloseCode.INVALID_INTENTS, 'invalid intent(s)');
      return;
    }
    for (const name of privilegedIntentNames) {
      if (
        (d.intents & GatewayIntent[name]) !== 0 &&
        !app.privileged_intents.includes(name as PrivilegedIntent)
      ) {
        connection.close(GatewayCloseCode.DISALLOWED_INTENTS, 'disallowed intent(s)');
        return;
      }
    }
    const shard = d.shard;
    if (shard && !(shard[1] >= 1 && shard[0] >= 0 && shard[0] < shard[1])) {
      connection.close(GatewayCloseCode.INVALID_SHARD, 'invalid shard');
      return;
    }
    const guilds = world.guilds.guildsOf(app.bot_user_id).filter((g) => onShard(g.id, shard));
    if (guilds.length > this.settings.maxGuildsPerShard) {
      connection.close(GatewayCloseCode.SHARDING_REQUIRED, 'sharding required');
      return;
    }
    if (world.gateway.sessionStarts.take(app.id, shard?.[0] ?? 0) !== 'ok') {
      connection.invalidate(false);
      return;
    }
    const session = new GatewaySession({
      id: randomBytes(16).toString('hex'),
      application: app,
      intents: d.intents,
      shard,
      largeThreshold: d.large_threshold ?? 50,
      replayCapacity: this.settings.replayCapacity,
    });
    this.#sessions.set(session.id, session);
    connection.attach(session);
    const bot = world.userOrPlaceholder(app.bot_user_id);
    const ready: Record<string, unknown> = {
      v: GATEWAY_VERSION,
      user: { ...renderUser(bot), verified: true, mfa_enabled: false, email: null },
      guilds: guilds.map((g) => ({ id: g.id, unavailable: true })),
      session_id: session.id,
      resume_gateway_url: connection.url,
      application: { id: app.id, flags: 0 },
    };
    if (shard) ready.shard = shard;
    session.dispatch('READY', JSON.stringify(ready));
    if ((session.intents & GatewayIntent.GUILDS) !== 0)
      for (const guild of guilds)
        session.dispatch('GUILD_CREATE', JSON.stringify(guildCreatePayload(world, guild, session)));
  }

  /** Resume: replays what the session missed, then RESUMED; or Invalid Session / 4007. */
  resume(connection: GatewayConnection, d: ResumeData): void {
    const session = this.#sessions.get(d.session_id);
    const app = this.#world.applicationByBotToken(d.token.replace(/^Bot\s+/i, ''));
    if (!app) {
      connection.close(GatewayCloseCode.AUTHENTICATION_FAILED, 'authentication failed');
      return;
    }
    if (!session || session.application.id !== app.id) {
      connection.invalidate(false);
      return;
    }
    if (d.seq > session.seq) {
      connection.close(GatewayCloseCode.INVALID_SEQ, 'invalid seq');
      return;
    }
    const frames = session.replayAfter(d.seq);
    if (!frames) {
      this.endSession(session);
      connection.invalidate(false);
      return;
    }
    connection.attach(session);
    for (const frame of frames) connection.send(frame);
    session.dispatch('RESUMED', 'null');
  }

  /** Request Guild Members (op 8). */
  requestGuildMembers(
    connection: GatewayConnection,
    session: GatewaySession,
    d: RequestGuildMembersData,
  ): void {
    this.#apply(connection, session, requestGuildMembers(this.#world, session, d, this.#lastAllMembers));
  }

  /** Request Channel Info (op 43). */
  requestChannelInfo(
    connection: GatewayConnection,
    session: GatewaySession,
    d: RequestChannelInfoData,
  ): void {
    this.#apply(connection, session, requestChannelInfo(this.#world, session, d, this.#voiceStartTimes));
  }

  #apply(connection: GatewayConnection, session: GatewaySession, outcome: GuildRequestOutcome): void {
    if (outcome.kind === 'close') {
      connection.close(outcome.code, outcome.reason);
      return;
    }
    if (outcome.kind === 'dispatch')
      for (const [type, data] of outcome.events) session.dispatch(type, JSON.stringify(data));
  }

  /** Makes `connection` the session's connection, closing any older one. */
  takeOver(session: GatewaySession, connection: GatewayConnection): void {
    const previous = session.sink;
    if (previous && previous !== connection)
      (previous as GatewayConnection).close(4000, 'session resumed elsewhere');
    if (session.expiry !== undefined) this.clock.clearTimeout(session.expiry as never);
    session.expiry = undefined;
    session.sink = connection;
  }

  /** A connection ended: its session (if any) waits `resumeWindowMs` for a Resume. */
  connectionClosed(connection: GatewayConnection): void {
    this.#connections.delete(connection);
    const session = connection.session;
    if (!session || session.sink !== connection) return;
    session.sink = undefined;
    if (!this.#sessions.has(session.id)) return;
    session.expiry = this.clock.setTimeout(() => this.endSession(session), this.settings.resumeWindowMs, {
      ref: false,
    });
  }

  /** Forgets a session: it can no longer be resumed. */
  endSession(session: GatewaySession): void {
    if (session.expiry !== undefined) this.clock.clearTimeout(session.expiry as never);
    session.expiry = undefined;
    this.#sessions.delete(session.id);
  }

  /** Every session, connected or waiting for a Resume. */
  sessions(): GatewaySessionInfo[] {
    return [...this.#sessions.values()].map((s) => ({
      session_id: s.id,
      application_id: s.application.id,
      intents: s.intents,
      shard: s.shard ?? null,
      seq: s.seq,
      connected: s.sink !== undefined,
      heartbeat_acks: s.acks,
    }));
  }

  /**
   * Drops the session's connection: with a close code, or (`code` null) without a close frame, as
   * a network failure would. The session stays resumable. False when the session is unknown or
   * not connected.
   */
  disconnect(sessionId: string, code: number | null = GatewayCloseCode.UNKNOWN_ERROR): boolean {
    const connection = this.#connectionOf(sessionId);
    if (!connection) return false;
    if (code === null) connection.terminate();
    else connection.close(code, 'disconnected by the control API');
    return true;
  }

  /** Sends Reconnect (op 7) on the session's connection. */
  sendReconnect(sessionId: string): boolean {
    const connection = this.#connectionOf(sessionId);
    connection?.sendReconnect();
    return connection !== undefined;
  }

  /** Turns heartbeat acknowledgements on or off for a session (off makes the connection a zombie). */
  setHeartbeatAcks(sessionId: string, enabled: boolean): boolean {
    const session = this.#sessions.get(sessionId);
    if (session) session.acks = enabled;
    return session !== undefined;
  }

  /** Sends Invalid Session (op 9, `d` = resumable); unless resumable, the session ends. */
  invalidate(sessionId: string, resumable: boolean): boolean {
    const session = this.#sessions.get(sessionId);
    if (!session) return false;
    const connection = this.#connectionOf(sessionId);
    if (connection) connection.invalidate(resumable);
    else if (!resumable) this.endSession(session);
    return true;
  }

  /** Closes every connection and stops listening to the world. */
  close(): void {
    this.#unsubscribe();
    this.#dropAll();
    this.#wss.close();
  }

  #connectionOf(sessionId: string): GatewayConnection | undefined {
    const sink = this.#sessions.get(sessionId)?.sink;
    return sink as GatewayConnection | undefined;
  }

  #dropAll(): void {
    for (const session of [...this.#sessions.values()]) this.endSession(session);
    for (const connection of [...this.#connections]) connection.terminate();
    this.#connections.clear();
    this.#lastAllMembers.clear();
    this.#voiceStartTimes.clear();
  }

  /** Dispatches one event of the world's log to every session that may receive it. */
  #route(event: EmulatorEvent): void {
    if (this.#sessions.size === 0) return;
    let json: string | undefined;
    let shared: SharedFrames | undefined;
    const world = this.#world;
    for (const session of this.#sessions.values()) {
      const change = botMembershipChange(event, session.botUserId);
      const guildsIntent = (session.intents & GatewayIntent.GUILDS) !== 0;
      const guildId = event.guild_id as string;
      if (change === 'joined' && guildsIntent && onShard(guildId, session.shard)) {
        const guild = world.guilds.get(guildId);
        if (guild)
          session.dispatch('GUILD_CREATE', JSON.stringify(guildCreatePayload(world, guild, session)));
      }
      if (receives(world, session, event)) {
        json ??= JSON.stringify(event.data);
        shared ??= new Map();
        session.dispatch(event.type, json, shared);
      }
      if (change === 'left' && guildsIntent && onShard(guildId, session.shard))
        session.dispatch('GUILD_DELETE', JSON.stringify({ id: guildId }));
    }
  }
}
