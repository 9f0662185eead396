/**
 * Graceful shutdown for Node servers: on SIGINT or SIGTERM, flush and dispose every runtime within a
 * deadline, then exit; a second signal exits at once.
 */
import { type Clock, SystemClock } from '../../src/clock.js';

/** Something to dispose at shutdown: a `LobbyRuntime` (flushes first), a `PlayerRuntime`, a client. */
export interface Disposable {
  dispose(): Promise<void>;
}

/** The parts of `process` the binding uses (a test passes its own). */
export interface ProcessLike {
  on(signal: string, listener: (signal: string) => void): unknown;
  off(signal: string, listener: (signal: string) => void): unknown;
  exit(code?: number): unknown;
}

/** Options of {@link shutdownOnSignals}. */
export interface ShutdownOptions {
  /** The signals to handle. @defaultValue `['SIGINT', 'SIGTERM']` */
  readonly signals?: readonly string[];
  /** How long the flush may take before the process exits anyway (code 1). @defaultValue `10_000` */
  readonly deadlineMs?: number;
  /** Runs first (stop the game loop, say). */
  readonly before?: () => void | Promise<void>;
  /** Told what happened: `'clean'`, `'failed'` (a dispose rejected), `'deadline'` or `'forced'`. */
  readonly onExit?: (outcome: ShutdownOutcome, error?: unknown) => void;
  /** @defaultValue `SystemClock` */
  readonly clock?: Clock;
  /** @defaultValue `globalThis.process` */
  readonly process?: ProcessLike;
}

/** How a shutdown ended. */
export type ShutdownOutcome = 'clean' | 'failed' | 'deadline' | 'forced';

/** A handler in place: `shutdown()` runs it without a signal; `detach()` removes the listeners. */
export interface ShutdownHandle {
  shutdown(): Promise<ShutdownOutcome>;
  detach(): void;
}

const exitCodes: Readonly<Record<ShutdownOutcome, number>> = {
  clean: 0,
  failed: 1,
  deadline: 1,
  forced: 130,
};

/**
 * On the first SIGINT or SIGTERM: `before()`, then `dispose()` of every runtime (a `LobbyRuntime`
 * flushes everything pending first), then exit 0; a dispose that rejects exits 1, and so does the
 * deadline passing first. A second signal exits at once (130).
 *
 * @example
 * ```ts
 * shutdownOnSignals([runtime, rest], { deadlineMs: 5_000, before: () => loop.stop() });
 * ```
 */
export function shutdownOnSignals(
  runtimes: readonly Disposable[],
  options: ShutdownOptions = {},
): ShutdownHandle {
  const proc = options.process ?? (globalThis as unknown as { process: ProcessLike }).process;
  const clock = options.clock ?? new SystemClock();
  const signals = options.signals ?? ['SIGINT', 'SIGTERM'];
  const deadlineMs = options.deadlineMs ?? 10_000;
  let running: Promise<ShutdownOutcome> | undefined;
  let done = false;

  const finish = (outcome: ShutdownOutcome, error?: unknown): ShutdownOutcome => {
    if (done) return outcome;
    done = true;
    options.onExit?.(outcome, error);
    proc.exit(exitCodes[outcome]);
    return outcome;
  };

  const shutdown = (): Promise<ShutdownOutcome> => {
    running ??= new Promise<ShutdownOutcome>((resolve) => {
      const timer = clock.setTimeout(() => resolve(finish('deadline')), deadlineMs);
      (async () => {
        await options.before?.();
        await Promise.all(runtimes.map((r) => r.dispose()));
      })().then(
        () => {
          clock.clearTimeout(timer);
          resolve(finish('clean'));
        },
        (error: unknown) => {
          clock.clearTimeout(timer);
          resolve(finish('failed', error));
        },
      );
    });
    return running;
  };

  const onSignal = (): void => {
    if (running) finish('forced');
    else void shutdown();
  };
  for (const signal of signals) proc.on(signal, onSignal);

  return {
    shutdown,
    detach(): void {
      for (const signal of signals) proc.off(signal, onSignal);
    },
  };
}
