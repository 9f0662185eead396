/**
 * The client's request building, validation, token checks, answers and errors, over a scripted
 * transport (no sockets, no real time).
 */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import type { ApiError } from '../../src/rest/errors/ApiError.js';
import { isApiError, isTokenKindError, isValidationError } from '../../src/rest/errors/guards.js';
import type { ValidationError } from '../../src/rest/errors/ValidationError.js';
import { RestClient } from '../../src/rest/RestClient.js';
import { LobbyClient } from '../../src/rest/LobbyClient.js';
import { RouteClient } from '../../src/rest/RouteClient.js';
import type { ClientRouteDef } from '../../src/spec/route.js';
import { lobbyClientRoutes } from '../../src/spec/routes/lobbyClientRoutes.js';
import { lobbyRoutes } from '../../src/spec/routes/lobbyRoutes.js';
import type { RestClientOptions } from '../../src/rest/restClientDefaults.js';
import { type FakeAnswer, fakeTransport, type RecordedRequest } from './support/fakeTransport.js';
import { testRoutes } from './support/testRoutes.js';

const BOT = 'bot-token-0123456789abcdefghij';
const BEARER = 'bearer-token-0123456789abcdefghij';

function setup(
  handler: (req: RecordedRequest, i: number) => FakeAnswer = () => ({ status: 200, body: { id: '1' } }),
  options: RestClientOptions = {},
) {
  const transport = fakeTransport(handler);
  const client = new RouteClient({
    routes: testRoutes,
    baseUrl: 'http://api.test/api/v10',
    auth: { bot: BOT },
    transport,
    clock: new ManualClock(),
    random: () => 0.5,
    ...options,
  });
  return { client, transport };
}

