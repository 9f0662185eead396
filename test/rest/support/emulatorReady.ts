/**
 * Starts the emulator for the client's tests, as far as the project has it: with THE route table
 * when it loads (`startEmulator`), else with the lobby routes alone (`createEmulator` and the lobby
 * table). The client under test is a `RouteClient` over the platform's lobby table either way.
 * Returns undefined (and the tests skip with a visible message) when even that cannot be loaded.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Emulator, EmulatorOptions } from '../../../src/emulator/createEmulator.js';
import type { RouteClient } from '../../../src/rest/RouteClient.js';
import type { RestClientOptions } from '../../../src/rest/restClientDefaults.js';
import type { lobbyRoutes } from '../../../src/spec/routes/lobbyRoutes.js';

/** A client over the platform's lobby routes. */
export type LobbyClient = RouteClient<typeof lobbyRoutes>;

export interface EmulatorSupport {
  /** Whether the whole route table (and so `startEmulator`) loaded. */
  readonly full: boolean;
  /** Starts an emulator for the enclosing describe block; reset before each test. */
  use(options?: EmulatorOptions): { readonly emulator: Emulator };
  /** A client of that emulator (demo bot token unless `auth` says otherwise). */
  client(emulator: Emulator, options?: RestClientOptions): LobbyClient;
}

export async function loadEmulatorSupport(): Promise<EmulatorSupport | undefined> {
  let start: (options: EmulatorOptions) => Promise<Emulator>;
  let full = true;
  try {
    const [{ RouteClient }, { lobbyRoutes }] = await Promise.all([
      import('../../../src/rest/RouteClient.js'),
      import('../../../src/spec/routes/lobbyRoutes.js'),
    ]);
    try {
      ({ startEmulator: start } = await import('../../../src/emulator/startEmulator.js'));
    } catch {
      full = false;
      const [{ createEmulator }, { allHandlers }] = await Promise.all([
        import('../../../src/emulator/createEmulator.js'),
        import('../../../src/emulator/handlers/allHandlers.js'),
      ]);
      start = (options) =>
        createEmulator(options, { routes: Object.values(lobbyRoutes), handlers: allHandlers });
      console.warn(
        'emulator tests: THE route table does not load yet; running against the lobby routes only',
      );
    }
    return {
      full,
      use(options = {}) {
        let emulator: Emulator | undefined;
        beforeAll(async () => {
          emulator = await start({ seed: 'demo', clock: 'manual', rateLimits: 'off', ...options });
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
      },
      client(emulator, options = {}) {
        return new RouteClient({
          auth: { bot: 'demo-bot-token' },
          ...options,
          baseUrl: emulator.apiUrl,
          routes: lobbyRoutes,
        });
      },
    };
  } catch (error) {
    console.warn(`emulator tests SKIPPED: the emulator cannot be loaded yet (${String(error)})`);
    return undefined;
  }
}
