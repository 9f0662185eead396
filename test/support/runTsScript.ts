/**
 * Test helper: runs a TypeScript file in a Node process of its own (through vite-node, so that it
 * imports the sources as the tests do) and resolves when the process has exited, with its exit code
 * and everything it wrote. What the child does is up to `env`; it never inherits this process's
 * event loop, so what keeps it alive (or not) is its own.
 */
import { spawn } from 'node:child_process';

/** How a child process ended. */
export interface ScriptRun {
  /** The exit code, or the signal's name when a signal ended it. */
  readonly exit: number | string;
  readonly stdout: string;
  readonly stderr: string;
  /** The last line of stdout parsed as JSON (a child's report), or undefined when it printed none. */
  readonly report: unknown;
}

/** Runs `file` (relative to the repository's root) with `env` added to this process's environment. */
export function runTsScript(file: string, env: Readonly<Record<string, string>> = {}): Promise<ScriptRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['node_modules/vite-node/vite-node.mjs', file], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      const last = stdout.trim().split('\n').pop();
      let report: unknown;
      try {
        report = last ? JSON.parse(last) : undefined;
      } catch {
        report = undefined;
      }
      resolve({ exit: code ?? signal ?? 'unknown', stdout, stderr, report });
    });
  });
}
