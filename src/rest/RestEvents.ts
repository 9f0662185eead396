/** The events of a {@link RestClient} (eventemitter3, typed). */
import type { RateLimitScope } from './errors/RateLimitError.js';
import type { RequestContext } from './errors/requestContext.js';

/** An attempt is about to be sent. */
export interface RequestEvent extends RequestContext {
  /** 1 for the first attempt, 2 for the first retry, … */
  readonly attempt: number;
}

/** An attempt got an answer (any status). */
export interface ResponseEvent extends RequestContext {
  readonly attempt: number;
  readonly status: number;
  /** From sending to the end of the answer's body. */
  readonly durationMs: number;
  /** `X-RateLimit-Bucket`, when sent. */
  readonly bucket: string | undefined;
  /** `X-RateLimit-Remaining`, when sent. */
  readonly remaining: number | undefined;
}

/** A request waits on a rate limit, or the platform answered 429. */
export interface RateLimitedEvent extends RequestContext {
  /** `response`: a 429 arrived; otherwise the limit the client waits on before sending. */
  readonly source: 'response' | 'bucket' | 'global' | 'development' | 'invalid-requests';
  readonly scope: RateLimitScope;
  readonly global: boolean;
  /** How long the request waits, in milliseconds (0: until answers in flight come back). */
  readonly waitMs: number;
  /** Bucket id or development bucket, when known. */
  readonly bucket: string | undefined;
}

/** An attempt failed and the request will be sent again after `delayMs`. */
export interface RetryEvent extends RequestContext {
  /** The number of the attempt that will be made. */
  readonly attempt: number;
  readonly delayMs: number;
  readonly reason: 'network' | 'timeout' | 'server-error' | 'invalid-response' | 'rate-limit';
  /** The status that caused it, for answers. */
  readonly status: number | undefined;
}

/** The count of invalid requests (401, 403, 429) in the last 10 minutes crossed a warning threshold. */
export interface InvalidRequestWarningEvent {
  readonly count: number;
  /** The platform's limit (10,000). */
  readonly limit: number;
  readonly windowMs: number;
  /** The count from which the client spreads requests out. */
  readonly slowDownAt: number;
}

/** The client's event map. */
export interface RestEvents {
  request: (event: RequestEvent) => void;
  response: (event: ResponseEvent) => void;
  rateLimited: (event: RateLimitedEvent) => void;
  retry: (event: RetryEvent) => void;
  invalidRequestWarning: (event: InvalidRequestWarningEvent) => void;
}
