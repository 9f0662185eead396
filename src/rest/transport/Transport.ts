/**
 * The transport seam: how the client puts one HTTP request on the wire. The client owns everything
 * else (rate limits, retries, timeouts, errors); a transport only sends and hands back the answer.
 * Implementations: {@link fetchTransport} (any runtime with `fetch`) and `undiciTransport` (Node).
 */

/** A request body as the client hands it to a transport. */
export type TransportBody = string | Uint8Array | FormData | ReadableStream<Uint8Array>;

/** One HTTP request. */
export interface TransportRequest {
  readonly method: string;
  /** The absolute URL, query string included. */
  readonly url: string;
  /** Header names are lower-case. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: TransportBody | undefined;
  /** Aborts the request, in flight or while its body is read. */
  readonly signal: TransportSignal;
}

/**
 * The abort signal a transport receives: the shape of an `AbortSignal` that transports need. The
 * client passes a lighter object than a real `AbortSignal` (creating one per attempt is costly);
 * pass it on with {@link toAbortSignal} to APIs that insist on a real one, such as `fetch`.
 * undici's `request` takes it as is.
 */
export interface TransportSignal {
  readonly aborted: boolean;
  readonly reason: unknown;
  addEventListener(type: 'abort', listener: () => void, options?: { readonly once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/** A real `AbortSignal` that follows `signal` (the same object when it already is one). */
export function toAbortSignal(signal: TransportSignal): AbortSignal {
  if (typeof AbortSignal !== 'undefined' && signal instanceof AbortSignal) return signal;
  const controller = new AbortController();
  if (signal.aborted) controller.abort(signal.reason);
  else signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  return controller.signal;
}

/** Reads response headers, case-insensitively. */
export interface TransportHeaders {
  /** The header's value (several values joined with `, `), or null when absent. */
  get(name: string): string | null;
}

/** The answer's body; read it at most once, with one of these. */
export interface TransportResponseBody {
  text(): Promise<string>;
  /** Parses the body as JSON; an empty body gives `undefined`. */
  json(): Promise<unknown>;
  bytes(): Promise<Uint8Array>;
  /** Throws the body away (frees the connection for reuse). Never rejects. */
  discard(): Promise<void>;
}

/** One HTTP answer (any status). */
export interface TransportResponse {
  readonly status: number;
  readonly headers: TransportHeaders;
  readonly body: TransportResponseBody;
}

/**
 * Sends HTTP requests. `request` rejects only when no answer arrived (connection failure, abort);
 * any status, 4xx and 5xx included, resolves.
 */
export interface Transport {
  request(req: TransportRequest): Promise<TransportResponse>;
  /** Releases connections; the transport may not be used afterwards. */
  close?(): Promise<void>;
}

/** Headers over a plain object with lower-case keys (values may be arrays, as Node gives them). */
export function headersFromRecord(
  record: Readonly<Record<string, string | string[] | undefined>>,
): TransportHeaders {
  return {
    get(name: string): string | null {
      // Callers nearly always ask in lower case already: look up as given first.
      let value = record[name];
      if (value === undefined) {
        const lower = name.toLowerCase();
        if (lower === name) return null;
        value = record[lower];
        if (value === undefined) return null;
      }
      return Array.isArray(value) ? value.join(', ') : value;
    },
  };
}

const decoder = /* @__PURE__ */ new TextDecoder();

/** Parses JSON text, giving `undefined` for an empty body. */
export function parseJsonText(text: string): unknown {
  return text.length === 0 ? undefined : JSON.parse(text);
}

/** Decodes UTF-8 bytes. */
export function decodeUtf8(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}
