/**
 * One WebSocket connection to the emulator's gateway: Hello, the heartbeat deadline, the send limit
 * (120 per 60 s, else 4008), decoding (4002), and the opcodes a client sends. Sessions and dispatch
 * live in {@link GatewayServer}; this class only speaks the protocol of one socket.
 *
 * Frames are encoded here (`textFrame`) and written to the TCP socket directly, not through `ws`'s
 * sender: a dispatch's frame is built once and shared by the sessions at its sequence number. `ws`
 * still reads the socket and writes its own control frames (close, pong), always whole frames in
 * the same order. Writes are batched: the first frame written in a turn of the event loop corks the
 * socket and a `process.nextTick` uncorks it, so that a burst of dispatches (one world operation
 * fanning out, or many events emitted at once) leaves in one `writev` rather than one system call
 * per frame.
 */
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import type { TimerHandle } from '../../clock.js';
import { GatewayCloseCode, GatewayOpcode, gatewayLimits } from '../../spec/gateway.js';
import {
  identifyData,
  requestChannelInfoData,
  requestGuildMembersData,
  resumeData,
} from '../../spec/schemas/gateway.js';
import type { GatewayServer } from './GatewayServer.js';
import type { GatewaySession, SessionSink } from './GatewaySession.js';
import { textFrame } from './textFrame.js';

/** Opcodes a client sends once identified. */
const commandOpcodes: ReadonlySet<number> = new Set([
  GatewayOpcode.PRESENCE_UPDATE,
  GatewayOpcode.VOICE_STATE_UPDATE,
  GatewayOpcode.REQUEST_GUILD_MEMBERS,
  GatewayOpcode.REQUEST_SOUNDBOARD_SOUNDS,
  GatewayOpcode.REQUEST_CHANNEL_INFO,
]);

/** A payload as the client sent it, decoded. */
interface Frame {
  readonly op: number;
  readonly d: unknown;
}

/** The protocol of one socket. */
export class GatewayConnection implements SessionSink {
  readonly #ws: WebSocket;
  /** The TCP socket under `#ws`, corked while a turn's frames accumulate. */
  readonly #socket: Duplex;
  readonly #server: GatewayServer;
  /** The URL this connection came in at (Ready's `resume_gateway_url`). */
  readonly url: string;
  #session: GatewaySession | undefined;
  #deadline: TimerHandle | undefined;
  /** Receive times in the current window, oldest first (on the emulator's clock). */
  #received: number[] = [];
  #closed = false;
  #corked = false;
  readonly #uncork = (): void => {
    if (!this.#corked) return; // already flushed (terminate)
    this.#corked = false;
    this.#socket.uncork();
  };

  constructor(ws: WebSocket, socket: Duplex, server: GatewayServer, url: string) {
    this.#ws = ws;
    this.#socket = socket;
    this.#server = server;
    this.url = url;
    ws.on('message', (data, isBinary) => this.#onMessage(data as Buffer, isBinary));
    ws.on('close', (code) => this.#onClose(code));
    ws.on('error', () => ws.terminate());
    this.#sendJson({
      op: GatewayOpcode.HELLO,
      d: { heartbeat_interval: server.settings.heartbeatIntervalMs },
    });
    this.#armDeadline();
  }

  /** The session this connection carries, if identified or resumed. */
  get session(): GatewaySession | undefined {
    return this.#session;
  }

  /** Writes a whole text frame (a session's dispatch or a reply; see `textFrame.ts`). */
  send(frame: Buffer): void {
    if (this.#closed || this.#ws.readyState !== this.#ws.OPEN) return;
    if (!this.#corked) {
      this.#corked = true;
      this.#socket.cork();
      process.nextTick(this.#uncork);
    }
    this.#socket.write(frame);
  }

  /** Closes with a gateway close code; the session stays resumable unless the server ends it. */
  close(code: number, reason = ''): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#detach();
    this.#ws.close(code, reason);
  }

  /** Drops the TCP connection without a close frame (a network failure). */
  terminate(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#detach();
    // Frames of this turn leave first, as they would have without the batching.
    if (this.#corked) this.#uncork();
    this.#ws.terminate();
  }

  /** Sends Reconnect (op 7): the client should reconnect and resume. */
  sendReconnect(): void {
    this.#sendJson({ op: GatewayOpcode.RECONNECT, d: null });
  }

  /** Sends Invalid Session (op 9) and, unless resumable, forgets the session. */
  invalidate(resumable: boolean): void {
    this.#sendJson({ op: GatewayOpcode.INVALID_SESSION, d: resumable });
    if (!resumable && this.#session) {
      this.#server.endSession(this.#session);
      this.#session = undefined;
    }
  }

  /** Takes over `session` (after Identify or Resume). */
  attach(session: GatewaySession): void {
    this.#session = session;
    this.#server.takeOver(session, this);
  }

  #detach(): void {
    if (this.#deadline !== undefined) this.#server.clock.clearTimeout(this.#deadline);
    this.#deadline = undefined;
    this.#server.connectionClosed(this);
  }

  #sendJson(payload: unknown): void {
    this.send(textFrame(JSON.stringify(payload)));
  }

  #armDeadline(): void {
    const clock = this.#server.clock;
    if (this.#deadline !== undefined) clock.clearTimeout(this.#deadline);
    const s = this.#server.settings;
    this.#deadline = clock.setTimeout(
      () => {
        this.#deadline = undefined;
        const session = this.#session;
        this.close(GatewayCloseCode.SESSION_TIMED_OUT, 'no heartbeat');
        if (session) this.#server.endSession(session);
        // The connection's socket holds the process, not its deadline.
      },
      s.heartbeatIntervalMs + s.heartbeatGraceMs,
      { ref: false },
    );
  }

