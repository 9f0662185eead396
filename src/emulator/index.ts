/**
 * `lobbykit/emulator`: a faithful local emulator of the platform (Node only).
 *
 * ```ts
 * import { startEmulator } from 'lobbykit/emulator';
 * const emu = await startEmulator({ port: 0, seed: 'demo', clock: 'manual' });
 * // point a client at emu.apiUrl; the demo world's tokens are in `demo`
 * await emu.close();
 * ```
 */
export { runCli, parseCliArgs, type CliIo, type CliResult, DEFAULT_CLI_PORT } from './cli.js';
export { API_BASE, CONTROL_BASE, type Emulator, type EmulatorOptions } from './createEmulator.js';
export { describeWorld } from './describeWorld.js';
export type {
  Caller,
  ContextOf,
  Handler,
  HandlerContext,
  HandlerMap,
  Reply,
  UploadedFile,
} from './handlers/handlerTypes.js';
export { defineHandlers, reply } from './handlers/handlerTypes.js';
export type { EmulatorLogger } from './http/platformPipeline.js';
export type { BodyLimits } from './http/readRequestBody.js';
export { PlatformError } from './platformError.js';
export type { RateLimitSetting, RateLimitTable } from './rateLimits/rateLimiter.js';
export { startEmulator } from './startEmulator.js';
export { DEMO_EPOCH_MS, demo, demoSeed } from './world/demoSeed.js';
export type { EmulatorEvent } from './world/EventLog.js';
export { type Seed, type SeedObject, seedObjectSchema } from './world/seed.js';
export { type WorldSettings, World, defaultWorldSettings } from './world/world.js';
