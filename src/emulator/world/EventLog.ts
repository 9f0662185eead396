/**
 * The event log: every event the platform would dispatch for an operation (GUILD_UPDATE,
 * GUILD_MEMBER_ADD, LOBBY_MESSAGE_CREATE, …), numbered, with the platform's payload shape. Tests read
 * it through `GET /_emulator/events?after=SEQ`; a later gateway will stream it.
 */
import type { Snowflake } from './accountRecords.js';

/** One dispatched event. */
export interface EmulatorEvent {
  /** 1, 2, 3, … in dispatch order; never reused, even after older events are trimmed. */
  readonly seq: number;
  /** The platform's event name, e.g. `GUILD_MEMBER_UPDATE`. */
  readonly type: string;
  /** The guild the event belongs to, for guild events. */
  readonly guild_id?: Snowflake;
  /** The application the event belongs to, for webhook events (delivered to its Webhook Events URL). */
  readonly application_id?: Snowflake;
  /** The payload, in the platform's shape. */
  readonly data: unknown;
  /** Dispatch time (ms since the epoch). */
  readonly at: number;
}

/** Something that wants each event as it happens (the gateway, a test). */
export type EventListener = (event: EmulatorEvent) => void;

/**
 * An append-only, bounded log of events: a ring of `capacity` slots, so that appending to a full log
 * overwrites the oldest event in place (it spliced the whole array before, 10,000 entries moved per
 * event once full). Kept events always hold consecutive sequence numbers, so a reader's position is
 * found by arithmetic, not by a scan.
 */
export class EventLog {
  readonly #capacity: number;
  /** The ring; slot `(#start + i) % #capacity` holds the i-th oldest kept event. */
  #slots: Array<EmulatorEvent | undefined>;
  #start = 0;
  #count = 0;
  #seq = 0;
  readonly #listeners = new Set<EventListener>();

  /**
   * Keeps the newest `capacity` events (older ones are trimmed; sequence numbers continue).
   * @throws RangeError when `capacity` is not a positive integer.
   */
  constructor(capacity = 10_000) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RangeError(`capacity must be a positive integer`);
    this.#capacity = capacity;
    this.#slots = [];
  }

  /** Appends an event and tells every listener. Returns it. */
  emit(
    type: string,
    data: unknown,
    at: number,
    guildId?: Snowflake,
    applicationId?: Snowflake,
  ): EmulatorEvent {
    this.#seq += 1;
    const event: EmulatorEvent = {
      seq: this.#seq,
      type,
      ...(guildId === undefined ? {} : { guild_id: guildId }),
      ...(applicationId === undefined ? {} : { application_id: applicationId }),
      data,
      at,
    };
    if (this.#count < this.#capacity) {
      this.#slots[(this.#start + this.#count) % this.#capacity] = event;
      this.#count += 1;
    } else {
      // Full: the newest takes the oldest's slot.
      this.#slots[this.#start] = event;
      this.#start = (this.#start + 1) % this.#capacity;
    }
    for (const listener of this.#listeners) listener(event);
    return event;
  }

  /** Events with `seq > after`, oldest first. */
  after(after = 0): EmulatorEvent[] {
    // Not below the newest (NaN included): nothing.
    if (!(after < this.#seq) || this.#count === 0) return [];
    const oldest = this.#seq - this.#count + 1;
    const first = Math.max(oldest, Math.floor(after) + 1);
    const out: EmulatorEvent[] = new Array(this.#seq - first + 1);
    for (let i = 0, at = first - oldest; i < out.length; i += 1, at += 1)
      out[i] = this.#slots[(this.#start + at) % this.#capacity] as EmulatorEvent;
    return out;
  }

  /** The sequence number of the newest event (0 before any). */
  get lastSeq(): number {
    return this.#seq;
  }

  /** Subscribes to new events; returns the unsubscribe function. */
  subscribe(listener: EventListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Forgets every event. Sequence numbers continue, so a reader's `after` never sees a replay. */
  clear(): void {
    this.#slots = [];
    this.#start = 0;
    this.#count = 0;
  }
}
