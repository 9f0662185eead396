/**
 * A REST client for the lobby operations alone: the engine ({@link RouteEngine}) over the lobby
 * area's table as a client reads it (`lobbyClientRoutes`: lean schemas that mirror the zod ones), with
 * none of the engine's extras (every lobby operation sends and answers JSON), so that a web game that
 * only needs lobbies carries neither the other areas' schemas, nor zod, nor the multipart encoder.
 */
import { type LobbyClientRoutes, lobbyClientRoutes } from '../spec/routes/lobbyClientRoutes.js';
import type { RestClientOptions } from './restClientDefaults.js';
import { RouteEngine } from './RouteEngine.js';

/** A lobby client needs no extra: JSON bodies and answers only. */
const noExtras = {};

/**
 * A client for the 16 lobby operations (`call('createOrJoinLobby', …)`, typed from the lobby table),
 * with everything {@link RestClient} has that they need: validation, rate limits, retries, errors.
 * Give it a bot token to own lobbies ({@link LobbyRuntime}), or a player's bearer token
 * ({@link PlayerRuntime}).
 *
 * @example
 * ```ts
 * const rest = new LobbyClient({ baseUrl: emu.apiUrl, auth: { bearer: token } });
 * const lobby = await rest.call('createOrJoinLobby', { body: { secret: 'match-42' } });
 * ```
 */
export class LobbyClient extends RouteEngine<LobbyClientRoutes> {
  constructor(options: RestClientOptions = {}) {
    super({ ...options, routes: lobbyClientRoutes }, noExtras);
  }
}
