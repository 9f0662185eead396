/**
 * One gateway session: who identified (application, intents, shard), its sequence numbers and the
 * dispatches it sent, kept for replay on Resume. A session outlives its connection for
 * `resumeWindowMs`; a new connection may take it over with Resume.
 */
import type { ApplicationRecord } from '../world/accountRecords.js';
import type { DispatchTarget } from './dispatchRules.js';

/** Something a session can write frames to (the current connection). */
export interface SessionSink {
  send(text: string): void;
}

interface Sent {
  readonly s: number;
  readonly text: string;
}

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
  #sent: Sent[] = [];
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
   * sessions). Kept for replay; written at once when connected.
   */
  dispatch(type: string, dataJson: string): void {
    this.seq += 1;
    const text = `{"op":0,"t":"${type}","s":${this.seq},"d":${dataJson}}`;
    this.#sent.push({ s: this.seq, text });
    if (this.#sent.length - this.#head > this.#capacity) this.#head += 1;
    if (this.#head > 1024 && this.#head * 2 > this.#sent.length) {
      this.#sent = this.#sent.slice(this.#head);
      this.#head = 0;
    }
    this.sink?.send(text);
  }

  /**
   * The frames after `seq`, for Resume; undefined when some of them are no longer kept (the client
   * must identify anew).
   */
  replayAfter(seq: number): string[] | undefined {
    const first = this.#sent[this.#head];
    if (first !== undefined && seq < first.s - 1) return undefined;
    if (first === undefined && seq < this.seq) return undefined;
    const out: string[] = [];
    for (let i = this.#head; i < this.#sent.length; i++) {
      const sent = this.#sent[i] as Sent;
      if (sent.s > seq) out.push(sent.text);
    }
    return out;
  }
}
