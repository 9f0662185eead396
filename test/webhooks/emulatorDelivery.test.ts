/**
 * The emulator signs and delivers, lobbykit verifies and feeds the Lobby handle: over loopback, the
 * real emulator (manual clock) and a receiver behind node:http.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Emulator } from '../../src/emulator/createEmulator.js';
import { demo } from '../../src/emulator/world/demoSeed.js';
import { attachWebhooks } from '../../src/lobby/attachWebhooks.js';
import { webhookEventTypes } from '../../src/spec/schemas/webhookEvent.js';
import type { WebhookEvent } from '../../src/webhooks/WebhookEvent.js';
import { createWebhookReceiver, type WebhookReceiver } from '../../src/webhooks/WebhookReceiver.js';
import { useEmulator } from '../support/emulator.js';
import { manualRuntime, userClient } from '../lobby/lobbySupport.js';
import { type ReceiverServer, startReceiverServer } from './receiverServer.js';

const emu = useEmulator();
const servers: ReceiverServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function control(emulator: Emulator, method: string, path: string, body?: unknown) {
  const response = await fetch(`${emulator.url}/_emulator${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}

/** A receiver for the demo application on the emulator's clock, served over loopback. */
async function demoReceiver(): Promise<{ receiver: WebhookReceiver; server: ReceiverServer }> {
  const receiver = createWebhookReceiver({ publicKey: demo.webhookPublicKey, clock: emu.emulator.clock });
  const server = await startReceiverServer(receiver);
  servers.push(server);
  return { receiver, server };
}

