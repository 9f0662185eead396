/**
 * The request got no HTTP answer (connection refused or reset, DNS failure, a body that broke off),
 * after the retries allowed for the operation. `cause` holds a sanitised copy of the last failure.
 */
import { describeRequest, type RequestContext } from './requestContext.js';
import { RequestError } from './RequestError.js';

/** Fields of a {@link NetworkError}. */
export interface NetworkErrorInit extends RequestContext {
  /** How many attempts were made. */
  readonly attempts: number;
  /** Whether the operation was safe to repeat (and so was retried). */
  readonly retried: boolean;
}

/** No HTTP answer arrived. */
export class NetworkError extends RequestError {
  override readonly name: string = 'NetworkError';
  override readonly code: string = 'NETWORK_ERROR';
  readonly attempts: number;

  constructor(init: NetworkErrorInit, cause?: unknown) {
    const c = cause as
      | { message?: unknown; code?: unknown; cause?: { code?: unknown; message?: unknown } }
      | undefined;
    const inner = c?.cause?.code ?? c?.code;
    const text = typeof c?.message === 'string' ? c.message : 'connection failed';
    const detail = inner === undefined ? text : `${text} (${String(inner)})`;
    const tries =
      init.attempts > 1
        ? ` after ${init.attempts} attempts`
        : init.retried
          ? ''
          : ' (not repeated: not safe to repeat)';
    super(`${describeRequest(init)} failed without an answer${tries}: ${detail}`, init, { cause });
    this.attempts = init.attempts;
  }

  protected override details(): Record<string, unknown> {
    return { ...super.details(), attempts: this.attempts };
  }
}
