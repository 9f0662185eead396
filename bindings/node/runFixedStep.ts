/**
 * A fixed-step loop for Node servers: calls a step at a fixed rate on the Clock, correcting drift
 * (each step is scheduled from the loop's start, not from the previous step's end).
 */
import { type Clock, SystemClock, type TimerHandle } from '../../src/clock.js';

/** Options of {@link runFixedStep}. */
export interface FixedStepOptions {
  /** Milliseconds between steps. @defaultValue `50` (20 per second) */
  readonly stepMs?: number;
  /** The clock steps are timed by. @defaultValue `SystemClock` */
  readonly clock?: Clock;
  /**
   * Past this many steps behind (a long pause, a blocked event loop) the loop skips ahead instead of
   * running the missed steps back to back. @defaultValue `5`
   */
  readonly maxCatchUpSteps?: number;
}

/** A running loop. */
export interface FixedStepLoop {
  /** Steps run so far. */
  readonly steps: number;
  /** Steps skipped because the loop fell too far behind. */
  readonly skipped: number;
  /** Stops the loop (idempotent). */
  stop(): void;
}

/** Something with a `tick(now)`: a `LobbyRuntime` or a `PlayerRuntime`. */
export interface Tickable {
  tick(now?: number): number;
}

/**
 * Runs `step(now, index)` every `stepMs` on the clock; `step` may be a runtime (its `tick(now)` is
 * called). Step `n` is due at `start + n * stepMs`: a slow step delays the next one, never the
 * ones after it, so the loop keeps its rate over time.
 *
 * @example
 * ```ts
 * const loop = runFixedStep((now) => { game.update(now); runtime.tick(now); }, { stepMs: 16 });
 * shutdownOnSignals([runtime], { before: () => loop.stop() });
 * ```
 */
export function runFixedStep(
  step: Tickable | ((now: number, index: number) => void),
  options: FixedStepOptions = {},
): FixedStepLoop {
  const clock = options.clock ?? new SystemClock();
  const stepMs = options.stepMs ?? 50;
  if (!(stepMs > 0) || !Number.isFinite(stepMs))
    throw new RangeError(`runFixedStep: stepMs must be a positive number, got ${stepMs}`);
  const maxCatchUp = Math.max(1, options.maxCatchUpSteps ?? 5);
  const run = typeof step === 'function' ? step : (now: number) => void step.tick(now);
  const start = clock.now();
  let index = 0;
  let steps = 0;
  let skipped = 0;
  let timer: TimerHandle | undefined;
  let stopped = false;

  const schedule = (): void => {
    if (stopped) return;
    timer = clock.setTimeout(fire, start + (index + 1) * stepMs - clock.now());
  };
  const fire = (): void => {
    timer = undefined;
    // Every step now due runs back to back, each with its own due time as `now`; past maxCatchUp
    // steps behind, the loop skips to the latest due step.
    for (let n = 0; n < maxCatchUp && !stopped; n++) {
      const due = Math.floor((clock.now() - start) / stepMs);
      if (due <= index) break;
      if (due - index > maxCatchUp) {
        skipped += due - index - 1;
        index = due - 1;
      }
      index++;
      steps++;
      run(start + index * stepMs, index);
    }
    schedule();
  };
  schedule();

  return {
    get steps() {
      return steps;
    },
    get skipped() {
      return skipped;
    },
    stop(): void {
      stopped = true;
      if (timer !== undefined) clock.clearTimeout(timer);
      timer = undefined;
    },
  };
}