  #onClose(code: number): void {
    const session = this.#session;
    if (!this.#closed) {
      this.#closed = true;
      this.#detach();
    }
    // Closing with 1000 or 1001 ends the session; any other close leaves it resumable.
    if (session && (code === 1000 || code === 1001)) this.#server.endSession(session);
  }

  #overLimit(): boolean {
    const now = this.#server.clock.now();
    const from = now - gatewayLimits.sendWindowMs;
    let drop = 0;
    while (drop < this.#received.length && (this.#received[drop] as number) <= from) drop += 1;
    if (drop > 0) this.#received.splice(0, drop);
    this.#received.push(now);
    return this.#received.length > gatewayLimits.sendsPerWindow;
  }

  #onMessage(data: Buffer, isBinary: boolean): void {
    if (this.#closed) return;
    if (this.#overLimit()) {
      this.close(GatewayCloseCode.RATE_LIMITED, 'rate limited');
      return;
    }
    if (isBinary || data.length > gatewayLimits.maxPayloadBytes) {
      this.close(GatewayCloseCode.DECODE_ERROR, 'decode error');
      return;
    }
    let frame: Frame;
    try {
      const parsed = JSON.parse(data.toString('utf8')) as unknown;
      if (typeof parsed !== 'object' || parsed === null || typeof (parsed as Frame).op !== 'number')
        throw new Error('no op');
      frame = parsed as Frame;
    } catch {
      this.close(GatewayCloseCode.DECODE_ERROR, 'decode error');
      return;
    }
    this.#handle(frame);
  }

  #handle(frame: Frame): void {
    switch (frame.op) {
      case GatewayOpcode.HEARTBEAT:
        this.#armDeadline();
        if (this.#session?.acks !== false) this.#sendJson({ op: GatewayOpcode.HEARTBEAT_ACK });
        return;
      case GatewayOpcode.IDENTIFY: {
        if (this.#session) {
          this.close(GatewayCloseCode.ALREADY_AUTHENTICATED, 'already authenticated');
          return;
        }
        const d = identifyData.safeParse(frame.d);
        if (!d.success) {
          this.close(GatewayCloseCode.DECODE_ERROR, 'invalid identify');
          return;
        }
        this.#server.identify(this, d.data);
        return;
      }
      case GatewayOpcode.RESUME: {
        if (this.#session) {
          this.close(GatewayCloseCode.ALREADY_AUTHENTICATED, 'already authenticated');
          return;
        }
        const d = resumeData.safeParse(frame.d);
        if (!d.success) {
          this.close(GatewayCloseCode.DECODE_ERROR, 'invalid resume');
          return;
        }
        this.#server.resume(this, d.data);
        return;
      }
      default:
        if (!commandOpcodes.has(frame.op)) {
          this.close(GatewayCloseCode.UNKNOWN_OPCODE, 'unknown opcode');
          return;
        }
    }
    const session = this.#session;
    if (!session) {
      this.close(GatewayCloseCode.NOT_AUTHENTICATED, 'not authenticated');
      return;
    }
    switch (frame.op) {
      case GatewayOpcode.REQUEST_GUILD_MEMBERS: {
        const d = requestGuildMembersData.safeParse(frame.d);
        if (!d.success) {
          this.close(GatewayCloseCode.UNKNOWN_OPCODE, 'invalid request guild members');
          return;
        }
        this.#server.requestGuildMembers(this, session, d.data);
        return;
      }
      case GatewayOpcode.REQUEST_CHANNEL_INFO: {
        const d = requestChannelInfoData.safeParse(frame.d);
        if (!d.success) {
          this.close(GatewayCloseCode.UNKNOWN_OPCODE, 'invalid request channel info');
          return;
        }
        this.#server.requestChannelInfo(this, session, d.data);
        return;
      }
      case GatewayOpcode.PRESENCE_UPDATE:
      case GatewayOpcode.VOICE_STATE_UPDATE:
      case GatewayOpcode.REQUEST_SOUNDBOARD_SOUNDS:
        // Accepted and not modelled: the emulator has no presence, voice or soundboard gateway state.
        return;
      default: {
        this.close(GatewayCloseCode.UNKNOWN_OPCODE, 'unknown opcode');
        return;
      }
    }
  }
}
