/**
 * The gateway client: `GatewayClient` (one session), `runShards` (every shard of a bot), their
 * errors and the WebSocket seam. Platform-neutral: the Node `ws` factory lives in `wsWebSocket.ts`,
 * which only the `node` variant of the package's `#websocket` import (and `lobbykit/node`) reaches.
 */
export { ChunkStream } from './ChunkStream.js';
export { GatewayClient, type GatewayClientState } from './GatewayClient.js';
export {
  type GatewayClientEvents,
  type GatewayClientOptions,
  type GatewayDispatch,
  type GatewayReconnectInfo,
  type GatewayRest,
  gatewayClientDefaults,
} from './gatewayClientOptions.js';
export {
  GatewayClosedError,
  GatewayCloseError,
  GatewayRateLimitError,
  isGatewayCloseError,
  isGatewayRateLimitError,
} from './GatewayError.js';
export {
  GatewayRequests,
  type RequestChannelInfoOptions,
  type RequestGuildMembersOptions,
} from './GatewayRequests.js';
export { IdentifyGate } from './IdentifyGate.js';
export { type RunShardsOptions, runShards } from './runShards.js';
export { SendLimiter } from './SendLimiter.js';
export { defaultWebSocketFactory, defaultWebSocketKind } from './defaultWebSocket.js';
export { globalWebSocketFactory, type WebSocketFactory, type WebSocketLike } from './webSocketSeam.js';
