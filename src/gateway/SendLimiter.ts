/**
 * The outbound limit of one gateway connection: at most 120 payloads per 60 s (more closes the
 * connection with 4008). Heartbeats, Identify and Resume go out at once ({@link SendLimiter.sendNow})
 * and a reserve of the window is kept for them, so that commands queued behind the limit never
 * delay a heartbeat. Waits run on the Clock seam; queued commands honour their AbortSignal.
 */
import type { Clock, TimerHandle } from '../clock.js';
import { gatewayLimits } from '../spec/gateway.js';
import { abortReason } from '../rest/util/abortableSleep.js';
import { subscribeAbort } from '../rest/util/subscribeAbort.js';

interface Queued {
  readonly run: () => void;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
  unsubscribe: (() => void) | undefined;
}

/** A sliding-window limiter of one connection's sends. */
export class SendLimiter {
  readonly #clock: Clock;
  readonly #limit: number;
  readonly #windowMs: number;
  #reserve = 4;
  #times: number[] = [];
  #queue: Queued[] = [];
  #open = false;
  #timer: TimerHandle | undefined;

  constructor(
    clock: Clock,
    limit: number = gatewayLimits.sendsPerWindow,
    windowMs: number = gatewayLimits.sendWindowMs,
  ) {
    this.#clock = clock;
    this.#limit = limit;
    this.#windowMs = windowMs;
  }

  /** Keeps room for the heartbeats of one window at `heartbeatIntervalMs`, plus Identify/Resume. */
  reserveFor(heartbeatIntervalMs: number): void {
    this.#reserve = Math.ceil(this.#windowMs / Math.max(1, heartbeatIntervalMs)) + 2;
  }

  /** Commands that may still go out in the current window. */
  get available(): number {
    this.#trim();
    return Math.max(0, this.#limit - this.#reserve - this.#times.length);
  }

  /** Payloads waiting for room or for the connection. */
  get queued(): number {
    return this.#queue.length;
  }

  /** A new connection: its window starts empty. Queued commands wait for {@link SendLimiter.open}. */
  reset(): void {
    this.#times = [];
    this.#open = false;
    this.#stopTimer();
  }

  /** The connection is ready for commands (after Ready or Resumed). */
  open(): void {
    this.#open = true;
    this.#pump();
  }

  /** Sends at once and counts it (heartbeats, Identify, Resume). */
  sendNow(run: () => void): void {
    this.#times.push(this.#clock.now());
    run();
  }

  /** Runs `run` when the connection is open and the window has room; rejects on abort or clear. */
  enqueue(run: () => void, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    return new Promise<void>((resolve, reject) => {
      const item: Queued = { run, resolve, reject, unsubscribe: undefined };
      item.unsubscribe =
        signal &&
        subscribeAbort(signal, () => {
          this.#queue = this.#queue.filter((q) => q !== item);
          reject(abortReason(signal));
        });
      this.#queue.push(item);
      this.#pump();
    });
  }

  /** Rejects every queued command with `error` and cancels the timer. */
  clear(error: unknown): void {
    const queue = this.#queue;
    this.#queue = [];
    this.#stopTimer();
    for (const item of queue) {
      item.unsubscribe?.();
      item.reject(error);
    }
  }

  #trim(): void {
    const from = this.#clock.now() - this.#windowMs;
    let drop = 0;
    while (drop < this.#times.length && (this.#times[drop] as number) <= from) drop += 1;
    if (drop > 0) this.#times.splice(0, drop);
  }

  #pump(): void {
    if (!this.#open) return;
    while (this.#queue.length > 0 && this.available > 0) {
      const item = this.#queue.shift() as Queued;
      item.unsubscribe?.();
      this.#times.push(this.#clock.now());
      try {
        item.run();
        item.resolve();
      } catch (error) {
        item.reject(error);
      }
    }
    if (this.#queue.length > 0 && this.#timer === undefined) {
      const oldest = this.#times[0] ?? this.#clock.now();
      this.#timer = this.#clock.setTimeout(
        () => {
          this.#timer = undefined;
          this.#pump();
        },
        oldest + this.#windowMs - this.#clock.now() + 1,
      );
    }
  }

  #stopTimer(): void {
    if (this.#timer !== undefined) this.#clock.clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
