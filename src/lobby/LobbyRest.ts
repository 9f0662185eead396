/** What the lobby runtime needs of a REST client: the lobby operations, and the kind of its token. */
import type { CallArgs, CallArgsParam, CallResult } from '../rest/callTypes.js';
import type { TokenKind } from '../rest/errors/TokenKindError.js';
import type { LobbyRouteName, LobbyRoutes } from '../spec/routes/lobbyRoutes.js';

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void
  ? I
  : never;

/**
 * `call` for each lobby operation, as one overload per operation: a generic `call` over a larger
 * table (a `RestClient`'s) is assignable to each overload, where it would not be to a generic one.
 */
export type LobbyCall = UnionToIntersection<
  {
    [N in LobbyRouteName]: (
      name: N,
      ...args: CallArgsParam<CallArgs<LobbyRoutes[N]>>
    ) => Promise<CallResult<LobbyRoutes[N]>>;
  }[LobbyRouteName]
>;

/**
 * A client that sends the lobby operations: a `RestClient` (every operation) or a `LobbyClient`
 * (the lobby ones alone, much smaller in a browser bundle). `tokenKind` is the kind of the client's
 * own token: it decides what a runtime may do with it (a bot token owns lobbies with `LobbyRuntime`;
 * a bearer token is a player's, for `PlayerRuntime`).
 */
export interface LobbyRest {
  readonly call: LobbyCall;
  /** The kind of the client's own token (`RouteClient` tells it). */
  readonly tokenKind?: TokenKind;
  /** The client's requests per second per token (`RouteClient` tells it): the runtime's reconciles take half. */
  readonly options?: { readonly globalPerSecond: number };
}
