import { describe, expect, it } from 'vitest';
import { ApiError, flattenFieldErrors } from '../../src/rest/errors/ApiError.js';
import {
  isApiError,
  isLobbykitError,
  isNetworkError,
  isRateLimitError,
  isTimeoutError,
  isTokenKindError,
  isValidationError,
} from '../../src/rest/errors/guards.js';
import { LobbykitError } from '../../src/rest/errors/LobbykitError.js';
import { NetworkError } from '../../src/rest/errors/NetworkError.js';
import { RateLimitError } from '../../src/rest/errors/RateLimitError.js';
import { REDACTED, redactError, redactText, sanitizeCause } from '../../src/rest/errors/redact.js';
import { TimeoutError } from '../../src/rest/errors/TimeoutError.js';
import { TokenKindError } from '../../src/rest/errors/TokenKindError.js';
import { ValidationError } from '../../src/rest/errors/ValidationError.js';

const ctx = { operation: 'getLobby', method: 'GET', route: '/lobbies/{lobby_id}', path: '/lobbies/123' };
const TOKEN = 'MTA5ODc2NTQzMjEwOTg3NjU0.GxYzAb.abcdefghijklmnopqrstuvwxyz012345';

function everyText(error: Error): string {
  const cause = (error as { cause?: { message?: string; stack?: string } }).cause;
  return [
    error.message,
    error.stack ?? '',
    JSON.stringify(error),
    cause?.message ?? '',
    cause?.stack ?? '',
  ].join('\n');
}

describe('redactText', () => {
  it('replaces known secrets', () => {
    expect(redactText(`token ${TOKEN} here`, [TOKEN])).toBe(`token ${REDACTED} here`);
  });

  it('replaces Bot / Bearer credentials and Authorization headers it does not know', () => {
    expect(redactText(`sent Bot ${TOKEN}`)).toBe(`sent Bot ${REDACTED}`);
    expect(redactText('Bearer abcdefghijklmnop1234')).toBe(`Bearer ${REDACTED}`);
    expect(redactText('{"authorization":"Bot xyz"}')).toBe(`{"authorization":"${REDACTED}"}`);
    expect(redactText('Authorization: Bearer short')).toBe(`Authorization: ${REDACTED}`);
  });

  it('leaves ordinary prose alone', () => {
    expect(redactText('createLobby needs a bot token')).toBe('createLobby needs a bot token');
    expect(redactText('Bot tokens are rejected here')).toBe('Bot tokens are rejected here');
  });

  it('ignores secrets too short to be tokens', () => {
    expect(redactText('a b c', ['b'])).toBe('a b c');
  });
});

describe('redactError and sanitizeCause', () => {
  it("replaces nested plain data with redacted copies, leaving the caller's objects as they were", () => {
    const shared = { note: `sent ${TOKEN}`, list: [`and ${TOKEN}`] };
    const error = Object.assign(new Error('failed'), { args: shared, when: new Date(0) });
    redactError(error, [TOKEN]);
    expect(everyText(error)).not.toContain(TOKEN);
    expect(error.args).toEqual({ note: `sent ${REDACTED}`, list: [`and ${REDACTED}`] });
    expect(shared.note).toBe(`sent ${TOKEN}`);
    expect(error.when).toBeInstanceOf(Date);
  });

  it('scrubs message, stack, own strings and the cause chain', () => {
    const inner = Object.assign(new Error(`inner ${TOKEN}`), {
      code: 'ECONNRESET',
      headers: { authorization: TOKEN },
    });
    const outer = new Error(`outer ${TOKEN}`, { cause: inner }) as Error & { detail?: string };
    outer.detail = `detail ${TOKEN}`;
    redactError(outer, [TOKEN]);
    expect(everyText(outer)).not.toContain(TOKEN);
    expect(outer.detail).toBe(`detail ${REDACTED}`);
    const cause = outer.cause as Error & { code?: string; headers?: unknown };
    expect(cause.code).toBe('ECONNRESET');
    expect(cause.headers).toBeUndefined();
  });

  it('keeps name and code of a cause', () => {
    const copy = sanitizeCause(Object.assign(new TypeError('x'), { code: 'E1' })) as Error & {
      code?: string;
    };
    expect(copy.name).toBe('TypeError');
    expect(copy.code).toBe('E1');
  });
});

