/**
 * Test helper: a real `redis-server` (Debian's package; `.ci/run` installs it) on a free loopback
 * port, started and stopped by the test itself, with nothing saved to disk. `stop()` kills it (as an
 * outage would), `start()` brings it back on the same port, empty.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** A redis-server the test owns. */
export interface RedisServer {
  readonly port: number;
  /** `redis://127.0.0.1:port`. */
  readonly url: string;
  /** Starts it (again) on its port and resolves once it accepts connections. */
  start(): Promise<void>;
  /** Kills it (SIGKILL: an outage, not a shutdown) and resolves once it has exited. */
  stop(): Promise<void>;
}

/** A port free on loopback right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The path of `redis-server`, or a clear error when it is not installed. */
function redisServerPath(): string {
  try {
    return execFileSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('redis-server is not installed: apt-get install -y redis-server (.ci/run does it)');
  }
}

/** Starts a redis-server on a free port; call `stop()` when done. */
export async function startRedisServer(): Promise<RedisServer> {
  const bin = redisServerPath();
  const port = await freePort();
  let child: ChildProcess | undefined;
  const server: RedisServer = {
    port,
    url: `redis://127.0.0.1:${port}`,
    start: () =>
      new Promise<void>((resolve, reject) => {
        const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
        const proc = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
        child = proc;
        let out = '';
        const onData = (chunk: Buffer): void => {
          out += chunk.toString();
          if (out.includes('Ready to accept connections')) {
            proc.stdout?.off('data', onData);
            proc.stdout?.resume();
            resolve();
          }
        };
        proc.stdout?.on('data', onData);
        proc.stderr?.resume();
        proc.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${out.slice(-500)}`)));
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        const proc = child;
        child = undefined;
        if (proc === undefined || proc.exitCode !== null) return resolve();
        proc.once('exit', () => resolve());
        proc.kill('SIGKILL');
      }),
  };
  await server.start();
  return server;
}
