/**
 * The request pipeline over loopback HTTP, with a small route table of its own (so that these tests
 * pin the pipeline, whatever the real table holds): router, auth, body handling, validation, rate
 * limits, errors.
 */
import { Readable } from 'node:stream';
import { request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createEmulator, type Emulator } from '../../src/emulator/createEmulator.js';
import { type AnyHandler, type HandlerMap, reply } from '../../src/emulator/handlers/handlerTypes.js';
import { bucketId } from '../../src/emulator/rateLimits/RateLimiter.js';
import { demo } from '../../src/emulator/world/demoSeed.js';
import { defineRoute, type RouteDef } from '../../src/spec/route.js';
import { snowflake, stringDict } from '../../src/spec/schemas/common.js';

const base = { area: 'lobbies', audit: false, idempotent: true } as const;
const routes: RouteDef[] = [
  defineRoute({
    ...base,
    name: 'getThing',
    operation: 'Get Thing',
    method: 'GET',
    path: '/things/{thing_id}',
    auth: 'bot',
    params: z.object({ thing_id: snowflake }),
    query: z.object({ limit: z.coerce.number().int().min(1).max(5).optional() }),
    status: 200,
    responseKind: 'json',
  }),
  defineRoute({
    ...base,
    name: 'deleteThing',
    operation: 'Delete Thing',
    method: 'DELETE',
    path: '/things/{thing_id}',
    auth: 'bot',
    params: z.object({ thing_id: snowflake }),
    status: 204,
    responseKind: 'empty',
  }),
  defineRoute({
    ...base,
    name: 'leaveThing',
    operation: 'Leave Thing',
    method: 'DELETE',
    path: '/things/@me',
    auth: 'bearer',
    params: z.object({}),
    status: 204,
    responseKind: 'empty',
  }),
  defineRoute({
    ...base,
    name: 'createThing',
    operation: 'Create Thing',
    method: 'POST',
    path: '/things',
    auth: 'bot',
    audit: true,
    params: z.object({}),
    body: z.object({
      name: z.string().min(2).max(10),
      metadata: z.optional(stringDict(20)),
      members: z
        .array(z.object({ id: snowflake, flags: z.number().int().optional() }))
        .max(3)
        .optional(),
    }),
    bodyKind: 'json',
    status: 201,
    responseKind: 'json',
    rateLimit: 'createLobby',
    idempotent: false,
  }),
  defineRoute({
    ...base,
    name: 'bulkThing',
    operation: 'Bulk Thing',
    method: 'POST',
    path: '/things/bulk',
    auth: 'bot',
    params: z.object({}),
    body: z
      .array(z.object({ id: snowflake }))
      .min(1)
      .max(2),
    bodyKind: 'json',
    status: 200,
    responseKind: 'json',
    idempotent: false,
  }),
  defineRoute({
    ...base,
    name: 'uploadThing',
    operation: 'Upload Thing',
    method: 'PUT',
    path: '/things/{thing_id}/file',
    auth: 'bot',
    params: z.object({ thing_id: snowflake }),
    body: z.object({ note: z.string().optional(), size: z.number().optional() }),
    bodyKind: 'json-or-multipart',
    files: ['thing_file'],
    status: 200,
    responseKind: 'json',
  }),
  defineRoute({
    ...base,
    name: 'scopedThing',
    operation: 'Scoped Thing',
    method: 'GET',
    path: '/users/@me/things',
    auth: 'either',
    params: z.object({}),
    scopes: ['guilds'],
    status: 200,
    responseKind: 'json',
  }),
  defineRoute({
    ...base,
    name: 'intentThing',
    operation: 'Intent Thing',
    method: 'GET',
    path: '/guilds/{guild_id}/things',
    auth: 'bot',
    params: z.object({ guild_id: snowflake }),
    intents: ['GUILD_PRESENCES'],
    status: 200,
    responseKind: 'json',
  }),
  defineRoute({
    ...base,
    name: 'publicThing',
    operation: 'Public Thing',
    method: 'GET',
    path: '/public/{thing_id}.png',
    auth: 'none',
    params: z.object({ thing_id: snowflake }),
    status: 200,
    responseKind: 'png',
  }),
  defineRoute({
    ...base,
    name: 'brokenThing',
    operation: 'Broken Thing',
    method: 'GET',
    path: '/broken',
    auth: 'bot',
    params: z.object({}),
    status: 200,
    responseKind: 'json',
  }),
];

