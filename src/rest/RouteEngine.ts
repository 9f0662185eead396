/**
 * The REST client's engine, over any route table: every operation of the table through one typed
 * `call`, with the platform's rate-limit protocol, bounded retries, per-attempt timeouts, and errors
 * that never carry a token. What goes beyond JSON (multipart bodies, CSV answers, the zod input memo)
 * and beyond the core of the rate limits (per-lobby buckets, development limits) is handed in by the
 * client that needs it ({@link EngineExtras}): `RouteClient` and `RestClient` get all of it,
 * `LobbyClient` none, so that a web game's bundle does not carry it.
 */
import { EventEmitter } from 'eventemitter3';
import { type Clock, SystemClock } from '../clock.js';
import type {
  AuthOption,
  CallArgs,
  CallArgsParam,
  CallResult,
  LooseCallArgs,
  RouteTable,
} from './callTypes.js';
import { ApiError } from './errors/ApiError.js';
import { InvalidResponseError } from './errors/InvalidResponseError.js';
import { LobbykitError } from './errors/LobbykitError.js';
import { NetworkError } from './errors/NetworkError.js';
import { RateLimitError, type RateLimitScope } from './errors/RateLimitError.js';
import { redactError } from './errors/redact.js';
import { TimeoutError } from './errors/TimeoutError.js';
import type { TokenKind } from './errors/TokenKindError.js';
import { rateLimitVerdict } from './ratelimit/parseRateLimitHeaders.js';
import {
  RateLimitManager,
  type RateLimitManagerOptions,
  type RateLimitSnapshot,
  type RateRequest,
  type WaitNotice,
} from './ratelimit/RateLimitManager.js';
import type { RateLimitStore } from './ratelimit/RateLimitStore.js';
import type { RestEvents, RetryEvent } from './RestEvents.js';
import type { EngineExtras } from './request/EngineExtras.js';
import {
  type PrepareConfig,
  type PreparedRequest,
  prepareRequest,
  type ResolvedAuth,
  resolveAuth,
  sharedHeaders,
  tokenOf,
} from './request/prepareRequest.js';
import { readAnswer, UnreadableAnswer } from './request/readAnswer.js';
import { type Answer, AttemptFailure, parseMaybeJson, sendAttempt } from './request/sendAttempt.js';
import { type RestClientOptions, type RouteClientOptions, restClientDefaults } from './restClientDefaults.js';
import { createDefaultTransport } from './transport/defaultTransport.js';
import type { Transport } from './transport/Transport.js';
import { abortableSleep, throwIfAborted } from './util/abortableSleep.js';
import { backoffDelay, type RandomSource } from './util/backoff.js';
import { DeadlineList } from './util/DeadlineList.js';
import { stripUndefined } from './util/stripUndefined.js';

/** The options with every default applied (the token left out). */
export type ResolvedRestClientOptions = Required<
  Omit<
    RestClientOptions,
    'auth' | 'transport' | 'clock' | 'random' | 'invalidRequests' | 'headers' | 'rateLimitStore'
  >
>;

const scopeOfWait: Readonly<Record<WaitNotice['reason'], RateLimitScope>> = {
  bucket: 'user',
  global: 'global',
  development: 'development',
  'invalid-requests': 'invalid-requests',
};

/**
 * The engine of a REST client over route table `T` (what `RouteClient`, `RestClient` and `LobbyClient`
 * are): `call(name, args)` sends any operation of the table, typed from it; events report requests,
 * answers, rate limits and retries. Built by those clients, each with the {@link EngineExtras} its
 * table needs; not constructible from outside (exported as a type: use one of them).
 */
export class RouteEngine<T extends RouteTable> extends EventEmitter<RestEvents> {
  /** The options in force, defaults applied (without the token). */
  readonly options: ResolvedRestClientOptions;
  /** The route table calls are typed and sent by. */
  readonly routes: T;
  readonly #auth: AuthOption | undefined;
  readonly #defaultAuth: ResolvedAuth;
  readonly #transport: Transport;
  readonly #ownsTransport: boolean;
  readonly #clock: Clock;
  readonly #random: RandomSource;
  readonly #limits: RateLimitStore;
  /** The per-attempt timeouts, on one timer. */
  readonly #deadlines: DeadlineList;
  /** What every call is prepared with, built once. */
  readonly #prepareConfig: PrepareConfig;

