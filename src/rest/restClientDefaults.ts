/**
 * The options of a {@link RestClient} and their defaults, in one object.
 */
import type { Clock } from '../clock.js';
import type { AuthOption, RouteTable } from './callTypes.js';
import type { DevelopmentTable } from './ratelimit/DevelopmentLimiter.js';
import type { InvalidRequestThresholds } from './ratelimit/InvalidRequestTracker.js';
import type { RateLimitStoreFactory } from './ratelimit/RateLimitStore.js';
import type { Transport } from './transport/Transport.js';
import type { RandomSource } from './util/backoff.js';

/** Options of a {@link RestClient}. Every one is optional; see {@link restClientDefaults}. */
export interface RestClientOptions {
  /** The API base, version included, without a trailing slash. */
  readonly baseUrl?: string;
  /** The token calls carry unless a call passes its own `auth`. */
  readonly auth?: AuthOption;
  /** How requests go on the wire (undici under Node, fetch elsewhere by default). */
  readonly transport?: Transport;
  /** Time source for every wait and timeout. */
  readonly clock?: Clock;
  /** Random source for retry jitter and multipart boundaries. */
  readonly random?: RandomSource;
  /** Check params, query and body against the route's schemas before sending. */
  readonly validate?: boolean;
  /** Parse success answers with the route's response schema (and return its output). */
  readonly validateResponses?: boolean;
  /** Retries after a network failure, a timeout or a 5xx, for operations safe to repeat. */
  readonly maxRetries?: number;
  /** Backoff base: the n-th retry waits between half and all of `retryBaseMs · 2ⁿ`. */
  readonly retryBaseMs?: number;
  /** Backoff ceiling. */
  readonly retryMaxMs?: number;
  /** Per-attempt timeout, from sending to the end of the answer's body (0: none). */
  readonly timeoutMs?: number;
  /** 429 answers retried per call before giving up with `RateLimitError`. */
  readonly max429Retries?: number;
  /** The longest single rate-limit wait accepted; a longer one throws `RateLimitError` at once. */
  readonly maxRateLimitWaitMs?: number;
  /** Requests per second per token (the platform's global limit); `Infinity` turns it off. */
  readonly globalPerSecond?: number;
  /**
   * The development rate-limit table (requests per 2 hours per development bucket), or false. With a
   * table, requests the platform would refuse are queued instead (up to `maxRateLimitWaitMs`).
   */
  readonly developmentRateLimits?: false | DevelopmentTable;
  /** Thresholds of the invalid-request brake (warning interval, slow-down and stop counts). */
  readonly invalidRequests?: InvalidRequestThresholds;
  /**
   * Where the client keeps its rate limits, made from the client's settings: by default in memory,
   * for this client alone; `lobbykit/redis`'s `RedisRateLimitStore` shares them across a fleet of
   * processes using one token.
   */
  readonly rateLimitStore?: RateLimitStoreFactory;
  /** The `User-Agent` header (browsers ignore it). */
  readonly userAgent?: string;
  /** Extra headers on every request. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** Options of a {@link RouteClient}: those of a {@link RestClient} plus the route table. */
export interface RouteClientOptions<T extends RouteTable> extends RestClientOptions {
  /** The route table calls are typed and sent by. */
  readonly routes: T;
}

/** The default of every {@link RestClientOptions} field that has one. */
export const restClientDefaults = {
  /** @defaultValue `'https://discord.com/api/v10'` */
  baseUrl: 'https://discord.com/api/v10',
  /** @defaultValue `true` */
  validate: true,
  /** @defaultValue `false` */
  validateResponses: false,
  /** @defaultValue `3` */
  maxRetries: 3,
  /** @defaultValue `500` */
  retryBaseMs: 500,
  /** @defaultValue `10_000` */
  retryMaxMs: 10_000,
  /** @defaultValue `15_000` */
  timeoutMs: 15_000,
  /** @defaultValue `3` */
  max429Retries: 3,
  /** @defaultValue `60_000` */
  maxRateLimitWaitMs: 60_000,
  /** @defaultValue `50` (paths.md: "Global limit: 50 requests per second per bot") */
  globalPerSecond: 50,
  /** @defaultValue `false` */
  developmentRateLimits: false,
  /** @defaultValue `'DiscordBot (https://github.com/lobbykit/lobbykit, 0.1.0) lobbykit'` */
  userAgent: 'DiscordBot (https://github.com/lobbykit/lobbykit, 0.1.0) lobbykit',
} as const satisfies Partial<Record<keyof RestClientOptions, unknown>>;
