/**
 * The default transport outside Node: `fetch`. The build turns imports of this module into the
 * package's conditional import `#transport`, whose `node` condition gives `defaultTransport.node.ts`
 * (undici) under the same export names; the client imports only this path.
 */
import { fetchTransport } from './fetchTransport.js';
import type { Transport } from './Transport.js';

/** Which implementation {@link createDefaultTransport} builds here. */
export const defaultTransportKind: 'fetch' | 'undici' = 'fetch';

/** Creates the runtime's default transport (here: {@link fetchTransport}). */
export function createDefaultTransport(): Transport {
  return fetchTransport();
}
