/**
 * Type guards for lobbykit's errors. They check a brand and the stable `name` rather than relying on
 * `instanceof` alone, so that they also recognise errors from another copy of the package (an ESM and
 * a CJS build loaded side by side).
 */
import type { ApiError } from './ApiError.js';
import type { InvalidResponseError } from './InvalidResponseError.js';
import { type LobbykitError, lobbykitErrorBrand } from './LobbykitError.js';
import type { NetworkError } from './NetworkError.js';
import type { RateLimitError } from './RateLimitError.js';
import type { TimeoutError } from './TimeoutError.js';
import type { TokenKindError } from './TokenKindError.js';
import type { ValidationError } from './ValidationError.js';

/** Any error lobbykit raised on purpose. */
export function isLobbykitError(value: unknown): value is LobbykitError {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Record<symbol, unknown>)[lobbykitErrorBrand] === true &&
    typeof (value as { code?: unknown }).code === 'string'
  );
}

function named(value: unknown, ...names: string[]): boolean {
  return isLobbykitError(value) && names.includes(value.name);
}

/** Client-side validation failed (including {@link isTokenKindError}); nothing was sent. */
export function isValidationError(value: unknown): value is ValidationError {
  return named(value, 'ValidationError', 'TokenKindError');
}

/** The call's token is of the wrong kind for the operation; nothing was sent. */
export function isTokenKindError(value: unknown): value is TokenKindError {
  return named(value, 'TokenKindError');
}

/** The platform answered with an error status. */
export function isApiError(value: unknown): value is ApiError {
  return named(value, 'ApiError');
}

/** A success answer could not be read (empty, cut off, not JSON, or off the schema); the request may have been applied. */
export function isInvalidResponseError(value: unknown): value is InvalidResponseError {
  return named(value, 'InvalidResponseError');
}

/** The client gave up on a rate limit. */
export function isRateLimitError(value: unknown): value is RateLimitError {
  return named(value, 'RateLimitError');
}

/** No HTTP answer arrived. */
export function isNetworkError(value: unknown): value is NetworkError {
  return named(value, 'NetworkError');
}

/** An attempt timed out. */
export function isTimeoutError(value: unknown): value is TimeoutError {
  return named(value, 'TimeoutError');
}
