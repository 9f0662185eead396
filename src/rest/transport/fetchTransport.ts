/**
 * A transport over the global `fetch` (browsers, Deno, Bun, Node): the default outside Node.
 */
import {
  parseJsonText,
  toAbortSignal,
  type Transport,
  type TransportRequest,
  type TransportResponse,
  type TransportResponseBody,
} from './Transport.js';

/** Options of {@link fetchTransport}. */
export interface FetchTransportOptions {
  /** The `fetch` to use. @defaultValue `globalThis.fetch` */
  readonly fetch?: typeof globalThis.fetch;
  /** Extra `RequestInit` fields for every request (credentials, mode, keepalive, …). */
  readonly init?: Omit<RequestInit, 'method' | 'headers' | 'body' | 'signal'>;
}

function bodyOf(res: Response): TransportResponseBody {
  return {
    text: () => res.text(),
    json: async () => parseJsonText(await res.text()),
    bytes: async () => new Uint8Array(await res.arrayBuffer()),
    discard: async () => {
      try {
        await res.body?.cancel();
      } catch {
        // nothing to free
      }
    },
  };
}

/** Creates a transport that sends with `fetch`. */
export function fetchTransport(options: FetchTransportOptions = {}): Transport {
  const doFetch = options.fetch ?? globalThis.fetch;
  if (typeof doFetch !== 'function')
    throw new TypeError('fetchTransport: no fetch available in this runtime');
  const extra = options.init ?? {};
  return {
    async request(req: TransportRequest): Promise<TransportResponse> {
      const init: RequestInit & { duplex?: 'half' } = {
        ...extra,
        method: req.method,
        headers: req.headers,
        signal: toAbortSignal(req.signal),
      };
      if (req.body !== undefined) {
        init.body = req.body as BodyInit;
        // Streaming uploads need half-duplex mode where fetch supports them.
        if (typeof ReadableStream !== 'undefined' && req.body instanceof ReadableStream) init.duplex = 'half';
      }
      const res = await doFetch.call(globalThis, req.url, init);
      return { status: res.status, headers: res.headers, body: bodyOf(res) };
    },
  };
}
