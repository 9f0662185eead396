/**
 * The identify gate shared by the shards of one bot: shards whose `shard_id % max_concurrency` is
 * the same take turns, one Identify per 5 seconds per bucket, as the platform requires. Waits run
 * on the Clock seam and honour an AbortSignal.
 */
import type { Clock } from '../clock.js';
import { abortableSleep } from '../rest/util/abortableSleep.js';
import { gatewayLimits } from '../spec/gateway.js';

/** Spaces Identify calls per `max_concurrency` bucket. */
export class IdentifyGate {
  readonly #clock: Clock;
  #maxConcurrency: number;
  /** Per bucket: the time of its last identify, and the tail of its queue. */
  readonly #last = new Map<number, number>();
  readonly #tails = new Map<number, Promise<void>>();

  constructor(clock: Clock, maxConcurrency = 1) {
    this.#clock = clock;
    this.#maxConcurrency = Math.max(1, maxConcurrency);
  }

  /** `max_concurrency` as Get Gateway Bot reported it. */
  get maxConcurrency(): number {
    return this.#maxConcurrency;
  }

  set maxConcurrency(value: number) {
    this.#maxConcurrency = Math.max(1, Math.floor(value) || 1);
  }

  /** Resolves when shard `shardId` may identify now (and books that moment for its bucket). */
  wait(shardId: number, signal?: AbortSignal): Promise<void> {
    const key = shardId % this.#maxConcurrency;
    const previous = this.#tails.get(key) ?? Promise.resolve();
    const turn = previous
      .catch(() => undefined)
      .then(async () => {
        const last = this.#last.get(key);
        if (last !== undefined) {
          const wait = last + gatewayLimits.identifyWindowMs - this.#clock.now();
          if (wait > 0) await abortableSleep(this.#clock, wait, signal);
        }
        signal?.throwIfAborted();
        this.#last.set(key, this.#clock.now());
      });
    this.#tails.set(
      key,
      turn.catch(() => undefined),
    );
    return turn;
  }
}
