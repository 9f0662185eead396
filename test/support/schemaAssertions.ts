/**
 * Assertions of the schema tests: a value a schema accepts, a value it refuses naming a field, and
 * runs of distinct snowflakes for list limits. One copy for every area's schema tests.
 */
import { expect } from 'vitest';
import type * as z from 'zod/mini';

/** Parses and returns the paths of the issues (joined with '.'), or [] on success. */
export function issuePaths(schema: z.ZodMiniType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.path.join('.'));
}

/** `schema` accepts `value` (the issues are the failure's message). */
export function ok(schema: z.ZodMiniType, value: unknown): void {
  const result = schema.safeParse(value);
  expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
}

/** `schema` refuses `value` with an issue at `field` (a path joined with '.'). */
export function rejected(schema: z.ZodMiniType, value: unknown, field: string): void {
  expect(issuePaths(schema, value)).toContain(field);
}

/** `n` distinct snowflakes from `base` on. */
export function ids(n: number, base = 1301234567890000000n): string[] {
  return Array.from({ length: n }, (_, i) => (base + BigInt(i)).toString());
}
