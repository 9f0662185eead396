/**
 * The types and the one runtime helper behind the friendly facades (`client.lobbies.get(...)`): a
 * facade method takes an operation's path parameters first (when it has any), then the rest of
 * `call`'s arguments, and resolves to what `call` resolves to. Everything is derived from THE route
 * table; no schema is restated.
 */
import type { z } from 'zod';
import type { Clock } from '../../clock.js';
import { type RouteName, type Routes, routes } from '../../spec/routes.js';
import type { CallArgs, CallArgsParam, CallResult, LooseCallArgs } from '../callTypes.js';

/** What a facade needs of the client: `call` over the platform's table, and its clock for polling. */
export interface RestCaller {
  call<N extends RouteName>(
    name: N,
    ...args: CallArgsParam<CallArgs<Routes[N]>>
  ): Promise<CallResult<Routes[N]>>;
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

/**
 * Sends operation `name` with a facade method's arguments. Whether the first argument is the path
 * parameters is read from the route's path in THE table, so the two shapes cannot be confused.
 */
export function callThrough<N extends RouteName>(
  client: RestCaller,
  name: N,
  args: readonly unknown[],
): FacadeResult<N> {
  const send = client.call as (name: string, args?: LooseCallArgs) => FacadeResult<N>;
  if (!takesParams(name)) return send.call(client, name, args[0] as LooseCallArgs | undefined);
  const options = args[1] as LooseCallArgs | undefined;
  const params = args[0] as Readonly<Record<string, unknown>>;
  return send.call(client, name, options === undefined ? { params } : { ...options, params });
}

/** Whether operation `name`'s path has placeholders (its facade method then takes params first). */
function takesParams(name: RouteName): boolean {
  return routes[name].path.includes('{');
}