async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('requests', () => {
  it('sends method, URL, token, user agent and a JSON body', async () => {
    const { client, transport } = setup(() => ({ status: 201, body: { id: '9' } }));
    const lobby = await client.call('createLobby', { body: { metadata: { a: 'b' } } });
    expect(lobby).toEqual({ id: '9' });
    const req = transport.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('http://api.test/api/v10/lobbies');
    expect(req.headers.authorization).toBe(`Bot ${BOT}`);
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers['user-agent']).toMatch(/^DiscordBot \(/);
    expect(req.bodyText).toBe('{"metadata":{"a":"b"}}');
  });

  it('builds the path from the template and the query from its object', async () => {
    const { client, transport } = setup(() => ({ status: 200, body: [] }));
    await client.call('getLobbyMessages', {
      params: { lobby_id: '42' },
      query: { limit: 10 },
      auth: { bearer: BEARER },
    });
    expect(transport.requests[0]!.url).toBe('http://api.test/api/v10/lobbies/42/messages?limit=10');
    expect(transport.requests[0]!.headers.authorization).toBe(`Bearer ${BEARER}`);
  });

  it('sends the audit reason URI-encoded, only where the route records it', async () => {
    const { client, transport } = setup(() => ({ status: 200, body: {} }));
    await client.call('modifyGuildMember', {
      params: { guild_id: '1', user_id: '2' },
      body: { nick: 'x' },
      reason: 'spam & abuse — ü',
    });
    expect(transport.requests[0]!.headers['x-audit-log-reason']).toBe(encodeURIComponent('spam & abuse — ü'));
    await client.call('getLobby', { params: { lobby_id: '1' } });
    expect(transport.requests[1]!.headers['x-audit-log-reason']).toBeUndefined();
  });

  it('sends no Authorization on routes that take none', async () => {
    const { client, transport } = setup(() => ({ status: 200, body: new Uint8Array([137, 80, 78, 71]) }));
    const png = await client.call('getGuildWidgetImage', { params: { guild_id: '5' } });
    expect(png).toEqual(new Uint8Array([137, 80, 78, 71]));
    expect(transport.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('sends multipart uploads with payload_json and the file', async () => {
    // Update Target Users answers 204; Create Channel Invite its invite.
    const { client, transport } = setup((req) =>
      req.method === 'PUT' ? { status: 204 } : { status: 200, body: { code: 'abc' } },
    );
    await client.call('updateTargetUsers', {
      params: { code: 'abc' },
      files: { target_users_file: 'user_id\n1\n2\n' },
    });
    const req = transport.requests[0]!;
    expect(req.method).toBe('PUT');
    expect(req.headers['content-type']).toMatch(/^multipart\/form-data; boundary=----lobbykit/);
    expect(req.bodyText).toContain('name="target_users_file"; filename="target_users_file.csv"');
    expect(req.bodyText).toContain('user_id\n1\n2\n');

    await client.call('createChannelInvite', {
      params: { channel_id: '3' },
      body: { max_age: 60 },
      files: { target_users_file: new Blob(['user_id\n7\n']) },
    });
    expect(transport.requests[1]!.bodyText).toContain('name="payload_json"');
    expect(transport.requests[1]!.bodyText).toContain('{"max_age":60}');
    await client.call('createChannelInvite', { params: { channel_id: '3' }, body: { max_age: 60 } });
    expect(transport.requests[2]!.headers['content-type']).toBe('application/json');
  });

  it('sends {} for a body the route lets callers leave out, and nothing for an optional body', async () => {
    const transport = fakeTransport(() => ({ status: 200, body: { code: 'abc' } }));
    const options = {
      baseUrl: 'http://api.test/api/v10',
      auth: { bot: BOT },
      transport,
      clock: new ManualClock(),
    };
    const real = new RestClient(options);
    const unchecked = new RestClient({ ...options, validate: false });
    // Create Guild Ban (bodyOptional): `{}`, with validation on or off.
    await real.guilds.createBan({ guild_id: '1', user_id: '2' }, { reason: 'spam' });
    await unchecked.guilds.createBan({ guild_id: '1', user_id: '2' });
    for (const req of transport.requests) {
      expect(req.headers['content-type']).toBe('application/json');
      expect(req.bodyText).toBe('{}');
    }
    // Create Channel Invite (bodyOptional, JSON or multipart): `{}`, or the file alone.
    await real.channels.createInvite({ channel_id: '3' });
    expect(transport.requests[2]!.bodyText).toBe('{}');
    for (const client of [real, unchecked]) {
      await client.channels.createInvite(
        { channel_id: '3' },
        { files: { target_users_file: 'user_id\n7\n' } },
      );
      const sent = transport.requests.at(-1)!;
      expect(sent.headers['content-type']).toMatch(/^multipart\/form-data/);
      expect(sent.bodyText).toContain('user_id\n7\n');
      expect(sent.bodyText).not.toContain('payload_json');
    }
    // Where an empty body would do something drastic (Link Channel would unlink), it stays required.
    const before = transport.requests.length;
    const error = await rejection(
      // @ts-expect-error the body is required: an empty one would unlink the channel
      real.lobbies.linkChannel({ lobby_id: '4' }, { auth: { bearer: BEARER } }),
    );
    expect(isValidationError(error)).toBe(true);
    expect((error as ValidationError).issues.map((i) => i.field)).toEqual(['body']);
    expect(transport.requests).toHaveLength(before);
    // A route whose body schema accepts undefined (Create Lobby in the test table) sends none.
    const { client: testClient, transport: testTransport } = setup(() => ({
      status: 201,
      body: { id: '9' },
    }));
    await testClient.call('createLobby');
    expect(testTransport.requests[0]!.bodyText).toBeUndefined();
    expect(testTransport.requests[0]!.headers['content-type']).toBeUndefined();
  });
});

describe('validation', () => {
  it('never lets a remembered field value stand in for an object-level rule', async () => {
    // Create Guild Channel's body has a rule across fields (topic only for text-like channels): each
    // field value below was accepted before, but the third combination is invalid as a whole.
    const transport = fakeTransport(() => ({ status: 201, body: { id: '1' } }));
    const real = new RestClient({ baseUrl: 'http://api.test/api/v10', auth: { bot: BOT }, transport });
    const params = { guild_id: '1' };
    await real.guilds.createChannel(params, { body: { name: 'a', type: 2 } });
    await real.guilds.createChannel(params, { body: { name: 'a', type: 0, topic: 'x' } });
    const error = await rejection(
      real.guilds.createChannel(params, { body: { name: 'a', type: 2, topic: 'x' } }),
    );
    expect(isValidationError(error)).toBe(true);
    expect((error as ValidationError).issues.map((i) => i.field)).toEqual(['body.topic']);
    expect(transport.requests).toHaveLength(2);
  });

  it('lists every bad field and sends nothing', async () => {
    const { client, transport } = setup();
    const error = (await rejection(
      client.call('createLobby', {
        body: { idle_timeout_seconds: 1, members: [{ id: 'nope' }, { id: '1' }] },
      }),
    )) as ValidationError;
    expect(isValidationError(error)).toBe(true);
    expect(error.issues.map((i) => i.field)).toEqual(['body.idle_timeout_seconds', 'body.members[0].id']);
    expect(error.message).toContain('createLobby');
    expect(transport.requests).toHaveLength(0);
  });

  it('checks params and query too', async () => {
    const { client, transport } = setup();
    const error = (await rejection(
      client.call('getLobbyMessages', {
        params: { lobby_id: 'x' },
        query: { limit: 500 },
        auth: { bearer: BEARER },
      }),
    )) as ValidationError;
    expect(error.issues.map((i) => i.field)).toEqual(['params.lobby_id', 'query.limit']);
    expect(transport.requests).toHaveLength(0);
  });

  it('refuses a reason on a route without audit log, and files a route does not take', async () => {
    const { client } = setup();
    const loose = client as unknown as { call(name: string, args: unknown): Promise<unknown> };
    const error = (await rejection(
      loose.call('getLobby', { params: { lobby_id: '1' }, reason: 'x', files: { f: 'x' } }),
    )) as ValidationError;
    expect(error.issues.map((i) => i.field)).toEqual(['files.f', 'reason']);
  });

  it('requires the file of a multipart route', async () => {
    const { client } = setup();
    const loose = client as unknown as { call(name: string, args: unknown): Promise<unknown> };
    const error = (await rejection(
      loose.call('updateTargetUsers', { params: { code: 'a' } }),
    )) as ValidationError;
    expect(error.issues.map((i) => i.field)).toEqual(['files.target_users_file']);
  });

  it('can be turned off (the platform then judges)', async () => {
    const { client, transport } = setup(() => ({ status: 201, body: {} }), { validate: false });
    await client.call('createLobby', { body: { idle_timeout_seconds: 1 } });
    expect(transport.requests).toHaveLength(1);
  });

  it('still refuses a path with a missing parameter', async () => {
    const { client } = setup(undefined, { validate: false });
    const loose = client as unknown as { call(name: string, args: unknown): Promise<unknown> };
    expect(isValidationError(await rejection(loose.call('getLobby', {})))).toBe(true);
  });

  it('rejects an unknown operation', async () => {
    const { client } = setup();
    const loose = client as unknown as { call(name: string, args?: unknown): Promise<unknown> };
    await expect(loose.call('nope')).rejects.toMatchObject({ code: 'UNKNOWN_OPERATION' });
    await expect(loose.call('toString')).rejects.toMatchObject({ code: 'UNKNOWN_OPERATION' });
  });
});

describe('token kinds', () => {
  it('fails fast naming the operation and the kind it needs', async () => {
    const { client, transport } = setup();
    const error = await rejection(client.call('leaveLobby', { params: { lobby_id: '1' } }));
    expect(isTokenKindError(error)).toBe(true);
    expect((error as Error).message).toContain('leaveLobby');
    expect((error as Error).message).toContain('bearer');
    expect((error as Error).message).not.toContain(BOT);
    expect(transport.requests).toHaveLength(0);
  });

  it('a per-call token overrides the client one', async () => {
    const { client, transport } = setup(() => ({ status: 204 }));
    await expect(
      client.call('leaveLobby', { params: { lobby_id: '1' }, auth: { bearer: BEARER } }),
    ).resolves.toBeUndefined();
    expect(transport.requests[0]!.headers.authorization).toBe(`Bearer ${BEARER}`);
  });

  it('`either` takes both kinds; no token at all is refused', async () => {
    const { client } = setup(() => ({ status: 200, body: { id: '1' } }));
    await client.call('getGuild', { params: { guild_id: '1' } });
    await client.call('getGuild', { params: { guild_id: '1' }, auth: { bearer: BEARER } });
    const anonymous = new RouteClient({
      routes: testRoutes,
      transport: fakeTransport(() => ({ status: 200 })),
    });
    const error = await rejection(anonymous.call('getGuild', { params: { guild_id: '1' } }));
    expect(isTokenKindError(error)).toBe(true);
    expect(error).toMatchObject({ required: 'either', given: 'none' });
  });
});

describe('answers', () => {
  it('parses CSV into ids', async () => {
    const { client } = setup(() => ({
      status: 200,
      headers: { 'content-type': 'text/csv' },
      body: 'user_id\n11\n22\n',
    }));
    await expect(client.call('getTargetUsers', { params: { code: 'x' } })).resolves.toEqual(['11', '22']);
  });

  it('gives undefined for empty answers', async () => {
    const { client } = setup(() => ({ status: 204 }));
    await expect(
      client.call('leaveLobby', { params: { lobby_id: '1' }, auth: { bearer: BEARER } }),
    ).resolves.toBeUndefined();
  });

  it('checks answers against the response schema when asked', async () => {
    const { client } = setup(() => ({ status: 200, body: { id: 'not-a-snowflake' } }), {
      validateResponses: true,
    });
    await expect(client.call('getLobby', { params: { lobby_id: '1' } })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    });
  });

  it('reports a 2xx that is not JSON, or empty where JSON is due, with the request', async () => {
    for (const [body, reason] of [
      ['<html>', 'not-json'],
      ['', 'empty'],
    ] as const) {
      const { client } = setup(() => ({ status: 200, body }), { maxRetries: 0 });
      await expect(client.call('getLobby', { params: { lobby_id: '1' } })).rejects.toMatchObject({
        name: 'InvalidResponseError',
        code: 'INVALID_RESPONSE',
        reason,
        status: 200,
        method: 'GET',
        path: '/lobbies/1',
      });
    }
  });

  it('gives undefined for a 204 only where the route declares it', async () => {
    const { client } = setup(() => ({ status: 204 }), { maxRetries: 0 });
    // Add Guild Member answers 201 with the member, or 204 for a user who already is one.
    const platform = new RestClient({
      auth: { bot: BOT },
      transport: fakeTransport(() => ({ status: 204 })),
      clock: new ManualClock(),
    });
    await expect(
      platform.guilds.addMember({ guild_id: '1', user_id: '2' }, { body: { access_token: 'x' } }),
    ).resolves.toBeUndefined();
    await expect(client.call('getLobby', { params: { lobby_id: '1' } })).rejects.toMatchObject({
      name: 'InvalidResponseError',
      reason: 'empty',
      status: 204,
    });
  });

  it('turns error answers into ApiError with the request, without retrying 4xx', async () => {
    const { client, transport } = setup(() => ({
      status: 400,
      body: {
        code: 50035,
        message: 'Invalid Form Body',
        errors: {
          nick: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 32 or fewer in length.' }] },
        },
      },
    }));
    const error = (await rejection(
      client.call('modifyGuildMember', { params: { guild_id: '1', user_id: '2' }, body: { nick: 'n' } }),
    )) as ApiError;
    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({
      status: 400,
      platformCode: 50035,
      method: 'PATCH',
      route: '/guilds/{guild_id}/members/{user_id}',
      path: '/guilds/1/members/2',
      operation: 'modifyGuildMember',
    });
    expect(error.fieldErrors).toEqual({ nick: ['Must be 32 or fewer in length.'] });
    expect(transport.requests).toHaveLength(1);
  });
});

describe('the engine and its extras', () => {
  it('LobbyClient needs none: every lobby route sends and answers JSON (or nothing), with no file field', () => {
    for (const route of Object.values(lobbyClientRoutes) as ClientRouteDef[]) {
      expect(route.bodyKind ?? 'json', route.name).toBe('json');
      expect('files' in route, route.name).toBe(false);
      expect(['json', 'empty'], route.name).toContain(route.responseKind);
    }
  });

  it('RouteClient has every part: files, CSV answers and the input memo', async () => {
    const { client, transport } = setup((req) =>
      req.method === 'GET' ? { status: 200, body: 'user_id\n1\n2\n' } : { status: 204 },
    );
    await expect(client.call('getTargetUsers', { params: { code: 'abc' } })).resolves.toEqual(['1', '2']);
    await client.call('updateTargetUsers', { params: { code: 'abc' }, files: { target_users_file: '1\n2' } });
    expect(transport.requests[1]?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('LobbyClient counts no development limits: a table is refused at once, naming the option', () => {
    const options: RestClientOptions = { developmentRateLimits: { createLobby: 20 } };
    expect(() => new LobbyClient(options as never)).toThrow(
      expect.objectContaining({
        code: 'UNSUPPORTED_OPTION',
        message: expect.stringMatching(/^developmentRateLimits: .*RestClient/),
      }),
    );
    expect(() => new LobbyClient({ developmentRateLimits: false } as never)).not.toThrow();
    // A client over the same table with every part counts them.
    expect(() => new RouteClient({ routes: lobbyRoutes, ...options })).not.toThrow();
  });

  it('LobbyClient is the engine without extras: files are refused as fields its routes do not take', async () => {
    const transport = fakeTransport(() => ({ status: 200, body: {} }));
    const client = new LobbyClient({ transport, auth: { bot: BOT } });
    expect(client).not.toBeInstanceOf(RouteClient);
    const error = await rejection(
      client.call('modifyLobby', {
        params: { lobby_id: '1' },
        body: { metadata: { a: 'b' } },
        files: { file: 'x' },
      } as never),
    );
    expect(isValidationError(error) && error.issues.map((i) => i.field)).toEqual(['files.file']);
    expect(transport.requests).toHaveLength(0);
  });
});
