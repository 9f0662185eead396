/** The webhook receiver's Node adapter: re-exported by the `lobbykit/node` entry. */
export {
  createNodeWebhookHandler,
  type NodeWebhookHandler,
  type NodeWebhookRequest,
  type NodeWebhookResponse,
} from './createNodeWebhookHandler.js';
