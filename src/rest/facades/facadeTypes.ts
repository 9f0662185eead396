/**
 * The types behind the friendly facades (`client.lobbies.get(...)`): a facade method takes an
 * operation's path parameters first (when it has any), then the rest of `call`'s arguments, and
 * resolves to what `call` resolves to. Everything is derived from THE route table; no schema is
 * restated.
 */
import type { z } from 'zod';
import type { Clock } from '../../clock.js';
import type { RouteName, Routes } from '../../spec/routes.js';
import type { CallArgs, CallArgsParam, CallResult } from '../callTypes.js';
import type { RestCaller } from '../RestCaller.js';

export type { RestCaller } from '../RestCaller.js';

/** A client whose waits go through a clock: what the helpers that poll need (a `RestClient` is one). */
export interface ClockedRestCaller extends RestCaller {
  /** The clock every wait goes through (progress polling included). */
  readonly clock: Clock;
}

// biome-ignore lint/complexity/noBannedTypes: `{}` is the "no required keys" test here.
type Empty = {};

/** Operation `N`'s path parameters, as `call` takes them in `params`. */
export type FacadeParams<N extends RouteName> = z.input<Routes[N]['params']>;

/** Operation `N`'s arguments other than `params` (body, query, files, reason, signal, auth, timeoutMs). */
export type FacadeOptions<N extends RouteName> = Omit<CallArgs<Routes[N]>, 'params'>;

/**
 * A facade method's parameters for operation `N`: `(params, options?)` when the path has
 * placeholders, `(options?)` otherwise; `options` is required only when the body (or a file) is.
 */
export type FacadeArgs<N extends RouteName> =
  Empty extends FacadeParams<N>
    ? CallArgsParam<CallArgs<Routes[N]>>
    : [params: FacadeParams<N>, ...rest: CallArgsParam<FacadeOptions<N>>];

/** What a facade method for operation `N` resolves to: exactly `call`'s result. */
export type FacadeResult<N extends RouteName> = Promise<CallResult<Routes[N]>>;

/** A facade's operations, `M` itself as a constraint: method name → an operation of THE route table. */
export type FacadeOperations<M> = { readonly [K in keyof M]: RouteName };

/**
 * The methods of a facade over operations `M`: method `K` takes operation `M[K]`'s facade arguments
 * and resolves to its `call` result. The mapped type keeps each entry of `M` as the declaration, so
 * an editor shows the entry's TSDoc on the method.
 */
export type FacadeMethods<M extends FacadeOperations<M>> = {
  readonly [K in keyof M]: (...args: FacadeArgs<M[K]>) => FacadeResult<M[K]>;
};
