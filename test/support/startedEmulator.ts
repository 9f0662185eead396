/**
 * An emulator for the enclosing describe block, for the tests of the parts built on the platform (the
 * REST client, the Lobby handle): demo world, manual clock and rate limits off unless the options say
 * otherwise, reset before each test, closed after the block.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Emulator, EmulatorOptions } from '../../src/emulator/createEmulator.js';
import { startEmulator } from '../../src/emulator/startEmulator.js';
import { demo } from '../../src/emulator/world/demoSeed.js';
import { RestClient } from '../../src/rest/RestClient.js';
import type { RestClientOptions } from '../../src/rest/restClientDefaults.js';

/** Starts the emulator before the block's tests; read `.emulator` inside a test. */
export function useStartedEmulator(options: EmulatorOptions = {}): { readonly emulator: Emulator } {
  let emulator: Emulator | undefined;
  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, seed: 'demo', clock: 'manual', rateLimits: 'off', ...options });
  });
  afterAll(async () => {
    await emulator?.close();
  });
  beforeEach(() => emulator?.reset());
  return {
    get emulator(): Emulator {
      if (!emulator) throw new Error('the emulator is not running');
      return emulator;
    },
  };
}

/** A client of `emulator` with the demo world's bot token (unless `options.auth` says otherwise). */
export function demoBotClient(emulator: Emulator, options: RestClientOptions = {}): RestClient {
  return new RestClient({ auth: { bot: demo.botToken }, ...options, baseUrl: emulator.apiUrl });
}
