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

/** An append-only, bounded log of events. */
export class EventLog {
  readonly #capacity: number;
  #events: EmulatorEvent[] = [];
  #seq = 0;
  readonly #listeners = new Set<EventListener>();

  /** Keeps the newest `capacity` events (older ones are trimmed; sequence numbers continue). */
  constructor(capacity = 10_000) {
    this.#capacity = capacity;
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
    this.#events.push(event);
    if (this.#events.length > this.#capacity) this.#events.splice(0, this.#events.length - this.#capacity);
    for (const listener of this.#listeners) listener(event);
    return event;
  }

  /** Events with `seq > after`, oldest first. */
  after(after = 0): EmulatorEvent[] {
    return this.#events.filter((e) => e.seq > after);
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
    this.#events = [];
  }
}
