/**
 * The session start limit of each application, counted on the emulator's clock: `total` Identify
 * calls per window (the window opens at the first start and resets `reset_after` later), plus the
 * `max_concurrency` buckets of 5 seconds.
 */
import type { Clock } from '../../clock.js';
import { gatewayLimits } from '../../spec/gateway.js';
import type { Snowflake } from '../world/accountRecords.js';
import type { GatewaySettings } from './gatewaySettings.js';

interface Budget {
  used: number;
  resetAt: number;
}

/** The session start limit object, as Get Gateway Bot answers it. */
export interface SessionStartLimitWire {
  total: number;
  remaining: number;
  reset_after: number;
  max_concurrency: number;
}

/** Counts session starts per application and identify calls per concurrency bucket. */
export class SessionStartLimits {
  readonly #clock: Clock;
  readonly #settings: () => GatewaySettings;
  readonly #budgets = new Map<Snowflake, Budget>();
  /** `${application}:${rate_limit_key}` → time of the last identify in that bucket. */
  readonly #buckets = new Map<string, number>();

  constructor(clock: Clock, settings: () => GatewaySettings) {
    this.#clock = clock;
    this.#settings = settings;
  }

  /** The limit as Get Gateway Bot shows it now. */
  describe(applicationId: Snowflake): SessionStartLimitWire {
    const s = this.#settings();
    const budget = this.#current(applicationId);
    return {
      total: s.sessionStartTotal,
      remaining: Math.max(0, s.sessionStartTotal - (budget?.used ?? 0)),
      reset_after: budget ? Math.max(0, budget.resetAt - this.#clock.now()) : s.sessionStartWindowMs,
      max_concurrency: s.maxConcurrency,
    };
  }

  /**
   * Takes one session start for an Identify on shard `shardId`: 'ok', 'exhausted' (no start left
   * today) or 'concurrency' (this bucket identified less than 5 s ago).
   */
  take(applicationId: Snowflake, shardId: number): 'ok' | 'exhausted' | 'concurrency' {
    const s = this.#settings();
    const now = this.#clock.now();
    const key = `${applicationId}:${shardId % Math.max(1, s.maxConcurrency)}`;
    const last = this.#buckets.get(key);
    if (last !== undefined && now - last < gatewayLimits.identifyWindowMs) return 'concurrency';
    let budget = this.#current(applicationId);
    if (!budget) {
      budget = { used: 0, resetAt: now + s.sessionStartWindowMs };
      this.#budgets.set(applicationId, budget);
    }
    if (budget.used >= s.sessionStartTotal) return 'exhausted';
    budget.used += 1;
    this.#buckets.set(key, now);
    return 'ok';
  }

  /** Forgets every count. */
  clear(): void {
    this.#budgets.clear();
    this.#buckets.clear();
  }

  #current(applicationId: Snowflake): Budget | undefined {
    const budget = this.#budgets.get(applicationId);
    if (budget && budget.resetAt <= this.#clock.now()) {
      this.#budgets.delete(applicationId);
      return undefined;
    }
    return budget;
  }
}
