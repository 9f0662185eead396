/** The receiver's core: verify before parsing, answer at once, emit typed events once. */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { ValidationError } from '../../src/rest/errors/ValidationError.js';
import { createWebhookReceiver, type WebhookReceiver } from '../../src/webhooks/WebhookReceiver.js';
import type { WebhookEvent, WebhookRefusedEvent } from '../../src/webhooks/WebhookEvent.js';
import { eventBody, lobbyMessageData, pingBody, testSigner } from './signer.js';

const NOW = Date.UTC(2026, 10, 23, 10, 0, 0);
const nowSeconds = Math.floor(NOW / 1000);

function setup(
  options: { maxBodyBytes?: number; maxSkewSeconds?: number; dedupeWindowSeconds?: number } = {},
) {
  const signer = testSigner();
  const clock = new ManualClock(NOW);
  const receiver = createWebhookReceiver({ publicKey: signer.publicKey, clock, ...options });
  return { signer, clock, receiver, seen: record(receiver) };
}

function record(receiver: WebhookReceiver) {
  const seen = {
    events: [] as WebhookEvent[],
    refused: [] as WebhookRefusedEvent[],
    pings: 0,
    duplicates: 0,
    names: [] as string[],
  };
  receiver.on('event', (e) => seen.events.push(e));
  receiver.on('refused', (e) => seen.refused.push(e));
  receiver.on('ping', () => seen.pings++);
  receiver.on('duplicate', () => seen.duplicates++);
  receiver.on('lobbyMessageCreate', () => seen.names.push('lobbyMessageCreate'));
  receiver.on('unknownEvent', () => seen.names.push('unknownEvent'));
  receiver.on('invalidEvent', () => seen.names.push('invalidEvent'));
  return seen;
}

