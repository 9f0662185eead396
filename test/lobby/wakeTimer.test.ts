import { describe, expect, it } from 'vitest';
import { ManualClock, type TimerOptions } from '../../src/clock.js';
import { WakeTimer } from '../../src/lobby/WakeTimer.js';

/** A ManualClock that records the options of every timer set. */
class RecordingClock extends ManualClock {
  readonly options: (TimerOptions | undefined)[] = [];
  override setTimeout(callback: () => void, ms: number, options?: TimerOptions) {
    this.options.push(options);
    return super.setTimeout(callback, ms);
  }
}

describe('WakeTimer', () => {
  it('wakes once at the earliest time armed, and a later time keeps the earlier timer', () => {
    const clock = new ManualClock(0);
    const woke: number[] = [];
    const timer = new WakeTimer(clock, () => woke.push(clock.now()));
    timer.arm(100);
    timer.arm(200);
    clock.advance(99);
    expect(woke).toEqual([]);
    clock.advance(1);
    expect(woke).toEqual([100]);
    clock.advance(1000);
    expect(woke).toEqual([100]);
  });

  it('moves to an earlier time, and Infinity clears it', () => {
    const clock = new ManualClock(0);
    const woke: number[] = [];
    const timer = new WakeTimer(clock, () => woke.push(clock.now()));
    timer.arm(100);
    timer.arm(50);
    clock.advance(200);
    expect(woke).toEqual([50]);
    timer.arm(300);
    timer.arm(Number.POSITIVE_INFINITY);
    clock.advance(1000);
    expect(woke).toEqual([50]);
  });

  it('may be armed again from its wake', () => {
    const clock = new ManualClock(0);
    const woke: number[] = [];
    const timer: WakeTimer = new WakeTimer(clock, () => {
      woke.push(clock.now());
      if (woke.length < 3) timer.arm(clock.now() + 10);
    });
    timer.arm(10);
    clock.advance(100);
    expect(woke).toEqual([10, 20, 30]);
  });

  it('holds the process only when asked, and re-arms when that changes', () => {
    const clock = new RecordingClock(0);
    const timer = new WakeTimer(clock, () => {});
    timer.arm(100);
    timer.arm(200, true);
    timer.arm(150, true);
    timer.arm(300);
    expect(clock.options).toEqual([{ ref: false }, { ref: true }, { ref: true }, { ref: false }]);
  });
});
