/**
 * The rate-limit seam: everything a client knows and decides about limits — the global window of each
 * token, each bucket's learned limit, remaining and reset, the route-to-bucket map, the development
 * limits and the invalid-request count — behind one small interface. The default store is
 * {@link RateLimitManager}, in memory, for one process; `lobbykit/redis` shares the limits of a fleet
 * of processes through Redis. Types only: the seam costs the core bundle nothing.
 */
import type { InvalidRequestRecord } from './InvalidRequestTracker.js';
import type { RateLimitManagerOptions, RateLimitSnapshot, RateRequest } from './RateLimitManager.js';
import type { RateLimitInfo, RateLimitVerdict } from './parseRateLimitHeaders.js';

/**
 * Where a client keeps its rate limits. A request is granted by `acquire` (at once, or by a promise
 * that waits, announcing each wait to `req.beforeWait`, and rejects with the signal's reason on
 * abort), then ends with exactly one `complete` (an answer came) or `release` (none did). A store
 * never rejects for its own trouble (a shared store that cannot reach its backend decides locally).
 * Methods are declared as methods so that a store may type its permit `P` precisely.
 */
export interface RateLimitStore<P extends object = object> {
  /** Grants a request: a permit now, or a promise of one once the limits allow it. */
  acquire(req: RateRequest): P | Promise<P>;
  /** The granted request got no answer. */
  release(permit: P): void;
  /** The granted request got an answer with these headers; `verdict` is given for a 429. */
  complete(permit: P, status: number, info: RateLimitInfo, verdict?: RateLimitVerdict): void;
  /** Counts an invalid answer (401, 403, 429 except scope shared); undefined when it does not count. */
  recordInvalid(status: number, scope?: string): InvalidRequestRecord | undefined;
  /** The invalid-request thresholds in force (for the client's `invalidRequestWarning`). */
  readonly invalid: { readonly limit: number; readonly windowMs: number; readonly slowDownAt: number };
  /** What is known now, for a UI. */
  snapshot(): RateLimitSnapshot;
}

/**
 * Makes a client's store from the client's own settings (its clock, `globalPerSecond`, development
 * table and invalid-request thresholds), so that a store follows the options the client was given.
 */
export type RateLimitStoreFactory = (base: RateLimitManagerOptions) => RateLimitStore;
