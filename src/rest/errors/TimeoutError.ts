/**
 * An attempt took longer than `timeoutMs` (from sending to the end of the answer's body), and the
 * operation was not safe to repeat or its retries ran out.
 */
import { LobbykitError } from './LobbykitError.js';
import { contextDetails, describeRequest, type RequestContext } from './requestContext.js';

/** Fields of a {@link TimeoutError}. */
export interface TimeoutErrorInit extends RequestContext {
  /** The per-attempt limit that was exceeded. */
  readonly timeoutMs: number;
  /** How many attempts were made. */
  readonly attempts: number;
}

/** An attempt timed out. */
export class TimeoutError extends LobbykitError implements RequestContext {
  override readonly name: string = 'TimeoutError';
  override readonly code: string = 'TIMEOUT';
  readonly timeoutMs: number;
  readonly attempts: number;
  readonly operation: string;
  readonly method: string;
  readonly route: string;
  readonly path: string;

  constructor(init: TimeoutErrorInit) {
    const tries = init.attempts > 1 ? ` (${init.attempts} attempts)` : '';
    super(`${describeRequest(init)} timed out after ${init.timeoutMs} ms${tries}`);
    this.timeoutMs = init.timeoutMs;
    this.attempts = init.attempts;
    this.operation = init.operation;
    this.method = init.method;
    this.route = init.route;
    this.path = init.path;
  }

  protected override details(): Record<string, unknown> {
    return { ...contextDetails(this), timeoutMs: this.timeoutMs, attempts: this.attempts };
  }
}
