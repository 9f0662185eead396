/**
 * `lobbykit/redis`: the rate-limit store of a fleet. Node processes that share one token share their
 * limits through Redis, so that the fleet together stays within the platform's global limit, each
 * bucket's `Remaining` and the invalid-request limit. Needs a node-redis client (the `redis` package,
 * an optional peer dependency of lobbykit); nothing here is imported by the core.
 *
 * @example
 * ```ts
 * import { createClient } from 'redis';
 * import { RestClient } from 'lobbykit';
 * import { RedisRateLimitStore } from 'lobbykit/redis';
 *
 * const redis = await createClient({ url: process.env.REDIS_URL, disableOfflineQueue: true }).connect();
 * const rest = new RestClient({
 *   auth: { bot: process.env.BOT_TOKEN ?? '' },
 *   rateLimitStore: (base) => new RedisRateLimitStore({ ...base, redis, fleetSize: 4 }),
 * });
 * ```
 */
export {
  type RedisOptions,
  type RedisPermit,
  RedisRateLimitStore,
  type RedisRateLimitStoreEvents,
  type RedisRateLimitStoreOptions,
} from './RedisRateLimitStore.js';
export type { RedisScriptClient } from './RedisScriptClient.js';
export { RATE_LIMIT_SCRIPT } from './rateLimitScript.js';