describe('LobbykitError', () => {
  it('has a stable name and code and a token-free toJSON', () => {
    const e = new LobbykitError(`failed with Bot ${TOKEN}`, { cause: new Error(`because Bearer ${TOKEN}`) });
    expect(e.name).toBe('LobbykitError');
    expect(e.code).toBe('LOBBYKIT_ERROR');
    expect(e.stack?.split('\n')[0]).toContain('LobbykitError');
    expect(everyText(e)).not.toContain(TOKEN);
    expect(e.toJSON()).toMatchObject({ name: 'LobbykitError', code: 'LOBBYKIT_ERROR' });
  });
});

describe('ValidationError', () => {
  it('lists every issue with its path, prefixed by where it was found', () => {
    const e = ValidationError.fromIssues(
      [
        { path: ['members', 0, 'id'], message: 'must be a snowflake', code: 'invalid_format' },
        { path: ['idle_timeout_seconds'], message: 'too small', code: 'too_small' },
      ],
      ['body'],
      { operation: 'createLobby' },
    );
    expect(e.name).toBe('ValidationError');
    expect(e.code).toBe('VALIDATION_ERROR');
    expect(e.issues.map((i) => i.field)).toEqual(['body.members[0].id', 'body.idle_timeout_seconds']);
    expect(e.message).toContain('createLobby');
    expect(e.message).toContain('body.members[0].id: must be a snowflake');
    expect(e.fieldErrors).toEqual({
      'body.members[0].id': ['must be a snowflake'],
      'body.idle_timeout_seconds': ['too small'],
    });
    expect(e.toJSON()).toMatchObject({ operation: 'createLobby', issues: expect.any(Array) });
  });
});

describe('TokenKindError', () => {
  it('names the operation and the kind it needs, never the token', () => {
    const e = new TokenKindError('createOrJoinLobby', 'bearer', 'bot');
    expect(e.message).toContain('createOrJoinLobby');
    expect(e.message).toContain('bearer');
    expect(e.code).toBe('WRONG_TOKEN_KIND');
    expect(isValidationError(e)).toBe(true);
    expect(isTokenKindError(e)).toBe(true);
    expect(e.issues[0]?.field).toBe('auth');
  });
});

