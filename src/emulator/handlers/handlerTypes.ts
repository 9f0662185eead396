/**
 * What a handler receives and returns. A handler implements one operation of the route table; the
 * pipeline has already matched the route, authenticated the caller, applied rate limits and parsed
 * params, query and body with the route's schemas, so the handler sees typed, valid input and only
 * applies the platform's rules to the world.
 *
 * To answer with an error, throw {@link PlatformError}. To answer with success, return a
 * {@link Reply} made with {@link reply}.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { z } from 'zod';
import type { RouteDef } from '../../spec/route.js';
import type { RouteName, Routes } from '../../spec/routes.js';
import type { ApplicationRecord, UserRecord } from '../world/accountRecords.js';
import type { World } from '../world/World.js';

/** Who is calling: a bot (Bot token), a user through an application (Bearer token), or nobody. */
export type Caller =
  | {
      readonly kind: 'bot';
      readonly application: ApplicationRecord;
      /** The application's bot user. */
      readonly user: UserRecord;
    }
  | {
      readonly kind: 'bearer';
      /** The application the access token was issued to. */
      readonly application: ApplicationRecord;
      readonly user: UserRecord;
      readonly scopes: readonly string[];
    }
  | { readonly kind: 'anonymous' };

/** A file of a multipart request. */
export interface UploadedFile {
  /** The form field name. */
  readonly field: string;
  readonly filename: string;
  readonly contentType: string;
  readonly data: Buffer;
}

/** The request as a handler sees it. */
export interface HandlerContext<P = unknown, Q = unknown, B = unknown> {
  readonly world: World;
  readonly route: RouteDef;
  /** Path parameters, parsed by the route's `params` schema. */
  readonly params: P;
  /** Query parameters, parsed by the route's `query` schema (an empty object when it has none). */
  readonly query: Q;
  /** The body, parsed by the route's `body` schema (undefined when it has none). */
  readonly body: B;
  /** Files of a multipart body by field name (empty for JSON bodies). */
  readonly files: ReadonlyMap<string, UploadedFile>;
  readonly caller: Caller;
  /** The URL-decoded `X-Audit-Log-Reason` header of an audit operation, or null. */
  readonly auditReason: string | null;
  /** Raw request facts, for the rare handler that needs them. */
  readonly request: { readonly method: string; readonly path: string; readonly headers: IncomingHttpHeaders };
}

type Output<S> = S extends z.core.$ZodType ? z.output<S> : undefined;

/** The parsed params of route `N`. */
export type ParamsOf<N extends RouteName> = Output<Routes[N]['params']>;
/** The parsed query of route `N` (an empty object for routes without a query schema). */
export type QueryOf<N extends RouteName> = Routes[N] extends { readonly query: infer Q }
  ? Output<Q>
  : Record<string, never>;
/** The parsed body of route `N` (undefined for routes without a body schema). */
export type BodyOf<N extends RouteName> = Routes[N] extends { readonly body: infer B }
  ? Output<B>
  : undefined;

/** The context of route `N`, with its params, query and body typed from the route table. */
export type ContextOf<N extends RouteName> = HandlerContext<ParamsOf<N>, QueryOf<N>, BodyOf<N>>;

/** A successful answer. */
export type Reply =
  | { readonly kind: 'json'; readonly status: number; readonly body: unknown }
  /** JSON text already written (by a writer of a hot answer's shape, e.g. lobbyMembersJson). */
  | { readonly kind: 'jsonText'; readonly status: number; readonly text: string }
  | { readonly kind: 'empty'; readonly status: number }
  | {
      readonly kind: 'bytes';
      readonly status: number;
      readonly contentType: string;
      readonly body: Uint8Array;
    };

/** Builders of {@link Reply}. */
export const reply = {
  /** A JSON answer (default status 200). */
  json(body: unknown, status = 200): Reply {
    return { kind: 'json', status, body };
  },
  /** A JSON answer whose text is written already (default status 200). */
  jsonText(text: string, status = 200): Reply {
    return { kind: 'jsonText', status, text };
  },
  /** 204 No Content. */
  noContent(): Reply {
    return { kind: 'empty', status: 204 };
  },
  /** Raw bytes (CSV, PNG) with their content type (default status 200). */
  bytes(contentType: string, body: Uint8Array, status = 200): Reply {
    return { kind: 'bytes', status, contentType, body };
  },
} as const;

/** The handler of route `N`. */
export type Handler<N extends RouteName> = (ctx: ContextOf<N>) => Reply | Promise<Reply>;

/** Handlers by route name; each area's module exports one of these. */
export type HandlerMap = { readonly [N in RouteName]?: Handler<N> };

/**
 * Declares an area's handlers, each typed by its route: `defineHandlers({ getLobby: (ctx) => … })`.
 * Add the result to `allHandlers` (handlers/allHandlers.ts) to serve it.
 */
export function defineHandlers(handlers: HandlerMap): HandlerMap {
  return handlers;
}

/** A handler with its types erased, as the pipeline calls it. */
export type AnyHandler = (ctx: HandlerContext) => Reply | Promise<Reply>;