const handlers: Record<string, AnyHandler> = {
  getThing: (ctx) => reply.json({ id: ctx.params, query: ctx.query, caller: ctx.caller.kind }),
  deleteThing: () => reply.noContent(),
  createThing: (ctx) => reply.json({ body: ctx.body, reason: ctx.auditReason }, 201),
  bulkThing: (ctx) => reply.json(ctx.body),
  uploadThing: (ctx) =>
    reply.json({
      body: ctx.body,
      files: [...ctx.files.values()].map((f) => [f.field, f.filename, f.data.toString()]),
    }),
  scopedThing: (ctx) => reply.json({ caller: ctx.caller.kind }),
  intentThing: () => reply.json([]),
  publicThing: () => reply.bytes('image/png', Buffer.from([137, 80, 78, 71])),
  brokenThing: () => {
    throw new Error('a bug');
  },
};

let emu: Emulator;
const logged: string[] = [];
beforeAll(async () => {
  emu = await createEmulator(
    {
      clock: 'manual',
      rateLimits: { development: { createLobby: 3 }, globalPerSecond: 1000 },
      bodyLimits: { maxJsonBytes: 64 * 1024, maxMultipartBytes: 64 * 1024 },
      logger: { error: (message) => logged.push(message) },
    },
    { routes, handlers: handlers as HandlerMap },
  );
});
afterAll(() => emu.close());
beforeEach(() => emu.reset());

const BOT = { authorization: `Bot ${demo.botToken}` };
const USER = { authorization: `Bearer ${demo.users[0].token}` };

async function call(
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: string | Buffer } = {},
) {
  const res = await request(`${emu.url}${path}`, {
    method: method as 'GET',
    headers: init.headers ?? {},
    ...(init.body === undefined ? {} : { body: init.body }),
  });
  const text = await res.body.text();
  const json =
    (res.headers['content-type'] ?? '').toString().startsWith('application/json') && text
      ? JSON.parse(text)
      : undefined;
  return { status: res.statusCode, headers: res.headers as Record<string, string>, json, text };
}
const postJson = (path: string, body: unknown, headers: Record<string, string> = BOT) =>
  call('POST', path, {
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('router', () => {
  it('answers an unknown path with the platform 404', async () => {
    for (const path of [
      '/api/v10/nothing',
      '/api/v10/things/1/2/3',
      '/api/v9/things/1',
      '/',
      '/api/v10/things/%E0%A4%A',
    ]) {
      const res = await call('GET', path, { headers: BOT });
      expect(res.status, path).toBe(404);
      expect(res.json).toEqual({ message: '404: Not Found', code: 0 });
    }
  });

  it('answers a known path with another method with the platform 405', async () => {
    const res = await call('PATCH', '/api/v10/things/1', { headers: BOT });
    expect(res.status).toBe(405);
    expect(res.json).toEqual({ message: '405: Method Not Allowed', code: 0 });
    expect(res.headers.allow).toBe('GET, DELETE');
  });

  it('prefers a literal segment over a placeholder', async () => {
    expect((await call('DELETE', '/api/v10/things/@me', { headers: USER })).status).toBe(501);
    expect((await call('DELETE', '/api/v10/things/123', { headers: BOT })).status).toBe(204);
  });

  it('answers a route without a handler with 501 naming it', async () => {
    const res = await call('DELETE', '/api/v10/things/@me', { headers: USER });
    expect(res.json).toEqual({ code: 0, message: 'not implemented in the emulator yet: leaveThing' });
    expect(emu.unimplementedRoutes()).toEqual(['leaveThing']);
  });
});

describe('auth', () => {
  it('answers a missing, malformed or unknown token with 401', async () => {
    for (const authorization of [undefined, 'Bot', 'Bot nope', 'Bearer nope', 'Basic abc', demo.botToken]) {
      const res = await call('GET', '/api/v10/things/1', {
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(res.status, String(authorization)).toBe(401);
      expect(res.json).toEqual({ code: 0, message: '401: Unauthorized' });
    }
  });

  it('answers the wrong kind of token with 403 code 50001', async () => {
    const asUser = await call('GET', '/api/v10/things/1', { headers: USER });
    expect(asUser.status).toBe(403);
    expect(asUser.json).toEqual({ code: 50001, message: 'Missing Access' });
    expect((await call('DELETE', '/api/v10/things/@me', { headers: BOT })).json).toEqual({
      code: 50001,
      message: 'Missing Access',
    });
  });

  it('answers a bearer token without the scope with 403 50001, and lets a bot through an `either` route', async () => {
    const created = await postJson('/_emulator/users', { username: 'noscope', scopes: ['identify'] }, {});
    const access = (created.json as { access_token: string }).access_token;
    const refused = await call('GET', '/api/v10/users/@me/things', {
      headers: { authorization: `Bearer ${access}` },
    });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ code: 50001 });
    expect((await call('GET', '/api/v10/users/@me/things', { headers: USER })).json).toEqual({
      caller: 'bearer',
    });
    expect((await call('GET', '/api/v10/users/@me/things', { headers: BOT })).json).toEqual({
      caller: 'bot',
    });
  });

  it('answers a missing privileged intent with 403 50001', async () => {
    const res = await call('GET', '/api/v10/guilds/1/things', { headers: BOT });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ code: 50001 });
    const app = await postJson(
      '/_emulator/applications',
      { name: 'Presence', privileged_intents: ['GUILD_PRESENCES'] },
      {},
    );
    const token = (app.json as { bot_token: string }).bot_token;
    expect(
      (await call('GET', '/api/v10/guilds/1/things', { headers: { authorization: `Bot ${token}` } })).status,
    ).toBe(200);
  });

  it('needs nothing for an unauthenticated route', async () => {
    const res = await call('GET', '/api/v10/public/1.png');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
  });
});

