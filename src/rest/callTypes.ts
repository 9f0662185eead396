/**
 * The types of `RestClient.call`, inferred from the route table: each operation's arguments come from
 * its schemas (`z.input` of params, query and body), its result from its response schema
 * (`z.output`), `'empty'` answers give `void`, CSV answers `string[]`, PNG answers `Uint8Array`. A
 * lean schema (`spec/lean`) carries the types of the zod schema it mirrors, so a lean table types
 * its calls exactly as the zod table does.
 */
import type * as z from 'zod/mini';
import type { LeanSchema } from '../spec/lean/leanSchema.js';
import type { ClientRouteDef } from '../spec/route.js';
import type { FileInput } from './request/fileInput.js';

/** A table of routes keyed by operation name (the shape of `routes`, or of a client's lean table). */
export type RouteTable = { readonly [name: string]: ClientRouteDef };

/** The input type of a route's schema (zod's or a lean one). */
type InputOf<S> = S extends z.ZodMiniType ? z.input<S> : S extends LeanSchema<infer I, infer _O> ? I : never;
/** The output type of a route's schema (zod's or a lean one). */
type OutputOf<S> = S extends z.ZodMiniType
  ? z.output<S>
  : S extends LeanSchema<infer _I, infer O>
    ? O
    : never;
/** A schema a route may carry. */
type AnySchema = z.ZodMiniType | LeanSchema<unknown, unknown>;

/** The token a request carries: a bot token, or a user's OAuth2 bearer token. */
export type AuthOption = { readonly bot: string } | { readonly bearer: string };

/** Arguments every call accepts. */
export interface CommonCallArgs {
  /** Aborts the call at any point: queued, waiting on a rate limit, or in flight. */
  readonly signal?: AbortSignal;
  /** Overrides the client's token for this call (one client can act for many users). */
  readonly auth?: AuthOption;
  /** Overrides the client's per-attempt timeout for this call, in milliseconds. */
  readonly timeoutMs?: number;
}

// biome-ignore lint/complexity/noBannedTypes: `{}` is the "no required keys" test here.
type Empty = {};

type ParamsArg<R extends ClientRouteDef> =
  Empty extends InputOf<R['params']>
    ? { readonly params?: InputOf<R['params']> }
    : { readonly params: InputOf<R['params']> };

type QueryArg<R extends ClientRouteDef> = R extends { readonly query: infer Q extends AnySchema }
  ? Empty extends InputOf<Q>
    ? { readonly query?: InputOf<Q> }
    : { readonly query: InputOf<Q> }
  : { readonly query?: never };

/**
 * The body: optional when its schema accepts `undefined`, when the route says it may be left out
 * (`bodyOptional`: sent as `{}`, or the files alone on a multipart call), or for multipart form
 * fields that may all be absent.
 */
type BodyArg<R extends ClientRouteDef> = R extends { readonly body: infer B extends AnySchema }
  ? undefined extends InputOf<B>
    ? { readonly body?: InputOf<B> }
    : R extends { readonly bodyOptional: true }
      ? { readonly body?: InputOf<B> }
      : R extends { readonly bodyKind: 'multipart' }
        ? Empty extends InputOf<B>
          ? { readonly body?: InputOf<B> }
          : { readonly body: InputOf<B> }
        : { readonly body: InputOf<B> }
  : { readonly body?: never };

type FilesArg<R extends ClientRouteDef> = R extends { readonly files: readonly (infer F extends string)[] }
  ? R extends { readonly bodyKind: 'multipart' }
    ? { readonly files: { readonly [K in F]: FileInput } }
    : { readonly files?: { readonly [K in F]?: FileInput } }
  : { readonly files?: never };

type ReasonArg<R extends ClientRouteDef> = R extends { readonly audit: true }
  ? {
      /** Recorded in the guild's audit log (`X-Audit-Log-Reason`, URI-encoded). */
      readonly reason?: string;
    }
  : { readonly reason?: never };

/** The arguments of a call to route `R`. */
export type CallArgs<R extends ClientRouteDef> = ParamsArg<R> &
  QueryArg<R> &
  BodyArg<R> &
  FilesArg<R> &
  ReasonArg<R> &
  CommonCallArgs;

/** What a call to route `R` resolves to. */
export type CallResult<R extends ClientRouteDef> = R['responseKind'] extends 'empty'
  ? // biome-ignore lint/suspicious/noConfusingVoidType: a call with no answer resolves to `Promise<void>`.
    void
  : R['responseKind'] extends 'csv'
    ? string[]
    : R['responseKind'] extends 'png'
      ? Uint8Array
      : R extends { readonly response: infer S extends AnySchema }
        ? OutputOf<S>
        : unknown;

/** `call`'s rest parameter: the arguments may be left out when none is required. */
export type CallArgsParam<A> = Empty extends A ? [args?: A] : [args: A];

/** The arguments as the client reads them at run time. */
export interface LooseCallArgs extends CommonCallArgs {
  readonly params?: Readonly<Record<string, unknown>>;
  readonly query?: Readonly<Record<string, unknown>>;
  readonly body?: unknown;
  readonly files?: Readonly<Record<string, FileInput | undefined>>;
  readonly reason?: string;
}
