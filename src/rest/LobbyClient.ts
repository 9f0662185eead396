/**
 * A REST client for the lobby operations alone: {@link RouteClient} over the lobby area's table as a
 * client reads it (`lobbyClientRoutes`: lean schemas that mirror the zod ones), so that a web game
 * that only needs lobbies carries neither the other areas' schemas nor zod.
 */
import { type LobbyClientRoutes, lobbyClientRoutes } from '../spec/routes/lobbyClientRoutes.js';
import type { RestClientOptions } from './restClientDefaults.js';
import { RouteClient } from './RouteClient.js';

/**
 * A client for the 16 lobby operations (`call('createOrJoinLobby', …)`, typed from the lobby table),
 * with everything {@link RestClient} has: validation, rate limits, retries, errors. Give it a bot
 * token to own lobbies ({@link LobbyRuntime}), or a player's bearer token ({@link PlayerRuntime}).
 *
 * @example
 * ```ts
 * const rest = new LobbyClient({ baseUrl: emu.apiUrl, auth: { bearer: token } });
 * const lobby = await rest.call('createOrJoinLobby', { body: { secret: 'match-42' } });
 * ```
 */
export class LobbyClient extends RouteClient<LobbyClientRoutes> {
  constructor(options: RestClientOptions = {}) {
    super({ ...options, routes: lobbyClientRoutes });
  }
}
