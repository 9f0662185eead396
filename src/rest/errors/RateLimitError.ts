/**
 * A rate limit would make the caller wait longer than allowed (`maxRateLimitWaitMs`), or 429 answers
 * kept coming past `max429Retries`, or a request whose body cannot be sent twice met a 429.
 */
import type { LobbykitErrorOptions } from './LobbykitError.js';
import { describeRequest, type RequestContext } from './requestContext.js';
import { RequestError } from './RequestError.js';

/** Which limit: the platform's scopes, or one the client enforces before sending. */
export type RateLimitScope = 'user' | 'global' | 'shared' | 'development' | 'invalid-requests';

/** Fields of a {@link RateLimitError}. */
export interface RateLimitErrorInit extends RequestContext {
  /** How long the limit still holds, in milliseconds. */
  readonly retryAfterMs: number;
  readonly scope: RateLimitScope;
  /** Whether the platform said the limit is global (`X-RateLimit-Global`). */
  readonly global: boolean;
  /** The bucket id (`X-RateLimit-Bucket`) or the development bucket's name, when known. */
  readonly bucket?: string | undefined;
  /** `response`: the platform answered 429; `preemptive`: the client did not send, knowing it would be. */
  readonly kind: 'response' | 'preemptive';
  /** Why the client gave up. */
  readonly reason: string;
}

/** The client gave up on a rate limit instead of waiting. */
export class RateLimitError extends RequestError {
  override readonly name: string = 'RateLimitError';
  override readonly code: string = 'RATE_LIMITED';
  readonly retryAfterMs: number;
  readonly scope: RateLimitScope;
  readonly global: boolean;
  readonly bucket: string | undefined;
  readonly kind: 'response' | 'preemptive';
  readonly reason: string;

  constructor(init: RateLimitErrorInit, options: LobbykitErrorOptions = {}) {
    const what = init.kind === 'response' ? 'was rate limited' : 'would be rate limited';
    super(
      `${describeRequest(init)} ${what} (${init.scope}${init.bucket ? `, bucket ${init.bucket}` : ''}; ` +
        `retry after ${Math.ceil(init.retryAfterMs)} ms): ${init.reason}`,
      init,
      options,
    );
    this.retryAfterMs = init.retryAfterMs;
    this.scope = init.scope;
    this.global = init.global;
    this.bucket = init.bucket;
    this.kind = init.kind;
    this.reason = init.reason;
  }

  protected override details(): Record<string, unknown> {
    return {
      ...super.details(),
      retryAfterMs: this.retryAfterMs,
      scope: this.scope,
      global: this.global,
      bucket: this.bucket,
      kind: this.kind,
      reason: this.reason,
    };
  }
}
