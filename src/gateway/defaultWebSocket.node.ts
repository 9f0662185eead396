/**
 * The default WebSocket of `GatewayClient` under Node (the `node` condition of the package's
 * `#websocket` import): the `ws` package, since Node 20 has no global WebSocket. Same export names
 * as `defaultWebSocket.ts`.
 */
import type { WebSocketFactory } from './webSocketSeam.js';
import { wsWebSocket } from './wsWebSocket.js';

/** Which implementation {@link defaultWebSocketFactory} gives here. */
export const defaultWebSocketKind: 'global' | 'ws' = 'ws';

/** The default WebSocket factory here: `ws`. */
export function defaultWebSocketFactory(): WebSocketFactory | undefined {
  return wsWebSocket;
}
