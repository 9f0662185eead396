/** `client.gateway`: where to open the gateway connection, and the bot's session start limit. */
import { callThrough, type FacadeArgs, type FacadeResult, type RestCaller } from './facadeTypes.js';

/**
 * The gateway's two HTTP operations. `GatewayClient` calls {@link GatewayFacade.getBot} before every
 * new session; call them yourself to plan shards.
 */
export class GatewayFacade {
  readonly #client: RestCaller;

  constructor(client: RestCaller) {
    this.#client = client;
  }

  /**
   * Reads the WSS URL of the gateway.
   *
   * Get Gateway: `GET /gateway`. No token.
   */
  get(...args: FacadeArgs<'getGateway'>): FacadeResult<'getGateway'> {
    return callThrough(this.#client, 'getGateway', args);
  }

  /**
   * Reads the gateway URL, the recommended shard count and the session start limit.
   *
   * Get Gateway Bot: `GET /gateway/bot`. Bot token.
   */
  getBot(...args: FacadeArgs<'getGatewayBot'>): FacadeResult<'getGatewayBot'> {
    return callThrough(this.#client, 'getGatewayBot', args);
  }
}
