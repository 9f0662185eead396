/**
 * A REST client over any route table: the engine ({@link RouteEngine}) with everything a table may
 * need — multipart bodies with files, CSV answers, the zod input memo. {@link RestClient} is this
 * client over the platform's table.
 */
import type { RouteTable } from './callTypes.js';
import { allExtras } from './request/allExtras.js';
import type { RouteClientOptions } from './restClientDefaults.js';
import { RouteEngine } from './RouteEngine.js';

/**
 * A REST client over route table `T`. `call(name, args)` sends any operation of the table, typed from
 * it; events report requests, answers, rate limits and retries. Use {@link RestClient} for the
 * platform's table, `LobbyClient` for the lobby operations alone.
 */
export class RouteClient<T extends RouteTable> extends RouteEngine<T> {
  constructor(options: RouteClientOptions<T>) {
    super(options, allExtras);
  }
}
