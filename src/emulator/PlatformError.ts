/**
 * The one error type the emulator throws to answer a request with a 4xx: a status and the platform's
 * `{code, message, errors?}` envelope. Handlers, the world store and the pipeline all throw it; the
 * server turns it into the response. Anything else thrown is a bug and becomes a 500.
 */
import { ErrorCode, type ErrorCodeValue, type ErrorEnvelope, type FieldErrorTree } from '../spec/codes.js';
import { errorMessages } from '../spec/errorMessages.js';

/** A 4xx answer in the platform's envelope. Throw it from a handler; the server sends it. */
export class PlatformError extends Error {
  override readonly name = 'PlatformError';
  /** HTTP status of the answer. */
  readonly status: number;
  /** The envelope: the answer's body unless {@link PlatformError.answer} says otherwise. */
  readonly envelope: ErrorEnvelope;
  /** The JSON body sent: the envelope, or the body of an answer that has another shape. */
  readonly answer: unknown;

  constructor(status: number, code: number, message?: string, errors?: FieldErrorTree) {
    const text = message ?? errorMessages[code as ErrorCodeValue] ?? 'General error';
    super(text);
    this.status = status;
    this.envelope = errors === undefined ? { code, message: text } : { code, message: text, errors };
    this.answer = this.envelope;
  }

  /**
   * An error answered with a body that is not the envelope, where the platform documents one (Update
   * Target Users' bad lines: `{target_users_file: ["line 3: …"]}`). `envelope` keeps `code` and
   * `message` for logs and for callers that merge errors.
   */
  static withBody(status: number, code: number, message: string, body: unknown): PlatformError {
    const error = new PlatformError(status, code, message);
    (error as { answer: unknown }).answer = body;
    return error;
  }

  /** 404 with an "Unknown …" code (10003 channel, 10004 guild, 10031 lobby, …). */
  static unknown(code: ErrorCodeValue): PlatformError {
    return new PlatformError(404, code);
  }

  /** 403 code 50013 Missing Permissions. */
  static missingPermissions(): PlatformError {
    return new PlatformError(403, ErrorCode.MISSING_PERMISSIONS);
  }

  /** 403 code 50001 Missing Access: wrong token kind, missing scope or intent, not a member. */
  static missingAccess(): PlatformError {
    return new PlatformError(403, ErrorCode.MISSING_ACCESS);
  }

  /** 401 `{message: '401: Unauthorized', code: 0}`. */
  static unauthorized(): PlatformError {
    return new PlatformError(401, 0, '401: Unauthorized');
  }

  /** 400 code 50035 Invalid Form Body with a nested `errors` tree. */
  static invalidForm(errors: FieldErrorTree): PlatformError {
    return new PlatformError(400, ErrorCode.INVALID_FORM_BODY, 'Invalid Form Body', errors);
  }

  /**
   * 400 code 50035 naming one field: `field(['members', 3, 'id'], 'BASE_TYPE_REQUIRED', 'This field is required')`.
   * Use it for rules the route's schema cannot see (context-dependent limits).
   */
  static field(path: ReadonlyArray<string | number>, code: string, message: string): PlatformError {
    return PlatformError.invalidForm(fieldErrorTree([{ path, code, message }]));
  }

  /** 400 with a plain code and message (no field tree), e.g. code 0 for a rule with no field. */
  static badRequest(message: string, code = 0): PlatformError {
    return new PlatformError(400, code, message);
  }
}

/** One field error: where, and the platform's string code and message. */
export interface FieldError {
  readonly path: ReadonlyArray<string | number | symbol>;
  readonly code: string;
  readonly message: string;
}

/**
 * Builds the nested `errors` object of a 50035 answer: `{members: {'3': {id: {_errors: [...]}}}}`.
 * Objects have a null prototype because keys come from client input (a field named `__proto__`
 * must stay a key, never reach a prototype).
 */
export function fieldErrorTree(errors: readonly FieldError[]): FieldErrorTree {
  const root = Object.create(null) as FieldErrorTree;
  for (const error of errors) {
    let node = root;
    for (const segment of error.path) {
      const key = typeof segment === 'symbol' ? String(segment.description ?? '') : String(segment);
      let next = node[key];
      if (next === undefined || Array.isArray(next)) {
        next = Object.create(null) as FieldErrorTree;
        node[key] = next;
      }
      node = next as FieldErrorTree;
    }
    node._errors ??= [];
    node._errors.push({ code: error.code, message: error.message });
  }
  return root;
}
