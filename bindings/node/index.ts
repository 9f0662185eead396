/**
 * `lobbykit/node`: bindings for Node servers — a fixed-step loop on the Clock (`runFixedStep`),
 * graceful shutdown on SIGINT/SIGTERM (`shutdownOnSignals`), and the undici transport with its pool
 * options (`undiciTransport`; the `lobbykit` entry already uses it by default under Node). The
 * runtimes and clients come from `lobbykit`: the core is built once, so they are the same classes.
 * (The webhook receiver joins this entry when it lands.)
 */
export {
  type UndiciTransport,
  type UndiciTransportOptions,
  undiciTransport,
} from '../../src/rest/transport/undiciTransport.js';
export { type FixedStepLoop, type FixedStepOptions, runFixedStep, type Tickable } from './runFixedStep.js';
export {
  type Disposable,
  type ProcessLike,
  type ShutdownHandle,
  type ShutdownOptions,
  type ShutdownOutcome,
  shutdownOnSignals,
} from './shutdownOnSignals.js';
