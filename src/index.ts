/**
 * lobbykit: the platform contract as data (schemas, limits, flags, error codes, the route table)
 * and the Clock seam. Named exports only; nothing here touches a Node built-in.
 */
export { type Clock, ManualClock, SystemClock, type TimerHandle } from './clock.js';
export * from './spec/codes.js';
export * from './spec/flags.js';
export * from './spec/gateway.js';
export * from './spec/limits.js';
export * from './spec/permissions.js';
export * from './spec/route.js';
export * from './spec/routes.js';
export * from './spec/schemas/gateway.js';
export * from './spec/schemas/index.js';
export * from './lobby/index.js';
export * from './rest/index.js';
export * from './webhooks/index.js';
export * from './gateway/index.js';
