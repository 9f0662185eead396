/**
 * The platform's rate limits, by the emulator's clock: the development table per application (per
 * 2 hours by default) for lobby routes, a generous per-route bucket for every other route (so that
 * the headers are always there), and the global limit of 50 requests per second per token.
 *
 * Every answer to an authenticated request carries `X-RateLimit-Limit`, `-Remaining`, `-Reset`
 * (epoch seconds, 3 decimals), `-Reset-After` (seconds, 3 decimals) and `-Bucket` (a stable opaque
 * id per bucket). A refused request is a 429 with `Retry-After` (whole seconds, rounded up),
 * `X-RateLimit-Scope` (`user` or `global`), `X-RateLimit-Global: true` when global, and the body
 * `{message: 'You are being rate limited.', retry_after, global}`.
 *
 * With limits `off` nothing is counted and no rate-limit header is sent: a platform client reads a
 * route whose answers carry none as a route without a per-route limit (lobbykit's client stops
 * tracking a bucket for it; @discordjs/rest takes its limit as infinite). Headers showing a full
 * bucket would still be a limit to a careful client, which never sends more than `Remaining` at
 * once and waits for `Reset-After` once they are out (the development table's 20 per 2 hours).
 */
import { createHash } from 'node:crypto';
import { type DevelopmentBucket, developmentRateLimits, limits } from '../../spec/limits.js';
import type { RouteDef } from '../../spec/route.js';

/** A rate-limit configuration; every field is optional and falls back to the specification's figures. */
export interface RateLimitTable {
  /** Requests per window per application, per development bucket. @defaultValue `developmentRateLimits` */
  readonly development?: Partial<Record<DevelopmentBucket, number>>;
  /** The development window. @defaultValue 2 hours */
  readonly developmentWindowMs?: number;
  /** Requests per second per token across all routes. @defaultValue 50 */
  readonly globalPerSecond?: number;
  /** The bucket of routes without a development bucket, per token and top-level resource. @defaultValue 1000 per 60 s */
  readonly perRoute?: { readonly limit: number; readonly windowMs: number };
}

/** Which rate limits apply: the specification's (`development`), none (`off`) or a custom table. */
export type RateLimitSetting = 'development' | 'off' | RateLimitTable;

/** The 429 body, exactly as the platform sends it. */
export interface RateLimitedBody {
  message: 'You are being rate limited.';
  /** Seconds (float). */
  retry_after: number;
  global: boolean;
  code?: number;
}

/** The outcome of {@link RateLimiter.take}. */
export interface RateLimitDecision {
  /** Headers for the answer, refused or not. */
  readonly headers: Record<string, string>;
  /** Present when the request is refused. */
  readonly limited?: { readonly body: RateLimitedBody };
}

interface Window {
  count: number;
  resetAt: number;
}

/** Who a request counts against: the application for development buckets, the token otherwise. */
export interface RateLimitSubject {
  /** The application (development buckets are per application). */
  readonly applicationId: string | null;
  /** A stable identity of the token (never the token itself) or of the client address. */
  readonly identity: string;
}

/** Bucket ids by bucket name: a name's id never changes, and hashing on every request is not free. */
const bucketIds = new Map<string, string>();

/** The stable opaque bucket id of a bucket name. */
export function bucketId(name: string): string {
  let id = bucketIds.get(name);
  if (id === undefined) {
    id = createHash('sha256').update(`lobbykit-emulator:${name}`).digest('hex').slice(0, 32);
    bucketIds.set(name, id);
  }
  return id;
}

/** The headers of every answer with limits off: none. */
const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({});

const secs = (ms: number): string => (ms / 1000).toFixed(3);

/** Counts requests in fixed windows and decides. */
export class RateLimiter {
  readonly #enabled: boolean;
  readonly #development: Readonly<Record<DevelopmentBucket, number>>;
  readonly #developmentWindowMs: number;
  readonly #globalPerSecond: number;
  readonly #perRoute: { readonly limit: number; readonly windowMs: number };
  readonly #windows = new Map<string, Window>();
  #takes = 0;

