/**
 * `npm run web-game`: the emulator (demo world, CORS on) and the web game's server, until Ctrl-C,
 * which stops the loop, closes the sockets and flushes the lobby before exiting.
 */
import { startEmulator } from 'lobbykit/emulator';
import { shutdownOnSignals } from 'lobbykit/node';
import { startWebGame } from './startWebGame.js';

const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const emulator = await startEmulator({
  port: port('EMULATOR_PORT', 3210),
  seed: 'demo',
  cors: true,
  rateLimits: 'off',
});
const game = await startWebGame({
  apiUrl: emulator.apiUrl,
  emulatorUrl: emulator.url,
  port: port('GAME_PORT', 8080),
});
console.log(`emulator on ${emulator.apiUrl} (demo world, CORS on)`);
console.log('web game: open two windows, one per player (arrow keys or WASD move, Enter chats):');
console.log(`  ${game.url}?as=alice`);
console.log(`  ${game.url}?as=bob`);
console.log('Ctrl-C to stop.');
shutdownOnSignals([{ dispose: () => game.close() }, { dispose: () => emulator.close() }], {
  deadlineMs: 10_000,
  onExit: (outcome) => console.log(`stopped (${outcome})`),
});
