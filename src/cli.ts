#!/usr/bin/env node
/**
 * The `lobbykit` command. `lobbykit emulator [...]` starts the local platform emulator; see
 * `lobbykit emulator --help`.
 */
import { runCli } from './emulator/cli.js';

const COMMANDS = `usage: lobbykit <command>

commands:
  emulator    start the local platform emulator (lobbykit emulator --help)`;

// A reader that goes away (`lobbykit emulator | head`) is not an error worth a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

const [command, ...rest] = process.argv.slice(2);
if (command === 'emulator') {
  // No top-level await: the bin is also built as CommonJS.
  void runCli(rest).then(({ exitCode, emulator }) => {
    if (emulator === undefined) process.exitCode = exitCode;
  });
} else if (command === undefined || command === '--help' || command === '-h') {
  process.stdout.write(`${COMMANDS}\n`);
} else {
  process.stderr.write(`lobbykit: unknown command ${command}\n${COMMANDS}\n`);
  process.exitCode = 2;
}
