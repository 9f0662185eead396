/** The options of `GatewayClient`, their defaults, and its event map. */
import type { Clock } from '../clock.js';
import type { RandomSource } from '../rest/util/backoff.js';
import type { GatewayIntentName } from '../spec/gateway.js';
import type {
  GatewayDispatchEvents,
  GatewayDispatchName,
  GetGatewayBotResponse,
} from '../spec/schemas/gateway.js';
import type { IdentifyGate } from './IdentifyGate.js';
import type { WebSocketFactory } from './webSocketSeam.js';

/** What the client needs of a REST client: Get Gateway Bot (a `RestClient` fits). */
export interface GatewayRest {
  readonly gateway: {
    getBot(options?: { signal?: AbortSignal }): Promise<GetGatewayBotResponse>;
  };
}

/** Options of `GatewayClient`. */
export interface GatewayClientOptions {
  /** The bot token. Sent only in Identify and Resume; never in an error, log or `toJSON()`. */
  readonly token: string;
  /** Intents by name (`['GUILDS', 'GUILD_MEMBERS']`) or as bits. */
  readonly intents: number | readonly GatewayIntentName[];
  /**
   * Where Get Gateway Bot is read before each new session (URL, session start limit,
   * max_concurrency). Without it, `url` is required and no session start limit is honoured.
   */
  readonly rest?: GatewayRest;
  /** The gateway URL, when there is no `rest` (or to skip Get Gateway Bot's URL). */
  readonly url?: string;
  /** `[shard_id, num_shards]`. */
  readonly shard?: readonly [number, number];
  /** Opens WebSockets. @defaultValue `globalThis.WebSocket` (Node 20 has none: pass `wsWebSocket`) */
  readonly webSocket?: WebSocketFactory;
  /** @defaultValue a new SystemClock */
  readonly clock?: Clock;
  /** Jitter of the first heartbeat and of backoff. @defaultValue Math.random */
  readonly random?: RandomSource;
  /** Shared by the shards of one bot (see `runShards`). @defaultValue one of its own */
  readonly identifyGate?: IdentifyGate;
  /** Identify's `properties`. @defaultValue `{ os: 'unknown', browser: 'lobbykit', device: 'lobbykit' }` */
  readonly properties?: { readonly os: string; readonly browser: string; readonly device: string };
  /** Identify's `large_threshold` (50–250). */
  readonly largeThreshold?: number;
  /** Backoff between failed connection attempts. @defaultValue `{ baseMs: 1000, maxMs: 60000 }` */
  readonly backoff?: { readonly baseMs: number; readonly maxMs: number };
}

/** The defaults of {@link GatewayClientOptions}. */
export const gatewayClientDefaults = {
  properties: { os: 'unknown', browser: 'lobbykit', device: 'lobbykit' },
  backoff: { baseMs: 1000, maxMs: 60_000 },
  /** A close code for closes the client starts to resume later (1000/1001 would end the session). */
  resumableCloseCode: 4900,
} as const;

/** A dispatch as received: name, payload, sequence number. */
export interface GatewayDispatch {
  readonly t: string;
  readonly s: number;
  readonly d: unknown;
}

/** Why and how the client reconnects. */
export interface GatewayReconnectInfo {
  /** `resume` keeps the session; `identify` starts a new one. */
  readonly mode: 'resume' | 'identify';
  readonly delayMs: number;
  readonly reason: string;
}

/** The events of `GatewayClient`: each dispatch by name, plus lifecycle events. */
export type GatewayClientEvents = {
  [K in GatewayDispatchName]: [data: GatewayDispatchEvents[K]];
} & {
  /** Every dispatch, known or not, exactly once. */
  dispatch: [dispatch: GatewayDispatch];
  /** A new session is ready (after Identify). */
  ready: [data: GatewayDispatchEvents['READY']];
  /** The session resumed: missed events were replayed before this. */
  resumed: [];
  /** The connection dropped; the client reconnects. */
  reconnecting: [info: GatewayReconnectInfo];
  /** The client stopped for good: `error` is set when a close code forbade reconnecting. */
  closed: [error: Error | undefined];
  /** A round trip of heartbeat and ACK, in ms. */
  heartbeat: [latencyMs: number];
};
