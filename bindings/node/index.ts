/**
 * `lobbykit/node`: bindings for Node servers — a fixed-step loop on the Clock (`runFixedStep`),
 * graceful shutdown on SIGINT/SIGTERM (`shutdownOnSignals`), and the undici transport with its pool
 * options (`undiciTransport`; the `lobbykit` entry already uses it by default under Node). The
 * runtimes and clients come from `lobbykit`: the core is built once, so they are the same classes.
 * Also the Node adapters of the core's seams: the webhook receiver's node:http / Express handler
 * (`createNodeWebhookHandler`) and the gateway's `ws` WebSocket (`wsWebSocket`, the default of
 * `GatewayClient` under Node already).
 *
 * The core types its signatures name (`Clock`, `Transport`, …) are re-exported as types, so that a
 * user of this entry can name them; their values come from `lobbykit`.
 */
export type { Clock } from '../../src/clock.js';
export type { WebSocketFactory } from '../../src/gateway/webSocketSeam.js';
export type { Transport } from '../../src/rest/transport/Transport.js';
export type { WebhookReceiver } from '../../src/webhooks/WebhookReceiver.js';
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
export { wsWebSocket } from '../../src/gateway/wsWebSocket.js';
export {
  createNodeWebhookHandler,
  type NodeWebhookHandler,
  type NodeWebhookRequest,
  type NodeWebhookResponse,
} from '../../src/webhooks/node/index.js';
