/** What the lobby runtime needs of a REST client: the lobby operations, and the kind of its token. */
import type { RestCaller, TableCall } from '../rest/RestCaller.js';
import type { LobbyRoutes } from '../spec/routes/lobbyRoutes.js';

/** `call` for each lobby operation, one overload per operation (a `RestClient`'s `call` fits). */
export type LobbyCall = TableCall<LobbyRoutes>;

/**
 * A client that sends the lobby operations: the {@link RestCaller} of the lobby table. A `RestClient`
 * (every operation) or a `LobbyClient` (the lobby ones alone, much smaller in a browser bundle) fits.
 * `tokenKind` decides what a runtime may do with it (a bot token owns lobbies with `LobbyRuntime`; a
 * bearer token is a player's, for `PlayerRuntime`).
 */
export interface LobbyRest extends RestCaller<LobbyRoutes> {
  /** The client's requests per second per token (`RouteClient` tells it): the runtime's reconciles take half. */
  readonly options?: { readonly globalPerSecond: number };
}
