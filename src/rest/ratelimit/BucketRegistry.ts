/**
 * Every bucket the client knows, and which route uses which: routes are mapped to bucket ids
 * (`X-RateLimit-Bucket`) as answers teach them; buckets are keyed by bucket id + major parameter +
 * token (+ lobby id, with the per-lobby part, once the platform shows it splits by lobby: see
 * {@link LobbySplit}). Until a route's bucket is known, its requests go one at a time through a probe
 * bucket keyed by the route.
 */
import type { Clock } from '../../clock.js';
import { Bucket, type BucketState, bucketKey } from './Bucket.js';
import type { LobbySplit, LobbySplitFactory } from './LobbySplit.js';
import type { MajorParameter } from './majorParameter.js';
import type { RateLimitInfo } from './parseRateLimitHeaders.js';

/** A granted request: what to tell the registry when its answer arrives. */
export interface BucketTicket {
  /** `METHOD /path/{template}`. */
  readonly routeKey: string;
  readonly where: MajorParameter;
  /** The bucket it was granted by; null when the route is known to have no bucket. */
  readonly bucket: Bucket | null;
  /** Whether the grant was based on a known limit (so that a 429 contradicts the known state). */
  readonly informed: boolean;
}

/**
 * Called before a request waits on a bucket, with the wait known then; may throw to refuse waiting.
 * While requests of the bucket are in flight it is called only once they are all answered and the
 * request still waits (their answers may have refreshed the bucket meanwhile).
 */
export type BeforeBucketWait = (bucket: Bucket, waitMs: number) => void;

const SWEEP_EVERY_MS = 60_000;
/** How many major parameters a route remembers its bucket for before starting over. */
const RECENT_PER_ROUTE = 1024;
const FORGET_AFTER_MS = 5 * 60_000;

/** The client's map of routes and buckets. */
export class BucketRegistry {
  readonly #clock: Clock;
  /** Route → bucket id; null: answers on this route carry no bucket (not limited per route). */
  readonly #routeBuckets = new Map<string, string | null>();
  readonly #buckets = new Map<string, Bucket>();
  /**
   * Per route, per major parameter: the bucket last resolved. A hint only, checked on use (a bucket
   * leaves `#buckets` only retired, and a route moved to another bucket id no longer matches).
   */
  readonly #recent = new Map<string, Map<string, Bucket>>();
  /** The per-lobby part, when the client has it; without it lobbies are always counted together. */
  readonly #split: LobbySplit | undefined;
  #lastSweep: number;

  /** @param lobbySplit - the per-lobby part ({@link LobbySplit}), if the client has it */
  constructor(clock: Clock, lobbySplit?: LobbySplitFactory) {
    this.#clock = clock;
    this.#lastSweep = clock.now();
    this.#split = lobbySplit?.(clock, this.#buckets);
  }

