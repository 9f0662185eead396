/**
 * Assertions on the platform's error answers, shared by every emulator test: a 4xx with its code, and
 * a 400 50035 whose nested `errors` tree names a field.
 */
import { expect } from 'vitest';

/** What the assertions read of an answer (a `CallResult` of test/support/emulator.ts fits). */
export interface AnswerLike {
  readonly status: number;
  readonly body: unknown;
  readonly text: string;
}

/** Asserts a 4xx with the given status and platform code. */
export function expectError(res: AnswerLike, status: number, code: number): void {
  expect(res.status, res.text).toBe(status);
  expect((res.body as { code: number }).code, res.text).toBe(code);
}

/**
 * Asserts a 400 50035 whose `errors` tree has an `_errors` leaf at `path` (e.g. `['limit']` or
 * `['members', 0, 'id']`); returns that leaf's messages.
 */
export function expectFieldError(res: AnswerLike, path: ReadonlyArray<string | number>): string[] {
  expect(res.status, res.text).toBe(400);
  const body = res.body as { code: number; errors?: Record<string, unknown> };
  expect(body.code, res.text).toBe(50035);
  let node: unknown = body.errors;
  for (const key of path) {
    expect(node, `errors names ${path.join('.')}: ${res.text}`).toHaveProperty([String(key)]);
    node = (node as Record<string, unknown>)[String(key)];
  }
  const leaf = (node as { _errors?: Array<{ code: string; message: string }> } | undefined)?._errors;
  expect(leaf, `errors.${path.join('.')}._errors in ${res.text}`).toBeDefined();
  return (leaf ?? []).map((e) => e.message);
}
