/** `client.gateway`: where to open the gateway connection, and the bot's session start limit. */
import { facadeOf } from './facadeOf.js';

/** The gateway's HTTP operations by method name (each entry's TSDoc is written from THE route table). */
interface GatewayOperations {
  /**
   * Reads the WSS URL to open a gateway connection at; needs no token.
   *
   * Get Gateway: `GET /gateway`. No token.
   */
  get: 'getGateway';
  /**
   * Reads the gateway URL, the recommended shard count and the bot's session start limit (total, remaining,
   * reset_after, max_concurrency).
   *
   * Get Gateway Bot: `GET /gateway/bot`. Bot token.
   */
  getBot: 'getGatewayBot';
}

/**
 * The gateway's two HTTP operations. `GatewayClient` calls {@link GatewayFacade.getBot} before every
 * new session; call them yourself to plan shards.
 */
export class GatewayFacade extends facadeOf<GatewayOperations>('gateway') {}
