/**
 * Runs every shard a bot needs: reads Get Gateway Bot once for the recommended shard count and
 * `max_concurrency`, then connects one {@link GatewayClient} per shard through one shared
 * {@link IdentifyGate}, so that shards identify bucket by bucket (`shard_id % max_concurrency`),
 * at most `max_concurrency` at a time per 5 seconds, in shard order.
 */
import { SystemClock } from '../clock.js';
import { GatewayClient } from './GatewayClient.js';
import type { GatewayClientOptions, GatewayRest } from './gatewayClientOptions.js';
import { IdentifyGate } from './IdentifyGate.js';

/** Options of {@link runShards}. */
export type RunShardsOptions = Omit<GatewayClientOptions, 'shard' | 'identifyGate' | 'rest'> & {
  readonly rest: GatewayRest;
  /** @defaultValue Get Gateway Bot's `shards` */
  readonly shardCount?: number;
  /** Aborts the start; shards already started are closed. */
  readonly signal?: AbortSignal;
};

/** Starts every shard and resolves with the clients once each is ready (closing them all on failure). */
export async function runShards(options: RunShardsOptions): Promise<GatewayClient[]> {
  const { shardCount, signal, ...clientOptions } = options;
  const info = await options.rest.gateway.getBot(signal ? { signal } : {});
  const count = shardCount ?? info.shards;
  const gate = new IdentifyGate(options.clock ?? new SystemClock(), info.session_start_limit.max_concurrency);
  const clients = Array.from(
    { length: count },
    (_, id) => new GatewayClient({ ...clientOptions, shard: [id, count], identifyGate: gate }),
  );
  try {
    await Promise.all(clients.map((client) => client.connect(signal)));
    return clients;
  } catch (error) {
    for (const client of clients) client.close();
    throw error;
  }
}
