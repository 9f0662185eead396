/** Builds the RateLimitInfo an answer's headers would give, for unit tests of the bucket math. */
import type { RateLimitInfo } from '../../../src/rest/ratelimit/parseRateLimitHeaders.js';

export function info(fields: Partial<RateLimitInfo> = {}): RateLimitInfo {
  return {
    bucket: undefined,
    limit: undefined,
    remaining: undefined,
    resetAfterMs: undefined,
    reset: undefined,
    global: false,
    scope: undefined,
    retryAfterMs: undefined,
    ...fields,
  };
}

/** Headers of a bucket `hash` with `limit`, `remaining`, resetting after `resetAfterMs` (window id `reset`). */
export function bucketInfo(
  hash: string,
  limit: number,
  remaining: number,
  resetAfterMs: number,
  reset = 'w1',
): RateLimitInfo {
  return info({ bucket: hash, limit, remaining, resetAfterMs, reset });
}
