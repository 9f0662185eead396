/** The options of a {@link LobbyRuntime} and their defaults, in one object. */
import type { Clock } from '../clock.js';
import type { LobbyRest } from './LobbyRest.js';
import type { RandomSource } from '../rest/util/backoff.js';
import { lobbyLimits } from '../spec/limitAreas.js';

/** What happens when a lobby's idle countdown runs out. */
export type IdlePolicy = 'delete' | 'dispose' | 'none';

/** Options of a {@link LobbyRuntime}. Only `rest` is required; see {@link lobbyRuntimeDefaults}. */
export interface LobbyRuntimeOptions {
  /** The client every handle syncs through: a bot client (the lobby operations need a bot token). */
  readonly rest: LobbyRest;
  /** Time source for flush delays, retries, reconciling and the idle countdown. */
  readonly clock?: Clock;
  /** How long after a local change a flush goes out when nothing else flushes first. */
  readonly flushDelayMs?: number;
  /** How often each lobby is compared with Get Lobby to see changes made elsewhere (0: never). */
  readonly reconcileIntervalMs?: number;
  /**
   * The most reconciles a second across all open lobbies: a reconcile that comes due (periodic, a
   * retry, or the read after a failed flush) waits in the runtime's queue, which lets one go every
   * `1000 / maxReconcilesPerSecond` ms; so the interval stretches with many lobbies and reconciles
   * leave room under the token's global limit for the flushes that carry changes. `refresh()` is
   * not queued. `Infinity`: no ceiling. By default half the client's own limit (`rest.options.
   * globalPerSecond`: 25 for the platform's 50), so that the ceiling follows a client set to less.
   */
  readonly maxReconcilesPerSecond?: number;
  /** Remaining times (ms) at which `idleWarning` fires. */
  readonly idleWarningsMs?: readonly number[];
  /** What a lobby does when its countdown runs out. */
  readonly onIdle?: IdlePolicy;
  /** The idle timeout of lobbies opened by id (Get Lobby does not tell it). */
  readonly idleTimeoutSeconds?: number;
  /** Backoff base of a failed flush: the n-th retry waits between half and all of `retryBaseMs · 2ⁿ`. */
  readonly retryBaseMs?: number;
  /** Backoff ceiling. */
  readonly retryMaxMs?: number;
  /** Random source for backoff jitter and for spreading reconciles over the interval. */
  readonly random?: RandomSource;
  /**
   * Whether the runtime arms a clock timer for its next deadline, so that it runs when nothing calls
   * `tick()`. Turn it off when a game loop always drives it.
   */
  readonly timers?: boolean;
}

/** The default of every {@link LobbyRuntimeOptions} field that has one. */
export const lobbyRuntimeDefaults = {
  /** @defaultValue `50` */
  flushDelayMs: 50,
  /** @defaultValue `60_000` */
  reconcileIntervalMs: 60_000,
  /** @defaultValue `[60_000, 10_000]` */
  idleWarningsMs: [60_000, 10_000] as readonly number[],
  /** @defaultValue `'delete'` (a bot client deletes its idle lobbies, as the platform would) */
  onIdle: 'delete' as IdlePolicy,
  /** @defaultValue `300` (the platform's default idle timeout) */
  idleTimeoutSeconds: lobbyLimits.idleTimeoutDefaultSeconds,
  /** @defaultValue `1_000` */
  retryBaseMs: 1_000,
  /** @defaultValue `60_000` */
  retryMaxMs: 60_000,
  /** @defaultValue `true` */
  timers: true,
} as const satisfies Partial<Record<keyof LobbyRuntimeOptions, unknown>>;
