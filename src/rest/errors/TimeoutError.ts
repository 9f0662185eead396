/**
 * An attempt took longer than `timeoutMs` (from sending to the end of the answer's body), and the
 * operation was not safe to repeat or its retries ran out.
 */
import { describeRequest, type RequestContext } from './requestContext.js';
import { RequestError } from './RequestError.js';

/** Fields of a {@link TimeoutError}. */
export interface TimeoutErrorInit extends RequestContext {
  /** The per-attempt limit that was exceeded. */
  readonly timeoutMs: number;
  /** How many attempts were made. */
  readonly attempts: number;
}

/** An attempt timed out. */
export class TimeoutError extends RequestError {
  override readonly name: string = 'TimeoutError';
  override readonly code: string = 'TIMEOUT';
  readonly timeoutMs: number;
  readonly attempts: number;

  constructor(init: TimeoutErrorInit) {
    const tries = init.attempts > 1 ? ` (${init.attempts} attempts)` : '';
    super(`${describeRequest(init)} timed out after ${init.timeoutMs} ms${tries}`, init);
    this.timeoutMs = init.timeoutMs;
    this.attempts = init.attempts;
  }

  protected override details(): Record<string, unknown> {
    return { ...super.details(), timeoutMs: this.timeoutMs, attempts: this.attempts };
  }
}
