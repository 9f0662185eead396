/**
 * A {@link RateLimitStore} shared by a fleet of processes through Redis: every process using one token
 * reserves each request in Redis first, atomically (one Lua script, loaded once), so that together
 * they never exceed the token's global limit, a bucket's `Remaining` or a development limit; what one
 * process learns from an answer's headers or a 429 is in Redis for all of them on its next run; the
 * invalid-request count is the fleet's. Each request costs one script run on the way out; the answers
 * it teaches ride along with the next run of the process (or go on their own a tick later).
 *
 * When Redis cannot be reached (an error, or no reply within `commandTimeoutMs`), the store decides
 * alone on a conservative local share — `1 / fleetSize` of the global and development limits — emits
 * `unavailable`, and tries Redis again every `retryMs`; the first reservation that goes through emits
 * `restored` and the fleet shares its limits again. No request fails because of Redis.
 */
import { EventEmitter } from 'eventemitter3';
import type { Clock } from '../clock.js';
import { allRateLimitParts } from '../rest/ratelimit/allRateLimitParts.js';
import type { DevelopmentTable } from '../rest/ratelimit/DevelopmentLimiter.js';
import { type InvalidRequestRecord, InvalidRequestTracker } from '../rest/ratelimit/InvalidRequestTracker.js';
import {
  RateLimitManager,
  type RateLimitManagerOptions,
  type RateLimitSnapshot,
  type RatePermit,
  type RateRequest,
} from '../rest/ratelimit/RateLimitManager.js';
import type { RateLimitStore } from '../rest/ratelimit/RateLimitStore.js';
import type { RateLimitInfo, RateLimitVerdict } from '../rest/ratelimit/parseRateLimitHeaders.js';
import { abortableSleep, abortReason } from '../rest/util/abortableSleep.js';
import { rateLimitLimits } from '../spec/limitAreas.js';
import { RATE_LIMIT_SCRIPT } from './rateLimitScript.js';
import { LoadedScript, type RedisScriptClient } from './RedisScriptClient.js';

/** Options of a {@link RedisRateLimitStore}, beyond the client's own settings. */
export interface RedisOptions {
  /** A connected node-redis client; create it with `disableOfflineQueue: true` so that it fails fast. */
  readonly redis: RedisScriptClient;
  /** Prefix of every key. @defaultValue `'lobbykit:rl'` */
  readonly prefix?: string;
  /**
   * The processes sharing the token: while Redis is unreachable each one takes `1 / fleetSize` of the
   * global and development limits, so that the fleet together stays within them. @defaultValue `4`
   */
  readonly fleetSize?: number;
  /**
   * How long a reservation whose answer never came (its process died) keeps its slot; keep it above
   * the client's `timeoutMs`. @defaultValue `20_000`
   */
  readonly leaseMs?: number;
  /** A script run unanswered for this long takes Redis for unreachable. @defaultValue `500` */
  readonly commandTimeoutMs?: number;
  /** While Redis is unreachable, how often a reservation tries it again. @defaultValue `1_000` */
  readonly retryMs?: number;
  /**
   * How long a bucket's and the route map's keys live after their last use. @defaultValue `600_000`
   */
  readonly keyTtlMs?: number;
  /** While a bucket waits on answers still in flight elsewhere, how often to ask again. @defaultValue `25` */
  readonly pollMs?: number;
  /**
   * Whose time windows are counted in: `redis` (the server's `TIME`: machines whose clocks disagree
   * still agree) or `clock` (the client's clock, for tests on a ManualClock). @defaultValue `'redis'`
   */
  readonly time?: 'redis' | 'clock';
}

/** Options of a {@link RedisRateLimitStore}: the client's settings plus {@link RedisOptions}. */
export type RedisRateLimitStoreOptions = RateLimitManagerOptions & RedisOptions;

/** Events of a {@link RedisRateLimitStore}. */
export interface RedisRateLimitStoreEvents {
  /** Redis could not be reached: the store decides alone on its local share until it can again. */
  unavailable: (event: { readonly reason: string; readonly localPerSecond: number }) => void;
  /** Redis answered again after `downMs`: the fleet shares its limits again. */
  restored: (event: { readonly downMs: number }) => void;
}

