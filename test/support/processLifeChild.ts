/**
 * A child process for `test/processLife.test.ts`: does one thing with nothing else holding the
 * process open (no server, no interval) and prints one line of JSON at the end — unless Node ends it
 * first, which is what the test looks for. `LOBBYKIT_CASE` picks what it does:
 * - `rest-429`: 80 concurrent Get Guild calls from a client that does not limit itself, so that the
 *   emulator's global limit answers some with 429 and the client waits before sending them again;
 * - `fixed-step`: a `runFixedStep` loop of 20 ms that stops itself after 5 steps;
 * - `housekeeping`: a LobbyRuntime creates a lobby and is left with its reconciles and idle countdown
 *   scheduled (no `dispose()`): the process must end by itself;
 * - `unsynced`: the same, then a metadata change made and the script ended at once (no `flush()`,
 *   no `dispose()`): the change must reach the platform before the process ends.
 */
import { runFixedStep } from '../../bindings/node/runFixedStep.js';
import { demo } from '../../src/emulator/world/demoSeed.js';
import { LobbyRuntime } from '../../src/lobby/LobbyRuntime.js';
import { RestClient } from '../../src/rest/RestClient.js';

const which = process.env.LOBBYKIT_CASE;
const apiUrl = process.env.LOBBYKIT_API_URL ?? '';
const report = (value: unknown): void => {
  process.stdout.write(`${JSON.stringify(value)}\n`);
};

if (which === 'rest-429') {
  const rest = new RestClient({ baseUrl: apiUrl, auth: { bot: demo.botToken }, globalPerSecond: 10_000 });
  let limited = 0;
  rest.on('response', (e) => {
    if (e.status === 429) limited++;
  });
  const guilds = await Promise.all(
    Array.from({ length: 80 }, () => rest.call('getGuild', { params: { guild_id: demo.guildId } })),
  );
  report({ answered: guilds.filter((g) => g.id === demo.guildId).length, limited });
  await rest.close();
} else if (which === 'fixed-step') {
  const steps = await new Promise<number>((resolve) => {
    const loop = runFixedStep(
      (_now, index) => {
        if (index === 5) {
          loop.stop();
          resolve(loop.steps);
        }
      },
      { stepMs: 20 },
    );
  });
  report({ steps });
} else if (which === 'housekeeping') {
  const rest = new RestClient({ baseUrl: apiUrl, auth: { bot: demo.botToken } });
  const runtime = new LobbyRuntime({ rest, reconcileIntervalMs: 60_000 });
  const lobby = await runtime.create({ metadata: { map: 'dust' } });
  report({ created: lobby.id.length > 0, idleCounting: (lobby.idle.remainingMs ?? 0) > 0 });
} else if (which === 'unsynced') {
  const rest = new RestClient({ baseUrl: apiUrl, auth: { bot: demo.botToken } });
  const runtime = new LobbyRuntime({ rest, reconcileIntervalMs: 60_000, flushDelayMs: 200 });
  const lobby = await runtime.create({ metadata: { map: 'dust' } });
  lobby.setMetadata({ map: 'dust', round: '2' });
  report({ lobbyId: lobby.id });
} else {
  throw new Error(`unknown LOBBYKIT_CASE ${which}`);
}
