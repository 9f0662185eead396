/** The Node bindings through the Clock seam: the fixed-step loop's rate and drift, graceful shutdown. */
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { runFixedStep } from '../../bindings/node/runFixedStep.js';
import { shutdownOnSignals } from '../../bindings/node/shutdownOnSignals.js';
import { ManualClock } from '../../src/clock.js';

describe('runFixedStep', () => {
  it('steps at the rate, each at its due time, and a slow step does not shift the ones after it', () => {
    const clock = new ManualClock(0);
    const at: number[] = [];
    const seen: number[] = [];
    const loop = runFixedStep(
      (now) => {
        at.push(now);
        seen.push(clock.now());
        if (at.length === 2) clock.advance(7); // a slow step: 7 ms of work
      },
      { stepMs: 16, clock },
    );
    for (let i = 0; i < 10; i++) clock.advance(4);
    expect(at).toEqual([16, 32]);
    expect(seen).toEqual([16, 32]);
    clock.advance(16 * 3 - 7); // up to 88 (the slow step already moved the clock 7 ms)
    expect(at).toEqual([16, 32, 48, 64, 80]);
    expect(seen).toEqual([16, 32, 48, 64, 80]); // no drift: the timer after the slow step waited 9 ms
    loop.stop();
    clock.advance(1_000);
    expect(loop.steps).toBe(5);
  });

  it('drives a runtime’s tick(now); runs a few missed steps back to back and skips past many', () => {
    const clock = new ManualClock(0);
    const ticks: number[] = [];
    const block: Record<number, number> = { 20: 1_000, 1030: 25 }; // work that holds the event loop
    const runtime = {
      tick: (now = -1) => {
        ticks.push(now);
        if (block[now]) clock.advance(block[now]);
        return 0;
      },
    };
    const loop = runFixedStep(runtime, { stepMs: 10, clock, maxCatchUpSteps: 3 });
    clock.advance(20);
    expect(ticks).toEqual([10, 20, 1_020]); // 100 steps behind: skipped to the latest
    expect(loop.skipped).toBe(99);
    clock.advance(10);
    expect(ticks).toEqual([10, 20, 1_020, 1_030, 1_040, 1_050]); // 2 behind: run at once
    clock.advance(10);
    expect(ticks.at(-1)).toBe(1_060);
    loop.stop();
    expect(() => runFixedStep(() => {}, { stepMs: 0, clock })).toThrow(RangeError);
  });
});

/** A fake process: signals are emitted, exit is recorded. */
function fakeProcess() {
  const emitter = new EventEmitter();
  const exits: number[] = [];
  return {
    emitter,
    exits,
    proc: {
      on: (s: string, l: (s: string) => void) => emitter.on(s, l),
      off: (s: string, l: (s: string) => void) => emitter.off(s, l),
      exit: (code?: number) => exits.push(code ?? 0),
    },
  };
}

describe('shutdownOnSignals', () => {
  it('SIGTERM: before(), then every dispose, then exit 0', async () => {
    const { emitter, exits, proc } = fakeProcess();
    const order: string[] = [];
    const runtime = { dispose: async () => void order.push('dispose') };
    const outcomes: string[] = [];
    shutdownOnSignals([runtime, runtime], {
      process: proc,
      clock: new ManualClock(),
      before: () => void order.push('before'),
      onExit: (o) => outcomes.push(o),
    });
    emitter.emit('SIGTERM', 'SIGTERM');
    await expect.poll(() => exits).toEqual([0]);
    expect(order).toEqual(['before', 'dispose', 'dispose']);
    expect(outcomes).toEqual(['clean']);
  });

  it('exits 1 at the deadline when a flush hangs; a second signal exits at once', async () => {
    const clock = new ManualClock();
    const hanging = { dispose: () => new Promise<void>(() => {}) };
    const a = fakeProcess();
    shutdownOnSignals([hanging], { process: a.proc, clock, deadlineMs: 5_000 });
    a.emitter.emit('SIGINT', 'SIGINT');
    clock.advance(4_999);
    expect(a.exits).toEqual([]);
    clock.advance(1);
    expect(a.exits).toEqual([1]);

    const b = fakeProcess();
    const outcomes: string[] = [];
    shutdownOnSignals([hanging], { process: b.proc, clock, onExit: (o) => outcomes.push(o) });
    b.emitter.emit('SIGINT', 'SIGINT');
    b.emitter.emit('SIGINT', 'SIGINT');
    expect(b.exits).toEqual([130]);
    expect(outcomes).toEqual(['forced']);
  });

  it('a dispose that rejects exits 1; detach removes the listeners', async () => {
    const { emitter, exits, proc } = fakeProcess();
    const handle = shutdownOnSignals([{ dispose: () => Promise.reject(new Error('flush failed')) }], {
      process: proc,
      clock: new ManualClock(),
    });
    await expect(handle.shutdown()).resolves.toBe('failed');
    expect(exits).toEqual([1]);
    handle.detach();
    expect(emitter.listenerCount('SIGINT') + emitter.listenerCount('SIGTERM')).toBe(0);
  });
});
