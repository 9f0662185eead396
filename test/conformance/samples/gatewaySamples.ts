/** Conformance samples of Get Gateway and Get Gateway Bot. Each passes the OpenAPI document and our schema. */
import type { SampleSet } from './types.js';

/** Samples of the gateway operations, keyed by route name. */
export const gatewaySamples: SampleSet = {
  getGateway: { response: [{ url: 'wss://gateway.example.test' }, { url: 'ws://127.0.0.1:8787/gateway' }] },
  getGatewayBot: {
    response: [
      {
        url: 'wss://gateway.example.test',
        shards: 9,
        session_start_limit: { total: 1000, remaining: 999, reset_after: 14_400_000, max_concurrency: 1 },
      },
      {
        url: 'ws://127.0.0.1:8787/gateway',
        shards: 1,
        session_start_limit: { total: 1000, remaining: 0, reset_after: 5_000, max_concurrency: 16 },
      },
    ],
  },
};
