/**
 * Reads the platform's rate-limit headers (paths.md, "Rate-limit protocol") and, for a 429, its body.
 */
import type { TransportHeaders } from '../transport/Transport.js';

/** The platform's 429 scopes. */
export type PlatformRateLimitScope = 'user' | 'global' | 'shared';

/** What one answer says about rate limits. Absent headers stay undefined. */
export interface RateLimitInfo {
  /** `X-RateLimit-Bucket`: an opaque id shared by the routes of one limit. */
  readonly bucket: string | undefined;
  /** `X-RateLimit-Limit`. */
  readonly limit: number | undefined;
  /** `X-RateLimit-Remaining`. */
  readonly remaining: number | undefined;
  /** `X-RateLimit-Reset-After`, in milliseconds. */
  readonly resetAfterMs: number | undefined;
  /** `X-RateLimit-Reset` as sent (epoch seconds): identifies the window. */
  readonly reset: string | undefined;
  /** `X-RateLimit-Global: true`. */
  readonly global: boolean;
  /** `X-RateLimit-Scope`. */
  readonly scope: PlatformRateLimitScope | undefined;
  /** `Retry-After`, in milliseconds (429 only). */
  readonly retryAfterMs: number | undefined;
}

function num(value: string | null): number | undefined {
  if (value === null || value === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/** Parses the rate-limit headers of an answer. */
export function parseRateLimitHeaders(headers: TransportHeaders): RateLimitInfo {
  const resetAfter = num(headers.get('x-ratelimit-reset-after'));
  const retryAfter = num(headers.get('retry-after'));
  const scope = headers.get('x-ratelimit-scope');
  return {
    bucket: headers.get('x-ratelimit-bucket') ?? undefined,
    limit: num(headers.get('x-ratelimit-limit')),
    remaining: num(headers.get('x-ratelimit-remaining')),
    resetAfterMs: resetAfter === undefined ? undefined : resetAfter * 1000,
    reset: headers.get('x-ratelimit-reset') ?? undefined,
    global: headers.get('x-ratelimit-global')?.toLowerCase() === 'true',
    scope: scope === 'user' || scope === 'global' || scope === 'shared' ? scope : undefined,
    retryAfterMs: retryAfter === undefined ? undefined : retryAfter * 1000,
  };
}

/** What a 429 means once headers and body are both read. */
export interface RateLimitVerdict {
  /** How long to wait before trying again, in milliseconds. */
  readonly retryAfterMs: number;
  readonly global: boolean;
  readonly scope: PlatformRateLimitScope;
}

/**
 * Combines a 429's headers and body (`{message, retry_after, global, code?}`): the body's float
 * `retry_after` wins over the header's `Retry-After`, which wins over `Reset-After`; without any,
 * one second. Global when the header or the body says so.
 */
export function rateLimitVerdict(info: RateLimitInfo, body: unknown): RateLimitVerdict {
  const b = (typeof body === 'object' && body !== null ? body : {}) as {
    retry_after?: unknown;
    global?: unknown;
  };
  const bodyRetry =
    typeof b.retry_after === 'number' && Number.isFinite(b.retry_after) ? b.retry_after * 1000 : undefined;
  const retryAfterMs = Math.max(0, bodyRetry ?? info.retryAfterMs ?? info.resetAfterMs ?? 1000);
  const global = info.global || b.global === true || info.scope === 'global';
  const scope: PlatformRateLimitScope = global ? 'global' : (info.scope ?? 'user');
  return { retryAfterMs, global, scope };
}
