/** The reconcile ceiling per second across a runtime's lobbies (pure arithmetic, no clock). */
import { describe, expect, it } from 'vitest';
import { ReconcilePacer } from '../../src/lobby/ReconcilePacer.js';

/** How many of `times` fall in each window of `windowMs`, the fullest first. */
function perWindow(times: readonly number[], windowMs = 1000): number[] {
  const counts = new Map<number, number>();
  for (const t of times)
    counts.set(Math.floor(t / windowMs), (counts.get(Math.floor(t / windowMs)) ?? 0) + 1);
  return [...counts.values()].sort((a, b) => b - a);
}

describe('ReconcilePacer', () => {
  it('gives the wished time while its window has room, and the next window past the ceiling', () => {
    const pacer = new ReconcilePacer(25);
    const times = Array.from({ length: 25 }, () => pacer.take(60_000, 0));
    expect(times.every((t) => t >= 60_000 && t < 61_000)).toBe(true);
    // The 26th of the same second goes to the next one, at its start.
    expect(pacer.take(60_000, 0)).toBe(61_000);
    expect(pacer.take(60_500, 0)).toBe(61_040);
  });

  it('keeps 10,000 lobbies opened at once under 25 a second, each at or after its wish', () => {
    const pacer = new ReconcilePacer(25);
    const wishes = Array.from({ length: 10_000 }, (_, i) => 30_000 + ((i * 7919) % 30_000));
    const times = wishes.map((w) => pacer.take(w, 0));
    expect(perWindow(times)[0]).toBe(25);
    expect(times.every((t, i) => t >= (wishes[i] as number))).toBe(true);
    // 10,000 at 25 a second need 400 s: the last goes about 400 s after the first.
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThanOrEqual(399_000);
    expect(Math.max(...times) - Math.min(...times)).toBeLessThan(401_000);
  });

  it('spaces a ceiling below one a second over longer windows', () => {
    const pacer = new ReconcilePacer(0.5);
    expect(pacer.take(10_000, 0)).toBe(10_000);
    expect(pacer.take(10_000, 0)).toBe(12_000);
    expect(pacer.take(10_000, 0)).toBe(14_000);
  });

  it('keeps a fractional ceiling above one exactly: 2.5 a second is 2 per 800 ms', () => {
    const pacer = new ReconcilePacer(2.5);
    const times = Array.from({ length: 25 }, () => pacer.take(0, 0));
    expect(perWindow(times, 800)[0]).toBe(2);
    expect(Math.max(...times)).toBe(9_600);
  });

  it('gives every wish as it is without a ceiling, and never for never', () => {
    const pacer = new ReconcilePacer(Number.POSITIVE_INFINITY);
    expect(Array.from({ length: 100 }, () => pacer.take(5_000, 0))).toEqual(Array(100).fill(5_000));
    expect(new ReconcilePacer(25).take(Number.POSITIVE_INFINITY, 0)).toBe(Number.POSITIVE_INFINITY);
  });

  it('keeps the ceiling across a jump of the clock (past windows forgotten)', () => {
    const pacer = new ReconcilePacer(1);
    expect(pacer.take(1_000, 0)).toBe(1_000);
    expect(pacer.take(1_000, 0)).toBe(2_000);
    // A day later, windows fill from the wished time again.
    expect(pacer.take(86_400_000, 86_000_000)).toBe(86_400_000);
    expect(pacer.take(86_400_000, 86_000_000)).toBe(86_401_000);
    expect(pacer.take(86_400_500, 86_400_000)).toBe(86_402_000);
  });
});
