/** The reconcile interval's stretch with the number of open lobbies (pure arithmetic). */
import { describe, expect, it } from 'vitest';
import { reconcileDelayMs } from '../../src/lobby/reconcileDelayMs.js';

describe('reconcileDelayMs', () => {
  it('keeps the asked interval while the lobbies stay under the ceiling', () => {
    // 60 s with 25 a second: up to 1,500 lobbies fit.
    expect(reconcileDelayMs(60_000, 1, 25)).toBe(60_000);
    expect(reconcileDelayMs(60_000, 1_499, 25)).toBe(60_000);
    expect(reconcileDelayMs(60_000, 1_500, 25)).toBe(60_000);
  });

  it('stretches past the ceiling, so that N lobbies read at most maxPerSecond a second', () => {
    expect(reconcileDelayMs(60_000, 1_501, 25)).toBe(60_040);
    expect(reconcileDelayMs(60_000, 10_000, 25)).toBe(400_000);
    // Whatever N, N reconciles per delay is maxPerSecond a second at most.
    for (const n of [2_000, 5_000, 50_000]) expect(n / (reconcileDelayMs(60_000, n, 25) / 1_000)).toBe(25);
  });

  it('never stretches without a ceiling, and is off for an interval of 0', () => {
    expect(reconcileDelayMs(60_000, 1_000_000, Number.POSITIVE_INFINITY)).toBe(60_000);
    expect(reconcileDelayMs(0, 10, 25)).toBe(Number.POSITIVE_INFINITY);
    expect(reconcileDelayMs(-1, 10, 25)).toBe(Number.POSITIVE_INFINITY);
  });
});
