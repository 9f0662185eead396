/** Time helpers shared by renderers and handlers. */
import type { EpochMs } from './accountRecords.js';

/** ISO8601 of an epoch-ms time, as the platform sends timestamps (UTC, with a `+00:00` offset). */
export function toIso(ms: EpochMs): string {
  return new Date(ms).toISOString().replace('Z', '+00:00');
}

/** ISO8601 or null. */
export function toIsoOrNull(ms: EpochMs | null | undefined): string | null {
  return ms === null || ms === undefined ? null : toIso(ms);
}

/** Parses an ISO8601 timestamp to epoch ms; NaN when it is not one. */
export function parseIso(value: string): EpochMs {
  return Date.parse(value);
}
