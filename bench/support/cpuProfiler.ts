/**
 * Profiles a stretch of this process with V8's sampling profiler through `node:inspector`, so that a
 * benchmark can profile only what it measures (not its start-up) and write a `.cpuprofile` that
 * `summarizeCpuProfile` reads (or Chrome DevTools opens).
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

/** A profiler attached to this process; start and stop it around what is measured. */
export class CpuProfiler {
  readonly #session = new Session();
  #running = false;

  constructor() {
    this.#session.connect();
  }

  /** Starts sampling (every 100 µs, finer than the default 1 ms: bursts are short). */
  async start(): Promise<void> {
    if (this.#running) return;
    await this.#session.post('Profiler.enable');
    await this.#session.post('Profiler.setSamplingInterval', { interval: 100 });
    await this.#session.post('Profiler.start');
    this.#running = true;
  }

  /** Stops sampling and writes the profile to `file`. */
  async stop(file: string): Promise<void> {
    if (!this.#running) return;
    const { profile } = await this.#session.post('Profiler.stop');
    this.#running = false;
    writeFileSync(file, JSON.stringify(profile));
  }
}