describe('bodies and validation', () => {
  it('answers malformed JSON with 400 code 50109', async () => {
    const res = await call('POST', '/api/v10/things', {
      headers: { ...BOT, 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ code: 50109, message: 'The request body contains invalid JSON.' });
  });

  it('answers the wrong content type with a 400 50035 CONTENT_TYPE_INVALID', async () => {
    const res = await call('POST', '/api/v10/things', {
      headers: { ...BOT, 'content-type': 'text/plain' },
      body: '{"name":"ok"}',
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 50035, errors: { _errors: [{ code: 'CONTENT_TYPE_INVALID' }] } });
  });

  it('answers a body over the limit with 413 (declared or streamed)', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(70 * 1024) });
    const res = await call('POST', '/api/v10/things', {
      headers: { ...BOT, 'content-type': 'application/json' },
      body: big,
    });
    expect(res.status).toBe(413);
    expect(res.json).toEqual({ code: 40005, message: 'Request entity too large' });
    const ok = await postJson('/api/v10/things', { name: 'ok' });
    expect(ok.status).toBe(201);
  });

  it('answers 413 to a chunked body that grows past the limit, and stays usable', async () => {
    async function* chunks() {
      yield '{"name":"';
      for (let i = 0; i < 100; i++) yield 'x'.repeat(1024);
      yield '"}';
    }
    const res = await request(`${emu.url}/api/v10/things`, {
      method: 'POST',
      headers: { ...BOT, 'content-type': 'application/json' },
      body: Readable.from(chunks()),
    });
    expect(res.statusCode).toBe(413);
    expect(await res.body.json()).toEqual({ code: 40005, message: 'Request entity too large' });
    expect((await postJson('/api/v10/things', { name: 'ok' })).status).toBe(201);
  });

  it('names every bad field of params, query and body in one 50035 envelope', async () => {
    const res = await postJson('/api/v10/things', {
      name: 'x',
      metadata: { key: 'v'.repeat(30) },
      members: [{ id: '1' }, { id: 'abc', flags: 'x' }],
    });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      code: 50035,
      message: 'Invalid Form Body',
      errors: {
        name: { _errors: [{ code: 'BASE_TYPE_MIN_LENGTH', message: 'Must be 2 or more in length.' }] },
        metadata: { _errors: [expect.objectContaining({ code: 'BASE_TYPE_MAX_LENGTH' })] },
        members: {
          '1': {
            id: { _errors: [{ code: 'NUMBER_TYPE_COERCE', message: 'Value "abc" is not snowflake.' }] },
            flags: { _errors: [{ code: 'NUMBER_TYPE_COERCE', message: 'Value "x" is not int.' }] },
          },
        },
      },
    });
    const query = await call('GET', '/api/v10/things/abc?limit=9', { headers: BOT });
    expect(query.json).toMatchObject({
      code: 50035,
      errors: {
        thing_id: { _errors: [{ code: 'NUMBER_TYPE_COERCE' }] },
        limit: { _errors: [{ code: 'NUMBER_TYPE_MAX' }] },
      },
    });
  });

  it('reads an empty body as absent and names the missing fields', async () => {
    const res = await call('POST', '/api/v10/things', { headers: BOT });
    expect(res.json).toMatchObject({
      code: 50035,
      errors: { name: { _errors: [{ code: 'BASE_TYPE_REQUIRED' }] } },
    });
    const bulk = await call('POST', '/api/v10/things/bulk', { headers: BOT });
    expect(bulk.json).toMatchObject({ code: 50035, errors: { _errors: [{ code: 'LIST_TYPE_CONVERT' }] } });
  });

  it('refuses __proto__ keys and passes constructor as plain data', async () => {
    const res = await call('POST', '/api/v10/things', {
      headers: { ...BOT, 'content-type': 'application/json' },
      body: '{"name":"ok","metadata":{"__proto__":"x"}}',
    });
    expect(res.status).toBe(400);
    expect(res.text).toContain('"metadata":{"__proto__":{"_errors"');
    const ok = await postJson('/api/v10/things', { name: 'ok', metadata: { constructor: 'c' } });
    expect(ok.json).toMatchObject({ body: { metadata: { constructor: 'c' } } });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('parses multipart bodies: payload_json and text fields make the body, files go aside', async () => {
    const b = 'XyZ123boundary';
    const body = [
      `--${b}\r\nContent-Disposition: form-data; name="payload_json"\r\n\r\n{"note":"hello"}`,
      `--${b}\r\nContent-Disposition: form-data; name="size"\r\n\r\n42`,
      `--${b}\r\nContent-Disposition: form-data; name="thing_file"; filename="t.csv"\r\nContent-Type: text/csv\r\n\r\nuser_id\r\n1`,
      `--${b}--`,
    ].join('\r\n');
    const res = await call('PUT', '/api/v10/things/1/file', {
      headers: { ...BOT, 'content-type': `multipart/form-data; boundary=${b}` },
      body,
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      body: { note: 'hello', size: 42 },
      files: [['thing_file', 't.csv', 'user_id\r\n1']],
    });
    const broken = await call('PUT', '/api/v10/things/1/file', {
      headers: { ...BOT, 'content-type': `multipart/form-data; boundary=${b}` },
      body: `--${b}\r\nnonsense`,
    });
    expect(broken.status).toBe(400);
    expect(broken.json).toMatchObject({ code: 50035, errors: { _errors: [{ code: 'MULTIPART_INVALID' }] } });
  });

  it('passes a URL-encoded X-Audit-Log-Reason decoded to audit operations', async () => {
    const res = await call('POST', '/api/v10/things', {
      headers: {
        ...BOT,
        'content-type': 'application/json',
        'x-audit-log-reason': encodeURIComponent('cleanup: ünïcode'),
      },
      body: JSON.stringify({ name: 'ok' }),
    });
    expect(res.json).toMatchObject({ reason: 'cleanup: ünïcode' });
  });

  it('answers a handler bug with 500, logs it, and stays up', async () => {
    const res = await call('GET', '/api/v10/broken', { headers: BOT });
    expect(res.status).toBe(500);
    expect(res.json).toEqual({ message: '500: Internal Server Error', code: 0 });
    expect(logged.at(-1)).toContain('brokenThing');
    expect(logged.join('\n')).not.toContain(demo.botToken);
    expect((await call('GET', '/api/v10/things/1', { headers: BOT })).status).toBe(200);
  });
});

