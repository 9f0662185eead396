/** No token in any error the client throws: message, stack, JSON, cause chain, or Node's inspection. */
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { RouteClient } from '../../src/rest/RouteClient.js';
import type { RestClientOptions } from '../../src/rest/restClientDefaults.js';
import type { Transport } from '../../src/rest/transport/Transport.js';
import { type FakeAnswer, fakeTransport, flush } from './support/fakeTransport.js';
import { testRoutes } from './support/testRoutes.js';

const BOT = 'QUJDREVGR0hJSktMTU5PUFFSU1RVVldY.bot.secret-123';
const BEARER = 'user-bearer-secret-ZZZZZZZZZZZZZZZZ';

function allText(error: unknown): string {
  const e = error as Error & { cause?: unknown };
  return [
    String(e),
    e.message,
    e.stack ?? '',
    JSON.stringify(e),
    inspect(e, { depth: 10, showHidden: true }),
    String((e.cause as Error | undefined)?.stack ?? ''),
  ].join('\n');
}

function client(transport: Transport, options: RestClientOptions = {}) {
  return new RouteClient({
    routes: testRoutes,
    baseUrl: 'http://api.test/api/v10',
    auth: { bot: BOT },
    transport,
    clock: new ManualClock(),
    random: () => 0,
    maxRetries: 0,
    ...options,
  });
}

const echo = (answer: FakeAnswer) => fakeTransport(() => answer);

describe('token redaction', () => {
  const cases: [string, () => Promise<unknown>][] = [
    ['TokenKindError', () => client(echo({ status: 204 })).call('leaveLobby', { params: { lobby_id: '1' } })],
    [
      'TokenKindError (per-call bearer on a bot route)',
      () =>
        client(echo({ status: 200 })).call('getLobby', {
          params: { lobby_id: '1' },
          auth: { bearer: BEARER },
        }),
    ],
    ['ValidationError', () => client(echo({ status: 200 })).call('getLobby', { params: { lobby_id: BOT } })],
    [
      'ApiError echoing both tokens',
      () =>
        client(
          echo({
            status: 401,
            body: {
              code: 0,
              message: `401: Unauthorized (${BOT})`,
              errors: { token: { _errors: [{ code: 'X', message: `bad ${BOT}` }] } },
            },
          }),
        ).call('getGuild', { params: { guild_id: '1' } }),
    ],
    [
      'ApiError echoing the per-call token',
      () =>
        client(echo({ status: 403, body: { code: 50001, message: `Missing Access for ${BEARER}` } })).call(
          'getGuild',
          {
            params: { guild_id: '1' },
            auth: { bearer: BEARER },
          },
        ),
    ],
    [
      'NetworkError whose cause carries the request',
      () =>
        client({
          request: async (req) => {
            const cause = Object.assign(new Error(`connect failed for ${req.headers.authorization}`), {
              code: 'ECONNREFUSED',
              request: { headers: req.headers },
            });
            throw new TypeError(`fetch failed: ${BOT}`, { cause });
          },
        }).call('getLobby', { params: { lobby_id: '1' } }),
    ],
    [
      'RateLimitError',
      () =>
        client(
          echo({
            status: 429,
            headers: { 'retry-after': '9999' },
            body: { retry_after: 9999, message: BOT },
          }),
        ).call('getLobby', { params: { lobby_id: '1' } }),
    ],
  ];

  for (const [name, run] of cases) {
    it(`${name}: nowhere in the error`, async () => {
      const error = await run().then(
        () => {
          throw new Error('expected a rejection');
        },
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(Error);
      const text = allText(error);
      expect(text).not.toContain(BOT);
      expect(text).not.toContain(BEARER);
      expect(text).not.toContain('secret');
    });
  }

  it('TimeoutError: nowhere in the error', async () => {
    const clock = new ManualClock();
    const c = client(
      fakeTransport(() => 'stall'),
      { clock, timeoutMs: 100 },
    );
    const p = c.call('createLobby').catch((e: unknown) => e);
    await flush();
    clock.advance(100);
    const error = await p;
    expect((error as Error).name).toBe('TimeoutError');
    expect(allText(error)).not.toContain(BOT);
  });

  it('not in events or the rate-limit snapshot', async () => {
    const c = client(echo({ status: 200, body: { id: '1' }, headers: { 'x-ratelimit-bucket': 'b' } }));
    const seen: unknown[] = [];
    for (const event of ['request', 'response', 'rateLimited', 'retry'] as const)
      c.on(event, (e: unknown) => seen.push(e));
    await c.call('getLobby', { params: { lobby_id: '1' } });
    await c.call('getGuild', { params: { guild_id: '1' }, auth: { bearer: BEARER } });
    const text = JSON.stringify([seen, c.rateLimits, c.options]);
    expect(seen.length).toBeGreaterThan(0);
    expect(text).not.toContain(BOT);
    expect(text).not.toContain(BEARER);
    expect(inspect(c, { depth: 5 })).not.toContain(BOT);
  });
});
