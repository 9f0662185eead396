/**
 * One gateway session: who identified (application, intents, shard), its sequence numbers and the
 * dispatches it sent, kept for replay on Resume. A session outlives its connection for
 * `resumeWindowMs`; a new connection may take it over with Resume.
 */
import type { ApplicationRecord } from '../world/accountRecords.js';
import type { DispatchTarget } from './dispatchRules.js';
import { textFrame } from './textFrame.js';

/**
 * Something a session can write frames to (the current connection). A frame is a whole WebSocket
 * text frame (see `textFrame.ts`); the same Buffer may go to several sessions.
 */
export interface SessionSink {
  send(frame: Buffer): void;
}

/**
 * Frames already encoded for one event, by sequence number: sessions at the same sequence number
 * (most often every session of a bot's shards, or bots that identified together) share one Buffer
 * instead of each building and encoding its own.
 */
export type SharedFrames = Map<number, Buffer>;

/** A session and its replay buffer. */
export class GatewaySession implements DispatchTarget {
  readonly id: string;
  readonly application: ApplicationRecord;
  readonly botUserId: string;
  readonly intents: number;
  readonly shard: readonly [number, number] | undefined;
  readonly largeThreshold: number;
  /** The sequence number of the last dispatch. */
  seq = 0;
  /** Whether heartbeats are acknowledged (the control API turns this off to make a zombie). */
  acks = true;
  /** The connection the session writes to, or undefined while it is dropped. */
  sink: SessionSink | undefined;
  /** The timer that ends a dropped session, on the emulator's clock. */
  expiry: unknown;
  readonly #capacity: number;
  /**
   * The frames kept for replay, oldest first from `#head`: consecutive sequence numbers ending at
   * `seq`, so that no number needs storing beside them.
   */
  #frames: Buffer[] = [];
  #head = 0;

  constructor(init: {
    id: string;
    application: ApplicationRecord;
    intents: number;
    shard: readonly [number, number] | undefined;
    largeThreshold: number;
    replayCapacity: number;
  }) {
    this.id = init.id;
    this.application = init.application;
    this.botUserId = init.application.bot_user_id;
    this.intents = init.intents;
    this.shard = init.shard;
    this.largeThreshold = init.largeThreshold;
    this.#capacity = init.replayCapacity;
  }

  /**
   * Sends a dispatch: `dataJson` is the already-serialised `d` (serialised once per event for all
   * sessions); `shared`, when given, holds the event's frames by sequence number, so that sessions
   * at the same number share one. Kept for replay; written at once when connected.
   */
  dispatch(type: string, dataJson: string, shared?: SharedFrames): void {
    this.seq += 1;
    let frame = shared?.get(this.seq);
    if (frame === undefined) {
      frame = textFrame(`{"op":0,"t":"${type}","s":${this.seq},"d":${dataJson}}`);
      shared?.set(this.seq, frame);
    }
    this.#frames.push(frame);
    if (this.#frames.length - this.#head > this.#capacity) this.#head += 1;
    if (this.#head > 1024 && this.#head * 2 > this.#frames.length) {
      this.#frames = this.#frames.slice(this.#head);
      this.#head = 0;
    }
    this.sink?.send(frame);
  }

  /**
   * The frames after `seq`, for Resume; undefined when some of them are no longer kept (the client
   * must identify anew).
   */
  replayAfter(seq: number): Buffer[] | undefined {
    const kept = this.#frames.length - this.#head;
    const first = this.seq - kept + 1; // the sequence number of the oldest frame kept
    if (seq < first - 1) return undefined;
    return this.#frames.slice(this.#head + Math.max(0, seq - first + 1));
  }
}
