/**
 * A `fetch` transport whose requests can be switched to `keepalive: true`: the browser binding turns
 * it on while the page is being hidden, so that the last flush outlives the page.
 */
import { type FetchTransportOptions, fetchTransport } from '../../src/rest/transport/fetchTransport.js';
import type { Transport } from '../../src/rest/transport/Transport.js';

/** A fetch transport with a `keepalive` switch. */
export interface KeepaliveTransport extends Transport {
  /** While true, requests go with `fetch(..., { keepalive: true })` (bodies up to 64 KiB). */
  keepalive: boolean;
}

/**
 * Creates a {@link KeepaliveTransport}. Give it to the client and to `bindBrowserLoop`
 * (`{ keepalive: transport }`), which switches it on for the flush on `pagehide`.
 */
export function keepaliveTransport(options: FetchTransportOptions = {}): KeepaliveTransport {
  const base = options.fetch ?? globalThis.fetch;
  const state: KeepaliveTransport = {
    keepalive: false,
    request: (req) => inner.request(req),
  };
  const inner = fetchTransport({
    ...options,
    fetch: (input, init) =>
      base.call(globalThis, input, state.keepalive ? { ...init, keepalive: true } : init),
  });
  return state;
}
