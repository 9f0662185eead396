/**
 * The emulator's HTTP server, given a route table and handlers. {@link startEmulator} calls it with
 * THE route table and every area's handlers; tests of the core may call it with a table of their
 * own. Serves `/api/v10/...` (the platform) and `/_emulator/...` (the control API); any other path
 * is the platform's 404.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { ErrorEnvelope } from '../spec/codes.js';
import { type Clock, ManualClock, SystemClock } from '../clock.js';
import type { RouteDef } from '../spec/route.js';
import { type ControlDeps, handleControl } from './control/controlApi.js';
import { attachGateway } from './gateway/attachGateway.js';
import type { GatewayServer } from './gateway/GatewayServer.js';
import type { GatewaySettings } from './gateway/gatewaySettings.js';
import type { HandlerMap } from './handlers/handlerTypes.js';
import { type EmulatorLogger, PlatformPipeline, unimplementedRoutes } from './http/PlatformPipeline.js';
import { type BodyLimits, defaultBodyLimits } from './http/readRequestBody.js';
import { Router } from './http/Router.js';
import { ClientGoneError } from './http/readBody.js';
import {
  type HeaderMap,
  INTERNAL_ERROR,
  METHOD_NOT_ALLOWED,
  NO_HEADERS,
  NOT_FOUND,
  sendEmpty,
  sendError,
  sendJson,
} from './http/sendResponse.js';
import { PlatformError } from './PlatformError.js';
import { RateLimiter, type RateLimitSetting } from './rateLimits/RateLimiter.js';
import { WebhookDispatcher, type WebhookDeliverySettings } from './webhooks/WebhookDispatcher.js';
import { demoSeed } from './world/demoSeed.js';
import { applyPreparedSeed, prepareSeed, type Seed, SeedError, type SeedInput } from './world/seed.js';
import { World, type WorldSettings } from './world/World.js';

/** The API base the platform serves under. */
export const API_BASE = '/api/v10';
/** The control API's base. */
export const CONTROL_BASE = '/_emulator';
/** What every platform path starts with. */
const API_PREFIX = `${API_BASE}/`;

/** Options of {@link startEmulator}. */
export interface EmulatorOptions {
  /** @defaultValue 0 (any free port) */
  readonly port?: number;
  /** @defaultValue '127.0.0.1' */
  readonly host?: string;
  /** The world to start with. @defaultValue 'demo' */
  readonly seed?: Seed;
  /**
   * `system` reads real time; `manual` starts at the real time of start-up and moves only through
   * `POST /_emulator/clock` or `emulator.clock.advance()`; or pass any {@link Clock}.
   * @defaultValue 'system'
   */
  readonly clock?: 'system' | 'manual' | Clock;
  /** @defaultValue 'development' (the specification's figures) */
  readonly rateLimits?: RateLimitSetting;
  /** Platform behaviour to tune (lobbies per user per application, …). */
  readonly settings?: Partial<WorldSettings>;
  /** Size limits of request bodies. */
  readonly bodyLimits?: Partial<BodyLimits>;
  /** Answer CORS preflights and allow any origin, so that browser games can call the emulator. @defaultValue true */
  readonly cors?: boolean;
  /** Where the emulator reports its own bugs (never tokens). @defaultValue console.error */
  readonly logger?: EmulatorLogger;
  /**
   * Webhook delivery: answer timeout, retry backoff and window, failures before the URL is removed.
   * @defaultValue {@link defaultWebhookDeliverySettings}
   */
  readonly webhooks?: Partial<WebhookDeliverySettings>;
  /** The gateway's figures (heartbeat interval, session start limit, …). */
  readonly gateway?: Partial<GatewaySettings>;
  /**
   * The longest a request may take to arrive whole, headers and body, in real milliseconds. A request
   * still incomplete then (a stalled chunked body, a body shorter than its Content-Length) is answered
   * 408 `{message: '408: Request Timeout', code: 0}` and its connection closed, within a tenth of this
   * (at most a second) after it; 0 turns the limit off. @defaultValue 30_000
   */
  readonly requestTimeoutMs?: number;
}