async function register(server: ReceiverServer, eventTypes?: string[]) {
  const answer = await control(emu.emulator, 'PUT', `/applications/${demo.applicationId}/webhook`, {
    url: server.url,
    ...(eventTypes ? { event_types: eventTypes } : {}),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer;
}

function collect(receiver: WebhookReceiver): WebhookEvent[] {
  const events: WebhookEvent[] = [];
  receiver.on('event', (e) => events.push(e));
  return events;
}

/** The delivery records of the events of `type` in `/_emulator/events`. */
async function deliveriesOf(type: string) {
  const events = (await control(emu.emulator, 'GET', '/events')).body as unknown as Array<{
    type: string;
    application_id?: string;
    webhook_deliveries?: Array<{ status: string; attempts: Array<{ status?: number; error?: string }> }>;
  }>;
  return events.filter((e) => e.type === type);
}

describe('emulator: keys and the PING handshake', () => {
  it('gives each application an Ed25519 public key (hex) and the demo application a documented one', async () => {
    const made = await control(emu.emulator, 'POST', '/applications', { name: 'Other Game' });
    expect(made.status).toBe(201);
    expect(made.body?.public_key).toMatch(/^[0-9a-f]{64}$/);
    expect(made.body?.public_key).not.toBe(demo.webhookPublicKey);
    const got = await control(emu.emulator, 'GET', `/applications/${demo.applicationId}/webhook`);
    expect(got.body).toEqual({ url: null, event_types: [], public_key: demo.webhookPublicKey });
  });

  it('accepts a receiver that answers a signed PING with 204 and refuses the badly signed one', async () => {
    const { receiver, server } = await demoReceiver();
    const pings: string[] = [];
    const refused: string[] = [];
    receiver.on('ping', ({ applicationId }) => pings.push(applicationId));
    receiver.on('refused', ({ reason }) => refused.push(reason));
    const answer = await register(server);
    expect(answer.body).toEqual({
      url: server.url,
      event_types: [...webhookEventTypes],
      public_key: demo.webhookPublicKey,
    });
    expect(pings).toEqual([demo.applicationId]);
    expect(refused).toEqual(['signature']);
    expect(server.requests.map((r) => r.status)).toEqual([204, 401]);
    const ping = server.requests[0]!;
    expect(JSON.parse(ping.body)).toEqual({ version: 1, application_id: demo.applicationId, type: 0 });
    expect(ping.headers['x-signature-ed25519']).toMatch(/^[0-9a-f]{128}$/);
    expect(ping.headers['x-signature-timestamp']).toBe(String(Math.floor(emu.emulator.clock.now() / 1000)));
  });

  it('refuses an endpoint that skips verification (204 to the bad PING), naming why', async () => {
    const server = await startReceiverServer(undefined, (_req, res) => {
      res.writeHead(204);
      res.end();
    });
    servers.push(server);
    const answer = await control(emu.emulator, 'PUT', `/applications/${demo.applicationId}/webhook`, {
      url: server.url,
    });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toMatch(/answered 204 to a PING with a bad signature; 401 expected/);
    const got = await control(emu.emulator, 'GET', `/applications/${demo.applicationId}/webhook`);
    expect(got.body?.url).toBeNull();
  });

  it('refuses a wrong status and an endpoint that does not answer', async () => {
    const wrong = await startReceiverServer(undefined, (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"type":1}');
    });
    servers.push(wrong);
    const a = await control(emu.emulator, 'PUT', `/applications/${demo.applicationId}/webhook`, {
      url: wrong.url,
    });
    expect(a.status).toBe(400);
    expect(JSON.stringify(a.body)).toMatch(/answered 200 to a signed PING; 204 expected/);
    const gone = await startReceiverServer(undefined);
    await gone.close();
    const b = await control(emu.emulator, 'PUT', `/applications/${demo.applicationId}/webhook`, {
      url: gone.url,
    });
    expect(b.status).toBe(400);
    expect(JSON.stringify(b.body)).toMatch(/no answer from .* to a signed PING: ECONNREFUSED/);
  });

  it('refuses a bad URL, an unknown event type (50035 naming the field) and an unknown application', async () => {
    const path = `/applications/${demo.applicationId}/webhook`;
    const a = await control(emu.emulator, 'PUT', path, { url: 'ftp://example.test/x' });
    expect(a.status).toBe(400);
    expect(a.body?.errors).toHaveProperty('url');
    const b = await control(emu.emulator, 'PUT', path, {
      url: 'http://127.0.0.1:9/x',
      event_types: ['NOPE'],
    });
    expect(b.status).toBe(400);
    expect(b.body?.errors).toHaveProperty('event_types');
    const c = await control(emu.emulator, 'PUT', '/applications/1/webhook', { url: 'http://127.0.0.1:9/x' });
    expect(c.status).toBe(404);
    expect(c.body?.code).toBe(10002);
  });
});

describe('emulator: deliveries', () => {
  it('end to end: a user sends a lobby message with a bearer token → the bot handle fires message (remote) in one delivery', async () => {
    const { receiver, server } = await demoReceiver();
    await register(server);
    const { runtime, clock } = manualRuntime(emu.emulator, { idleTimeoutSeconds: 300 });
    attachWebhooks(runtime, receiver);
    const lobby = await runtime.open(demo.lobbyId);
    clock.advance(100_000);
    expect(lobby.idle.remainingMs).toBe(200_000);
    const got = new Promise<{ content: string; origin: string }>((resolve) =>
      lobby.once('message', ({ message, origin }) => resolve({ content: message.content, origin })),
    );
    const sent = await userClient(emu.emulator, demo.users[1]).lobbies.sendMessage(
      { lobby_id: demo.lobbyId },
      { body: { content: 'gg <b>wp</b>' } },
    );
    expect(await got).toEqual({ content: 'gg <b>wp</b>', origin: 'remote' });
    expect(lobby.idle.remainingMs).toBe(300_000); // the message counted as activity
    // The answer is written before the event is emitted; the server records it once sent.
    await vi.waitFor(() => expect(server.requests).toHaveLength(3)); // the two PINGs, then one delivery
    const delivery = server.requests.at(-1)!;
    const payload = JSON.parse(delivery.body) as Record<string, unknown>;
    expect(payload).toMatchObject({
      version: 1,
      application_id: demo.applicationId,
      type: 1,
      event: { type: 'LOBBY_MESSAGE_CREATE', data: { id: sent.id, lobby_id: demo.lobbyId } },
    });
    const [record] = await deliveriesOf('LOBBY_MESSAGE_CREATE');
    expect(record?.application_id).toBe(demo.applicationId);
    expect(record?.webhook_deliveries).toMatchObject([{ status: 'delivered', attempts: [{ status: 204 }] }]);
    await runtime.dispose();
  });

  it('delivers in order per application', async () => {
    const { receiver, server } = await demoReceiver();
    const events = collect(receiver);
    await register(server);
    for (let i = 0; i < 6; i++)
      await control(emu.emulator, 'POST', `/lobbies/${demo.lobbyId}/messages`, {
        user_id: demo.users[0].id,
        content: `m${i}`,
      });
    await vi.waitFor(() => expect(events).toHaveLength(6));
    expect(
      events.map((e) => (e.known && e.type === 'LOBBY_MESSAGE_CREATE' ? e.data.content : e.type)),
    ).toEqual(['m0', 'm1', 'm2', 'm3', 'm4', 'm5']);
  });

  it('a receiver that answers 500 gets the event again once it recovers, with no duplicate reaching the handle', async () => {
    const { receiver, server } = await demoReceiver();
    await register(server);
    const { runtime } = manualRuntime(emu.emulator);
    attachWebhooks(runtime, receiver);
    const lobby = await runtime.open(demo.lobbyId);
    const messages: string[] = [];
    lobby.on('message', ({ message, origin }) => messages.push(`${message.content} ${origin}`));
    let duplicates = 0;
    receiver.on('duplicate', () => duplicates++);
    // Down for the first attempt; the second is taken but its acknowledgement is lost; the third passes.
    server.gates.push('down', 'ackLost');
    await control(emu.emulator, 'POST', `/lobbies/${demo.lobbyId}/messages`, {
      user_id: demo.users[0].id,
      content: 'hello',
    });
    const attempts = async () =>
      (await deliveriesOf('LOBBY_MESSAGE_CREATE'))[0]?.webhook_deliveries?.[0]?.attempts.length ?? 0;
    await vi.waitFor(async () => expect(await attempts()).toBe(1));
    expect(messages).toEqual([]);
    emu.emulator.manualClock!.advance(1_000); // first retry after 1 s
    await vi.waitFor(async () => expect(await attempts()).toBe(2));
    expect(messages).toEqual(['hello remote']);
    emu.emulator.manualClock!.advance(1_999);
    expect(await attempts()).toBe(2); // the second retry waits 2 s
    emu.emulator.manualClock!.advance(1);
    await vi.waitFor(async () => expect(await attempts()).toBe(3));
    const [record] = await deliveriesOf('LOBBY_MESSAGE_CREATE');
    expect(record?.webhook_deliveries).toMatchObject([
      { status: 'delivered', attempts: [{ status: 500 }, { status: 500 }, { status: 204 }] },
    ]);
    expect(messages).toEqual(['hello remote']);
    expect(duplicates).toBe(1);
    // Each attempt was signed afresh: three distinct signatures, one body.
    const deliveries = server.requests.slice(2);
    expect(new Set(deliveries.map((r) => r.headers['x-signature-ed25519'])).size).toBe(3);
    expect(new Set(deliveries.map((r) => r.body)).size).toBe(1);
    await runtime.dispose();
  });

  it('edits and deletions reach the handle; events of other lobbies, DMs and authorizations reach the runtime', async () => {
    const { receiver, server } = await demoReceiver();
    await register(server);
    const { runtime } = manualRuntime(emu.emulator);
    attachWebhooks(runtime, receiver);
    const lobby = await runtime.open(demo.lobbyId);
    const onHandle: string[] = [];
    lobby.on('message', ({ message }) => onHandle.push(`message ${message.content}`));
    lobby.on('messageUpdated', ({ message }) => onHandle.push(`updated ${message.content}`));
    lobby.on('messageDeleted', ({ messageId }) => onHandle.push(`deleted ${messageId}`));
    const onRuntime: string[] = [];
    runtime.on('webhook', (e) => onRuntime.push(e.type));
    const events = collect(receiver);

    const posted = await control(emu.emulator, 'POST', `/lobbies/${demo.lobbyId}/messages`, {
      user_id: demo.users[1].id,
      content: 'first',
    });
    expect(posted.status).toBe(201);
    const id = posted.body?.id as string;
    expect(
      (await control(emu.emulator, 'PATCH', `/lobbies/${demo.lobbyId}/messages/${id}`, { content: 'second' }))
        .status,
    ).toBe(200);
    expect((await control(emu.emulator, 'DELETE', `/lobbies/${demo.lobbyId}/messages/${id}`)).status).toBe(
      204,
    );
    // A lobby the runtime does not hold.
    const other = emu.emulator.world.lobbies.create({ application_id: demo.applicationId });
    emu.emulator.world.lobbies.upsertMember(other, demo.users[2].id, {});
    await control(emu.emulator, 'POST', `/lobbies/${other.id}/messages`, {
      user_id: demo.users[2].id,
      content: 'elsewhere',
    });
    // A direct message, edited and deleted.
    const dm = await control(emu.emulator, 'POST', '/dms', {
      author_id: demo.users[0].id,
      recipient_id: demo.users[1].id,
      content: 'psst',
    });
    const dmId = dm.body?.id as string;
    await control(emu.emulator, 'PATCH', `/dms/${dmId}`, { content: 'psst!' });
    await control(emu.emulator, 'DELETE', `/dms/${dmId}`);
    // Erin links the game, then revokes it.
    const auth = await control(emu.emulator, 'POST', `/applications/${demo.applicationId}/authorizations`, {
      user_id: demo.users[4].id,
      scopes: ['identify', 'sdk.social_layer'],
    });
    expect(auth.status).toBe(201);
    const token = auth.body?.access_token as string;
    expect(
      (
        await control(
          emu.emulator,
          'DELETE',
          `/applications/${demo.applicationId}/authorizations/${demo.users[4].id}`,
        )
      ).status,
    ).toBe(204);
    const me = await fetch(`${emu.emulator.apiUrl}/users/@me/guilds`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(me.status).toBe(401);

    await vi.waitFor(() => expect(events).toHaveLength(9));
    expect(onHandle).toEqual(['message first', 'updated second', `deleted ${id}`]);
    expect(onRuntime).toEqual([
      'LOBBY_MESSAGE_CREATE',
      'GAME_DIRECT_MESSAGE_CREATE',
      'GAME_DIRECT_MESSAGE_UPDATE',
      'GAME_DIRECT_MESSAGE_DELETE',
      'APPLICATION_AUTHORIZED',
      'APPLICATION_DEAUTHORIZED',
    ]);
    const authorized = events.find((e) => e.type === 'APPLICATION_AUTHORIZED');
    expect(authorized?.data).toMatchObject({
      integration_type: 1,
      scopes: ['identify', 'sdk.social_layer'],
      user: { id: demo.users[4].id },
    });
    const updated = events.find((e) => e.type === 'GAME_DIRECT_MESSAGE_UPDATE');
    expect(updated?.data).toMatchObject({ id: dmId, content: 'psst!', recipient_id: demo.users[1].id });
    await runtime.dispose();
  });

  it('a message sent through the handle fires message once (local), its webhook echo is not repeated', async () => {
    const { receiver, server } = await demoReceiver();
    const events = collect(receiver);
    await register(server);
    const { runtime } = manualRuntime(emu.emulator);
    attachWebhooks(runtime, receiver);
    const lobby = await runtime.open(demo.lobbyId);
    const messages: string[] = [];
    lobby.on('message', ({ message, origin }) => messages.push(`${message.content} ${origin}`));
    await lobby.sendMessage('mine', { rest: userClient(emu.emulator, demo.users[0]) });
    await vi.waitFor(() => expect(events).toHaveLength(1));
    expect(messages).toEqual(['mine local']);
    await runtime.dispose();
  });

  it('delivers only the event types subscribed to, and nothing once the URL is removed', async () => {
    const { receiver, server } = await demoReceiver();
    const events = collect(receiver);
    await register(server, ['LOBBY_MESSAGE_DELETE']);
    const posted = await control(emu.emulator, 'POST', `/lobbies/${demo.lobbyId}/messages`, {
      user_id: demo.users[0].id,
      content: 'not delivered',
    });
    await control(emu.emulator, 'DELETE', `/lobbies/${demo.lobbyId}/messages/${posted.body?.id as string}`);
    await vi.waitFor(() => expect(events).toHaveLength(1));
    expect(events[0]?.type).toBe('LOBBY_MESSAGE_DELETE');
    expect((await deliveriesOf('LOBBY_MESSAGE_CREATE'))[0]?.webhook_deliveries).toBeUndefined();
    expect(
      (await control(emu.emulator, 'DELETE', `/applications/${demo.applicationId}/webhook`)).status,
    ).toBe(204);
    await control(emu.emulator, 'POST', `/lobbies/${demo.lobbyId}/messages`, {
      user_id: demo.users[0].id,
      content: 'x',
    });
    const creates = await deliveriesOf('LOBBY_MESSAGE_CREATE');
    expect(creates).toHaveLength(2);
    expect(creates[1]?.webhook_deliveries).toBeUndefined();
    expect(server.requests).toHaveLength(3);
  });
});

describe('emulator: the URL changes while a delivery is in flight', () => {
  it('drops what was queued for the removed URL and delivers what comes after to the new one', async () => {
    const receiver = createWebhookReceiver({ publicKey: demo.webhookPublicKey, clock: emu.emulator.clock });
    const contents: string[] = [];
    let held: (() => void) | undefined;
    let holdNext = true;
    const server = await startReceiverServer(undefined, (req, res, body) => {
      const answer = async () => {
        const receipt = await receiver.receive({
          signature: req.headers['x-signature-ed25519'] as string,
          timestamp: req.headers['x-signature-timestamp'] as string,
          body,
        });
        res.writeHead(receipt.status);
        res.end();
        receipt.emit();
      };
      const payload = JSON.parse(body.toString('utf8')) as {
        type: number;
        event?: { data: { content: string } };
      };
      if (payload.type === 1) contents.push(payload.event!.data.content);
      if (payload.type === 1 && holdNext) {
        holdNext = false;
        held = () => void answer();
      } else void answer();
    });
    servers.push(server);
    const path = `/applications/${demo.applicationId}/webhook`;
    expect((await control(emu.emulator, 'PUT', path, { url: server.url })).status).toBe(200);
    const post = (content: string) =>
      control(emu.emulator, 'POST', `/lobbies/${demo.lobbyId}/messages`, {
        user_id: demo.users[0].id,
        content,
      });
    await post('first');
    await vi.waitFor(() => expect(held).toBeDefined());
    expect((await control(emu.emulator, 'DELETE', path)).status).toBe(204);
    expect((await control(emu.emulator, 'PUT', path, { url: server.url })).status).toBe(200);
    await post('second');
    held!();
    await vi.waitFor(() => expect(contents).toEqual(['first', 'second']));
    const records = await deliveriesOf('LOBBY_MESSAGE_CREATE');
    await vi.waitFor(async () =>
      expect(
        (await deliveriesOf('LOBBY_MESSAGE_CREATE')).map((r) => r.webhook_deliveries?.[0]?.status),
      ).toEqual(['delivered', 'delivered']),
    );
    expect(records).toHaveLength(2);
  });
});

describe('emulator: repeated failures', () => {
  const small = useEmulator({ webhooks: { retryWindowMs: 3_000, disableAfterFailures: 2 } });

  it('gives an event up after the retry window, and removes the URL after events fail in a row', async () => {
    const emulator = small.emulator;
    const receiver = createWebhookReceiver({ publicKey: demo.webhookPublicKey, clock: emulator.clock });
    const server = await startReceiverServer(receiver);
    servers.push(server);
    const put = await control(emulator, 'PUT', `/applications/${demo.applicationId}/webhook`, {
      url: server.url,
    });
    expect(put.status).toBe(200);
    server.gates.push(...Array<'down'>(20).fill('down'));
    for (const content of ['a', 'b', 'c'])
      await control(emulator, 'POST', `/lobbies/${demo.lobbyId}/messages`, {
        user_id: demo.users[0].id,
        content,
      });
    const records = async () =>
      (
        (await control(emulator, 'GET', '/events')).body as unknown as Array<{
          type: string;
          webhook_deliveries?: Array<{ status: string; attempts: unknown[] }>;
        }>
      )
        .filter((e) => e.type === 'LOBBY_MESSAGE_CREATE')
        .map((e) => e.webhook_deliveries?.[0]);
    // Attempts at 0, 1 s and 3 s (1 + 2); the next would be at 7 s, past the 3 s window.
    const clock = emulator.manualClock!;
    for (const index of [0, 1]) {
      await vi.waitFor(async () => expect((await records())[index]?.attempts).toHaveLength(1));
      clock.advance(1_000);
      await vi.waitFor(async () => expect((await records())[index]?.attempts).toHaveLength(2));
      clock.advance(2_000);
      await vi.waitFor(async () => expect((await records())[index]?.attempts).toHaveLength(3));
      await vi.waitFor(async () => expect((await records())[index]?.status).toBe('failed'));
    }
    expect((await records())[2]?.status).toBe('dropped');
    const got = await control(emulator, 'GET', `/applications/${demo.applicationId}/webhook`);
    expect(got.body?.url).toBeNull();
    expect(got.body?.disabled).toMatchObject({
      url: server.url,
      reason: expect.stringMatching(/2 events in a row/),
    });
  });
});
