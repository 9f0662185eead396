import { describe, expect, it } from 'vitest';
import { ManualClock } from '../src/clock.js';

describe('ManualClock', () => {
  it('moves only when told to', () => {
    const clock = new ManualClock(1000);
    expect(clock.now()).toBe(1000);
    clock.advance(250);
    expect(clock.now()).toBe(1250);
  });

  it('runs due timers in due order, with now() at each due time', () => {
    const clock = new ManualClock(0);
    const seen: Array<[string, number]> = [];
    clock.setTimeout(() => seen.push(['b', clock.now()]), 20);
    clock.setTimeout(() => seen.push(['a', clock.now()]), 10);
    clock.setTimeout(() => seen.push(['c', clock.now()]), 30);
    clock.advance(25);
    expect(seen).toEqual([
      ['a', 10],
      ['b', 20],
    ]);
    expect(clock.pending).toBe(1);
    expect(clock.now()).toBe(25);
  });

  it('runs timers scheduled by timers when they fall inside the advance', () => {
    const clock = new ManualClock(0);
    const seen: number[] = [];
    clock.setTimeout(() => {
      seen.push(clock.now());
      clock.setTimeout(() => seen.push(clock.now()), 5);
    }, 5);
    clock.advance(10);
    expect(seen).toEqual([5, 10]);
  });

  it('cancels timers', () => {
    const clock = new ManualClock(0);
    let ran = false;
    const handle = clock.setTimeout(() => {
      ran = true;
    }, 1);
    clock.clearTimeout(handle);
    clock.advance(5);
    expect(ran).toBe(false);
  });

  it('refuses to go backwards', () => {
    const clock = new ManualClock(100);
    expect(() => clock.set(50)).toThrow(RangeError);
  });
});