describe('rate limits', () => {
  it('carries the headers on every answer to an authenticated request', async () => {
    for (const [method, path] of [
      ['GET', '/api/v10/things/1'],
      ['GET', '/api/v10/things/x'],
      ['DELETE', '/api/v10/things/1'],
    ] as const) {
      const res = await call(method, path, { headers: BOT });
      expect(res.headers['x-ratelimit-limit'], path).toBeDefined();
      expect(res.headers['x-ratelimit-remaining']).toMatch(/^\d+$/);
      expect(res.headers['x-ratelimit-reset']).toMatch(/^\d+\.\d{3}$/);
      expect(res.headers['x-ratelimit-reset-after']).toMatch(/^\d+\.\d{3}$/);
      expect(res.headers['x-ratelimit-bucket']).toMatch(/^[0-9a-f]{32}$/);
    }
  });

  it('allows the development limit, answers the next request 429, and allows again after the window', async () => {
    for (let i = 0; i < 3; i++) {
      const ok = await postJson('/api/v10/things', { name: 'ok' });
      expect(ok.status).toBe(201);
      expect(ok.headers['x-ratelimit-remaining']).toBe(String(2 - i));
      expect(ok.headers['x-ratelimit-bucket']).toBe(bucketId('dev:createLobby'));
    }
    const refused = await postJson('/api/v10/things', { name: 'ok' });
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({
      message: 'You are being rate limited.',
      retry_after: 7200,
      global: false,
    });
    expect(refused.headers['retry-after']).toBe('7200');
    expect(refused.headers['x-ratelimit-scope']).toBe('user');
    expect(refused.headers['x-ratelimit-global']).toBeUndefined();

    const advanced = await postJson('/_emulator/clock', { advance_ms: 2 * 60 * 60 * 1000 }, {});
    expect(advanced.status).toBe(200);
    expect((await postJson('/api/v10/things', { name: 'ok' })).status).toBe(201);
  });
});