  constructor(setting: RateLimitSetting = 'development') {
    const table: RateLimitTable = typeof setting === 'object' ? setting : {};
    this.#enabled = setting !== 'off';
    this.#development = { ...developmentRateLimits, ...table.development };
    this.#developmentWindowMs = table.developmentWindowMs ?? limits.rateLimits.developmentWindowMs;
    this.#globalPerSecond = table.globalPerSecond ?? limits.rateLimits.globalPerSecond;
    this.#perRoute = table.perRoute ?? { limit: 1000, windowMs: 60_000 };
  }

  /** False with limits `off`: {@link RateLimiter.take} counts nothing and sends no header. */
  get enabled(): boolean {
    return this.#enabled;
  }

  /**
   * Counts one request to `route` with `params` by `subject` at `now` and decides. With limits off,
   * nothing is counted and there are no headers.
   */
  take(
    route: RouteDef,
    params: Readonly<Record<string, string>>,
    subject: RateLimitSubject,
    now: number,
  ): RateLimitDecision {
    if (!this.#enabled) return { headers: NO_HEADERS };
    const bucket = this.#bucketOf(route, params, subject);
    const headers = (remaining: number, resetAt: number): Record<string, string> => ({
      'X-RateLimit-Limit': String(bucket.limit),
      'X-RateLimit-Remaining': String(Math.max(0, remaining)),
      'X-RateLimit-Reset': secs(resetAt),
      'X-RateLimit-Reset-After': secs(Math.max(0, resetAt - now)),
      'X-RateLimit-Bucket': bucket.id,
    });
    if (++this.#takes % 1000 === 0) this.#sweep(now);

    const global = this.#window(`global:${subject.identity}`, 1000, now);
    global.count += 1;
    const routeWindow = this.#window(bucket.key, bucket.windowMs, now);
    if (global.count > this.#globalPerSecond) {
      const retry = global.resetAt - now;
      return {
        headers: {
          ...headers(bucket.limit - routeWindow.count, routeWindow.resetAt),
          'Retry-After': String(Math.ceil(retry / 1000)),
          'X-RateLimit-Global': 'true',
          'X-RateLimit-Scope': 'global',
        },
        limited: {
          body: { message: 'You are being rate limited.', retry_after: Number(secs(retry)), global: true },
        },
      };
    }
    if (routeWindow.count >= bucket.limit) {
      const retry = routeWindow.resetAt - now;
      return {
        headers: {
          ...headers(0, routeWindow.resetAt),
          'Retry-After': String(Math.ceil(retry / 1000)),
          'X-RateLimit-Scope': 'user',
        },
        limited: {
          body: { message: 'You are being rate limited.', retry_after: Number(secs(retry)), global: false },
        },
      };
    }
    routeWindow.count += 1;
    return { headers: headers(bucket.limit - routeWindow.count, routeWindow.resetAt) };
  }

  /** Forgets every window (the control API's reset). */
  reset(): void {
    this.#windows.clear();
  }

  #bucketOf(
    route: RouteDef,
    params: Readonly<Record<string, string>>,
    subject: RateLimitSubject,
  ): { key: string; id: string; limit: number; windowMs: number } {
    if (route.rateLimit !== undefined) {
      return {
        key: `dev:${route.rateLimit}:${subject.applicationId ?? subject.identity}`,
        id: bucketId(`dev:${route.rateLimit}`),
        limit: this.#development[route.rateLimit],
        windowMs: this.#developmentWindowMs,
      };
    }
    // Buckets split per top-level resource: only channel and guild ids count (paths.md).
    const major = params.guild_id ?? params.channel_id ?? '';
    return {
      key: `route:${route.name}:${subject.identity}:${major}`,
      id: bucketId(`route:${route.name}`),
      limit: this.#perRoute.limit,
      windowMs: this.#perRoute.windowMs,
    };
  }

  /** Drops finished windows so that many one-off tokens do not grow the map for ever. */
  #sweep(now: number): void {
    for (const [key, window] of this.#windows) if (now >= window.resetAt) this.#windows.delete(key);
  }

  #window(key: string, windowMs: number, now: number): Window {
    let window = this.#windows.get(key);
    if (!window || now >= window.resetAt) {
      window = { count: 0, resetAt: now + windowMs };
      this.#windows.set(key, window);
    }
    return window;
  }
}
