/**
 * `lobbykit/emulator`: a faithful local emulator of the platform (Node only).
 *
 * ```ts
 * import { startEmulator } from 'lobbykit/emulator';
 * const emu = await startEmulator({ port: 0, seed: 'demo', clock: 'manual' });
 * // point a client at emu.apiUrl; the demo world's tokens are in `demo`
 * await emu.close();
 * ```
 *
 * An explicit list of what an embedder uses: starting and stopping, its options, the demo world
 * and the seed format. Worlds are shaped through the control API (`/_emulator/…`), not through the
 * emulator's insides.
 */
export type { Clock, ManualClock } from '../clock.js';
export type { DevelopmentBucket } from '../spec/limits.js';
export { API_BASE, CONTROL_BASE, type Emulator, type EmulatorOptions } from './createEmulator.js';
export type { GatewaySettings } from './gateway/gatewaySettings.js';
export type { EmulatorLogger } from './http/PlatformPipeline.js';
export type { BodyLimits } from './http/readRequestBody.js';
export type { RateLimitSetting, RateLimitTable } from './rateLimits/RateLimiter.js';
export { startEmulator } from './startEmulator.js';
export type { WebhookDeliverySettings } from './webhooks/WebhookDispatcher.js';
export { DEMO_EPOCH_MS, type DemoUser, demo, demoSeed } from './world/demoSeed.js';
export type { EmulatorEvent } from './world/EventLog.js';
export { type Seed, type SeedObject, seedObjectSchema } from './world/seed.js';
export { defaultWorldSettings, type WorldSettings } from './world/World.js';
