/**
 * The fast validators where code cannot be generated from strings: a fresh copy of the validator
 * modules, with code generation turned off before anything is compiled, must decline or answer
 * exactly as zod does over every route's params, query and body, like the generated validators
 * (fastValidator.test.ts). Also checks that, where it can, the emulator does generate them.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import * as generated from '../../src/emulator/http/fastValidator.js';
import { agreesWith, inputsOf, schemas } from './fastValidatorKit.js';

vi.resetModules();
const fresh = await import('../../src/emulator/http/specialize.js');
fresh.allowCodeGeneration(false);
const generic = await import('../../src/emulator/http/fastValidator.js');
const agrees = agreesWith(generic);

describe('fastParser without code generation', () => {
  it('is a separate copy of the validators, compiling closures only', () => {
    expect(generic.fastParser).not.toBe(generated.fastParser);
    const shape = z.object({ slot: z.string() });
    expect(String(generic.fastParser(shape))).not.toContain('"slot" in v');
    expect(generic.fastParser(shape)({ slot: 'a', x: 1 })).toStrictEqual({ slot: 'a' });
  });

  for (const { name, kind, schema } of schemas) {
    it(`declines or answers exactly as zod does: ${name}`, () => {
      fc.assert(
        fc.property(inputsOf(kind, schema), (input) => {
          agrees(schema, input, name);
        }),
        { numRuns: 60 },
      );
    });
  }
});

describe('fastParser with code generation', () => {
  it('compiles each object shape to code of its own, keys as literals', () => {
    const shape = z.object({ slot: z.string(), team: z.optional(z.string()) });
    const source = String(generated.fastParser(shape));
    expect(source).toContain('"slot" in v && hasOwn(v, "slot")');
    expect(source).toContain('"team" in v && hasOwn(v, "team")');
    expect(generated.fastParser(shape)({ team: 'blue', slot: 'a', x: 1 })).toStrictEqual({
      slot: 'a',
      team: 'blue',
    });
  });

  it('keeps keys that need escaping as data', () => {
    // A dollar-brace key, built so that it reads as data, not as a template placeholder.
    const keys = ['a"b', 'back\\slash', 'line\nbreak', '\u2028', "it's", `${'$'}{x}`, '`'];
    const shape = z.object(Object.fromEntries(keys.map((k) => [k, z.string()])));
    const input = Object.fromEntries(keys.map((k, i) => [k, String(i)]));
    expect(generated.fastParser(shape)(input)).toStrictEqual(z.parse(shape, input));
    expect(Object.keys(generated.fastParser(shape)(input) as object)).toEqual(keys);
  });
});
