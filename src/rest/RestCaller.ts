/**
 * What code built over a REST client needs of it — the facades and their helpers, the lobby runtime
 * and its handles: `call` for the operations of a route table, and the kind of the client's token.
 * An interface, so that they work with any client that fits: a `RestClient` (every operation), a
 * `LobbyClient` (the lobby ones), or a wrapper.
 */
import type { Routes } from '../spec/routes.js';
import type { CallArgs, CallArgsParam, CallResult, RouteTable } from './callTypes.js';
import type { TokenKind } from './errors/TokenKindError.js';

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void
  ? I
  : never;

/**
 * `call` for each operation of table `T`, as one overload per operation: a client's generic `call`
 * over a larger table (a `RestClient`'s) fits each overload, where it would not fit a generic `call`
 * over a smaller table.
 */
export type TableCall<T extends RouteTable> = UnionToIntersection<
  {
    [N in keyof T & string]: (name: N, ...args: CallArgsParam<CallArgs<T[N]>>) => Promise<CallResult<T[N]>>;
  }[keyof T & string]
>;

/**
 * A client that sends the operations of table `T` (the platform's, by default). `tokenKind` is the
 * kind of the client's own token (`RouteClient` tells it): it decides what a lobby runtime may do
 * with it (a bot token owns lobbies with `LobbyRuntime`; a bearer token is a player's, for
 * `PlayerRuntime`).
 */
export interface RestCaller<T extends RouteTable = Routes> {
  readonly call: TableCall<T>;
  /** The kind of the client's own token (`bot`, `bearer` or `none`), when known. */
  readonly tokenKind?: TokenKind;
}
