import { describe, expect, it } from 'vitest';
import { sortNumberUnions } from '../../scripts/stableNumberUnions.mjs';

describe('sortNumberUnions (the published types’ number unions in one order)', () => {
  it('sorts a union of number literals however tsc ordered it', () => {
    expect(sortNumberUnions('type: ZodMiniLiteral<1 | 2 | 3 | 4 | 6 | 7 | 8 | 5>;')).toBe(
      'type: ZodMiniLiteral<1 | 2 | 3 | 4 | 5 | 6 | 7 | 8>;',
    );
    expect(sortNumberUnions('x: 10 | -1 | 2.5 | 2;')).toBe('x: -1 | 2 | 2.5 | 10;');
  });

  it('sorts each run of numbers and leaves the other members where they are', () => {
    expect(sortNumberUnions("type T = 'b' | 3 | 1 | 'a' | 9 | 4;")).toBe(
      "type T = 'b' | 1 | 3 | 'a' | 4 | 9;",
    );
  });

  it('leaves names, member accesses, indexes and single numbers alone', () => {
    const code = 'type A = foo2 | 1; type B = x.3 | 2; type C = T[2] | 1; const n: 5;';
    expect(sortNumberUnions(code)).toBe(code);
  });
});