describe('WebhookReceiver', () => {
  it('acknowledges a correctly signed event with 204 and emits it typed, once', async () => {
    const { signer, receiver, seen } = setup();
    const response = await receiver.handle(
      signer.request(eventBody('LOBBY_MESSAGE_CREATE', lobbyMessageData()), nowSeconds),
    );
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(seen.names).toEqual(['lobbyMessageCreate']);
    expect(seen.events).toHaveLength(1);
    const event = seen.events[0]!;
    expect(event.known && event.type === 'LOBBY_MESSAGE_CREATE' && event.data.content).toBe(
      'welcome to the party!',
    );
    expect(event.applicationId).toBe('1323802873036931072');
  });

  it('answers a verified PING with 204 and emits ping, no event — again when the same PING comes twice', async () => {
    const { signer, receiver, seen } = setup();
    const response = await receiver.handle(signer.request(pingBody(), nowSeconds));
    expect(response.status).toBe(204);
    // The portal checking a URL twice in one second sends the same bytes, signed the same way.
    expect((await receiver.handle(signer.request(pingBody(), nowSeconds))).status).toBe(204);
    expect(seen.pings).toBe(2);
    expect(seen.events).toHaveLength(0);
  });

  const body = eventBody('LOBBY_MESSAGE_CREATE', lobbyMessageData());
  const tampered: Array<[string, (s: ReturnType<typeof testSigner>) => Request, string]> = [
    [
      'a tampered body',
      (s) => s.request(body, nowSeconds, { body: body.replace('party', 'parte') }),
      'signature',
    ],
    [
      'a tampered timestamp',
      (s) => s.request(body, nowSeconds, { timestamp: String(nowSeconds - 1) }),
      'signature',
    ],
    [
      'a tampered signature',
      (s) => {
        const good = s.sign(String(nowSeconds), body);
        const flipped = (good[0] === 'a' ? 'b' : 'a') + good.slice(1);
        return s.request(body, nowSeconds, { signature: flipped });
      },
      'signature',
    ],
    ['a signature by another key', () => testSigner().request(body, nowSeconds), 'signature'],
    [
      'a signature that is not hex',
      (s) => s.request(body, nowSeconds, { signature: 'zz'.repeat(64) }),
      'headers',
    ],
    ['no signature', (s) => s.request(body, nowSeconds, { signature: '' }), 'headers'],
    ['a timestamp that is not a number', (s) => s.request(body, nowSeconds, { timestamp: '12a' }), 'headers'],
    ['a stale timestamp', (s) => s.request(body, nowSeconds - 61), 'stale'],
    ['a timestamp from the future', (s) => s.request(body, nowSeconds + 61), 'stale'],
  ];
  for (const [what, make, reason] of tampered) {
    it(`refuses ${what} with 401 and emits nothing`, async () => {
      const { signer, receiver, seen } = setup();
      const response = await receiver.handle(make(signer));
      expect(response.status).toBe(401);
      expect(seen.events).toHaveLength(0);
      expect(seen.names).toHaveLength(0);
      expect(seen.refused).toEqual([{ reason, status: 401 }]);
    });
  }

  it('accepts a timestamp at the edge of the skew window and refuses one just past it', async () => {
    const { signer, receiver, seen } = setup({ maxSkewSeconds: 30 });
    expect((await receiver.handle(signer.request(body, nowSeconds - 30))).status).toBe(204);
    const other = eventBody('LOBBY_MESSAGE_CREATE', lobbyMessageData('1397729799727878255'));
    expect((await receiver.handle(signer.request(other, nowSeconds - 31))).status).toBe(401);
    expect(seen.events).toHaveLength(1);
  });

  it('refuses a replayed request (same signature) with 401 while the first is emitted once', async () => {
    const { signer, receiver, seen } = setup();
    const first = signer.request(body, nowSeconds);
    const again = first.clone();
    expect((await receiver.handle(first)).status).toBe(204);
    expect((await receiver.handle(again)).status).toBe(401);
    expect(seen.refused).toEqual([{ reason: 'replay', status: 401 }]);
    expect(seen.events).toHaveLength(1);
  });

  it('refuses two copies arriving together: one passes, one is a replay', async () => {
    const { signer, receiver, seen } = setup();
    const first = signer.request(body, nowSeconds);
    const answers = await Promise.all([receiver.handle(first.clone()), receiver.handle(first)]);
    expect(answers.map((a) => a.status).sort()).toEqual([204, 401]);
    expect(seen.events).toHaveLength(1);
  });

  it('acknowledges a redelivery (same body, fresh signature) with 204 without emitting it again', async () => {
    const { signer, clock, receiver, seen } = setup();
    expect((await receiver.handle(signer.request(body, nowSeconds))).status).toBe(204);
    clock.advance(5_000);
    expect((await receiver.handle(signer.request(body, nowSeconds + 5))).status).toBe(204);
    expect(seen.events).toHaveLength(1);
    expect(seen.duplicates).toBe(1);
  });

  it('emits a redelivery again when the duplicate check is off', async () => {
    const { signer, clock, receiver, seen } = setup({ dedupeWindowSeconds: 0 });
    await receiver.handle(signer.request(body, nowSeconds));
    clock.advance(5_000);
    await receiver.handle(signer.request(body, nowSeconds + 5));
    expect(seen.events).toHaveLength(2);
  });

  it('refuses a body over maxBodyBytes with 413 unread, declared or streamed, and accepts one at the limit', async () => {
    const { signer, receiver, seen } = setup({ maxBodyBytes: body.length });
    expect((await receiver.handle(signer.request(body, nowSeconds))).status).toBe(204);
    const big = eventBody('LOBBY_MESSAGE_CREATE', {
      ...lobbyMessageData('1397729799727878256'),
      content: 'x'.repeat(50),
    });
    expect((await receiver.handle(signer.request(big, nowSeconds))).status).toBe(413);
    // No Content-Length: the stream is cut at the limit.
    const bytes = new TextEncoder().encode(big);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 100));
        controller.enqueue(bytes.slice(100));
        controller.close();
      },
    });
    const streamed = new Request('http://game.test/webhooks', {
      method: 'POST',
      headers: {
        'X-Signature-Ed25519': signer.sign(String(nowSeconds), big),
        'X-Signature-Timestamp': String(nowSeconds),
      },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect((await receiver.handle(streamed)).status).toBe(413);
    expect(seen.events).toHaveLength(1);
    expect(seen.refused).toEqual([
      { reason: 'size', status: 413 },
      { reason: 'size', status: 413 },
    ]);
  });

  it('answers 405 to anything but POST', async () => {
    const { signer, receiver, seen } = setup();
    const response = await receiver.handle(signer.request(body, nowSeconds, { method: 'GET' }));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(seen.refused).toEqual([{ reason: 'method', status: 405 }]);
  });

  it('passes an unknown event type through as such', async () => {
    const { signer, receiver, seen } = setup();
    const unknown = eventBody('ENTITLEMENT_CREATE', { id: '1', sku_id: '2' });
    expect((await receiver.handle(signer.request(unknown, nowSeconds))).status).toBe(204);
    expect(seen.names).toEqual(['unknownEvent']);
    expect(seen.events).toEqual([
      {
        known: false,
        type: 'ENTITLEMENT_CREATE',
        timestamp: '2026-11-23T10:00:00.000000',
        applicationId: '1323802873036931072',
        data: { id: '1', sku_id: '2' },
      },
    ]);
  });

  it('acknowledges a known type whose data fails its schema and reports it as invalidEvent only', async () => {
    const { signer, receiver, seen } = setup();
    const bad = eventBody('LOBBY_MESSAGE_DELETE', { id: 'not-a-snowflake' });
    expect((await receiver.handle(signer.request(bad, nowSeconds))).status).toBe(204);
    expect(seen.names).toEqual(['invalidEvent']);
    expect(seen.events).toHaveLength(0);
  });

  it('answers 400 to a verified body that is not a webhook payload, emitting nothing', async () => {
    const { signer, receiver, seen } = setup();
    expect((await receiver.handle(signer.request('{"version":2}', nowSeconds))).status).toBe(400);
    expect((await receiver.handle(signer.request('not json', nowSeconds + 1))).status).toBe(400);
    expect(seen.events).toHaveLength(0);
    expect(seen.refused.map((r) => r.reason)).toEqual(['payload', 'payload']);
  });

  it('answers 204 even when a listener throws, and reports the throw as error', async () => {
    const { signer, receiver } = setup();
    const errors: unknown[] = [];
    receiver.on('lobbyMessageCreate', () => {
      throw new Error('listener bug');
    });
    receiver.on('error', (e) => errors.push(e));
    expect((await receiver.handle(signer.request(body, nowSeconds))).status).toBe(204);
    expect(errors).toHaveLength(1);
  });

  it('refuses a public key that is not 64 hex digits, and bad options, with ValidationError', () => {
    expect(() => createWebhookReceiver({ publicKey: 'abc' })).toThrow(ValidationError);
    expect(() => createWebhookReceiver({ publicKey: 'a'.repeat(64), maxBodyBytes: 0 })).toThrow(
      /maxBodyBytes/,
    );
    expect(() => createWebhookReceiver({ publicKey: 'a'.repeat(64), maxSkewSeconds: -1 })).toThrow(
      /maxSkewSeconds/,
    );
  });

  it('emits each known type under its own name', async () => {
    const { signer, receiver } = setup();
    const names: string[] = [];
    for (const name of [
      'lobbyMessageUpdate',
      'lobbyMessageDelete',
      'gameDirectMessageCreate',
      'applicationAuthorized',
      'applicationDeauthorized',
    ] as const)
      receiver.on(name, () => names.push(name));
    const user = { id: '1323802873036931074', username: 'alice' };
    const bodies = [
      eventBody('LOBBY_MESSAGE_UPDATE', {
        ...lobbyMessageData(),
        edited_timestamp: '2026-11-23T10:00:00+00:00',
      }),
      eventBody('LOBBY_MESSAGE_DELETE', { id: '1', lobby_id: '2' }),
      eventBody('GAME_DIRECT_MESSAGE_CREATE', { id: '3', content: 'hi', author: user, channel_id: '4' }),
      eventBody('APPLICATION_AUTHORIZED', { integration_type: 1, user, scopes: ['identify'] }),
      eventBody('APPLICATION_DEAUTHORIZED', { user }),
    ];
    for (const [i, b] of bodies.entries())
      expect((await receiver.handle(signer.request(b, nowSeconds + i))).status).toBe(204);
    expect(names).toEqual([
      'lobbyMessageUpdate',
      'lobbyMessageDelete',
      'gameDirectMessageCreate',
      'applicationAuthorized',
      'applicationDeauthorized',
    ]);
  });
});
