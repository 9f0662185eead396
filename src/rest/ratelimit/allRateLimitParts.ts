/** Every {@link RateLimitParts} part: what `RestClient`, `RouteClient` and the Redis store's local limits have. */
import { developmentLimiter } from './DevelopmentLimiter.js';
import { lobbySplit } from './LobbySplit.js';
import type { RateLimitParts } from './RateLimitManager.js';

/** Per-lobby buckets and development limits. */
export const allRateLimitParts: RateLimitParts = { lobbySplit, development: developmentLimiter };
