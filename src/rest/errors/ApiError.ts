/**
 * The platform answered with an error status. Carries the status, the platform's code and message,
 * the nested field errors of a 50035 answer flattened to paths, and which request it was (method,
 * route template, path with ids; never a token, never a body).
 */
import type { FieldErrorTree } from '../../spec/codes.js';
import { fieldErrorMap } from './fieldErrorMap.js';
import { formatPath } from './formatPath.js';
import type { LobbykitErrorOptions } from './LobbykitError.js';
import { redactText } from './redact.js';
import { describeRequest, type RequestContext } from './requestContext.js';
import { RequestError } from './RequestError.js';

/** One leaf of the platform's nested `errors`, with its path. */
export interface ApiFieldIssue {
  /** The path as text, e.g. `members[0].metadata`. */
  readonly field: string;
  /** The path's segments. */
  readonly path: readonly (string | number)[];
  /** The platform's string code, e.g. `BASE_TYPE_REQUIRED`. */
  readonly code: string;
  readonly message: string;
}

/** Walks the platform's nested `errors` object down to its `_errors` leaves. */
export function flattenFieldErrors(
  tree: unknown,
  prefix: (string | number)[] = [],
  depth = 0,
): ApiFieldIssue[] {
  if (typeof tree !== 'object' || tree === null || depth > 32) return [];
  const out: ApiFieldIssue[] = [];
  for (const [key, value] of Object.entries(tree as FieldErrorTree)) {
    if (key === '_errors' && Array.isArray(value)) {
      for (const leaf of value as unknown[]) {
        const l = (typeof leaf === 'object' && leaf !== null ? leaf : {}) as {
          code?: unknown;
          message?: unknown;
        };
        out.push({
          field: formatPath(prefix),
          path: [...prefix],
          code: l.code === undefined ? 'UNKNOWN' : String(l.code),
          message: redactText(typeof l.message === 'string' ? l.message : String(l.message ?? 'invalid')),
        });
      }
    } else {
      const segment = /^\d+$/.test(key) ? Number(key) : key;
      out.push(...flattenFieldErrors(value, [...prefix, segment], depth + 1));
    }
  }
  return out;
}

/**
 * The issues of a body that is not the envelope but lists messages per field, as the platform
 * answers Update Target Users' bad lines: `{"target_users_file": ["line 3: …", "line 5: …"]}` (an
 * object whose every value is an array of strings). Each string is one issue of that field, with
 * code `UNKNOWN` (the body carries none). Anything else gives no issues.
 */
export function fieldListIssues(body: unknown): ApiFieldIssue[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [];
  const entries = Object.entries(body as Record<string, unknown>);
  if (entries.length === 0) return [];
  const out: ApiFieldIssue[] = [];
  for (const [field, value] of entries) {
    if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) return [];
    for (const message of value as string[])
      out.push({ field, path: [field], code: 'UNKNOWN', message: redactText(message) });
  }
  return out;
}

/** Options of {@link ApiError}. */
export interface ApiErrorInit extends RequestContext {
  /** The HTTP status. */
  readonly status: number;
  /** The parsed answer body (an error envelope, when the platform sent one), or its text. */
  readonly body: unknown;
}

/** The platform refused the request (any 4xx other than a handled 429, or a 5xx after retries). */
export class ApiError extends RequestError {
  override readonly name: string = 'ApiError';
  override readonly code: string = 'API_ERROR';
  /** The HTTP status. */
  readonly status: number;
  /** The platform's numeric code (`ErrorCode`), or undefined when the answer had no envelope. */
  readonly platformCode: number | undefined;
  /** The platform's message, or the status text when the answer had none. */
  readonly platformMessage: string;
  /**
   * Each field error of the envelope, with its path; for an answer that lists messages per field
   * instead of an envelope (Update Target Users' bad lines), one issue per message.
   */
  readonly issues: readonly ApiFieldIssue[];
  /** The field errors as a map: path → messages (`''` for errors about the whole body). */
  readonly fieldErrors: Readonly<Record<string, readonly string[]>>;

  constructor(init: ApiErrorInit, options: LobbykitErrorOptions = {}) {
    const envelope = (typeof init.body === 'object' && init.body !== null ? init.body : {}) as {
      code?: unknown;
      message?: unknown;
      errors?: unknown;
    };
    const platformCode = typeof envelope.code === 'number' ? envelope.code : undefined;
    const platformMessage = redactText(
      typeof envelope.message === 'string'
        ? envelope.message
        : typeof init.body === 'string' && init.body.length > 0 && init.body.length <= 200
          ? init.body
          : `HTTP ${init.status}`,
    );
    // The envelope's nested errors; or, for a body without a code, its per-field message lists.
    const issues =
      platformCode === undefined && envelope.errors === undefined
        ? fieldListIssues(init.body)
        : flattenFieldErrors(envelope.errors);
    const codeText = platformCode === undefined ? '' : ` (code ${platformCode})`;
    const lines = issues.map((i) => `\n  ${i.field || '(body)'}: ${i.message} [${i.code}]`).join('');
    super(
      `${describeRequest(init)} failed with ${init.status}${codeText}: ${platformMessage}${lines}`,
      init,
      options,
    );
    this.status = init.status;
    this.platformCode = platformCode;
    this.platformMessage = platformMessage;
    this.issues = issues;
    this.fieldErrors = fieldErrorMap(issues);
  }

  protected override details(): Record<string, unknown> {
    return {
      ...super.details(),
      status: this.status,
      platformCode: this.platformCode,
      platformMessage: this.platformMessage,
      fieldErrors: this.fieldErrors,
    };
  }
}