/** A running emulator. */
export interface Emulator {
  /** `http://host:port`. */
  readonly url: string;
  /** `url + '/api/v10'`: the base URL a client uses. */
  readonly apiUrl: string;
  readonly host: string;
  readonly port: number;
  /**
   * The in-memory world. Not part of the published API: tests outside this project use the control API.
   * @internal
   */
  readonly world: World;
  readonly clock: Clock;
  /** The manual clock, when started with `clock: 'manual'`. */
  readonly manualClock: ManualClock | undefined;
  /**
   * Delivers webhook events to applications' Webhook Events URLs (the control API shows deliveries).
   * @internal
   */
  readonly webhooks: WebhookDispatcher;
  /**
   * The gateway server (WebSocket at `ws://host:port/gateway`); the control API lists and drops sessions.
   * @internal
   */
  readonly gateway: GatewayServer;
  /**
   * Names of routes without a handler (they answer 501); empty in a release.
   * @internal
   */
  unimplementedRoutes(): string[];
  /** Forgets everything and applies `seed` (default: the start-up seed), as `POST /_emulator/reset`. */
  reset(seed?: Seed): void;
  /** Stops listening and closes every connection. */
  close(): Promise<void>;
}

/** What {@link createEmulator} needs beyond the options. */
export interface EmulatorParts {
  readonly routes: readonly RouteDef[];
  readonly handlers: HandlerMap;
}

/** The default of {@link EmulatorOptions.requestTimeoutMs}. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

/** The answer to a request that did not arrive whole in time. */
const REQUEST_TIMEOUT: ErrorEnvelope = { message: '408: Request Timeout', code: 0 };
/** The answer to a request node:http could not parse. */
const BAD_REQUEST: ErrorEnvelope = { message: '400: Bad Request', code: 0 };
/** The answer to a request whose headers are too large. */
const HEADERS_TOO_LARGE: ErrorEnvelope = { message: '431: Request Header Fields Too Large', code: 0 };