  /** The bucket a request to `routeKey` would use now, or null when the route has none. */
  resolve(routeKey: string, where: MajorParameter): Bucket | null {
    const hash = this.#routeBuckets.get(routeKey);
    if (hash === null) return null;
    const lobbyId = hash !== undefined && this.#split?.has(hash) ? where.lobbyId : undefined;
    // The bucket this route last resolved to for this major parameter, if it is still the one: saves
    // building the composite key (a new string per request) and the route's Set update.
    let recent = this.#recent.get(routeKey);
    const cached = recent?.get(where.major);
    if (
      cached !== undefined &&
      !cached.retired &&
      cached.hash === hash &&
      cached.auth === where.auth &&
      cached.lobbyId === lobbyId
    ) {
      return cached;
    }
    const key = bucketKey(hash ?? `route:${routeKey}`, where, lobbyId);
    let bucket = this.#buckets.get(key);
    if (!bucket) {
      bucket = new Bucket(this.#clock, key, hash, where.major, lobbyId, where.auth);
      this.#buckets.set(key, bucket);
    }
    bucket.routes.add(routeKey);
    if (recent === undefined) {
      recent = new Map();
      this.#recent.set(routeKey, recent);
    } else if (recent.size >= RECENT_PER_ROUTE) recent.clear();
    recent.set(where.major, bucket);
    return bucket;
  }

  /**
   * Grants a request to `routeKey`: at once (a ticket) when its bucket allows, else a promise that
   * waits in the bucket's line. `beforeWait` runs before each wait and may throw to refuse it. `now`:
   * the caller's clock reading, when it has one already.
   */
  acquire(
    routeKey: string,
    where: MajorParameter,
    signal?: AbortSignal,
    beforeWait?: BeforeBucketWait,
    now: number = this.#clock.now(),
  ): BucketTicket | Promise<BucketTicket> {
    if (now - this.#lastSweep > SWEEP_EVERY_MS) this.#sweep(now);
    const bucket = this.resolve(routeKey, where);
    if (bucket === null) return { routeKey, where, bucket: null, informed: false };
    const informed = bucket.limit !== undefined;
    if (bucket.tryAcquire(now)) return { routeKey, where, bucket, informed };
    return this.#acquireSlow(routeKey, where, signal, beforeWait);
  }

  async #acquireSlow(
    routeKey: string,
    where: MajorParameter,
    signal: AbortSignal | undefined,
    beforeWait: BeforeBucketWait | undefined,
  ): Promise<BucketTicket> {
    for (;;) {
      const now = this.#clock.now();
      const bucket = this.resolve(routeKey, where);
      if (bucket === null) return { routeKey, where, bucket: null, informed: false };
      const informed = bucket.limit !== undefined;
      if (bucket.tryAcquire(now)) return { routeKey, where, bucket, informed };
      // With requests of the bucket in flight, their answers may refresh it (a new window, more
      // remaining): the wait is judged once they are in, not on what is known now.
      if (bucket.inFlight > 0 && beforeWait !== undefined) {
        if (await bucket.enqueue(signal, (waitMs) => beforeWait(bucket, waitMs)))
          return { routeKey, where, bucket, informed };
        continue;
      }
      beforeWait?.(bucket, bucket.resetInMs(now));
      if (await bucket.enqueue(signal)) return { routeKey, where, bucket, informed };
    }
  }

  /** A granted request got no answer: frees its place. */
  release(ticket: BucketTicket): void {
    ticket.bucket?.release();
  }

  /**
   * A granted request got an answer with these headers: learns the route's bucket, updates the
   * bucket's state (a 429 of scope `user` exhausts it for `retryAfterMs`) and frees the place.
   */
  complete(ticket: BucketTicket, status: number, info: RateLimitInfo, retryAfterMs?: number): void {
    const now = this.#clock.now();
    const { routeKey, where } = ticket;
    const granted = ticket.bucket;
    const userLimited = status === 429 && !info.global && info.scope !== 'shared' && info.scope !== 'global';
    let target: Bucket | null = granted;

    if (info.bucket !== undefined) {
      const hash = info.bucket;
      if (this.#routeBuckets.get(routeKey) !== hash) this.#routeBuckets.set(routeKey, hash);
      if (where.lobbyId !== undefined)
        this.#split?.learn(hash, where, info, now, userLimited, ticket.informed);
      // The common case: the request went through the very bucket its answer names (same id, same
      // major parameter, no per-lobby split), so there is nothing to look up again.
      target =
        granted !== null && granted.hash === hash && !granted.retired && where.lobbyId === undefined
          ? granted
          : this.resolve(routeKey, where);
      if (granted && granted !== target && granted.hash === undefined) {
        // The probe taught the route's bucket: its waiters look theirs up again.
        granted.retire();
        this.#buckets.delete(granted.key);
      }
    } else if (status >= 200 && status < 300 && info.limit === undefined && info.remaining === undefined) {
      // A success without any rate-limit header: the route is not limited per bucket.
      if (this.#routeBuckets.get(routeKey) === undefined) {
        this.#routeBuckets.set(routeKey, null);
        if (granted && granted.hash === undefined) {
          granted.retire();
          this.#buckets.delete(granted.key);
        }
      }
      target = null;
    }

    if (target) {
      target.update(info, now);
      if (userLimited) target.exhaust(retryAfterMs ?? info.resetAfterMs ?? 1000, now, info.reset);
    }
    granted?.release();
    if (target && target !== granted) target.drain();
  }

  /** Whether the bucket id `hash` is known to be counted per lobby. */
  isSplitByLobby(hash: string): boolean {
    return this.#split?.has(hash) ?? false;
  }

  /** The bucket id learned for `routeKey` (null: none; undefined: not learned yet). */
  bucketOf(routeKey: string): string | null | undefined {
    return this.#routeBuckets.get(routeKey);
  }

  /** What is known of every bucket. */
  snapshot(): BucketState[] {
    const now = this.#clock.now();
    return [...this.#buckets.values()].map((b) => b.state(now));
  }

  /** Forgets buckets with nothing pending that were not used for a while, and closed lobby windows. */
  #sweep(now: number): void {
    this.#lastSweep = now;
    for (const [key, bucket] of this.#buckets) {
      if (bucket.idle(now) && now - bucket.lastUsed > FORGET_AFTER_MS) {
        // Retired (it is idle: nobody waits) so that the resolve hint never hands it out again.
        bucket.retire();
        this.#buckets.delete(key);
      }
    }
    this.#recent.clear();
    this.#split?.sweep(now);
  }
}
