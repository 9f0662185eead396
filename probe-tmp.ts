import { startEmulator } from './src/emulator/startEmulator.js';
import { spawn } from 'node:child_process';
const emu = await startEmulator({ port: 0 });
const c = spawn(process.execPath, ['node_modules/vite-node/vite-node.mjs', 'bench/fleet/fleetProcess.ts'], { env: { ...process.env, BENCH_STORE: 'memory', BENCH_API_URL: emu.apiUrl, BENCH_LOBBIES: '3', BENCH_SECONDS: '1', BENCH_CHANGE_MS: '250', BENCH_PROCESSES: '1' }, stdio: 'inherit' });
await new Promise((r) => c.once('exit', (code) => { console.log('exit', code); r(null); }));
await emu.close();
