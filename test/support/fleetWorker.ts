/**
 * One process of a test fleet (run by `vite-node`, one per child process): a RestClient of the demo
 * bot whose rate limits are shared through Redis, sending a fixed mix of calls as fast as its limits
 * let it, then printing what became of each as one line of JSON. Settings come from the environment:
 * LOBBYKIT_API_URL, LOBBYKIT_REDIS_URL, LOBBYKIT_FLEET_SIZE, LOBBYKIT_WORKER.
 */
import { createClient } from 'redis';
import { isApiError, isRateLimitError, RestClient } from '../../src/index.js';
import { RedisRateLimitStore } from '../../src/redis/index.js';
import { developmentRateLimits } from '../../src/spec/limits.js';

/** What one worker reports. */
export interface WorkerReport {
  readonly worker: number;
  readonly planned: number;
  readonly ok: number;
  readonly created: number;
  readonly notFound: number;
  readonly forbidden: number;
  /** Refused before sending: the development limit would hold them for hours. */
  readonly heldBack: number;
  readonly failed: readonly string[];
  readonly unavailable: number;
  readonly restored: number;
}

const env = (name: string): string => {
  const value = process.env[name];
  if (value === undefined) throw new Error(`${name} is not set`);
  return value;
};

const worker = Number(env('LOBBYKIT_WORKER'));
const redis = createClient({
  url: env('LOBBYKIT_REDIS_URL'),
  disableOfflineQueue: true,
  socket: { reconnectStrategy: () => 100, connectTimeout: 500 },
});
redis.on('error', () => {});
await redis.connect();

let store: RedisRateLimitStore | undefined;
let unavailable = 0;
let restored = 0;
const rest = new RestClient({
  baseUrl: env('LOBBYKIT_API_URL'),
  auth: { bot: 'demo-bot-token' },
  developmentRateLimits,
  maxRateLimitWaitMs: 10_000,
  rateLimitStore: (base) => {
    // A generous command timeout: this machine is shared and busy; a killed Redis fails at once anyway.
    const shared = new RedisRateLimitStore({
      ...base,
      redis,
      fleetSize: Number(env('LOBBYKIT_FLEET_SIZE')),
      commandTimeoutMs: 5000,
    });
    shared.on('unavailable', () => unavailable++);
    shared.on('restored', () => restored++);
    store = shared;
    return shared;
  },
});

const guild = '1323802873036931079';
const owner = '1323802873036931074';
type Call = () => Promise<unknown>;
const calls: Call[] = [];
// Many majors (guild ids the platform does not know: 404s), so that the global limit is what binds.
for (let i = 0; i < 90; i++)
  calls.push(() => rest.call('getGuild', { params: { guild_id: `${9000 + worker * 1000 + i}` } }));
// One learned bucket of 10 a second, shared by the fleet.
for (let i = 0; i < 20; i++) calls.push(() => rest.call('getGuildRoles', { params: { guild_id: guild } }));
// A development bucket: 20 lobbies per 2 hours for the whole application.
for (let i = 0; i < 10; i++) calls.push(() => rest.call('createLobby', {}));
// Invalid requests (403: the owner is above the bot), counted for the whole fleet.
for (let i = 0; i < 2; i++)
  calls.push(() =>
    rest.call('modifyGuildMember', { params: { guild_id: guild, user_id: owner }, body: { nick: 'x' } }),
  );

const report = {
  worker,
  planned: calls.length,
  ok: 0,
  created: 0,
  notFound: 0,
  forbidden: 0,
  heldBack: 0,
  failed: [] as string[],
};
let next = 0;
const lanes = Array.from({ length: 16 }, async () => {
  while (next < calls.length) {
    const i = next++;
    const call = calls[i] as Call;
    try {
      await call();
      if (i >= 110 && i < 120) report.created++;
      else report.ok++;
    } catch (error) {
      if (isApiError(error) && error.status === 404) report.notFound++;
      else if (isApiError(error) && error.status === 403) report.forbidden++;
      else if (isRateLimitError(error) && error.kind === 'preemptive' && error.scope === 'development')
        report.heldBack++;
      else report.failed.push(String((error as Error).message ?? error));
    }
  }
});
await Promise.all(lanes);
await store?.flush();
await rest.close();
redis.destroy();
process.stdout.write(`${JSON.stringify({ ...report, unavailable, restored })}\n`);
