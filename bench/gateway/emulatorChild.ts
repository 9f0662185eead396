/**
 * The emulator side of `bench/gateway`: started by gateway.bench.ts in a child process (so that the
 * clients' CPU is measured alone), it answers IPC messages:
 * - `{ cmd: 'apps', n }` → makes n applications whose bots join one guild, answers their tokens;
 * - `{ cmd: 'burst', events }` → emits `events` GUILD_ROLE_UPDATE events through the world's event
 *   log (the gateway dispatches them like any other), answers when emitted;
 * - `{ cmd: 'heap' }` → answers heapUsed after a GC (run with --expose-gc);
 * - `{ cmd: 'sessions' }` → answers how many gateway sessions are connected.
 */
import { startEmulator } from '../../src/emulator/startEmulator.js';
import { demo } from '../../src/emulator/world/demoSeed.js';

const emu = await startEmulator({ port: 0, rateLimits: 'off', logger: { error: () => undefined } });
const world = emu.world;
const send = (m: unknown) => process.send?.(m);

process.on('message', (message: { cmd: string; n?: number; events?: number }) => {
  switch (message.cmd) {
    case 'apps': {
      const guild = world.guilds.require(demo.guildId);
      const tokens: string[] = [];
      for (let i = 0; i < (message.n ?? 1); i++) {
        const app = world.createApplication({ name: `Bench ${i}`, privileged_intents: [] });
        world.guilds.addMember(guild, app.bot_user_id, { roles: [demo.roleIds.gameBot] });
        tokens.push(app.bot_token);
      }
      send({ tokens });
      break;
    }
    case 'burst': {
      const guild = world.guilds.require(demo.guildId);
      const role = guild.roles.get(demo.roleIds.player);
      const data = {
        guild_id: guild.id,
        role: { ...role, colors: role?.colors, tags: undefined },
      };
      for (let i = 0; i < (message.events ?? 0); i++) world.emit('GUILD_ROLE_UPDATE', data, guild.id);
      send({ done: true });
      break;
    }
    case 'heap':
      (globalThis as { gc?: () => void }).gc?.();
      (globalThis as { gc?: () => void }).gc?.();
      send({ heap: process.memoryUsage().heapUsed });
      break;
    case 'sessions':
      send({ sessions: emu.gateway.sessions().filter((s) => s.connected).length });
      break;
    case 'reset':
      emu.reset();
      send({ done: true });
      break;
    default:
      send({ error: message.cmd });
  }
});
send({ url: emu.url, apiUrl: emu.apiUrl });
