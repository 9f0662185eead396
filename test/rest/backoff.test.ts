import { describe, expect, it } from 'vitest';
import { backoffDelay } from '../../src/rest/util/backoff.js';

describe('backoffDelay', () => {
  it('doubles from the base, between half and all of the ceiling', () => {
    expect([0, 1, 2, 3].map((n) => backoffDelay(n, 100, 10_000, () => 0))).toEqual([50, 100, 200, 400]);
    expect([0, 1, 2, 3].map((n) => backoffDelay(n, 100, 10_000, () => 0.999999))).toEqual([
      100, 200, 400, 800,
    ]);
    expect(backoffDelay(1, 100, 10_000, () => 0.5)).toBe(150);
  });

  it('stops at the ceiling', () => {
    expect(backoffDelay(20, 100, 1000, () => 0)).toBe(500);
    expect(backoffDelay(20, 100, 1000, () => 0.999999)).toBe(1000);
  });

  it('tolerates a random source outside [0, 1)', () => {
    expect(backoffDelay(0, 100, 1000, () => 5)).toBe(100);
    expect(backoffDelay(0, 100, 1000, () => -1)).toBe(50);
  });
});
