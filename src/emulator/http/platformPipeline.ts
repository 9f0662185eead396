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
import type { RouteDef } from '../../spec/route.js';
import type { AnyHandler, Caller, HandlerContext, HandlerMap, Reply } from '../handlers/handlerTypes.js';
import { PlatformError } from '../platformError.js';
import type { RateLimiter, RateLimitSubject } from '../rateLimits/rateLimiter.js';
import type { World } from '../world/world.js';
import { authenticate } from './authenticate.js';
import { ClientGoneError } from './readBody.js';
import { type BodyLimits, readNoBody, readRequestBody } from './readRequestBody.js';
import type { Router } from './router.js';
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

/** Longest X-Audit-Log-Reason the platform keeps. */
const AUDIT_REASON_MAX = 512;

/** The platform API's request handler. */
export class PlatformPipeline {
  readonly #deps: PipelineDeps;

  constructor(deps: PipelineDeps) {
    this.#deps = deps;
  }

  /**
   * Answers one request; `path` is below `/api/v10`, `base` the headers of every answer (CORS).
   * Never rejects.
   */
  async handle(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    search: URLSearchParams,
    base: HeaderMap = NO_HEADERS,
  ): Promise<void> {
    let headers: HeaderMap = base;
    let routeName = '(unrouted)';
    try {
      const match = this.#deps.router.match(req.method ?? 'GET', path);
      if (match.kind === 'notFound') return finish(req, () => sendError(res, 404, NOT_FOUND, base));
      if (match.kind === 'methodNotAllowed') {
        return finish(req, () =>
          sendError(res, 405, METHOD_NOT_ALLOWED, mergeHeaders(base, { Allow: match.allowed.join(', ') })),
        );
      }
      const { route, params } = match;
      routeName = route.name;
      const caller = authenticate(this.#deps.world, route, header(req, 'authorization'));

      const decision = this.#deps.limiter.take(route, params, subjectOf(caller, req), this.#deps.world.now());
      headers = mergeHeaders(base, decision.headers);
      if (decision.limited) return finish(req, () => sendJson(res, 429, decision.limited?.body, headers));

      // A route without a body reads none: no promise to wait for (readRequestBody drains it).
      const decoded =
        route.body === undefined ? readNoBody(req) : await readRequestBody(req, route, this.#deps.bodyLimits);
      const input = validateRequest(route, params, search, decoded.value);
      const ctx: HandlerContext = {
        world: this.#deps.world,
        route,
        params: input.params,
        query: input.query,
        body: input.body,
        files: decoded.files,
        caller,
        auditReason: route.audit ? auditReason(header(req, 'x-audit-log-reason')) : null,
        request: { method: req.method ?? 'GET', path, headers: req.headers },
      };
      const handler = this.#deps.handlers[route.name as keyof HandlerMap] as AnyHandler | undefined;
      const answer = handler ? await handler(ctx) : notImplemented(route);
      send(res, answer, headers);
    } catch (error) {
      if (error instanceof PlatformError) {
        const extra: HeaderMap = error.status === 413 ? { ...headers, Connection: 'close' } : headers;
        return finish(req, () => sendJson(res, error.status, error.answer, extra));
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
  else if (answer.kind === 'empty') sendEmpty(res, answer.status, headers);
  else sendBytes(res, answer.status, answer.contentType, answer.body, headers);
}

/** Sends an early answer; the unread body is drained so that the connection stays usable. */
function finish(req: IncomingMessage, write: () => void): void {
  write();
  if (!req.readableEnded) req.resume();
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
  return text.slice(0, AUDIT_REASON_MAX);
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
