/** Starts the emulator with THE route table and every area's handlers. */
import { routeList } from '../spec/routes.js';
import { createEmulator, type Emulator, type EmulatorOptions } from './createEmulator.js';
import { allHandlers } from './handlers/allHandlers.js';

/**
 * Starts a local emulator of the platform: `const emu = await startEmulator({ port: 0 })`, then point
 * a client at `emu.apiUrl` and call `emu.close()` when done. Starts with the demo world unless
 * `seed` says otherwise (see docs/emulator.md).
 */
export function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  return createEmulator(options, { routes: routeList, handlers: allHandlers });
}
