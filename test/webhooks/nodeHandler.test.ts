/** The node:http / Express adapter over loopback: real IncomingMessage streams, answers before events. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { createNodeWebhookHandler } from '../../src/webhooks/node/createNodeWebhookHandler.js';
import { createWebhookReceiver } from '../../src/webhooks/WebhookReceiver.js';
import { eventBody, lobbyMessageData, testSigner } from './signer.js';

const NOW = Date.UTC(2026, 10, 23, 10, 0, 0);
const ts = String(Math.floor(NOW / 1000));
let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server?.closeAllConnections();
  server = undefined;
});

async function serve(maxBodyBytes = 4096) {
  const signer = testSigner();
  const receiver = createWebhookReceiver({
    publicKey: signer.publicKey,
    clock: new ManualClock(NOW),
    maxBodyBytes,
  });
  const order: string[] = [];
  receiver.on('event', () => order.push('event'));
  const handler = createNodeWebhookHandler(receiver);
  server = createServer((req, res) => {
    res.once('finish', () => order.push(`answered ${res.statusCode}`));
    const end = res.end.bind(res) as (...args: unknown[]) => typeof res;
    res.end = ((...args: unknown[]) => {
      order.push(`end ${res.statusCode}`);
      return end(...args);
    }) as typeof res.end;
    handler(req, res);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server!.address() as AddressInfo).port}/`;
  return { signer, receiver, url, order };
}

describe('createNodeWebhookHandler', () => {
  it('answers 204 to a signed event, writing the answer before emitting', async () => {
    const { signer, url, order } = await serve();
    const body = eventBody('LOBBY_MESSAGE_CREATE', lobbyMessageData());
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'X-Signature-Ed25519': signer.sign(ts, body), 'X-Signature-Timestamp': ts },
      body,
    });
    expect(response.status).toBe(204);
    expect(order.slice(0, 2)).toEqual(['end 204', 'event']);
  });

  it('answers 401 to a tampered body and 413 to a body over the limit (streamed, no Content-Length)', async () => {
    const body = eventBody('LOBBY_MESSAGE_CREATE', lobbyMessageData());
    const { signer, url, order } = await serve(body.length + 10);
    const tampered = await fetch(url, {
      method: 'POST',
      headers: { 'X-Signature-Ed25519': signer.sign(ts, body), 'X-Signature-Timestamp': ts },
      body: body.replace('party', 'parte'),
    });
    expect(tampered.status).toBe(401);
    const bigBody = eventBody('LOBBY_MESSAGE_CREATE', { ...lobbyMessageData(), content: 'x'.repeat(500) });
    const big = new TextEncoder().encode(bigBody);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < big.length; i += 64) controller.enqueue(big.slice(i, i + 64));
        controller.close();
      },
    });
    const tooLarge = await fetch(url, {
      method: 'POST',
      headers: { 'X-Signature-Ed25519': signer.sign(ts, bigBody), 'X-Signature-Timestamp': ts },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(tooLarge.status).toBe(413);
    expect(order).not.toContain('event');
  });

  it('uses a raw body parser’s Buffer and refuses a body already parsed as JSON (next gets the error)', async () => {
    const signer = testSigner();
    const receiver = createWebhookReceiver({ publicKey: signer.publicKey, clock: new ManualClock(NOW) });
    const handler = createNodeWebhookHandler(receiver);
    const body = eventBody('LOBBY_MESSAGE_CREATE', lobbyMessageData());
    const headers = { 'x-signature-ed25519': signer.sign(ts, body), 'x-signature-timestamp': ts };
    const empty = { async *[Symbol.asyncIterator]() {} };
    const answers: number[] = [];
    const res = { writeHead: (status: number) => answers.push(status), end: () => {} };
    const emitted = new Promise<void>((resolve) => receiver.once('event', () => resolve()));
    handler({ ...empty, method: 'POST', headers, body: Buffer.from(body), readableEnded: true }, res);
    await emitted;
    expect(answers).toEqual([204]);
    const error = await new Promise<unknown>((resolve) =>
      handler(
        { ...empty, method: 'POST', headers, body: JSON.parse(body), readableEnded: true },
        res,
        resolve,
      ),
    );
    expect(String(error)).toMatch(/before express\.json\(\)/);
  });
});
