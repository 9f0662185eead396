/**
 * Client-side validation failed: the request was not sent. Lists every issue with its field path,
 * prefixed by where it was found (`params`, `query`, `body`, `files`, `auth`).
 */
import { fieldErrorMap } from './fieldErrorMap.js';
import { formatPath } from './formatPath.js';
import { LobbykitError, type LobbykitErrorOptions } from './LobbykitError.js';

/** One problem with the input. */
export interface ValidationIssue {
  /** Path of the field, e.g. `['body', 'members', 0, 'id']`. */
  readonly path: readonly (string | number)[];
  /** The same path as text, e.g. `body.members[0].id`. */
  readonly field: string;
  /** A machine-readable code (zod's issue code, e.g. `too_big`). */
  readonly code: string;
  /** What is wrong, for people. */
  readonly message: string;
}

/** The part of a zod issue that {@link ValidationError.fromIssues} reads. */
export interface SchemaIssueLike {
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly code?: string;
}

/** Options of {@link ValidationError}. */
export interface ValidationErrorOptions extends LobbykitErrorOptions {
  /** The operation whose input was checked. */
  readonly operation?: string;
}

function normalizePath(path: readonly PropertyKey[]): (string | number)[] {
  return path.map((p) => (typeof p === 'symbol' ? String(p) : p));
}

/** Input failed the route's schemas (or another client-side check); nothing was sent. */
export class ValidationError extends LobbykitError {
  override readonly name: string = 'ValidationError';
  override readonly code: string = 'VALIDATION_ERROR';
  /** Every problem found, in the order found. */
  readonly issues: readonly ValidationIssue[];
  /** The operation concerned, when known. */
  readonly operation: string | undefined;

  constructor(issues: readonly ValidationIssue[], options: ValidationErrorOptions = {}) {
    const where = options.operation ? ` for ${options.operation}` : '';
    const list = issues.map((i) => (i.field ? `${i.field}: ${i.message}` : i.message)).join('; ');
    super(`Invalid input${where}: ${list || 'unknown problem'}`, options);
    this.issues = issues;
    this.operation = options.operation;
  }

  /** Builds the error from schema (zod) issues, each path prefixed with `prefix` (e.g. `body`). */
  static fromIssues(
    issues: readonly SchemaIssueLike[],
    prefix: readonly (string | number)[] = [],
    options: ValidationErrorOptions = {},
  ): ValidationError {
    return new ValidationError(ValidationError.toIssues(issues, prefix), options);
  }

  /** Converts schema issues to {@link ValidationIssue}s, each path prefixed with `prefix`. */
  static toIssues(
    issues: readonly SchemaIssueLike[],
    prefix: readonly (string | number)[] = [],
  ): ValidationIssue[] {
    return issues.map((issue) => {
      const path = [...prefix, ...normalizePath(issue.path)];
      return { path, field: formatPath(path), code: issue.code ?? 'custom', message: issue.message };
    });
  }

  /** The issues as a map from field path to messages (like {@link ApiError.fieldErrors}). */
  get fieldErrors(): Record<string, string[]> {
    return fieldErrorMap(this.issues);
  }

  protected override details(): Record<string, unknown> {
    return {
      ...(this.operation === undefined ? {} : { operation: this.operation }),
      issues: this.issues.map((i) => ({ field: i.field, code: i.code, message: i.message })),
    };
  }
}