describe('ApiError', () => {
  const envelope = {
    code: 50035,
    message: 'Invalid Form Body',
    errors: {
      access_token: { _errors: [{ code: 'BASE_TYPE_REQUIRED', message: 'This field is required' }] },
      members: {
        '0': { id: { _errors: [{ code: 'NUMBER_TYPE_COERCE', message: 'Value is not snowflake.' }] } },
      },
    },
  };

  it('flattens nested field errors to paths', () => {
    expect(flattenFieldErrors(envelope.errors)).toEqual([
      {
        field: 'access_token',
        path: ['access_token'],
        code: 'BASE_TYPE_REQUIRED',
        message: 'This field is required',
      },
      {
        field: 'members[0].id',
        path: ['members', 0, 'id'],
        code: 'NUMBER_TYPE_COERCE',
        message: 'Value is not snowflake.',
      },
    ]);
  });

  it('carries status, platform code, message, field errors and the request', () => {
    const e = new ApiError({ ...ctx, status: 400, body: envelope });
    expect(e.name).toBe('ApiError');
    expect(e.code).toBe('API_ERROR');
    expect(e.status).toBe(400);
    expect(e.platformCode).toBe(50035);
    expect(e.platformMessage).toBe('Invalid Form Body');
    expect(e.fieldErrors).toEqual({
      access_token: ['This field is required'],
      'members[0].id': ['Value is not snowflake.'],
    });
    expect(e.message).toContain('GET /lobbies/123 failed with 400 (code 50035): Invalid Form Body');
    expect(e.message).toContain('members[0].id: Value is not snowflake.');
    expect(e.toJSON()).toMatchObject({
      status: 400,
      platformCode: 50035,
      route: '/lobbies/{lobby_id}',
      path: '/lobbies/123',
    });
  });

  it("surfaces a body that lists messages per field (Update Target Users' bad lines)", () => {
    const body = {
      target_users_file: ['line 3: "abc" is not a user id', 'line 5: expected a single column'],
    };
    const e = new ApiError({ ...ctx, status: 400, body });
    expect(e.platformCode).toBeUndefined();
    expect(e.fieldErrors).toEqual({ target_users_file: body.target_users_file });
    expect(e.issues.map((i) => [i.field, i.path, i.code])).toEqual([
      ['target_users_file', ['target_users_file'], 'UNKNOWN'],
      ['target_users_file', ['target_users_file'], 'UNKNOWN'],
    ]);
    expect(e.message).toContain('target_users_file: line 3: "abc" is not a user id');
    // Not every object is such a list: one value that is no list of strings gives no issues.
    expect(new ApiError({ ...ctx, status: 400, body: { a: ['x'], b: 1 } }).issues).toEqual([]);
    expect(new ApiError({ ...ctx, status: 400, body: { a: ['x', 2] } }).issues).toEqual([]);
  });

  it('copes with answers without an envelope', () => {
    const e = new ApiError({ ...ctx, status: 502, body: '<html>bad gateway</html>' });
    expect(e.platformCode).toBeUndefined();
    expect(e.platformMessage).toBe('<html>bad gateway</html>');
    expect(new ApiError({ ...ctx, status: 500, body: undefined }).platformMessage).toBe('HTTP 500');
  });

  it('redacts a token a server echoes', () => {
    const e = new ApiError({ ...ctx, status: 401, body: { code: 0, message: `bad token Bot ${TOKEN}` } });
    expect(everyText(e)).not.toContain(TOKEN);
  });
});

describe('other errors and guards', () => {
  const rate = new RateLimitError({
    ...ctx,
    retryAfterMs: 1500,
    scope: 'user',
    global: false,
    bucket: 'abc',
    kind: 'response',
    reason: 'gave up',
  });
  const net = new NetworkError(
    { ...ctx, attempts: 4, retried: true },
    Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
  );
  const timeout = new TimeoutError({ ...ctx, timeoutMs: 100, attempts: 1 });
  const api = new ApiError({ ...ctx, status: 404, body: { code: 10031, message: 'Unknown Lobby' } });
  const validation = new ValidationError([]);

  it('have stable names and codes', () => {
    expect([rate, net, timeout, api, validation].map((e) => [e.name, e.code])).toEqual([
      ['RateLimitError', 'RATE_LIMITED'],
      ['NetworkError', 'NETWORK_ERROR'],
      ['TimeoutError', 'TIMEOUT'],
      ['ApiError', 'API_ERROR'],
      ['ValidationError', 'VALIDATION_ERROR'],
    ]);
    expect(net.message).toContain('after 4 attempts');
    expect(net.message).toContain('ECONNRESET');
    expect(timeout.message).toContain('timed out after 100 ms');
    expect(rate.toJSON()).toMatchObject({ retryAfterMs: 1500, scope: 'user', bucket: 'abc' });
  });

  it('are told apart by the guards', () => {
    const all = [rate, net, timeout, api, validation, new Error('plain'), null, 'x'];
    expect(all.map(isLobbykitError)).toEqual([true, true, true, true, true, false, false, false]);
    expect(all.map(isRateLimitError)).toEqual([true, false, false, false, false, false, false, false]);
    expect(all.map(isNetworkError)).toEqual([false, true, false, false, false, false, false, false]);
    expect(all.map(isTimeoutError)).toEqual([false, false, true, false, false, false, false, false]);
    expect(all.map(isApiError)).toEqual([false, false, false, true, false, false, false, false]);
    expect(all.map(isValidationError)).toEqual([false, false, false, false, true, false, false, false]);
  });

  it('recognise errors from another copy of the package by brand and name', () => {
    const foreign = Object.assign(Object.create({ [Symbol.for('lobbykit.error')]: true }), {
      name: 'ApiError',
      code: 'API_ERROR',
    });
    expect(isApiError(foreign)).toBe(true);
  });
});
