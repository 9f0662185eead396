/**
 * The WebSocket seam over Node's `ws` package, for runtimes without a global WebSocket (Node 20).
 * Node only: the core never imports this module; `lobbykit/node` re-exports it.
 *
 * ```ts
 * const gateway = new GatewayClient({ token, intents: ['GUILDS'], rest, webSocket: wsWebSocket });
 * ```
 */
import WebSocket from 'ws';
import type { WebSocketFactory, WebSocketLike } from './webSocketSeam.js';

/** Opens a `ws` WebSocket; `ws` already offers the WHATWG event-handler properties the seam uses. */
export const wsWebSocket: WebSocketFactory = (url: string): WebSocketLike => {
  const socket = new WebSocket(url, { perMessageDeflate: false });
  return socket as unknown as WebSocketLike;
};
