/**
 * The request pipeline of the platform API (`/api/v10/...`), in the platform's order:
 * route (404/405) → authenticate (401/403) → rate limits (429, headers on every answer from here on)
 * → read and decode the body (400/413) → validate params, query and body (400 50035) → the
 * operation's handler (its 2xx or 4xx). Routes without a handler answer 501 until their area is
 * written. Anything thrown that is not a {@link PlatformError} is a bug: it is logged (never with a
 * token) and answered 500, and the process stays up; a client gone before its body arrived whole
 * ({@link ClientGoneError}) is no bug and gets no answer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { limits } from '../../spec/limits.js';
import type { RouteDef } from '../../spec/route.js';
import type { AnyHandler, Caller, HandlerContext, HandlerMap, Reply } from '../handlers/handlerTypes.js';
import { PlatformError } from '../PlatformError.js';
import type { RateLimiter, RateLimitSubject } from '../rateLimits/RateLimiter.js';
import type { World } from '../world/World.js';
import { authenticate } from './authenticate.js';
import { ClientGoneError } from './readBody.js';
import { type BodyLimits, type DecodedBody, readNoBody, readRequestBody } from './readRequestBody.js';
import type { Router } from './Router.js';
import {
  type HeaderMap,
  INTERNAL_ERROR,
  METHOD_NOT_ALLOWED,
  mergeHeaders,
  NO_HEADERS,
  NOT_FOUND,
  sendBytes,
  sendEmpty,
  sendError,
  sendJson,
  sendJsonText,
} from './sendResponse.js';
import { validateRequest } from './validateRequest.js';

/** Where the emulator reports its own bugs. */
export interface EmulatorLogger {
  error(message: string, error?: unknown): void;
}

/** What the pipeline works with. */
export interface PipelineDeps {
  readonly world: World;
  readonly router: Router;
  readonly limiter: RateLimiter;
  readonly handlers: HandlerMap;
  readonly bodyLimits: BodyLimits;
  readonly logger: EmulatorLogger;
}

/** A request routed and let through (authenticated, within its limits), on its way to the handler. */
interface Routed {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  /** Below `/api/v10`, without the query. */
  readonly path: string;
  /** The text after `?`, or ''. */
  readonly query: string;
  readonly route: RouteDef;
  readonly params: Record<string, string>;
  readonly caller: Caller;
  /** The headers of the answer (CORS, rate limits). */
  readonly headers: HeaderMap;
}

/** The platform API's request handler. */
export class PlatformPipeline {
  readonly #deps: PipelineDeps;

  constructor(deps: PipelineDeps) {
    this.#deps = deps;
  }

  /**
   * Answers one request; `path` is below `/api/v10`, `query` the text after `?` (or ''), `base` the
   * headers of every answer (CORS). Never throws. No promise or microtask on the way unless a
   * handler (or a multipart body) is asynchronous: a route without a body whose handler answers at
   * once is answered before this returns, a JSON body from its request's `end` event.
   */
  handle(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    query: string,
    base: HeaderMap = NO_HEADERS,
  ): void {
    let headers: HeaderMap = base;
    let routeName = '(unrouted)';
    try {
      const match = this.#deps.router.match(req.method ?? 'GET', path);
      if (match.kind === 'notFound') {
        finish(req, () => sendError(res, 404, NOT_FOUND, base));
        return;
      }
      if (match.kind === 'methodNotAllowed') {
        finish(req, () =>
          sendError(res, 405, METHOD_NOT_ALLOWED, mergeHeaders(base, { Allow: match.allowed.join(', ') })),
        );
        return;
      }
      const { route, params } = match;
      routeName = route.name;
      const caller = authenticate(this.#deps.world, route, header(req, 'authorization'));

      const limiter = this.#deps.limiter;
      // With limits off there is nothing to count, so no identity to build.
      if (limiter.enabled) {
        const decision = limiter.take(route, params, subjectOf(caller, req), this.#deps.world.now());
        headers = mergeHeaders(base, decision.headers);
        if (decision.limited) {
          finish(req, () => sendJson(res, 429, decision.limited?.body, headers));
          return;
        }
      }

      const routed: Routed = { req, res, path, query, route, params, caller, headers };
      // A route without a body reads none (readNoBody drains it) and is answered now.
      if (route.body === undefined) {
        this.#answer(routed, readNoBody(req));
        return;
      }
      // A body is answered from its request's `end` event, in the same turn.
      readRequestBody(req, route, this.#deps.bodyLimits, (error, decoded) => {
        if (decoded === undefined) this.#fail(req, res, error, route.name, headers);
        else this.#answer(routed, decoded);
      });
    } catch (error) {
      this.#fail(req, res, error, routeName, headers);
    }
  }

  /** Validates the input, runs the handler and sends its answer (or the error it throws). */
  #answer(routed: Routed, decoded: DecodedBody): Promise<void> | undefined {
    const { req, res, route, params, caller, headers } = routed;
    try {
      const input = validateRequest(route, params, routed.query, decoded.value, decoded.hardened);
      const ctx: HandlerContext = {
        world: this.#deps.world,
        route,
        params: input.params,
        query: input.query,
        body: input.body,
        files: decoded.files,
        caller,
        auditReason: route.audit ? auditReason(header(req, 'x-audit-log-reason')) : null,
        request: { method: req.method ?? 'GET', path: routed.path, headers: req.headers },
      };
      const handler = this.#deps.handlers[route.name as keyof HandlerMap] as AnyHandler | undefined;
      const answer = handler ? handler(ctx) : notImplemented(route);
      if (answer instanceof Promise) {
        return answer.then(
          (reply) => send(res, reply, headers),
          (error: unknown) => this.#fail(req, res, error, route.name, headers),
        );
      }
      send(res, answer, headers);
    } catch (error) {
      this.#fail(req, res, error, route.name, headers);
    }
    return undefined;
  }

