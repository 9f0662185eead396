/** Every {@link EngineExtras} part: what `RouteClient` (and so `RestClient`) is built with. */
import { allRateLimitParts } from '../ratelimit/allRateLimitParts.js';
import type { EngineExtras } from './EngineExtras.js';
import { multipartSupport } from './multipartSupport.js';
import { parseCsvIds } from './parseCsvIds.js';
import { zodInputMemo } from './zodInputMemo.js';

/** Multipart bodies, CSV answers, the zod input memo, and every rate-limit part. */
export const allExtras: EngineExtras = {
  multipart: multipartSupport,
  csv: parseCsvIds,
  inputMemo: zodInputMemo,
  rateLimits: allRateLimitParts,
};
