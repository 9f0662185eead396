/** The overlay's polling schedule: quick after news, slower while quiet, backing off on errors. */
import { describe, expect, it } from 'vitest';
import { PollBackoff, pollBackoffDefaults } from '../../samples/chat-overlay/PollBackoff.js';

describe('PollBackoff', () => {
  it('starts at the minimum and stretches by the quiet factor up to the quiet ceiling', () => {
    const b = new PollBackoff({ minMs: 1_000, quietMaxMs: 4_000, quietFactor: 2 });
    expect(b.delayMs).toBe(1_000);
    expect([b.succeeded(0), b.succeeded(0), b.succeeded(0), b.succeeded(0)]).toEqual([
      2_000, 4_000, 4_000, 4_000,
    ]);
    expect(b.succeeded(3)).toBe(1_000);
  });

  it('doubles per failure up to the error ceiling, and honours a longer retry-after', () => {
    const b = new PollBackoff({ minMs: 1_000, errorMaxMs: 5_000 });
    expect([b.failed(), b.failed(), b.failed()]).toEqual([2_000, 4_000, 5_000]);
    expect(b.failures).toBe(3);
    expect(b.failed(42_000)).toBe(42_000);
    expect(b.succeeded(0)).toBe(pollBackoffDefaults.quietMaxMs); // quiet after a long wait: the quiet ceiling
    expect(b.failures).toBe(0);
  });

  it('reset goes back to the minimum and clears failures', () => {
    const b = new PollBackoff();
    b.failed();
    b.failed();
    expect(b.reset()).toBe(pollBackoffDefaults.minMs);
    expect(b.failures).toBe(0);
  });

  it('keeps its ceilings at or above the minimum', () => {
    const b = new PollBackoff({ minMs: 3_000, quietMaxMs: 1_000, errorMaxMs: 1_000 });
    expect(b.succeeded(0)).toBe(3_000);
    expect(b.failed()).toBe(3_000);
  });
});
