import { describe, expect, it } from 'vitest';
import {
  developmentRateLimits,
  developmentRateLimitsRaised,
  limits,
  maxBitrate,
} from '../../src/spec/limits.js';

describe('maxBitrate', () => {
  it('follows the boost tier for voice channels', () => {
    expect(maxBitrate('voice', 0)).toBe(96_000);
    expect(maxBitrate('voice', 1)).toBe(128_000);
    expect(maxBitrate('voice', 2)).toBe(256_000);
    expect(maxBitrate('voice', 3)).toBe(384_000);
  });

  it('gives VIP_REGIONS the tier 3 maximum at any tier', () => {
    expect(maxBitrate('voice', 0, true)).toBe(384_000);
  });

  it('caps stage channels at 64000 whatever the tier', () => {
    expect(maxBitrate('stage', 3, true)).toBe(64_000);
  });

  it('clamps out-of-range tiers', () => {
    expect(maxBitrate('voice', -1)).toBe(96_000);
    expect(maxBitrate('voice', 7)).toBe(384_000);
  });
});

describe('development rate limits', () => {
  it("default to the specification's table", () => {
    expect(developmentRateLimits.createLobby).toBe(20);
    expect(developmentRateLimits.createOrJoinLobby).toBe(20);
    expect(developmentRateLimits.modifyLobby).toBe(100);
    expect(developmentRateLimits.linkLobbyChannel).toBe(20);
    expect(developmentRateLimits.sendLobbyMessage).toBe(100);
  });

  it("offer paths.md's raised figures, channel linking still 20", () => {
    expect(developmentRateLimitsRaised.createLobby).toBe(100);
    expect(developmentRateLimitsRaised.linkLobbyChannel).toBe(20);
  });

  it('run over a two-hour window', () => {
    expect(limits.rateLimits.developmentWindowMs).toBe(7_200_000);
  });
});