/** A request granted through Redis. */
interface SharedPermit {
  readonly id: string;
  /** The token's key prefix (`KEYS[1]`). */
  readonly key: string;
  readonly routeKey: string;
  readonly major: string;
  /** The bucket key whose in-flight set holds the request ('' when none). */
  readonly bucketKey: string;
  /** `bucket@windowMs` of the development slot held ('' when none). */
  readonly dev: string;
  readonly global: boolean;
}

/** A permit of this store: shared, or granted locally while Redis was unreachable. */
export type RedisPermit = { readonly shared: SharedPermit } | { readonly local: RatePermit };

/** The script's reply: granted, reason, waitMs, bucket id, bucket key, informed, invalid count. */
type Reply = [number, string, number, string, string, number, number];

/** The fields of one answer in the script's arguments, in order. */
const ANSWER_FIELDS = 14;

/** Shares a client's rate limits with every other process using the same token, through Redis. */
export class RedisRateLimitStore
  extends EventEmitter<RedisRateLimitStoreEvents>
  implements RateLimitStore<RedisPermit>
{
  readonly invalid: InvalidRequestTracker;
  readonly #clock: Clock;
  readonly #script: LoadedScript;
  readonly #redis: RedisScriptClient;
  readonly #prefix: string;
  readonly #globalPerSecond: number;
  readonly #development: false | DevelopmentTable;
  readonly #developmentWindowMs: number;
  readonly #leaseMs: number;
  readonly #commandTimeoutMs: number;
  readonly #retryMs: number;
  readonly #keyTtlMs: number;
  readonly #pollMs: number;
  readonly #useClockTime: boolean;
  /** Decides while Redis is unreachable, on the local share. */
  readonly #local: RateLimitManager;
  readonly #localPerSecond: number;
  readonly #fleetSize: number;
  /** Answers not yet sent to Redis, per token key. */
  readonly #answers = new Map<string, string[]>();
  #flushTimer: ReturnType<Clock['setTimeout']> | undefined;
  /** Per token key: the tail of the line of requests waiting on a limit of the whole token. */
  readonly #lines = new Map<string, Promise<void>>();
  readonly #tag = Math.random().toString(36).slice(2, 10);
  #sequence = 0;
  /** When Redis stopped answering (undefined while it answers). */
  #downSince: number | undefined;
  #retryAt = 0;
  /**
   * Until when requests wait after a switch between Redis and the local share: one global window,
   * so that what the other regime let go in its last window is out of the window first.
   */
  #quietUntil = 0;
  /** Aborted when Redis is back: the requests still waiting on the local share then ask Redis. */
  #outage: AbortController | undefined;
  /** The requests granted locally within the last window (told to Redis once it is back). */
  readonly #localGrants: { readonly key: string; readonly at: number }[] = [];
  /** The fleet's invalid-request count as Redis last told it, plus this process's since. */
  #invalidCount = 0;
  /** Script runs so far (reservations and answer batches), for measurements. */
  runs = 0;

  constructor(options: RedisRateLimitStoreOptions) {
    super();
    const fleet = Math.max(1, options.fleetSize ?? 4);
    this.#clock = options.clock;
    this.#fleetSize = fleet;
    this.#redis = options.redis;
    this.#script = new LoadedScript(options.redis, RATE_LIMIT_SCRIPT);
    this.#prefix = options.prefix ?? 'lobbykit:rl';
    this.#globalPerSecond = options.globalPerSecond;
    this.#development = options.developmentRateLimits;
    this.#developmentWindowMs = options.developmentWindowMs ?? rateLimitLimits.developmentWindowMs;
    this.#leaseMs = options.leaseMs ?? 20_000;
    this.#commandTimeoutMs = options.commandTimeoutMs ?? 500;
    this.#retryMs = options.retryMs ?? 1_000;
    this.#keyTtlMs = options.keyTtlMs ?? 600_000;
    this.#pollMs = options.pollMs ?? 25;
    this.#useClockTime = options.time === 'clock';
    this.invalid = new InvalidRequestTracker(options.invalidRequests);
    const share = (n: number): number =>
      n === Number.POSITIVE_INFINITY ? n : Math.max(1, Math.floor(n / fleet));
    this.#localPerSecond = share(options.globalPerSecond);
    const table = options.developmentRateLimits;
    this.#local = new RateLimitManager(
      {
        ...options,
        globalPerSecond: this.#localPerSecond,
        developmentRateLimits: table
          ? Object.fromEntries(Object.entries(table).map(([k, v]) => [k, v === undefined ? v : share(v)]))
          : false,
      },
      allRateLimitParts,
    );
  }

  /** Whether the store shares its limits through Redis now (false while it decides alone). */
  get shared(): boolean {
    return this.#downSince === undefined;
  }

  /** Grants a request through Redis, or on the local share while Redis is unreachable. */
  acquire(req: RateRequest): RedisPermit | Promise<RedisPermit> {
    const now = this.#clock.now();
    // Just after a switch (Redis lost, or back) the window of the other regime may still be full.
    if (now < this.#quietUntil) {
      req.beforeWait({ reason: 'global', waitMs: this.#quietUntil - now, bucket: undefined });
      return abortableSleep(this.#clock, this.#quietUntil - now, req.signal).then(() => this.acquire(req));
    }
    if (this.#downSince !== undefined) {
      // Redis is tried again by a run that reserves nothing; its success ends the local share.
      if (now >= this.#retryAt && this.#redis.isReady !== false) {
        this.#retryAt = now + this.#retryMs;
        void this.#run(`${this.#prefix}:{${req.authKey}}`, ['0']);
      }
      return this.#acquireLocal(req);
    }
    return this.#acquireShared(req);
  }

  #acquireLocal(req: RateRequest): RedisPermit | Promise<RedisPermit> {
    // The fleet's last shared window may be full: decide alone only once it is over.
    if (this.#clock.now() < this.#quietUntil) return this.acquire(req);
    const key = `${this.#prefix}:{${req.authKey}}`;
    // A request still waiting on the local share when Redis is back leaves it (the outage's signal
    // aborts) and asks Redis like any other: granted alone then, it would be in no count of the fleet.
    const outage = this.#outage;
    const signal =
      outage === undefined
        ? req.signal
        : req.signal === undefined
          ? outage.signal
          : AbortSignal.any([req.signal, outage.signal]);
    const granted = this.#local.acquire(signal === req.signal ? req : { ...req, signal });
    if (!(granted instanceof Promise)) return this.#grantedLocally(key, granted);
    return granted.then(
      (local) => this.#grantedLocally(key, local),
      (error: unknown) => {
        if (outage?.signal.aborted && req.signal?.aborted !== true) return this.acquire(req);
        throw error;
      },
    );
  }

  /**
   * Remembers a local grant for a window, to tell Redis about it once Redis is back; one granted
   * after Redis came back (in the same turn) is told at once.
   */
  #grantedLocally(key: string, local: RatePermit): RedisPermit {
    if (this.#downSince === undefined) {
      this.#reportLocalGrant(key, 0);
      return { local };
    }
    const now = this.#clock.now();
    while (this.#localGrants.length > 0 && (this.#localGrants[0]?.at ?? now) <= now - 1000)
      this.#localGrants.shift();
    this.#localGrants.push({ key, at: now });
    return { local };
  }

  /** Tells Redis of a request let go alone `ago` ms ago: it takes a slot of the fleet's global window. */
  #reportLocalGrant(key: string, ago: number): void {
    this.#queueFields(key, [
      `${this.#tag}:l${this.#sequence++}`,
      '',
      '',
      '',
      '-1',
      '',
      '',
      '',
      String(ago),
      '',
      '',
      'g1000',
      '',
      '0',
    ]);
  }

  async #acquireShared(req: RateRequest): Promise<RedisPermit> {
    const key = `${this.#prefix}:{${req.authKey}}`;
    const tail = this.#lines.get(key);
    // Requests join the token's line while it has one, so that a wait on the whole token is FIFO.
    if (tail !== undefined) return this.#waitInLine(req, key);
    const first = await this.#reserve(req, key);
    if (first === undefined) return this.#acquireLocal(req);
    if ('shared' in first) return first;
    if (first.reason === 'bucket') return this.#waitOnBucket(req, key, first);
    return this.#waitInLine(req, key, first);
  }

  /** Waits in the token's line (global, development, invalid-request and pause waits), FIFO. */
  async #waitInLine(req: RateRequest, key: string, refused?: Refusal): Promise<RedisPermit> {
    const before = this.#lines.get(key) ?? Promise.resolve();
    let leave = (): void => {};
    const mine = new Promise<void>((resolve) => {
      leave = resolve;
    });
    this.#lines.set(key, mine);
    try {
      await untilOrAbort(before, req.signal);
      let refusal = refused;
      for (;;) {
        // A refusal met before waiting behind others in the line is stale by now: what Redis said
        // then holds until `until`, no longer (sleeping all of it again, each request of the line
        // in turn, handed the fleet's freed slots to the other processes for seconds).
        const waitMs = refusal === undefined ? 0 : refusal.until - this.#clock.now();
        if (refusal !== undefined && waitMs > 0) {
          req.beforeWait({ reason: refusal.reason, waitMs, bucket: refusal.bucket });
          await abortableSleep(this.#clock, waitMs, req.signal);
        }
        const result = this.#downSince === undefined ? await this.#reserve(req, key) : undefined;
        if (result === undefined) return await this.#acquireLocal(req);
        if ('shared' in result) return result;
        if (result.reason === 'bucket') {
          leave();
          return await this.#waitOnBucket(req, key, result);
        }
        refusal = result;
      }
    } finally {
      leave();
      if (this.#lines.get(key) === mine) this.#lines.delete(key);
    }
  }

  /** Waits on the route's bucket alone (other routes of the token go meanwhile). */
  async #waitOnBucket(req: RateRequest, key: string, refused: Refusal): Promise<RedisPermit> {
    let refusal = refused;
    for (;;) {
      const inFlight = refusal.waitMs < 0;
      req.beforeWait({ reason: 'bucket', waitMs: inFlight ? 0 : refusal.waitMs, bucket: refusal.bucket });
      await abortableSleep(this.#clock, inFlight ? this.#pollMs : refusal.waitMs, req.signal);
      const result = this.#downSince === undefined ? await this.#reserve(req, key) : undefined;
      if (result === undefined) return this.#acquireLocal(req);
      if ('shared' in result) return result;
      if (result.reason !== 'bucket') return this.#waitInLine(req, key, result);
      refusal = result;
    }
  }

  /** One reservation in Redis: a permit, a refusal with its wait, or undefined when Redis failed. */
  async #reserve(req: RateRequest, key: string): Promise<{ shared: SharedPermit } | Refusal | undefined> {
    const id = `${this.#tag}:${(this.#sequence++).toString(36)}`;
    const dev = this.#developmentSlot(req.developmentBucket);
    const global = this.#globalPerSecond !== Number.POSITIVE_INFINITY;
    const args = this.#takeAnswers(key);
    args.push(
      id,
      req.routeKey,
      req.where.major,
      global ? String(this.#globalPerSecond) : '',
      '1000',
      String(this.#leaseMs),
      dev?.bucket ?? '',
      dev === undefined ? '' : String(dev.capacity),
      String(this.#developmentWindowMs),
      String(this.invalid.windowMs),
      String(this.invalid.slowDownAt),
      String(this.invalid.stopAt),
    );
    const reply = await this.#run(key, args);
    if (reply === undefined) return undefined;
    const [granted, reason, waitMs, bucket, bucketKey] = reply;
    if (granted === 1) {
      return {
        shared: {
          id,
          key,
          routeKey: req.routeKey,
          major: req.where.major,
          bucketKey,
          dev: dev === undefined ? '' : `${dev.bucket}@${this.#developmentWindowMs}`,
          global,
        },
      };
    }
    return {
      reason: reason as Refusal['reason'],
      waitMs,
      until: this.#clock.now() + waitMs,
      bucket: bucket === '' ? undefined : bucket,
    };
  }

  #developmentSlot(bucket: string | undefined): { bucket: string; capacity: number } | undefined {
    if (bucket === undefined || !this.#development) return undefined;
    const capacity = this.#development[bucket];
    return capacity === undefined ? undefined : { bucket, capacity };
  }

  /** Runs the script for token `key`: its reply, or undefined (Redis taken as unreachable). */
  async #run(key: string, args: string[]): Promise<Reply | undefined> {
    const now = this.#useClockTime ? String(this.#clock.now()) : '';
    this.runs++;
    let timer: ReturnType<Clock['setTimeout']> | undefined;
    try {
      const reply = await Promise.race([
        this.#script.run([key], [now, ...args]),
        new Promise<never>((_, reject) => {
          timer = this.#clock.setTimeout(
            () => reject(new Error(`no reply within ${this.#commandTimeoutMs} ms`)),
            this.#commandTimeoutMs,
          );
        }),
      ]);
      if (timer !== undefined) this.#clock.clearTimeout(timer);
      const r = reply as Reply;
      if (r[6] >= 0) this.#invalidCount = r[6];
      if (this.#downSince !== undefined) {
        const downMs = this.#clock.now() - this.#downSince;
        this.#downSince = undefined;
        // Processes come back within about `retryMs` of each other: wait a window more than that, and
        // tell Redis what this process let go alone in its last window, so that it counts in the fleet's.
        const now = this.#clock.now();
        this.#quietUntil = now + 1000 + this.#retryMs;
        for (const grant of this.#localGrants.splice(0)) {
          const ago = now - grant.at;
          if (ago < 1000) this.#reportLocalGrant(grant.key, ago);
        }
        this.#outage?.abort(new Error('Redis is back'));
        this.#outage = undefined;
        this.emit('restored', { downMs });
      }
      return r;
    } catch (error) {
      if (timer !== undefined) this.#clock.clearTimeout(timer);
      if (this.#downSince === undefined) {
        this.#downSince = this.#clock.now();
        this.#outage = new AbortController();
        this.#retryAt = this.#downSince + this.#retryMs;
        this.#quietUntil = this.#downSince + 1000;
        this.emit('unavailable', {
          reason: error instanceof Error ? error.message : String(error),
          localPerSecond: this.#localPerSecond,
        });
      }
      return undefined;
    }
  }

  /** Takes the answers waiting for token `key` as the script's first arguments. */
  #takeAnswers(key: string): string[] {
    const fields = this.#answers.get(key);
    if (fields === undefined) return ['0'];
    this.#answers.delete(key);
    return [String(fields.length / ANSWER_FIELDS), ...fields];
  }

  /** The request got no answer: its slots free one window from now. */
  release(permit: RedisPermit): void {
    if ('local' in permit) this.#local.release(permit.local);
    else this.#answer(permit.shared, 0, undefined, undefined, false);
  }

  /** The request got an answer: what it teaches goes to Redis with this process's next run. */
  complete(permit: RedisPermit, status: number, info: RateLimitInfo, verdict?: RateLimitVerdict): void {
    if ('local' in permit) {
      this.#local.complete(permit.local, status, this.#localShareOf(info), verdict);
      return;
    }
    const invalid = InvalidRequestTracker.counts(status, verdict?.scope ?? info.scope);
    if (invalid) this.#invalidCount++;
    this.#answer(permit.shared, status, info, verdict, invalid);
  }

  /**
   * An answer as the local share sees it: `Remaining` counts for the whole fleet, and this process may
   * use only what is left of its share, `limit / fleetSize`, of it (what the others may still use is
   * set aside). So K processes deciding alone send at most the bucket's limit per window together.
   */
  #localShareOf(info: RateLimitInfo): RateLimitInfo {
    if (info.limit === undefined || info.remaining === undefined || this.#fleetSize === 1) return info;
    const share = Math.max(1, Math.floor(info.limit / this.#fleetSize));
    return { ...info, limit: share, remaining: Math.max(0, info.remaining - (info.limit - share)) };
  }

  #answer(
    p: SharedPermit,
    status: number,
    info: RateLimitInfo | undefined,
    verdict: RateLimitVerdict | undefined,
    invalid: boolean,
  ): void {
    let flags = p.global ? `g1000` : '';
    if (info !== undefined) {
      const headerless =
        info.limit === undefined && info.remaining === undefined && info.bucket === undefined;
      if (status >= 200 && status < 300 && headerless) flags += 'n';
      if (verdict !== undefined) flags += verdict.global ? 'G' : verdict.scope === 'shared' ? '' : 'u';
      if (invalid) flags += `i${this.invalid.windowMs}`;
    }
    const num = (n: number | undefined): string => (n === undefined ? '' : String(n));
    this.#queueFields(p.key, [
      p.id,
      p.routeKey,
      p.major,
      p.bucketKey,
      String(status),
      info?.bucket ?? '',
      num(info?.limit),
      num(info?.remaining),
      num(info?.resetAfterMs),
      info?.reset ?? '',
      num(verdict?.retryAfterMs),
      flags,
      p.dev,
      String(this.#keyTtlMs),
    ]);
  }

  /** Queues one answer's fields for token `key`. */
  #queueFields(key: string, answer: readonly string[]): void {
    let fields = this.#answers.get(key);
    if (fields === undefined) {
      fields = [];
      this.#answers.set(key, fields);
    }
    fields.push(...answer);
    // Sent with the next reservation, or on their own once this turn of the event loop is over.
    if (this.#flushTimer === undefined)
      this.#flushTimer = this.#clock.setTimeout(() => this.#flushAnswers(), 0);
  }

  /**
   * Sends every answer still waiting (one script run per token) and resolves once they are in Redis
   * (or Redis failed). Call it before closing the Redis client, so that the last answers' lessons and
   * slots reach the fleet.
   */
  async flush(): Promise<void> {
    if (this.#flushTimer !== undefined) this.#clock.clearTimeout(this.#flushTimer);
    this.#flushTimer = undefined;
    const runs: Promise<unknown>[] = [];
    for (const key of [...this.#answers.keys()]) {
      if (this.#downSince !== undefined) this.#answers.delete(key);
      else runs.push(this.#run(key, this.#takeAnswers(key)));
    }
    await Promise.all(runs);
  }

  #flushAnswers(): void {
    void this.flush();
  }

  /**
   * Counts an invalid answer as this process knows the fleet's count (Redis's last word plus this
   * process's since); the count itself is kept in Redis by {@link complete}.
   */
  recordInvalid(status: number, scope?: string): InvalidRequestRecord | undefined {
    if (this.#downSince !== undefined) return this.#local.recordInvalid(status, scope);
    if (!InvalidRequestTracker.counts(status, scope)) return undefined;
    const count = this.#invalidCount;
    return { count, warn: this.invalid.warnEvery > 0 && count > 0 && count % this.invalid.warnEvery === 0 };
  }

  /** What this process knows locally (the fleet's shared state is in Redis). */
  snapshot(): RateLimitSnapshot {
    const local = this.#local.snapshot();
    if (this.#downSince !== undefined) return local;
    return {
      ...local,
      invalidRequests: { ...local.invalidRequests, count: this.#invalidCount, limit: this.invalid.limit },
    };
  }
}

/** Why a reservation was refused, and for how long (-1: until an answer in flight arrives). */
interface Refusal {
  readonly reason: 'global' | 'development' | 'invalid-requests' | 'bucket';
  readonly waitMs: number;
  /** The client clock's time the wait ends (the reply's time plus `waitMs`). */
  readonly until: number;
  readonly bucket: string | undefined;
}

/** Resolves when `promise` does; rejects with the signal's reason on abort. */
function untilOrAbort(promise: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (signal === undefined) return promise;
  if (signal.aborted) return Promise.reject(abortReason(signal));
  return new Promise<void>((resolve, reject) => {
    const onAbort = (): void => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    });
  });
}
