/**
 * At most `capacity` requests per sliding `windowMs`, with a FIFO queue of waiters, abortable waits and
 * a pause (a global 429 pauses the whole limiter). Time through the Clock seam.
 *
 * Used for the global limit (N per second per token) and the development limits (N per 2 hours). Each
 * granted slot stays taken while its request is in flight and for `windowMs` after its answer
 * ({@link WindowLimiter.finish}). The platform counts a request when it arrives, somewhere between our
 * send and its answer; counting from the answer keeps any `windowMs` of the platform's arrivals within
 * `capacity` whatever the latency (a new connection's first request can arrive later than the next
 * batch's), at the cost of one round trip per window. A plain token bucket of the same size could send
 * up to twice `capacity` within one of the platform's windows.
 */
import type { Clock, TimerHandle } from '../../clock.js';
import { subscribeAbort } from '../util/subscribeAbort.js';
import { abortReason } from '../util/abortableSleep.js';
import { SlidingWindowLog } from './SlidingWindowLog.js';

interface Waiter {
  resolve(): void;
  reject(reason: unknown): void;
  signal: AbortSignal | undefined;
  /** Stops listening to the signal (undefined without one). */
  unsubscribe: (() => void) | undefined;
}

/** What a limiter knows, for snapshots. */
export interface WindowLimiterState {
  readonly capacity: number;
  readonly windowMs: number;
  /** Slots taken: requests in flight plus those answered within the window. */
  readonly used: number;
  /** Requests waiting for a slot. */
  readonly queued: number;
  /** Epoch milliseconds until which the limiter is paused, if it is. */
  readonly pausedUntil: number | undefined;
}

/** A sliding-window limiter with a FIFO queue. */
export class WindowLimiter {
  readonly #clock: Clock;
  readonly #log: SlidingWindowLog;
  #capacity: number;
  #waiters: Waiter[] = [];
  #timer: TimerHandle | undefined;
  #pausedUntil = 0;
  #inFlight = 0;

  constructor(clock: Clock, capacity: number, windowMs: number) {
    this.#clock = clock;
    this.#capacity = capacity;
    this.#log = new SlidingWindowLog(windowMs);
  }

  get capacity(): number {
    return this.#capacity;
  }

  /**
   * Milliseconds a request arriving now would wait (0: it would go at once): the requests in flight
   * and those queued go first, each taking a slot, and a slot held in flight frees one window from
   * now. (Counting the queue against the whole capacity, not only the slots free now, keeps the
   * estimate of a long fair line at about `queued ÷ capacity` windows, so that it is not refused.)
   */
  estimateWaitMs(): number {
    const now = this.#clock.now();
    const wait = this.#log.waitMs(now, this.#capacity, this.#waiters.length + this.#inFlight);
    return Math.max(this.#pausedUntil - now, wait);
  }

  /** Milliseconds until one slot is free now, or Infinity while only answers in flight can free one. */
  #slotWaitMs(now: number): number {
    const free = this.#capacity - this.#inFlight;
    if (free <= 0) return Number.POSITIVE_INFINITY;
    return this.#log.waitMs(now, free);
  }

  /**
   * Takes a slot now if one is free and nobody is queued; false otherwise. `now`: the caller's clock
   * reading, when it has one already.
   */
  tryTake(now?: number): boolean {
    if (this.#waiters.length > 0) return false;
    // Unlimited and not paused (the usual global limiter): no clock reading needed.
    if (this.#capacity === Number.POSITIVE_INFINITY && this.#pausedUntil === 0) {
      this.#inFlight++;
      return true;
    }
    if (now === undefined) now = this.#clock.now();
    if (now < this.#pausedUntil || this.#slotWaitMs(now) > 0) return false;
    this.#inFlight++;
    return true;
  }

  /** The request of a granted slot got its answer (or gave up): its slot frees one window from now. */
  finish(): void {
    if (this.#inFlight > 0) this.#inFlight--;
    if (this.#capacity !== Number.POSITIVE_INFINITY) this.#log.record(this.#clock.now());
    if (this.#timer === undefined) this.#drain();
  }

  /** Waits for a slot (FIFO) and takes it; rejects with the signal's reason on abort. */
  take(signal?: AbortSignal): Promise<void> {
    if (this.tryTake()) return Promise.resolve();
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject, signal, unsubscribe: undefined };
      if (signal) {
        waiter.unsubscribe = subscribeAbort(signal, () => {
          const i = this.#waiters.indexOf(waiter);
          if (i >= 0) this.#waiters.splice(i, 1);
          if (this.#waiters.length === 0) this.#clearTimer();
          reject(abortReason(signal));
        });
      }
      this.#waiters.push(waiter);
      this.#schedule();
    });
  }

  /** Sends nothing before `until` (epoch ms); queued and new requests wait. */
  pause(until: number): void {
    if (until <= this.#pausedUntil) return;
    this.#pausedUntil = until;
    this.#clearTimer();
    this.#schedule();
  }

  /** Changes the capacity (e.g. a new development table). */
  setCapacity(capacity: number): void {
    this.#capacity = capacity;
    this.#clearTimer();
    this.#schedule();
  }

  /** What the limiter knows now. */
  state(): WindowLimiterState {
    const now = this.#clock.now();
    return {
      capacity: this.#capacity,
      windowMs: this.#log.windowMs,
      used: this.#log.count(now) + this.#inFlight,
      queued: this.#waiters.length,
      pausedUntil: this.#pausedUntil > now ? this.#pausedUntil : undefined,
    };
  }

  #clearTimer(): void {
    if (this.#timer !== undefined) {
      this.#clock.clearTimeout(this.#timer);
      this.#timer = undefined;
    }
  }

  #schedule(): void {
    if (this.#timer !== undefined || this.#waiters.length === 0) return;
    const now = this.#clock.now();
    const wait = Math.max(this.#pausedUntil - now, this.#slotWaitMs(now));
    if (wait === Number.POSITIVE_INFINITY) return; // waiting for an answer (finish) or a new capacity
    this.#timer = this.#clock.setTimeout(() => {
      this.#timer = undefined;
      this.#drain();
    }, wait);
  }

  #drain(): void {
    // Nearly every finish finds nobody waiting: no clock read, nothing to schedule.
    if (this.#waiters.length === 0) return;
    const now = this.#clock.now();
    while (this.#waiters.length > 0 && now >= this.#pausedUntil && this.#slotWaitMs(now) <= 0) {
      const waiter = this.#waiters.shift() as Waiter;
      waiter.unsubscribe?.();
      this.#inFlight++;
      waiter.resolve();
    }
    this.#schedule();
  }
}
