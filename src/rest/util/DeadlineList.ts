/**
 * Many deadlines on one timer: the per-attempt timeouts of a client. A timer per attempt (set, then
 * cleared when the answer arrives, nearly always) costs a timer object and two calls into the
 * runtime's timer lists on every request; here an attempt costs one list node, and the client keeps
 * at most one Clock timer, armed for the earliest deadline.
 *
 * Entries are kept sorted by due time in a doubly linked list: attempts of one timeout arrive in due
 * order, so adding is O(1) in practice (a walk back from the tail otherwise) and removing always is.
 * The timer is not moved when the entry it was armed for goes away: when it fires, it expires what is
 * due and re-arms for the new head (so while requests flow it fires about once per timeout, not once
 * per request). It is cleared when the list empties, so that an idle client leaves no timer behind.
 * Entries never expire early: an entry due at `at` expires once the clock reads `at` or later. Times
 * are read from the clock's monotonic reading where it has one (`SystemClock`: `performance.now()`),
 * so that a step of the wall clock neither expires in-flight attempts early nor holds them.
 */
import type { Clock, TimerHandle } from '../../clock.js';

/** What a deadline calls when it passes. */
export interface Expirable {
  expire(): void;
}

/** A deadline in the list; pass it to {@link DeadlineList.remove} once it no longer matters. */
export interface Deadline {
  /** When it expires, on the list's timebase (the clock's monotonic reading, or `now()`). */
  readonly at: number;
}

class Entry implements Deadline {
  prev: Entry | undefined = undefined;
  next: Entry | undefined = undefined;
  /** Whether it is still in the list. */
  linked = true;

  constructor(
    readonly at: number,
    readonly target: Expirable,
  ) {}
}

/** Deadlines sharing one Clock timer, expired in due order. */
export class DeadlineList {
  readonly #clock: Clock;
  #head: Entry | undefined;
  #tail: Entry | undefined;
  #size = 0;
  #timer: TimerHandle | undefined;
  /** Clock time the timer is armed for. */
  #armedAt = 0;
  readonly #onTimer = (): void => this.#fire();

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  /** The list's timebase: never stepped by wall-clock corrections when the clock can tell. */
  #now(): number {
    return this.#clock.monotonicNow?.() ?? this.#clock.now();
  }

  /** Deadlines pending. */
  get size(): number {
    return this.#size;
  }

  /** Calls `target.expire()` once, `ms` milliseconds from now, unless removed before. */
  add(ms: number, target: Expirable): Deadline {
    const now = this.#now();
    const node = new Entry(now + ms, target);
    let after = this.#tail;
    while (after !== undefined && after.at > node.at) after = after.prev;
    // Link `node` after `after` (at the head when undefined).
    node.prev = after;
    node.next = after === undefined ? this.#head : after.next;
    if (node.next === undefined) this.#tail = node;
    else node.next.prev = node;
    if (after === undefined) this.#head = node;
    else after.next = node;
    this.#size++;
    if (this.#timer === undefined || node.at < this.#armedAt) this.#arm(node.at, now);
    return node;
  }

  /** Takes a deadline out (doing nothing when it already expired or was removed). */
  remove(deadline: Deadline): void {
    const node = deadline as Entry;
    if (!node.linked) return;
    this.#unlink(node);
    if (this.#size === 0) this.#disarm();
  }

  #unlink(node: Entry): void {
    node.linked = false;
    if (node.prev === undefined) this.#head = node.next;
    else node.prev.next = node.next;
    if (node.next === undefined) this.#tail = node.prev;
    else node.next.prev = node.prev;
    node.prev = undefined;
    node.next = undefined;
    this.#size--;
  }

  /** Arms the timer for `at`; `now`: a reading just taken, if the caller has one. */
  #arm(at: number, now: number = this.#now()): void {
    if (this.#timer !== undefined) this.#clock.clearTimeout(this.#timer);
    this.#armedAt = at;
    // The attempts' sockets hold the process while they are in flight; the deadline need not.
    this.#timer = this.#clock.setTimeout(this.#onTimer, at - now, { ref: false });
  }

  #disarm(): void {
    if (this.#timer === undefined) return;
    this.#clock.clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #fire(): void {
    this.#timer = undefined;
    // The timer ran for as long as it was set for, even if a clock without a monotonic reading stepped back.
    const now = Math.max(this.#now(), this.#armedAt);
    for (let node = this.#head; node !== undefined && node.at <= now; node = this.#head) {
      this.#unlink(node);
      try {
        node.target.expire();
      } catch (error) {
        // Reported as a throwing timer callback would be, without stopping the other expiries.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
    // An expiry may have added or removed deadlines (and armed the timer) already.
    if (this.#head !== undefined && this.#timer === undefined) this.#arm(this.#head.at);
  }
}
