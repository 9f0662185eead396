/**
 * The platform answered with a success status, but the answer cannot be read as the operation's
 * result: the body is empty, cut off or not JSON where JSON was due, or (with `validateResponses`)
 * it does not match the response schema. The request itself may well have been applied: a caller that
 * keeps state (the Lobby handle) treats this like a lost answer, never like a refusal.
 */
import type { ValidationIssue } from './ValidationError.js';
import { describeRequest, type RequestContext } from './requestContext.js';
import { RequestError } from './RequestError.js';

/** Why the answer could not be read. */
export type InvalidResponseReason = 'empty' | 'not-json' | 'schema';

/** Fields of an {@link InvalidResponseError}. */
export interface InvalidResponseErrorInit extends RequestContext {
  /** The answer's (success) status. */
  readonly status: number;
  readonly reason: InvalidResponseReason;
  /** How many attempts were made (more than one when the operation was safe to repeat). */
  readonly attempts: number;
  /** With reason `schema`: every field of the answer that did not match, under `response`. */
  readonly issues?: readonly ValidationIssue[];
}

const describeReason: Record<InvalidResponseReason, string> = {
  empty: 'an empty body where JSON was due',
  'not-json': 'a body that is not JSON (cut off, or another format)',
  schema: 'JSON that does not match the response schema',
};

/** A success answer that cannot be read; the request may have been applied. */
export class InvalidResponseError extends RequestError {
  override readonly name: string = 'InvalidResponseError';
  override readonly code: string = 'INVALID_RESPONSE';
  readonly status: number;
  readonly reason: InvalidResponseReason;
  readonly attempts: number;
  /** The fields that did not match (reason `schema`), else empty. */
  readonly issues: readonly ValidationIssue[];

  constructor(init: InvalidResponseErrorInit, cause?: unknown) {
    const issues = init.issues ?? [];
    const fields = issues.length > 0 ? `: ${issues.map((i) => `${i.field}: ${i.message}`).join('; ')}` : '';
    const tries = init.attempts > 1 ? ` (${init.attempts} attempts)` : '';
    super(
      `${describeRequest(init)} answered ${init.status} with ${describeReason[init.reason]}${fields}${tries}; the platform may have applied the request`,
      init,
      cause === undefined ? {} : { cause },
    );
    this.status = init.status;
    this.reason = init.reason;
    this.attempts = init.attempts;
    this.issues = issues;
  }

  protected override details(): Record<string, unknown> {
    return {
      ...super.details(),
      status: this.status,
      reason: this.reason,
      attempts: this.attempts,
      ...(this.issues.length > 0 ? { issues: this.issues } : {}),
    };
  }
}
