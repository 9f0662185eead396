/**
 * The base of the errors about one request that was (or was to be) sent — `ApiError`,
 * `NetworkError`, `TimeoutError`, `RateLimitError`, `InvalidResponseError`: it carries the
 * request's context (operation, method, route template, path), once for all of them.
 */
import { LobbykitError, type LobbykitErrorOptions } from './LobbykitError.js';
import { contextDetails, type RequestContext } from './requestContext.js';

/** An error about one request, with its context. Catch its subclasses; it is never thrown itself. */
export abstract class RequestError extends LobbykitError implements RequestContext {
  readonly operation: string;
  readonly method: string;
  readonly route: string;
  readonly path: string;

  protected constructor(message: string, context: RequestContext, options: LobbykitErrorOptions = {}) {
    super(message, options);
    this.operation = context.operation;
    this.method = context.method;
    this.route = context.route;
    this.path = context.path;
  }

  /** The request's context, for `toJSON()`; subclasses add their own fields to it. */
  protected override details(): Record<string, unknown> {
    return contextDetails(this);
  }
}
