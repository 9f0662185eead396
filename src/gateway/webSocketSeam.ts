/**
 * The WebSocket seam: the few members of the WHATWG `WebSocket` that `GatewayClient` uses, so that
 * the browser's `WebSocket`, Node's `ws` (see `wsWebSocket.ts`) or a test double all fit. Text
 * frames only (the client asks for `encoding=json` without compression).
 */

/** The part of a WebSocket the gateway client uses. */
export interface WebSocketLike {
  /** 0 connecting, 1 open, 2 closing, 3 closed. */
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { readonly data: unknown }) => void) | null;
  onclose: ((event: { readonly code: number; readonly reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

/** Opens a WebSocket to `url`. */
export type WebSocketFactory = (url: string) => WebSocketLike;

/** The WebSocket `OPEN` ready state. */
export const WS_OPEN = 1;

/**
 * The runtime's own WebSocket (`globalThis.WebSocket`: browsers, Deno, Bun, Node 22+), or undefined
 * where there is none (Node 20: pass `wsWebSocket` from `wsWebSocket.ts`).
 */
export function globalWebSocketFactory(): WebSocketFactory | undefined {
  const Ctor = (globalThis as { WebSocket?: new (url: string) => WebSocketLike }).WebSocket;
  return Ctor === undefined ? undefined : (url) => new Ctor(url);
}
