/**
 * Test helper for proxies: sends an incoming request on to `upstream` as it came (method, path,
 * headers, body) and hands its answer to `onAnswer`, which decides what the client sees.
 */
import { type IncomingMessage, request } from 'node:http';

/** Forwards `req` to `upstream` (`http://host:port`); `onError` when the upstream cannot be reached. */
export function forwardRequest(
  upstream: URL,
  req: IncomingMessage,
  onAnswer: (answer: IncomingMessage) => void,
  onError: () => void,
): void {
  const out = request(
    { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
    onAnswer,
  );
  out.on('error', onError);
  req.pipe(out);
}
