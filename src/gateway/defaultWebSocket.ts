/**
 * The default WebSocket of `GatewayClient` outside Node: the runtime's global `WebSocket`. The build
 * turns imports of this module into the package's conditional import `#websocket`, whose `node`
 * condition gives `defaultWebSocket.node.ts` (`ws`) under the same export names.
 */
import { globalWebSocketFactory, type WebSocketFactory } from './webSocketSeam.js';

/** Which implementation {@link defaultWebSocketFactory} gives here. */
export const defaultWebSocketKind: 'global' | 'ws' = 'global';

/** The default WebSocket factory here: the global `WebSocket`, or undefined where there is none. */
export function defaultWebSocketFactory(): WebSocketFactory | undefined {
  return globalWebSocketFactory();
}