/** A whole HTTP/1.1 answer with a JSON body that closes the connection, for raw sockets. */
function rawAnswer(status: number, reason: string, body: ErrorEnvelope, extra = ''): string {
  const text = JSON.stringify(body);
  return (
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${Buffer.byteLength(text)}\r\n${extra}Connection: close\r\n\r\n${text}`
  );
}

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers':
    'X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, X-RateLimit-Reset-After, X-RateLimit-Bucket, X-RateLimit-Scope, X-RateLimit-Global, Retry-After',
} as const;

/** Starts an emulator serving `parts.routes` with `parts.handlers`. */
export async function createEmulator(options: EmulatorOptions, parts: EmulatorParts): Promise<Emulator> {
  const clock = resolveClock(options.clock);
  const world = new World({ clock, ...(options.settings ? { settings: options.settings } : {}) });
  const startSeed: Seed = options.seed ?? 'demo';
  const webhooks = new WebhookDispatcher(world.events, world.webhooks, clock, options.webhooks);
  const settings = world.settings;
  let demoPrepared: SeedInput | undefined;
  // Atomic: the whole seed is checked, and a custom one rehearsed in a scratch world, before the
  // world is cleared; a refused seed (SeedError) leaves the old world as it was.
  const reset = (seed: Seed): void => {
    let prepared: SeedInput | undefined;
    if (seed === 'demo') prepared = demoPrepared ??= prepareSeed(demoSeed, settings);
    else if (seed !== 'empty') {
      prepared = prepareSeed(seed, settings);
      try {
        applyPreparedSeed(new World({ clock, settings }), prepared);
      } catch (error) {
        throw new SeedError([
          { path: [], code: 'SEED_INVALID', message: error instanceof Error ? error.message : String(error) },
        ]);
      }
    }
    webhooks.reset();
    world.clear();
    if (prepared) applyPreparedSeed(world, prepared);
  };
  reset(startSeed);

  const limiter = new RateLimiter(options.rateLimits ?? 'development');
  const logger: EmulatorLogger = options.logger ?? {
    error: (message, error) => console.error(message, error),
  };
  const pipelineRouter = new Router(parts.routes);
  const pipeline = new PlatformPipeline({
    world,
    router: pipelineRouter,
    limiter,
    handlers: parts.handlers,
    bodyLimits: { ...defaultBodyLimits, ...options.bodyLimits },
    logger,
  });
  const cors = options.cors ?? true;

  const requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const server: Server = createServer(
    {
      // node:http answers a request not whole by then (see clientError below); its default is 300 s.
      requestTimeout: requestTimeoutMs,
      headersTimeout: requestTimeoutMs,
      connectionsCheckingInterval:
        requestTimeoutMs > 0 ? Math.max(5, Math.min(1000, Math.floor(requestTimeoutMs / 10))) : 30_000,
    },
    (req, res) => {
      const raw = req.url ?? '/';
      const q = raw.indexOf('?');
      const path = q < 0 ? raw : raw.slice(0, q);
      const query = q < 0 ? '' : raw.slice(q + 1);
      // The platform's answers carry the CORS headers in their one header list; the pipeline never
      // rejects, and answers most requests without a promise.
      if (path.startsWith(API_PREFIX) && !(cors && req.method === 'OPTIONS')) {
        void pipeline.handle(req, res, path.slice(API_BASE.length), query, baseHeaders);
        return;
      }
      void serve(req, res, path, query).catch((error: unknown) => {
        if (error instanceof ClientGoneError) {
          res.destroy();
          return;
        }
        logger.error('emulator bug outside a handler', error);
        if (!res.headersSent) sendError(res, 500, INTERNAL_ERROR);
        else res.destroy();
      });
    },
  );
  // Errors of the connection itself, before or while a request arrives: answered in the platform's
  // envelope when nothing of an answer was written yet, then the connection is closed.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // node:http keeps the answer in progress on the socket (its own default handler reads it too).
    const current = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (socket.writable && !current?.headersSent) {
      socket.write(
        error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? rawAnswer(408, 'Request Timeout', REQUEST_TIMEOUT)
          : error.code === 'HPE_HEADER_OVERFLOW'
            ? rawAnswer(431, 'Request Header Fields Too Large', HEADERS_TOO_LARGE)
            : rawAnswer(400, 'Bad Request', BAD_REQUEST),
      );
    }
    socket.destroy();
  });
  // CONNECT (a proxy tunnel) is no method of the platform: 405 like any other, and the end.
  server.on('connect', (req: IncomingMessage, socket: Duplex) => {
    socket.on('error', () => {});
    const target = req.url ?? '';
    const match = target.startsWith(`${API_BASE}/`)
      ? pipelineRouter.match('CONNECT', target.split('?')[0]?.slice(API_BASE.length) ?? '')
      : undefined;
    const allow = match?.kind === 'methodNotAllowed' ? `Allow: ${match.allowed.join(', ')}\r\n` : '';
    socket.end(rawAnswer(405, 'Method Not Allowed', METHOD_NOT_ALLOWED, allow));
  });

  const baseHeaders: HeaderMap = cors ? CORS_HEADERS : NO_HEADERS;
  /** Everything but the platform API: preflights, the control API, and 404 for other paths. */
  async function serve(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    query: string,
  ): Promise<void> {
    const search = new URLSearchParams(query);
    if (cors) for (const [name, value] of Object.entries(CORS_HEADERS)) res.setHeader(name, value);
    if (cors && req.method === 'OPTIONS') {
      req.resume();
      return sendEmpty(res, 204, {
        'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE',
        'Access-Control-Allow-Headers': 'Authorization, Content-Type, X-Audit-Log-Reason',
        'Access-Control-Max-Age': '600',
      });
    }
    if (path === CONTROL_BASE || path.startsWith(`${CONTROL_BASE}/`)) {
      try {
        return await handleControl(controlDeps, req, res, path.slice(CONTROL_BASE.length), search);
      } catch (error) {
        if (!(error instanceof PlatformError)) throw error;
        if (!req.readableEnded) req.resume();
        return sendJson(res, error.status, error.answer);
      }
    }
    req.resume();
    return sendError(res, 404, NOT_FOUND);
  }

  const gateway = attachGateway(server, world, options.gateway);
  const controlDeps: ControlDeps = {
    world,
    limiter,
    handlers: parts.handlers,
    routeNames: parts.routes.map((r) => r.name),
    reset,
    webhooks,
    gateway,
  };

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const hostForUrl = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${hostForUrl}:${address.port}`;
  let closed: Promise<void> | undefined;

  return {
    url,
    apiUrl: `${url}${API_BASE}`,
    host: address.address,
    port: address.port,
    world,
    clock,
    manualClock: clock instanceof ManualClock ? clock : undefined,
    webhooks,
    gateway,
    unimplementedRoutes: () => unimplementedRoutes(parts.routes, parts.handlers),
    reset: (seed = startSeed) => {
      reset(seed);
      limiter.reset();
    },
    close: () => {
      webhooks.close();
      closed ??= new Promise<void>((resolve) => {
        gateway.close();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closed;
    },
  };
}

function resolveClock(setting: EmulatorOptions['clock']): Clock {
  if (setting === undefined || setting === 'system') return new SystemClock();
  if (setting === 'manual') return new ManualClock(Date.now());
  return setting;
}
