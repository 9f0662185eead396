/**
 * `npm run overlay`: the emulator (demo world, CORS on, on its own origin) and the overlay's page
 * server, until Ctrl-C. Prints the page's address for two players.
 */
import { startEmulator } from 'lobbykit/emulator';
import { shutdownOnSignals } from 'lobbykit/node';
import { startOverlayServer } from './startOverlayServer.js';

const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const emulator = await startEmulator({
  port: port('EMULATOR_PORT', 3210),
  seed: 'demo',
  cors: true,
  rateLimits: process.env.RATE_LIMITS === 'development' ? 'development' : 'off',
});
const overlay = await startOverlayServer({ apiUrl: emulator.apiUrl, port: port('OVERLAY_PORT', 5173) });
console.log(`emulator on ${emulator.apiUrl} (demo world, CORS on)`);
console.log('chat overlay: open two windows, one per player:');
console.log(`  ${overlay.url}?as=alice`);
console.log(`  ${overlay.url}?as=bob`);
console.log('(carol, dave and erin too; add &secret=NAME for another lobby). Ctrl-C to stop.');
shutdownOnSignals([{ dispose: () => overlay.close() }, { dispose: () => emulator.close() }], {
  deadlineMs: 5_000,
});
