/**
 * Webhook events: a platform-neutral receiver that verifies signed requests (Ed25519 over WebCrypto)
 * and emits typed events. The node:http / Express adapter lives in `./node` (the `lobbykit/node` entry).
 */
export {
  createWebhookReceiver,
  WebhookReceiver,
  type WebhookReceiverOptions,
  type WebhookReceipt,
  type WebhookSignedBody,
  webhookReceiverDefaults,
} from './WebhookReceiver.js';
export {
  type InvalidWebhookEvent,
  type KnownWebhookEvent,
  type UnknownWebhookEvent,
  type WebhookEvent,
  type WebhookEventOf,
  webhookEventNames,
  type WebhookReceiverEvents,
  type WebhookRefusalReason,
  type WebhookRefusedEvent,
} from './WebhookEvents.js';
