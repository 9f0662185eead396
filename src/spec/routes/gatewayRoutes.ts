/**
 * The route table's gateway entries: where to open the gateway connection, and (for a bot) how many
 * shards and session starts it has. 2 operations.
 */
import { defineRoutes } from '../route.js';
import { noParams } from '../schemas/common.js';
import { getGatewayBotResponse, getGatewayResponse } from '../schemas/gateway.js';

const area = 'gateway';

/** Get Gateway and Get Gateway Bot, keyed by name. */
export const gatewayRoutes = /*#__PURE__*/ defineRoutes({
  getGateway: {
    area,
    method: 'GET',
    path: '/gateway',
    auth: 'none',
    audit: false,
    params: noParams,
    status: 200,
    responseKind: 'json',
    response: getGatewayResponse,
    idempotent: true,
  },
  getGatewayBot: {
    area,
    method: 'GET',
    path: '/gateway/bot',
    auth: 'bot',
    audit: false,
    params: noParams,
    status: 200,
    responseKind: 'json',
    response: getGatewayBotResponse,
    idempotent: true,
  },
});
