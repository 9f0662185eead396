/**
 * The route schemas' fast paths against zod itself, over every route of the table: for generated
 * params, queries and bodies (mostly well formed, often not), the fast path either declines
 * (INVALID, and zod then answers) or answers exactly what zod answers, the same keys in the same
 * order; and it never accepts what zod refuses.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import * as fastValidator from '../../src/emulator/http/fastValidator.js';
import { answersOwnObjects, fastParser, INVALID } from '../../src/emulator/http/fastValidator.js';
import { parseCheckedJson } from '../../src/emulator/http/parseJsonBody.js';
import { validateRequest } from '../../src/emulator/http/validateRequest.js';
import { PlatformError } from '../../src/emulator/PlatformError.js';
import type { RouteDef } from '../../src/spec/route.js';
import { routes } from '../../src/spec/routes.js';
import { bulkUpdateLobbyMembersBody } from '../../src/spec/schemas/lobby.js';
import { agreesWith, asRequestInput, inputsOf, schemas } from './fastValidatorKit.js';

const agrees = agreesWith(fastValidator);

describe('fastParser', () => {
  // One test per schema, so that each has the whole timeout on a loaded machine.
  for (const { name, kind, schema } of schemas) {
    it(`declines or answers exactly as zod does: ${name}`, () => {
      fc.assert(
        fc.property(inputsOf(kind, schema), (input) => {
          agrees(schema, input, name);
        }),
        { numRuns: 120 },
      );
    });
  }

  it('is a fast path: much of the generated input of the table does not fall back to zod', () => {
    let answered = 0;
    for (const { kind, schema } of schemas) {
      for (const input of fc.sample(inputsOf(kind, schema), { numRuns: 20, seed: 17 }))
        if (fastParser(schema)(input) !== INVALID) answered += 1;
    }
    expect(answered).toBeGreaterThan(schemas.length * 5);
  });

  it('declines an object with a length where a string is due, on which zod itself throws', () => {
    const body = asRequestInput({ content: { length: {} } });
    const schema = routes.sendLobbyMessage.body;
    expect(() => z.safeParse(schema, body)).toThrow(TypeError);
    expect(fastParser(schema)(body)).toBe(INVALID);
    expect(agrees(schema, body)).toBe(false);
  });

  it('answers the bench body (25 members with metadata) as zod does', () => {
    const body = asRequestInput(
      Array.from({ length: 25 }, (_, i) => ({
        id: String(1234567890123456789n + BigInt(i)),
        metadata: { slot: String(i), team: 'blue', constructor: 'plain data' },
        flags: i % 2,
        ...(i === 3 ? { additional_name: 'Ann', remove_member: false } : {}),
      })),
    );
    expect(agrees(bulkUpdateLobbyMembersBody, body)).toBe(true);
  });

  it('declines input zod refuses, whatever the reason', () => {
    const entry = (extra: Record<string, unknown>) =>
      asRequestInput([{ id: '1234567890123456789', ...extra }]);
    for (const body of [
      entry({ metadata: { slot: 1 } }),
      entry({ metadata: { k: 'x'.repeat(1001) } }),
      entry({ flags: 2 }),
      entry({ additional_name: '' }),
      asRequestInput([{ id: '18446744073709551616' }]),
      asRequestInput([{ id: '1' }, { id: '1' }]),
      asRequestInput([]),
      asRequestInput({ id: '1' }),
    ]) {
      expect(fastParser(bulkUpdateLobbyMembersBody)(body)).toBe(INVALID);
      expect(z.safeParse(bulkUpdateLobbyMembersBody, body).success).toBe(false);
    }
  });
});

describe('fastParser: native checks at their bounds', () => {
  /** Every input must get zod's verdict (accepted with zod's value, or declined when zod refuses). */
  function sameVerdicts(schema: z.ZodMiniType, inputs: readonly unknown[]): void {
    for (const input of inputs) {
      const fast = fastParser(schema)(input);
      const zod = z.safeParse(schema, input);
      expect(fast === INVALID, `${JSON.stringify(input)}: zod says ${zod.success}`).toBe(!zod.success);
      if (zod.success) expect(fast).toStrictEqual(zod.data);
    }
  }
  const pile = '💥'; // one code point, two UTF-16 units

  it('maxLength counts code points as zod does, on both sides of the bound', () => {
    sameVerdicts(z.string().check(z.maxLength(3)), [
      '',
      'abc',
      'abcd',
      pile.repeat(3), // 6 units, 3 code points: within
      pile.repeat(4),
      `ab${pile}`,
      `abc${pile}`,
    ]);
    sameVerdicts(z.array(z.number()).check(z.maxLength(2)), [[], [1, 2], [1, 2, 3]]);
  });

  it('minLength counts code points as zod does, on both sides of the bound', () => {
    sameVerdicts(z.string().check(z.minLength(2)), ['', 'a', 'ab', pile, `a${pile}`, pile.repeat(2), 'abcd']);
    sameVerdicts(z.array(z.number()).check(z.minLength(1)), [[], [1]]);
  });

  it('regex, inclusive and exclusive bounds, integers and refinements decide as zod does', () => {
    sameVerdicts(z.string().check(z.regex(/^\d{1,3}$/)), ['1', '123', '1234', 'a', '']);
    sameVerdicts(z.string().check(z.regex(/\d/g)), ['1', '1', 'a', '22']); // a global pattern restarts
    // A run of digits is checked without the pattern: ASCII digits only, the bounds inclusive.
    const digitRuns = [
      '',
      '0',
      '1'.repeat(20),
      '1'.repeat(21),
      '12a',
      ' 12',
      '12\n',
      '١٢٣',
      '１２',
      '-1',
      '1.5',
    ];
    sameVerdicts(z.string().check(z.regex(/^\d{1,20}$/)), digitRuns);
    sameVerdicts(z.string().check(z.regex(/^\d{0,2}$/)), digitRuns);
    sameVerdicts(z.string().check(z.regex(/^\d{1,3}$/m)), ['a\n12', '12\nb', '123']); // lines: the pattern decides
    sameVerdicts(z.number().check(z.minimum(5)).check(z.maximum(10)), [4.999, 5, 10, 10.001]);
    sameVerdicts(z.number().check(z.gt(5)).check(z.lt(10)), [5, 5.5, 9.5, 10]);
    sameVerdicts(z.number().check(z.int()), [0, -0, 1.5, 2 ** 53 - 1, 2 ** 53, -(2 ** 53)]);
    sameVerdicts(z.number().check(z.int32()), [0, 2 ** 31 - 1, 2 ** 31, 1.5]);
    sameVerdicts(z.number().check(z.refine((n) => n % 2 === 0)), [0, 1, 2]);
    sameVerdicts(snowflakeLike, ['18446744073709551615', '18446744073709551616', '1', 'x']);
  });

  it('keeps what an overwrite check makes, and honours a check of its own `when`', () => {
    sameVerdicts(z.string().check(z.trim()).check(z.maxLength(2)), ['  ab  ', ' abc ']);
    // `when` is a check parameter zod honours but does not type for length checks.
    const skip = { when: (payload: { value: unknown }) => payload.value !== 'skip' };
    const when = z.string().check(z.maxLength(2, skip as never));
    sameVerdicts(when, ['ab', 'abc', 'skip']);
  });

  it("runs zod's own check functions as zod does: with its internals as `this`, refusing on any issue or a promise", () => {
    // A superRefine (each check its own step in the generated code): issues added through the
    // context, or pushed onto the payload, decline; none answers the value.
    const total = z.record(z.string(), z.string()).check(
      z.superRefine((dict, ctx) => {
        if (Object.keys(dict).length > 1) ctx.addIssue({ code: 'custom', message: 'one key at most' });
      }),
    );
    sameVerdicts(total, [{}, { a: 'x' }, { a: 'x', b: 'y' }]);
    const pushed = z.string().check(
      z.check((payload) => {
        if (payload.value === 'bad')
          payload.issues.push({ code: 'custom', message: 'bad', input: payload.value });
      }),
    );
    sameVerdicts(pushed, ['good', 'bad']);
    // `this` is the check's internals, as in zod's `check._zod.check(payload)`.
    const seen: unknown[] = [];
    const own = z.check<string>(() => {});
    own._zod.check = function (this: unknown) {
      seen.push(this);
    };
    expect(fastParser(z.string().check(own))('x')).toBe('x');
    expect(seen).toEqual([own._zod]);
    // An asynchronous check is zod's to refuse.
    const later = z.check<string>(() => {});
    later._zod.check = () => Promise.resolve();
    expect(fastParser(z.string().check(later))('x')).toBe(INVALID);
  });

  it('declines where a refinement throws, so that zod locates the field', () => {
    const throwing = z.object({
      id: z.string().check(
        z.refine((v) => {
          if (v === 'boom') throw new Error('refinement bug');
          return true;
        }),
      ),
    });
    expect(fastParser(throwing)({ id: 'ok' })).toStrictEqual({ id: 'ok' });
    expect(() => fastParser(throwing)({ id: 'boom' })).toThrow('refinement bug');
    // validateRequest catches it and lets zod's path answer the 50035 naming the field.
    const route = { ...routes.bulkUpdateLobbyMembers, body: throwing } as unknown as RouteDef;
    const params = { lobby_id: '1234567890123456789' };
    expect(validateRequest(route, params, '', { id: 'ok' }).body).toStrictEqual({ id: 'ok' });
    let thrown: unknown;
    try {
      validateRequest(route, params, '', { id: 'boom' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(PlatformError);
    expect((thrown as PlatformError).answer).toMatchObject({ code: 50035, errors: { id: {} } });
  });
});

const snowflakeLike = z
  .string()
  .check(z.regex(/^\d{1,20}$/, { abort: true }))
  .check(z.refine((v: string) => v.length < 20 || BigInt(v) <= (1n << 64n) - 1n));

/** Every object and array in a value. */
function containersOf(value: unknown, into = new Set<object>()): Set<object> {
  if (value === null || typeof value !== 'object') return into;
  into.add(value);
  for (const item of Object.values(value)) containersOf(item, into);
  return into;
}

describe('answersOwnObjects: fast paths that need no null prototypes', () => {
  const ownBodies = schemas.filter((s) => s.kind === 'body' && answersOwnObjects(s.schema));

  it('holds for the bulk update and most bodies of the table', () => {
    expect(answersOwnObjects(bulkUpdateLobbyMembersBody)).toBe(true);
    expect(ownBodies.length).toBeGreaterThan(schemas.filter((s) => s.kind === 'body').length / 2);
  });

  for (const { name, kind, schema } of ownBodies) {
    it(`answers the same without null prototypes, in objects like zod's: ${name}`, () => {
      fc.assert(
        fc.property(inputsOf(kind, schema), (hardened) => {
          if (hardened === undefined) return true;
          const plain: unknown = JSON.parse(JSON.stringify(hardened));
          const fast = fastParser(schema)(plain);
          const reference = fastParser(schema)(hardened);
          expect(fast === INVALID).toBe(reference === INVALID);
          if (reference === INVALID) return true;
          expect(fast).toStrictEqual(reference);
          expect(JSON.stringify(fast)).toBe(JSON.stringify(reference));
          // Answers have Object.prototype, as zod's do; from hardened input, every one is a copy.
          for (const made of containersOf(fast)) {
            if (!Array.isArray(made)) expect(Object.getPrototypeOf(made)).toBe(Object.prototype);
          }
          const hardenedInputs = containersOf(hardened);
          for (const made of containersOf(reference)) expect(hardenedInputs.has(made)).toBe(false);
          return true;
        }),
        { numRuns: 60 },
      );
    });
  }

  it('is false where a value may pass through or zod parses a part', () => {
    for (const schema of [
      z.unknown(),
      z.object({ a: z.any() }),
      z.looseObject({ a: z.string() }),
      z.record(z.string(), z.unknown()),
      z.array(z.union([z.string(), z.object({ a: z.string() })])),
      z.object({ a: z._default(z.string(), 'x') }),
    ]) {
      expect(answersOwnObjects(schema)).toBe(false);
    }
    expect(answersOwnObjects(z.object({ a: z.nullish(z.array(z.record(z.string(), z.number()))) }))).toBe(
      true,
    );
  });

  it('answers a record that already is its answer as it is, and copies any other', () => {
    const dict = z.record(z.string(), z.string());
    const plain = JSON.parse('{"slot":"1","team":"blue"}') as Record<string, string>;
    expect(fastParser(dict)(plain)).toBe(plain);
    const hardened = asRequestInput(plain) as Record<string, string>;
    const copy = fastParser(dict)(hardened);
    expect(copy).not.toBe(hardened);
    expect(copy).toStrictEqual({ slot: '1', team: 'blue' });
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    // A key answered otherwise, or a __proto__ key, makes a copy of what came before it.
    const trimmed = z.record(z.string().check(z.trim()), z.string());
    expect(fastParser(trimmed)(JSON.parse('{"a":"1"," b ":"2","c":"3"}'))).toStrictEqual({
      a: '1',
      b: '2',
      c: '3',
    });
    const withProto = JSON.parse('{"a":"1","__proto__":"x","c":"3"}') as object;
    const answer = fastParser(dict)(withProto);
    expect(answer).not.toBe(withProto);
    expect(Object.keys(answer as object)).toEqual(['a', 'c']);
    expect(z.parse(dict, withProto)).toStrictEqual(answer);
  });

  it('declines a check that leaves an object it did not make', () => {
    const kept = { a: 'kept' };
    const schema = z.object({ a: z.string() }).check(z.overwrite(() => kept));
    expect(answersOwnObjects(schema)).toBe(true);
    expect(fastParser(schema)({ a: 'x' })).toBe(INVALID);
    expect(z.parse(schema, { a: 'x' })).toBe(kept);
  });

  it('reads own keys only, whatever a host added to Object.prototype', () => {
    const route = routes.bulkUpdateLobbyMembers as unknown as RouteDef;
    const params = { lobby_id: '1234567890123456789' };
    const text = '[{"id":"1234567890123456789","metadata":{"slot":"1"}}]';
    const proto = Object.prototype as Record<string, unknown>;
    proto.flags = 'from the host';
    try {
      const answer = [{ id: '1234567890123456789', metadata: { slot: '1' } }];
      expect(fastParser(bulkUpdateLobbyMembersBody)(parseCheckedJson(text))).toStrictEqual(answer);
      expect(validateRequest(route, params, '', parseCheckedJson(text), false).body).toStrictEqual(answer);
      // Records are read with for…in, which also visits inherited keys: only own ones count, in a
      // record answered as it is and in one copied from a key on.
      const dict = z.record(z.string(), z.string());
      const plain = JSON.parse('{"a":"1","b":"2"}') as object;
      expect(fastParser(dict)(plain)).toBe(plain);
      const trimmed = z.record(z.string(), z.string().check(z.trim()));
      const copied = fastParser(trimmed)(JSON.parse('{"a":"1","b":" 2 "}'));
      expect(Object.keys(copied as object)).toEqual(['a', 'b']);
      expect(copied).toStrictEqual(z.parse(trimmed, JSON.parse('{"a":"1","b":" 2 "}')));
      expect(fastParser(dict)(JSON.parse('{"a":1}'))).toBe(INVALID);
    } finally {
      delete proto.flags;
    }
  });

  it('hardens the body before any other fast path, and before zod', () => {
    const route = {
      ...routes.bulkUpdateLobbyMembers,
      body: z.object({ data: z.unknown() }),
    } as unknown as RouteDef;
    const params = { lobby_id: '1234567890123456789' };
    const passed = validateRequest(route, params, '', parseCheckedJson('{"data":{"a":{}}}'), false).body as {
      data: { a: object };
    };
    expect(Object.getPrototypeOf(passed.data)).toBeNull();
    expect(Object.getPrototypeOf(passed.data.a)).toBeNull();
    // The bulk body's fast path declines this one: zod answers the 50035, from hardened input.
    const bulk = routes.bulkUpdateLobbyMembers as unknown as RouteDef;
    const bad = parseCheckedJson('[{"id":"1","metadata":{"constructor":1}}]') as [{ metadata: object }];
    expect(() => validateRequest(bulk, params, '', bad, false)).toThrow(PlatformError);
    expect(Object.getPrototypeOf(bad[0].metadata)).toBeNull();
  });
});
