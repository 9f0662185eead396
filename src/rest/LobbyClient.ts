/**
 * A REST client for the lobby operations alone: the engine ({@link RouteEngine}) over the lobby
 * area's table as a client reads it (`lobbyClientRoutes`: lean schemas that mirror the zod ones), with
 * none of the engine's extras (every lobby operation sends and answers JSON; a player's client sees
 * neither its application's development count nor many lobbies at once), so that a web game that
 * only needs lobbies carries neither the other areas' schemas, nor zod, nor the multipart encoder,
 * nor the development limits and per-lobby buckets of `RestClient`'s rate limits.
 */
import { type LobbyClientRoutes, lobbyClientRoutes } from '../spec/routes/lobbyClientRoutes.js';
import type { RestClientOptions } from './restClientDefaults.js';
import { RouteEngine } from './RouteEngine.js';

/** A lobby client needs no extra: JSON bodies and answers only, the core of the rate limits. */
const noExtras = {};

/**
 * Options of a {@link LobbyClient}: those of a `RestClient` but `developmentRateLimits` (the
 * development limits are per application, which a player's client cannot count; a bot that wants
 * them uses `RestClient`).
 */
export type LobbyClientOptions = Omit<RestClientOptions, 'developmentRateLimits'>;

/**
 * A client for the 16 lobby operations (`call('createOrJoinLobby', …)`, typed from the lobby table),
 * with what {@link RestClient} has that a player needs: validation, rate limits (buckets learned from
 * the answers, the global limit, 429s, the invalid-request brake), retries, errors. Lobby routes'
 * buckets are counted across lobbies, as the platform documents; `RestClient` also learns when the
 * platform counts them per lobby, and counts development limits.
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
  constructor(options: LobbyClientOptions = {}) {
    super({ ...options, routes: lobbyClientRoutes }, noExtras);
  }
}
