/**
 * The emulator side of `bench/gateway`: started by gateway.bench.ts in a child process (so that the
 * clients' CPU is measured alone), it answers IPC messages:
 * - `{ cmd: 'apps', n, fleet }` → makes n applications whose bots join the fleet's own guild (made
 *   on first use), answers their tokens;
 * - `{ cmd: 'burst', events, fleet }` → emits `events` GUILD_ROLE_UPDATE events of the fleet's guild
 *   through the world's event log (the gateway dispatches them like any other, so only that fleet's
 *   sessions receive them), answers when emitted;
 * - `{ cmd: 'sample' }` → answers the JSON of a burst event's `d` (the replay server sends the same);
 * - `{ cmd: 'profile-start' }` / `{ cmd: 'profile-stop', file }` → profiles this process;
 * - `{ cmd: 'heap' }` → answers heapUsed and external (Buffers) after a GC (run with --expose-gc);
 * - `{ cmd: 'cpu' }` → answers this process's CPU time so far (µs);
 * - `{ cmd: 'sessions' }` → answers how many gateway sessions are connected.
 */
import { startEmulator } from '../../src/emulator/startEmulator.js';
import { demo } from '../../src/emulator/world/demoSeed.js';
import { renderRole } from '../../src/emulator/world/renderGuild.js';
import { answerChildCommand } from '../support/answerChildCommand.js';
import { CpuProfiler } from '../support/cpuProfiler.js';

const emu = await startEmulator({ port: 0, rateLimits: 'off', logger: { error: () => undefined } });
const world = emu.world;
const send = (m: unknown) => process.send?.(m);
const profiler = new CpuProfiler();

const fleetGuilds = new Map<string, string>();

/** The guild of a fleet of clients, made on first use. */
function fleetGuild(fleet = 'default') {
  let id = fleetGuilds.get(fleet);
  if (id === undefined) {
    id = world.guilds.create({ name: `Bench ${fleet}`, owner_id: demo.users[0].id }).id;
    fleetGuilds.set(fleet, id);
  }
  return world.guilds.require(id);
}

/** A GUILD_ROLE_UPDATE of the demo guild's Player role, in the platform's shape, for `guildId`. */
function roleUpdate(guildId: string): { guild_id: string; role: Record<string, unknown> } {
  const role = world.guilds.require(demo.guildId).roles.get(demo.roleIds.player);
  if (!role) throw new Error('the demo world has no Player role');
  return { guild_id: guildId, role: renderRole(role) };
}

process.on(
  'message',
  (message: { cmd: string; n?: number; events?: number; file?: string; fleet?: string }) => {
    if (answerChildCommand(message, send, profiler, 'emulator.cpuprofile')) return;
    switch (message.cmd) {
      case 'apps': {
        const guild = fleetGuild(message.fleet);
        const tokens: string[] = [];
        for (let i = 0; i < (message.n ?? 1); i++) {
          const app = world.createApplication({ name: `Bench ${i}`, privileged_intents: [] });
          world.guilds.addMember(guild, app.bot_user_id);
          tokens.push(app.bot_token);
        }
        send({ tokens });
        break;
      }
      case 'burst': {
        const data = roleUpdate(fleetGuild(message.fleet).id);
        for (let i = 0; i < (message.events ?? 0); i++) world.emit('GUILD_ROLE_UPDATE', data, data.guild_id);
        send({ done: true });
        break;
      }
      case 'sample':
        send({ json: JSON.stringify(roleUpdate(demo.guildId)) });
        break;
      case 'heap':
        (globalThis as { gc?: () => void }).gc?.();
        (globalThis as { gc?: () => void }).gc?.();
        send({ heap: process.memoryUsage().heapUsed, external: process.memoryUsage().external });
        break;
      case 'sessions':
        send({ sessions: emu.gateway.sessions().filter((s) => s.connected).length });
        break;
      default:
        send({ error: message.cmd });
    }
  },
);
send({ url: emu.url, apiUrl: emu.apiUrl });
