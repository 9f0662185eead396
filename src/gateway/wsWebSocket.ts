/**
 * The WebSocket seam over Node's `ws` package, for runtimes without a global WebSocket (Node 20).
 * Node only: the core never imports this module; `lobbykit/node` re-exports it.
 *
 * ```ts
 * const gateway = new GatewayClient({ token, intents: ['GUILDS'], rest, webSocket: wsWebSocket });
 * ```
 *
 * It listens to `ws`'s own events rather than its WHATWG `onmessage` property, which builds a
 * `MessageEvent` per message: the receive path is the gateway's hot path. It also skips `ws`'s
 * UTF-8 check of text frames (a second pass over every message): decoding still happens, and a
 * malformed sequence from the server becomes U+FFFD in the JSON instead of closing with 1007.
 */
import WebSocket from 'ws';
import type { WebSocketFactory, WebSocketLike } from './webSocketSeam.js';

/** A `ws` socket behind the seam's handler properties. */
class WsSocket implements WebSocketLike {
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { readonly data: unknown }) => void) | null = null;
  onclose: ((event: { readonly code: number; readonly reason: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  readonly #ws: WebSocket;

  constructor(url: string) {
    const ws = new WebSocket(url, { perMessageDeflate: false, skipUTF8Validation: true });
    this.#ws = ws;
    ws.on('open', () => this.onopen?.({ type: 'open' }));
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      this.onmessage?.({ data: isBinary ? data : data.toString() });
    });
    ws.on('close', (code: number, reason: Buffer) => this.onclose?.({ code, reason: reason.toString() }));
    ws.on('error', (error: Error) => this.onerror?.({ type: 'error', error }));
  }

  get readyState(): number {
    return this.#ws.readyState;
  }

  send(data: string): void {
    this.#ws.send(data);
  }

  close(code?: number, reason?: string): void {
    this.#ws.close(code, reason);
  }
}

/** Opens a `ws` WebSocket behind the seam. */
export const wsWebSocket: WebSocketFactory = (url: string): WebSocketLike => new WsSocket(url);
