/** The idle arithmetic: warnings, idle, catch-up after a jump, suspension. */
import { describe, expect, it } from 'vitest';
import { IdleCountdown, sortWarnings } from '../../src/lobby/IdleCountdown.js';

const T0 = 1_000_000;
const warnings = sortWarnings([10_000, 60_000]);

describe('IdleCountdown', () => {
  it('warns at each remaining time, then goes idle once', () => {
    const c = new IdleCountdown(T0, 300_000, warnings);
    expect(c.deadline).toBe(T0 + 300_000);
    expect(c.nextAt()).toBe(T0 + 240_000);
    expect(c.advance(T0 + 239_999)).toBeUndefined();
    expect(c.advance(T0 + 240_000)).toEqual({ type: 'warning', remainingMs: 60_000, deadline: T0 + 300_000 });
    expect(c.advance(T0 + 240_001)).toBeUndefined();
    expect(c.nextAt()).toBe(T0 + 290_000);
    expect(c.advance(T0 + 290_000)).toMatchObject({ type: 'warning', remainingMs: 10_000 });
    expect(c.advance(T0 + 300_000)).toEqual({ type: 'idle', deadline: T0 + 300_000 });
    expect(c.isIdle).toBe(true);
    expect(c.advance(T0 + 400_000)).toBeUndefined();
    expect(c.nextAt()).toBe(Number.POSITIVE_INFINITY);
  });

  it('catches up after a jump: one warning with the true remaining time', () => {
    const c = new IdleCountdown(T0, 300_000, warnings);
    // A hidden tab wakes up 5 s before the deadline: both warnings are due; only the last fires.
    expect(c.advance(T0 + 295_000)).toEqual({ type: 'warning', remainingMs: 5_000, deadline: T0 + 300_000 });
    expect(c.advance(T0 + 296_000)).toBeUndefined();
  });

  it('a jump past the deadline fires idle alone', () => {
    const c = new IdleCountdown(T0, 300_000, warnings);
    expect(c.advance(T0 + 3_600_000)).toEqual({ type: 'idle', deadline: T0 + 300_000 });
  });

  it('activity starts over and re-arms every warning', () => {
    const c = new IdleCountdown(T0, 300_000, warnings);
    c.advance(T0 + 250_000);
    c.touch(T0 + 250_000);
    expect(c.deadline).toBe(T0 + 550_000);
    expect(c.nextAt()).toBe(T0 + 490_000);
    c.advance(T0 + 600_000);
    expect(c.isIdle).toBe(true);
    c.touch(T0 + 600_000);
    expect(c.isIdle).toBe(false);
    expect(c.remainingMs(T0 + 600_000)).toBe(300_000);
  });

  it('never counts down while suspended (a linked channel), and starts over when resumed', () => {
    const c = new IdleCountdown(T0, 300_000, warnings);
    c.setSuspended(true, T0);
    expect(c.deadline).toBeNull();
    expect(c.remainingMs(T0 + 1e9)).toBeNull();
    expect(c.nextAt()).toBe(Number.POSITIVE_INFINITY);
    expect(c.advance(T0 + 1e9)).toBeUndefined();
    c.setSuspended(false, T0 + 1e9);
    expect(c.deadline).toBe(T0 + 1e9 + 300_000);
  });

  it('skips warnings at or beyond the whole timeout', () => {
    const c = new IdleCountdown(T0, 30_000, warnings);
    expect(c.nextAt()).toBe(T0 + 20_000);
    expect(c.advance(T0 + 20_000)).toMatchObject({ remainingMs: 10_000 });
  });

  it('normalises warning lists', () => {
    expect(sortWarnings([10, 0, -5, 60, 10, Number.NaN])).toEqual([60, 10]);
  });
});
