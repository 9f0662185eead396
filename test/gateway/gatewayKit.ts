/**
 * A gateway test kit: the emulator and the clients share one ManualClock, so that heartbeats,
 * backoff, identify spacing and the emulator's deadlines all move only when a test drives time.
 * Waiting for network I/O yields to the event loop (setImmediate); nothing sleeps for real.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import type { Emulator } from '../../src/emulator/createEmulator.js';
import type { GatewaySettings } from '../../src/emulator/gateway/gatewaySettings.js';
import { startEmulator } from '../../src/emulator/startEmulator.js';
import { demo } from '../../src/emulator/world/demoSeed.js';
import { GatewayClient } from '../../src/gateway/GatewayClient.js';
import type { GatewayClientEvents, GatewayClientOptions } from '../../src/gateway/gatewayClientOptions.js';
import { wsWebSocket } from '../../src/gateway/wsWebSocket.js';
import { RestClient } from '../../src/rest/RestClient.js';

/** One macrotask: lets sockets deliver what is in flight. */
export const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** The emulator, the shared clock and a factory of clients, for a describe block. */
export interface GatewayKit {
  readonly emulator: Emulator;
  readonly clock: ManualClock;
  readonly rest: RestClient;
  /** A client of the demo bot (intents GUILDS, GUILD_MEMBERS, GUILD_MODERATION unless told). */
  client(options?: Partial<GatewayClientOptions>): GatewayClient;
  /** Resolves with the next `event` of `client` that passes `accept`. */
  next<K extends keyof GatewayClientEvents>(
    client: GatewayClient,
    event: K,
    accept?: (...args: GatewayClientEvents[K]) => boolean,
  ): Promise<GatewayClientEvents[K]>;
  /** Yields to I/O and advances the clock by `stepMs` until `until` settles (at most `maxSteps`). */
  drive<T>(until: Promise<T>, stepMs?: number, maxSteps?: number): Promise<T>;
}

/** Starts the kit for the enclosing block; a fresh demo world before each test. */
export function useGatewayKit(settings: Partial<GatewaySettings> = {}): GatewayKit {
  const clock = new ManualClock(Date.UTC(2026, 10, 24));
  let emulator: Emulator | undefined;
  let rest: RestClient | undefined;
  const clients: GatewayClient[] = [];
  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, seed: 'demo', clock, rateLimits: 'off', gateway: settings });
    rest = new RestClient({ baseUrl: emulator.apiUrl, auth: { bot: demo.botToken } });
  });
  afterAll(async () => {
    await emulator?.close();
  });
  beforeEach(() => emulator?.reset());
  afterEach(() => {
    for (const c of clients.splice(0)) c.close();
  });
  const kit: GatewayKit = {
    get emulator(): Emulator {
      if (!emulator) throw new Error('the emulator is not running');
      return emulator;
    },
    clock,
    get rest(): RestClient {
      if (!rest) throw new Error('the emulator is not running');
      return rest;
    },
    client(options = {}) {
      const client = new GatewayClient({
        token: demo.botToken,
        intents: ['GUILDS', 'GUILD_MEMBERS', 'GUILD_MODERATION'],
        rest: kit.rest,
        clock,
        random: () => 0.5,
        webSocket: wsWebSocket,
        ...options,
      });
      clients.push(client);
      return client;
    },
    next(client, event, accept) {
      return new Promise((resolve) => {
        const listener = (...args: unknown[]) => {
          const typed = args as GatewayClientEvents[typeof event];
          if (accept && !(accept as (...a: unknown[]) => boolean)(...typed)) return;
          (client.off as (e: string, l: unknown) => void)(event as string, listener);
          resolve(typed);
        };
        (client.on as (e: string, l: unknown) => void)(event as string, listener);
      });
    },
    async drive(until, stepMs = 1000, maxSteps = 300) {
      let settled = false;
      const mark = () => {
        settled = true;
      };
      until.then(mark, mark);
      for (let i = 0; i < maxSteps && !settled; i++) {
        for (let j = 0; j < 5 && !settled; j++) await tick();
        if (!settled) clock.advance(stepMs);
      }
      return until;
    },
  };
  return kit;
}
