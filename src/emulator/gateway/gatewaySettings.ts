/** The emulator gateway's tunable figures, with the platform's values as defaults. */
import { gatewayLimits } from '../../spec/gateway.js';

/** Gateway behaviour a developer may tune (tests shorten the heartbeat, shrink the budget, …). */
export interface GatewaySettings {
  /** The path the WebSocket server answers upgrades at. @defaultValue '/gateway' */
  readonly path: string;
  /** Hello's `heartbeat_interval`. @defaultValue 41250 */
  readonly heartbeatIntervalMs: number;
  /**
   * How long after a missing heartbeat the connection is closed (4009), on top of the interval.
   * @defaultValue 10000
   */
  readonly heartbeatGraceMs: number;
  /** Session starts (Identify) per application per day. @defaultValue 1000 */
  readonly sessionStartTotal: number;
  /** The window of the session start limit. @defaultValue 24 h */
  readonly sessionStartWindowMs: number;
  /** `max_concurrency`: identify calls per 5 s bucket. @defaultValue 1 */
  readonly maxConcurrency: number;
  /** How long a dropped session may still be resumed. @defaultValue 180000 (3 min) */
  readonly resumeWindowMs: number;
  /** Dispatches kept per session for replay on resume. @defaultValue 1000 */
  readonly replayCapacity: number;
  /** Guilds one session may handle before sharding is required (4011). @defaultValue 2500 */
  readonly maxGuildsPerShard: number;
  /** Guilds per recommended shard in Get Gateway Bot's `shards`. @defaultValue 1000 */
  readonly guildsPerRecommendedShard: number;
}

/** The defaults of {@link GatewaySettings}. */
export const defaultGatewaySettings: GatewaySettings = {
  path: '/gateway',
  heartbeatIntervalMs: 41_250,
  heartbeatGraceMs: 10_000,
  sessionStartTotal: 1000,
  sessionStartWindowMs: 24 * 60 * 60 * 1000,
  maxConcurrency: 1,
  resumeWindowMs: 180_000,
  replayCapacity: 1000,
  maxGuildsPerShard: gatewayLimits.maxGuildsPerShard,
  guildsPerRecommendedShard: 1000,
};