  /**
   * @param extras - what the table needs beyond JSON: every part any of its routes needs
   *   (`missingExtra`; the clients built on the engine are tested to give them).
   */
  constructor(options: RouteClientOptions<T>, extras: EngineExtras) {
    super();
    const o = { ...restClientDefaults, ...stripUndefined(options) };
    this.options = {
      baseUrl: o.baseUrl.replace(/\/+$/, ''),
      validate: o.validate,
      validateResponses: o.validateResponses,
      maxRetries: o.maxRetries,
      retryBaseMs: o.retryBaseMs,
      retryMaxMs: o.retryMaxMs,
      timeoutMs: o.timeoutMs,
      max429Retries: o.max429Retries,
      maxRateLimitWaitMs: o.maxRateLimitWaitMs,
      globalPerSecond: o.globalPerSecond,
      developmentRateLimits: o.developmentRateLimits,
      userAgent: o.userAgent,
    };
    this.routes = options.routes;
    this.#auth = options.auth;
    this.#defaultAuth = resolveAuth(options.auth);
    this.#ownsTransport = options.transport === undefined;
    this.#transport = options.transport ?? createDefaultTransport();
    this.#clock = options.clock ?? new SystemClock();
    this.#random = options.random ?? Math.random;
    this.#deadlines = new DeadlineList(this.#clock);
    const base: RateLimitManagerOptions = {
      clock: this.#clock,
      globalPerSecond: this.options.globalPerSecond,
      developmentRateLimits: this.options.developmentRateLimits,
      ...(options.invalidRequests === undefined ? {} : { invalidRequests: options.invalidRequests }),
    };
    this.#limits = options.rateLimitStore?.(base) ?? new RateLimitManager(base, extras.rateLimits ?? {});
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(options.headers ?? {})) headers[k.toLowerCase()] = v;
    if (this.options.userAgent) headers['user-agent'] = this.options.userAgent;
    this.#prepareConfig = {
      baseUrl: this.options.baseUrl,
      validate: this.options.validate,
      baseHeaders: Object.freeze(headers),
      random: this.#random,
      defaultAuth: this.#defaultAuth,
      defaultAuthHeaders: sharedHeaders(headers, this.#defaultAuth),
      extras,
    };
  }

  /** The clock every wait and timeout of this client goes through (the facades' polling included). */
  get clock(): Clock {
    return this.#clock;
  }

  /** The kind of the client's own token (`bot`, `bearer` or `none`); a call's `auth` may differ. */
  get tokenKind(): TokenKind {
    return this.#defaultAuth.kind;
  }

  /** What the client knows of rate limits now: buckets, global limiters, development limits, invalid requests. */
  get rateLimits(): RateLimitSnapshot {
    return this.#limits.snapshot();
  }

  /**
   * Sends operation `name` and resolves to its answer (snake_case, as on the wire). Rejects with
   * `ValidationError`/`TokenKindError` (nothing sent), `ApiError`, `RateLimitError`, `NetworkError`,
   * `TimeoutError`, or the signal's reason when aborted.
   */
  call<N extends keyof T & string>(
    name: N,
    ...args: CallArgsParam<CallArgs<T[N]>>
  ): Promise<CallResult<T[N]>> {
    return this.#run(name, (args[0] ?? {}) as LooseCallArgs) as Promise<CallResult<T[N]>>;
  }

  /** Closes the transport the client created (a transport passed in is left to its owner). */
  async close(): Promise<void> {
    if (this.#ownsTransport) await this.#transport.close?.();
  }

  /**
   * One call, start to end, in a single async function: preparing it and every attempt. (A separate
   * async function per stage costs a promise and a resumption per call.)
   */
  async #run(name: string, args: LooseCallArgs): Promise<unknown> {
    const auth = args.auth ?? this.#auth;
    try {
      const route = Object.hasOwn(this.routes, name) ? this.routes[name] : undefined;
      if (!route) throw new LobbykitError(`Unknown operation "${name}"`, { code: 'UNKNOWN_OPERATION' });
      const signal = args.signal;
      throwIfAborted(signal);
      const maybe = prepareRequest(route, args, auth, this.#prepareConfig);
      const p = maybe instanceof Promise ? await maybe : maybe;
      const timeoutMs = args.timeoutMs ?? this.options.timeoutMs;
      const ctx = p.ctx;
      const canRepeat = route.idempotent && p.repeatable;
      // The same for every attempt: built once per call.
      const rateRequest: RateRequest = {
        routeKey: p.routeKey,
        where: p.where,
        developmentBucket: route.rateLimit,
        authKey: p.authKey,
        signal,
        beforeWait: (notice) => this.#beforeWait(p, notice),
      };
      let attempt = 0;
      let retries = 0;
      let rateRetries = 0;
      for (;;) {
        throwIfAborted(signal);
        const granted = this.#limits.acquire(rateRequest);
        const permit = granted instanceof Promise ? await granted : granted;
        attempt++;
        if (this.listenerCount('request') > 0) this.emit('request', { ...ctx, attempt });
        // Read the clock only for someone listening: it is on every request's path.
        const started = this.listenerCount('response') > 0 ? this.#clock.now() : 0;

        let answer: Answer;
        try {
          answer = await sendAttempt(
            this.#transport,
            this.#deadlines,
            this.#limits,
            p,
            permit,
            signal,
            timeoutMs,
          );
        } catch (error) {
          if (!(error instanceof AttemptFailure)) throw error;
          if (canRepeat && retries < this.options.maxRetries) {
            await this.#retry(p, attempt, retries++, error.kind, undefined, signal);
            continue;
          }
          if (error.kind === 'timeout') throw new TimeoutError({ ...ctx, timeoutMs, attempts: attempt });
          throw new NetworkError({ ...ctx, attempts: attempt, retried: canRepeat }, error.cause);
        }

        const { status, info, raw } = answer;
        if (this.listenerCount('response') > 0) {
          this.emit('response', {
            ...ctx,
            attempt,
            status,
            durationMs: this.#clock.now() - started,
            bucket: info.bucket,
            remaining: info.remaining,
          });
        }

        if (status === 429) {
          const verdict = rateLimitVerdict(info, parseMaybeJson(raw));
          this.#countInvalid(status, verdict.scope);
          this.emit('rateLimited', {
            ...ctx,
            source: 'response',
            scope: verdict.scope,
            global: verdict.global,
            waitMs: verdict.retryAfterMs,
            bucket: info.bucket,
          });
          const giveUp = !p.repeatable
            ? 'the request body is a stream and cannot be sent again'
            : rateRetries >= this.options.max429Retries
              ? `still rate limited after ${rateRetries} retries (max429Retries)`
              : verdict.retryAfterMs > this.options.maxRateLimitWaitMs
                ? `retry_after exceeds maxRateLimitWaitMs (${this.options.maxRateLimitWaitMs} ms)`
                : undefined;
          if (giveUp !== undefined) {
            throw new RateLimitError({
              ...ctx,
              retryAfterMs: verdict.retryAfterMs,
              scope: verdict.scope,
              global: verdict.global,
              bucket: info.bucket,
              kind: 'response',
              reason: giveUp,
            });
          }
          rateRetries++;
          this.emit('retry', {
            ...ctx,
            attempt: attempt + 1,
            delayMs: verdict.retryAfterMs,
            reason: 'rate-limit',
            status,
          });
          await abortableSleep(this.#clock, verdict.retryAfterMs, signal);
          continue;
        }

        if (status === 401 || status === 403) this.#countInvalid(status, undefined);
        if (status >= 500 && canRepeat && retries < this.options.maxRetries) {
          await this.#retry(p, attempt, retries++, 'server-error', status, signal);
          continue;
        }
        if (status >= 300 || status < 200) {
          throw new ApiError({ ...ctx, status, body: parseMaybeJson(raw) });
        }
        try {
          return readAnswer(
            route,
            status,
            raw,
            this.options.validateResponses,
            this.#prepareConfig.extras.csv,
          );
        } catch (error) {
          if (!(error instanceof UnreadableAnswer)) throw error;
          // A body lost or cut off on the way is a lost answer: repeated where that is safe, like
          // any other; a readable answer of the wrong shape would only be read again.
          if (error.transient && canRepeat && retries < this.options.maxRetries) {
            await this.#retry(p, attempt, retries++, 'invalid-response', status, signal);
            continue;
          }
          throw new InvalidResponseError(
            { ...ctx, status, reason: error.reason, issues: error.issues, attempts: attempt },
            error.cause,
          );
        }
      }
    } catch (error) {
      throw redactError(error, [tokenOf(auth).token, tokenOf(this.#auth).token]);
    }
  }

  async #retry(
    p: PreparedRequest,
    attempt: number,
    retry: number,
    reason: RetryEvent['reason'],
    status: number | undefined,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    const delayMs = backoffDelay(retry, this.options.retryBaseMs, this.options.retryMaxMs, this.#random);
    this.emit('retry', { ...p.ctx, attempt: attempt + 1, delayMs, reason, status });
    await abortableSleep(this.#clock, delayMs, signal);
  }

  #beforeWait(p: PreparedRequest, notice: WaitNotice): void {
    const scope = scopeOfWait[notice.reason];
    if (notice.waitMs > this.options.maxRateLimitWaitMs) {
      throw new RateLimitError({
        ...p.ctx,
        retryAfterMs: notice.waitMs,
        scope,
        global: notice.reason === 'global',
        bucket: notice.bucket,
        kind: 'preemptive',
        reason: `the ${notice.reason} limit would hold it longer than maxRateLimitWaitMs (${this.options.maxRateLimitWaitMs} ms)`,
      });
    }
    if (notice.waitMs > 0) {
      this.emit('rateLimited', {
        ...p.ctx,
        source: notice.reason,
        scope,
        global: notice.reason === 'global',
        waitMs: notice.waitMs,
        bucket: notice.bucket,
      });
    }
  }

  #countInvalid(status: number, scope: string | undefined): void {
    const record = this.#limits.recordInvalid(status, scope);
    if (record?.warn) {
      const t = this.#limits.invalid;
      this.emit('invalidRequestWarning', {
        count: record.count,
        limit: t.limit,
        windowMs: t.windowMs,
        slowDownAt: t.slowDownAt,
      });
    }
  }
}