  /** Answers what was thrown: a {@link PlatformError} as itself, anything else as the 500 of a bug. */
  #fail(
    req: IncomingMessage,
    res: ServerResponse,
    error: unknown,
    routeName: string,
    headers: HeaderMap,
  ): void {
    if (error instanceof PlatformError) {
      const extra: HeaderMap = error.status === 413 ? { ...headers, Connection: 'close' } : headers;
      finish(req, () => sendJson(res, error.status, error.answer, extra));
      return;
    }
    if (error instanceof ClientGoneError) {
      res.destroy();
      return;
    }
    this.#deps.logger.error(`emulator bug while answering ${req.method} ${routeName}`, error);
    if (!res.headersSent) finish(req, () => sendError(res, 500, INTERNAL_ERROR, headers));
    else res.destroy();
  }
}

/** The names of routes in `routes` that have no handler in `handlers`. */
export function unimplementedRoutes(
  routes: ReadonlyArray<Pick<RouteDef, 'name'>>,
  handlers: HandlerMap,
): string[] {
  return routes.filter((r) => !(r.name in handlers)).map((r) => r.name);
}

function notImplemented(route: RouteDef): never {
  throw new PlatformError(501, 0, `not implemented in the emulator yet: ${route.name}`);
}

function send(res: ServerResponse, answer: Reply, headers: HeaderMap): void {
  if (answer.kind === 'json') sendJson(res, answer.status, answer.body, headers);
  else if (answer.kind === 'jsonText') sendJsonText(res, answer.status, answer.text, headers);
  else if (answer.kind === 'empty') sendEmpty(res, answer.status, headers);
  else sendBytes(res, answer.status, answer.contentType, answer.body, headers);
}

/** Sends an early answer; the unread body is drained so that the connection stays usable. */
function finish(req: IncomingMessage, write: () => void): undefined {
  write();
  if (!req.readableEnded) req.resume();
  return undefined;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function auditReason(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  let text: string;
  try {
    text = decodeURIComponent(value);
  } catch {
    text = value;
  }
  // The platform keeps the first 512 characters (limits.auditLog.reasonMaxLength).
  return text.slice(0, limits.auditLog.reasonMaxLength);
}

/** Rate-limit identity: per application for development buckets, per token (never the token) otherwise. */
function subjectOf(caller: Caller, req: IncomingMessage): RateLimitSubject {
  switch (caller.kind) {
    case 'bot':
      return { applicationId: caller.application.id, identity: `bot:${caller.application.id}` };
    case 'bearer':
      return {
        applicationId: caller.application.id,
        identity: `bearer:${caller.application.id}:${caller.user.id}`,
      };
    case 'anonymous':
      return { applicationId: null, identity: `ip:${req.socket.remoteAddress ?? 'unknown'}` };
  }
}