describe('hostile input never gets a 5xx', () => {
  it('survives a barrage of malformed requests', async () => {
    const bodies = [
      '',
      'null',
      '[]',
      '{}',
      '"x"',
      '1e999',
      '{"name":{"$gt":""}}',
      '{"name":"ok","members":[null,1,"x",[],{"id":{}}]}',
      `{"name":"ok","metadata":${'{"a":'.repeat(100)}1${'}'.repeat(100)}}`,
      '{"constructor":{"prototype":{"polluted":1}},"name":"ok"}',
      '\u0000\u0001',
      '{"name":"\\ud800"}',
      '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
    ];
    const paths = [
      '/api/v10/things',
      '/api/v10/things/bulk',
      '/api/v10/things/1/file',
      '/api/v10/things/99999999999999999999999',
    ];
    for (const path of paths) {
      for (const body of bodies) {
        for (const method of ['POST', 'PUT', 'GET']) {
          const res = await call(method, path, {
            headers: { ...BOT, 'content-type': 'application/json' },
            body,
          });
          expect(res.status, `${method} ${path} ${body.slice(0, 30)}`).toBeLessThan(500);
        }
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await call('GET', '/api/v10/things/1', { headers: BOT })).status).toBe(200);
  });
});

describe('CORS', () => {
  it('answers preflights and allows any origin', async () => {
    const pre = await call('OPTIONS', '/api/v10/things');
    expect(pre.status).toBe(204);
    expect(pre.headers['access-control-allow-headers']).toContain('Authorization');
    const res = await call('GET', '/api/v10/things/1', { headers: BOT });
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-expose-headers']).toContain('X-RateLimit-Bucket');
  });
});
