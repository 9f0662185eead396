/**
 * The base of every error lobbykit throws: a stable `name` and `code`, a token-free message, and a
 * `toJSON()` fit for logs.
 */
import { redactDeep, redactText, sanitizeCause } from './redact.js';

/** Marks lobbykit errors across copies of the package (ESM and CJS builds loaded side by side). */
export const lobbykitErrorBrand: unique symbol = Symbol.for('lobbykit.error');

/** Options every lobbykit error accepts. */
export interface LobbykitErrorOptions {
  /** The underlying failure; kept as a sanitised copy (name, code, redacted message and stack). */
  readonly cause?: unknown;
  /** The stable code; subclasses fix their own. */
  readonly code?: string;
}

/** The JSON form of a lobbykit error: never contains a token. */
export interface LobbykitErrorJSON {
  readonly name: string;
  readonly code: string;
  readonly message: string;
  readonly [key: string]: unknown;
}

/**
 * Base class of lobbykit's errors. Catch this to catch anything lobbykit raised on purpose; use the
 * type guards (`isApiError`, …) rather than `instanceof` when two copies of the package may be loaded.
 */
export class LobbykitError extends Error {
  override readonly name: string = 'LobbykitError';
  /** A stable, machine-readable code (`'API_ERROR'`, `'RATE_LIMITED'`, …). */
  readonly code: string;

  constructor(message: string, options: LobbykitErrorOptions = {}) {
    super(
      redactText(message),
      options.cause === undefined ? undefined : { cause: sanitizeCause(options.cause) },
    );
    this.code = options.code ?? 'LOBBYKIT_ERROR';
  }

  /** A plain, token-free object for logs: `name`, `code`, `message` and the subclass's details. */
  toJSON(): LobbykitErrorJSON {
    const json: Record<string, unknown> = { name: this.name, code: this.code, message: this.message };
    Object.assign(json, redactDeep(this.details()));
    const cause = this.cause as { name?: unknown; message?: unknown; code?: unknown } | undefined;
    if (cause && typeof cause === 'object') {
      json.cause = {
        name: cause.name,
        message: typeof cause.message === 'string' ? redactText(cause.message) : undefined,
        ...(cause.code === undefined ? {} : { code: cause.code }),
      };
    }
    return json as LobbykitErrorJSON;
  }

  /** The subclass's fields for {@link LobbykitError.toJSON}. */
  protected details(): Record<string, unknown> {
    return {};
  }
}

Object.defineProperty(LobbykitError.prototype, lobbykitErrorBrand, { value: true });
