/**
 * Test helper: one emulator per test file, over real loopback HTTP. Call {@link useEmulator} at the
 * top of a test file; it starts an emulator before the file's tests, resets the world before each
 * test (unless told not to) and closes it after. Defaults suit behaviour tests: the demo world, a
 * manual clock and rate limits off; tests of rate limits or time pass their own options.
 */
import { request } from 'undici';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Emulator, EmulatorOptions } from '../../src/emulator/createEmulator.js';
import { startEmulator } from '../../src/emulator/startEmulator.js';
import { demo } from '../../src/emulator/world/demoSeed.js';
import { RestClient } from '../../src/rest/RestClient.js';
import type { RestClientOptions } from '../../src/rest/restClientDefaults.js';

/** How a request authenticates: the demo bot, a bot or bearer token, a raw header, or none. */
export type TestAuth =
  | 'demoBot'
  | { readonly bot: string }
  | { readonly bearer: string }
  | { readonly raw: string }
  | 'none';

/** Options of one test request. */
export interface CallOptions {
  /** @defaultValue 'demoBot' */
  readonly auth?: TestAuth;
  /** A JSON body (sent with `Content-Type: application/json`). */
  readonly json?: unknown;
  /** A raw body (sent as is, with whatever content type `headers` give). */
  readonly body?: string | Buffer;
  readonly headers?: Readonly<Record<string, string>>;
  readonly query?: Readonly<Record<string, string | number | boolean>>;
}

/** A test response: status, headers (lower-case names), body parsed as JSON when it is JSON. */
export interface CallResult<T = unknown> {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: T;
  readonly text: string;
}

/** What {@link useEmulator} gives a test file. */
export interface EmulatorHandle {
  /** The running emulator (available inside tests and hooks). */
  readonly emulator: Emulator;
  /** Calls the platform API: `call('GET', '/lobbies/123')` (path below /api/v10). */
  call<T = unknown>(method: string, path: string, options?: CallOptions): Promise<CallResult<T>>;
  /** Calls the control API: `control('POST', '/users', {username: 'x'})` (path below /_emulator). */
  control<T = unknown>(method: string, path: string, json?: unknown): Promise<CallResult<T>>;
}

/** The demo bot's token (see docs/emulator.md). */
export const DEMO_BOT_TOKEN = 'demo-bot-token';

function authHeader(auth: TestAuth): string | undefined {
  if (auth === 'none') return undefined;
  if (auth === 'demoBot') return `Bot ${DEMO_BOT_TOKEN}`;
  if ('bot' in auth) return `Bot ${auth.bot}`;
  if ('bearer' in auth) return `Bearer ${auth.bearer}`;
  return auth.raw;
}

async function send<T>(url: string, method: string, options: CallOptions): Promise<CallResult<T>> {
  const headers: Record<string, string> = { ...options.headers };
  const authorization = authHeader(options.auth ?? 'demoBot');
  if (authorization !== undefined) headers.authorization = authorization;
  let body: string | Buffer | undefined = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] ??= 'application/json';
  }
  const query = options.query
    ? `?${new URLSearchParams(Object.entries(options.query).map(([k, v]) => [k, String(v)])).toString()}`
    : '';
  const res = await request(`${url}${query}`, {
    method: method as 'GET',
    headers,
    ...(body === undefined ? {} : { body }),
  });
  const text = await res.body.text();
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  let parsed: unknown = text;
  if ((flat['content-type'] ?? '').startsWith('application/json') && text !== '') parsed = JSON.parse(text);
  return { status: res.statusCode, headers: flat, body: parsed as T, text };
}

/**
 * Starts an emulator for this test file. Defaults: `seed: 'demo'`, `clock: 'manual'`,
 * `rateLimits: 'off'`; `resetEachTest: true` restores the start-up world before every test.
 */
export function useEmulator(
  options: EmulatorOptions & { readonly resetEachTest?: boolean } = {},
): EmulatorHandle {
  const { resetEachTest = true, ...emulatorOptions } = options;
  let emulator: Emulator | undefined;
  beforeAll(async () => {
    emulator = await startEmulator({ seed: 'demo', clock: 'manual', rateLimits: 'off', ...emulatorOptions });
  });
  afterAll(async () => {
    await emulator?.close();
  });
  if (resetEachTest) {
    beforeEach(() => {
      emulator?.reset();
    });
  }
  const running = (): Emulator => {
    if (!emulator) throw new Error('the emulator is not running (use the handle inside tests or hooks)');
    return emulator;
  };
  return {
    get emulator() {
      return running();
    },
    call: (method, path, callOptions = {}) => send(`${running().apiUrl}${path}`, method, callOptions),
    control: (method, path, json) =>
      send(`${running().url}/_emulator${path}`, method, {
        auth: 'none',
        ...(json === undefined ? {} : { json }),
      }),
  };
}

/** A client of `emulator` with the demo world's bot token (unless `options.auth` says otherwise). */
export function demoBotClient(emulator: Emulator, options: RestClientOptions = {}): RestClient {
  return new RestClient({ auth: { bot: demo.botToken }, ...options, baseUrl: emulator.apiUrl });
}
