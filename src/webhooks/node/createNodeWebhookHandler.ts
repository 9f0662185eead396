/**
 * The receiver as a node:http / Express request handler. Node-shaped but written against the
 * shapes it reads (no Node built-in is imported), so that it costs nothing where it is not used; it
 * belongs to the `lobbykit/node` entry.
 */
import { LobbykitError } from '../../rest/errors/LobbykitError.js';
import { WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from '../../spec/schemas/webhookEvent.js';
import { concatBytes } from '../readLimitedBody.js';
import type { WebhookReceiver } from '../WebhookReceiver.js';

/** The parts of node:http's IncomingMessage (or Express's Request) the handler reads. */
export interface NodeWebhookRequest extends AsyncIterable<unknown> {
  readonly method?: string | undefined;
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  /** Set by body parsers: a Buffer from `express.raw()` is used; a parsed object cannot be verified. */
  readonly body?: unknown;
  readonly readableEnded?: boolean;
  destroy?(): void;
}

/** The parts of node:http's ServerResponse the handler writes. */
export interface NodeWebhookResponse {
  writeHead(status: number, headers?: Record<string, string>): unknown;
  end(body?: string): unknown;
  once?(event: 'finish', listener: () => void): unknown;
}

/** A node:http request listener that is also an Express handler (`next` gets configuration errors). */
export type NodeWebhookHandler = (
  req: NodeWebhookRequest,
  res: NodeWebhookResponse,
  next?: (error?: unknown) => void,
) => void;

const TEXT = { 'Content-Type': 'text/plain; charset=utf-8' };

/**
 * A handler that answers webhook requests with `receiver`: `http.createServer(handler)` or
 * `app.post('/webhooks', handler)` (mount it before `express.json()`, or after `express.raw()`:
 * the signature covers the raw bytes). The answer is written first; events are emitted after.
 */
export function createNodeWebhookHandler(receiver: WebhookReceiver): NodeWebhookHandler {
  return (req, res, next) => {
    void serve(receiver, req, res).catch((error: unknown) => {
      if (next) next(error);
      else {
        res.writeHead(500, TEXT);
        res.end('webhook receiver failed');
      }
    });
  };
}

async function serve(receiver: WebhookReceiver, req: NodeWebhookRequest, res: NodeWebhookResponse) {
  if (req.method !== 'POST') {
    res.writeHead(405, { ...TEXT, Allow: 'POST' });
    res.end('method not allowed');
    return refuse(receiver, 'method', 405);
  }
  const body = await readBody(req, receiver.maxBodyBytes);
  if (body === 'tooLarge') {
    res.writeHead(413, { ...TEXT, Connection: 'close' });
    res.end('payload too large');
    res.once?.('finish', () => req.destroy?.());
    return refuse(receiver, 'size', 413);
  }
  const receipt = await receiver.receive({
    signature: header(req, WEBHOOK_SIGNATURE_HEADER),
    timestamp: header(req, WEBHOOK_TIMESTAMP_HEADER),
    body,
  });
  if (receipt.status === 204) {
    res.writeHead(204);
    res.end();
  } else {
    res.writeHead(receipt.status, TEXT);
    res.end(
      receipt.status === 413
        ? 'payload too large'
        : receipt.status === 400
          ? 'not a webhook payload'
          : 'invalid request signature',
    );
  }
  receipt.emit();
}

function refuse(receiver: WebhookReceiver, reason: 'method' | 'size', status: number): void {
  try {
    receiver.emit('refused', { reason, status });
  } catch (error) {
    if (receiver.listenerCount('error') > 0) receiver.emit('error', error);
  }
}

function header(req: NodeWebhookRequest, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return typeof value === 'string' ? value : undefined;
}

/** The raw body: from a raw body parser, or read from the stream up to `max` bytes. */
async function readBody(req: NodeWebhookRequest, max: number): Promise<Uint8Array | 'tooLarge'> {
  if (req.body instanceof Uint8Array) return req.body.byteLength > max ? 'tooLarge' : req.body;
  if (req.body !== undefined && req.readableEnded) {
    throw new LobbykitError(
      'The request body was already parsed: mount the webhook handler before express.json(), or use express.raw({ type: "application/json" })',
      { code: 'WEBHOOK_BODY_CONSUMED' },
    );
  }
  const declared = Number(header(req, 'content-length') ?? Number.NaN);
  if (declared > max) return 'tooLarge';
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of req) {
    const bytes = typeof chunk === 'string' ? new TextEncoder().encode(chunk) : (chunk as Uint8Array);
    total += bytes.byteLength;
    if (total > max) return 'tooLarge';
    chunks.push(bytes);
  }
  return concatBytes(chunks, total);
}
