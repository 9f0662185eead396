/**
 * The platform's REST client: {@link RouteClient} over THE route table, so that `call` knows all 77
 * operations and their types.
 */
import { type Routes, routes } from '../spec/routes.js';
import type { RestClientOptions } from './restClientDefaults.js';
import { RouteClient } from './RouteClient.js';

/**
 * A client for the platform's REST API. `call(name, args)` sends any operation of the route table,
 * typed from it (payloads and answers in the wire's snake_case); events report requests, answers,
 * rate limits and retries; `rateLimits` shows what is known of each bucket.
 *
 * @example
 * ```ts
 * const client = new RestClient({ baseUrl: emu.apiUrl, auth: { bot: token } });
 * const lobby = await client.call('createLobby', { body: { metadata: { mode: 'duel' } } });
 * await client.call('getLobby', { params: { lobby_id: lobby.id } });
 * ```
 */
export class RestClient extends RouteClient<Routes> {
  constructor(options: RestClientOptions = {}) {
    super({ ...options, routes });
  }
}
