/**
 * The default transport under Node (the `node` condition of the package's `#transport` import): undici, one keep-alive pool per
 * origin. Same export names as `defaultTransport.ts`.
 */
import type { Transport } from './Transport.js';
import { undiciTransport } from './undiciTransport.js';

/** Which implementation {@link createDefaultTransport} builds here. */
export const defaultTransportKind: 'fetch' | 'undici' = 'undici';

/** Creates the runtime's default transport (here: {@link undiciTransport}). */
export function createDefaultTransport(): Transport {
  return undiciTransport();
}
