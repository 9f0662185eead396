/**
 * `lobbykit emulator [--port N] [--host H] [--seed demo|empty|FILE] [--clock manual|system]
 * [--rate-limits development|off]`: starts the emulator, prints its address and the world's tokens
 * and ids, and runs until SIGINT or SIGTERM, when it closes cleanly.
 */
import { readFile } from 'node:fs/promises';
import type { Emulator, EmulatorOptions } from './createEmulator.js';
import { describeWorld } from './describeWorld.js';
import { startEmulator } from './startEmulator.js';
import type { SeedObject } from './world/seed.js';

/** Where the CLI writes, and whether it installs signal handlers (tests say no). */
export interface CliIo {
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
  /** @defaultValue true */
  readonly handleSignals?: boolean;
}

/** What {@link runCli} ends with: an exit code, and the running emulator when it started one. */
export interface CliResult {
  readonly exitCode: number;
  readonly emulator?: Emulator;
}

const USAGE = `usage: lobbykit emulator [--port N] [--host H] [--seed demo|empty|FILE] [--clock manual|system] [--rate-limits development|off]

  --port N            port to listen on (default 3210; 0 picks a free one)
  --host H            address to bind (default 127.0.0.1)
  --seed S            demo (default), empty, or a JSON file describing a world (see docs/emulator.md)
  --clock C           system (default) or manual (advance with POST /_emulator/clock)
  --rate-limits R     development (default, the specification's figures) or off`;

/** The port the CLI listens on by default. */
export const DEFAULT_CLI_PORT = 3210;

/** Parses the arguments; throws an Error with a message for the user on a bad one. */
export async function parseCliArgs(argv: readonly string[]): Promise<EmulatorOptions | 'help'> {
  const args = [...argv];
  if (args[0] === 'emulator') args.shift();
  let port = DEFAULT_CLI_PORT;
  let host = '127.0.0.1';
  let seed: EmulatorOptions['seed'] = 'demo';
  let clock: 'system' | 'manual' = 'system';
  let rateLimits: 'development' | 'off' = 'development';
  while (args.length > 0) {
    const raw = args.shift() as string;
    if (raw === '--help' || raw === '-h') return 'help';
    const [flag, inline] = raw.includes('=')
      ? (raw.split(/=(.*)/s, 2) as [string, string])
      : [raw, undefined];
    const value = inline ?? args.shift();
    if (value === undefined) throw new Error(`${flag} needs a value`);
    switch (flag) {
      case '--port':
        if (!/^\d{1,5}$/.test(value) || Number(value) > 65535)
          throw new Error(`--port: not a port: ${value}`);
        port = Number(value);
        break;
      case '--host':
        host = value;
        break;
      case '--seed':
        seed = value === 'demo' || value === 'empty' ? value : await readSeedFile(value);
        break;
      case '--clock':
        if (value !== 'manual' && value !== 'system')
          throw new Error(`--clock: manual or system, not ${value}`);
        clock = value;
        break;
      case '--rate-limits':
        if (value !== 'development' && value !== 'off')
          throw new Error(`--rate-limits: development or off, not ${value}`);
        rateLimits = value;
        break;
      default:
        throw new Error(`unknown option ${flag}`);
    }
  }
  return { port, host, seed, clock, rateLimits };
}

async function readSeedFile(path: string): Promise<SeedObject> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new Error(`--seed: cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    return JSON.parse(text) as SeedObject;
  } catch {
    throw new Error(`--seed: ${path} is not JSON`);
  }
}

/**
 * Runs the CLI: `runCli(['emulator', '--port', '0'])`. Resolves once the emulator is listening (or
 * failed to start); with signal handling on, SIGINT/SIGTERM close it and exit the process.
 */
export async function runCli(argv: readonly string[], io: CliIo = defaultIo): Promise<CliResult> {
  let options: EmulatorOptions | 'help';
  try {
    options = await parseCliArgs(argv);
  } catch (error) {
    io.err(`lobbykit emulator: ${error instanceof Error ? error.message : String(error)}`);
    io.err(USAGE);
    return { exitCode: 2 };
  }
  if (options === 'help') {
    io.out(USAGE);
    return { exitCode: 0 };
  }
  let emulator: Emulator;
  try {
    emulator = await startEmulator(options);
  } catch (error) {
    io.err(`lobbykit emulator: could not start: ${error instanceof Error ? error.message : String(error)}`);
    return { exitCode: 1 };
  }
  io.out(`lobbykit emulator listening on ${emulator.url}`);
  io.out(`  API base     ${emulator.apiUrl}`);
  io.out(`  control API  ${emulator.url}/_emulator`);
  io.out(
    `  clock ${options.clock ?? 'system'}, rate limits ${typeof options.rateLimits === 'string' ? options.rateLimits : 'custom'}`,
  );
  for (const line of describeWorld(emulator.world)) io.out(line);
  io.out('Ctrl-C stops it.');
  if (io.handleSignals ?? true) {
    const stop = (signal: NodeJS.Signals): void => {
      io.out(`\n${signal}: closing`);
      void emulator.close().then(() => process.exit(0));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  }
  return { exitCode: 0, emulator };
}

const defaultIo: CliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};
