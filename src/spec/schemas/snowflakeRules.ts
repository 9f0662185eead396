/**
 * The rules of ids and metadata that both the zod schemas (common.ts) and the lean checks
 * (spec/lean) are written with, kept free of zod so that the lean side imports them without it.
 */

/** A snowflake's text: 1 to 20 decimal digits. */
export const SNOWFLAKE_RE = /^\d{1,20}$/;
const MAX_SNOWFLAKE = (1n << 64n) - 1n;

/** Whether a string of at most 20 digits fits in 64 bits (only 20 digits can exceed 2^64 - 1). */
/* @__NO_SIDE_EFFECTS__ */ export function fits64(v: string): boolean {
  return v.length < 20 || BigInt(v) <= MAX_SNOWFLAKE;
}

/** Sum of the lengths of every key and value: what the platform's "total length" of metadata counts. */
/* @__NO_SIDE_EFFECTS__ */ export function metadataTotalLength(
  dict: Readonly<Record<string, string>>,
): number {
  let total = 0;
  for (const key in dict) if (Object.hasOwn(dict, key)) total += key.length + (dict[key] as string).length;
  return total;
}
