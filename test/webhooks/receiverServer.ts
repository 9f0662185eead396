/**
 * Test helper: a loopback node:http server in front of a webhook receiver, recording every request
 * and able to misbehave on purpose (answer 500 without the receiver, or after the receiver took the
 * event: a lost acknowledgement).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createNodeWebhookHandler } from '../../src/webhooks/node/createNodeWebhookHandler.js';
import type { WebhookReceiver } from '../../src/webhooks/WebhookReceiver.js';

/** What the server does with the next request. */
export type Gate =
  /** Hands the request to the receiver's node handler. */
  | 'pass'
  /** Answers 500 without the receiver seeing it (the receiver is down). */
  | 'down'
  /** The receiver takes and emits the event, then the answer is a 500 (the ack is lost). */
  | 'ackLost';

/** One request the server saw. */
export interface SeenRequest {
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
  readonly status: number;
}

/** A running receiver server. */
export interface ReceiverServer {
  readonly url: string;
  readonly requests: SeenRequest[];
  /** Gates for the coming requests, in order; once empty, every request passes. */
  readonly gates: Gate[];
  close(): Promise<void>;
}

/** Starts a server; `respond` (when given) answers instead of the receiver (a broken endpoint). */
export async function startReceiverServer(
  receiver: WebhookReceiver | undefined,
  respond?: (req: IncomingMessage, res: ServerResponse, body: Buffer) => void,
): Promise<ReceiverServer> {
  const requests: SeenRequest[] = [];
  const gates: Gate[] = [];
  const handler = receiver ? createNodeWebhookHandler(receiver) : undefined;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const seen = (status: number) =>
        requests.push({ headers: req.headers, body: raw.toString('utf8'), status });
      res.once('finish', () => seen(res.statusCode));
      if (respond) return respond(req, res, raw);
      const gate = gates.shift() ?? 'pass';
      if (gate === 'down' || !receiver || !handler) {
        res.writeHead(500);
        res.end();
        return;
      }
      if (gate === 'ackLost') {
        void receiver
          .receive({
            signature: req.headers['x-signature-ed25519'] as string | undefined,
            timestamp: req.headers['x-signature-timestamp'] as string | undefined,
            body: raw,
          })
          .then((receipt) => {
            receipt.emit();
            res.writeHead(500);
            res.end();
          });
        return;
      }
      // Replays the buffered body to the node handler as a readable request.
      handler(
        Object.assign(
          {
            method: req.method,
            headers: req.headers,
            async *[Symbol.asyncIterator]() {
              yield raw;
            },
          },
          {},
        ),
        res,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    requests,
    gates,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
