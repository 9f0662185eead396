/**
 * The fast validators' property kit: input generated from a route schema's own definition (mostly
 * valid, often not), as a request carries it, and the assertion that a fast path declines or answers
 * exactly what zod answers. Shared by the tests of the generated validators and of the generic
 * closures that stand in where code cannot be generated.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import * as z from 'zod/mini';
import { harden } from '../../src/emulator/http/parseJsonBody.js';
import { queryObject } from '../../src/emulator/http/validateRequest.js';
import { routeList } from '../../src/spec/routes.js';

/** The parts of a definition the generator reads. */
interface Def {
  readonly type: string;
  readonly innerType?: z.ZodMiniType;
  readonly element?: z.ZodMiniType;
  readonly shape?: Readonly<Record<string, z.ZodMiniType>>;
  readonly valueType?: z.ZodMiniType;
  readonly values?: readonly unknown[];
  readonly entries?: Readonly<Record<string, unknown>>;
  readonly options?: readonly z.ZodMiniType[];
  readonly in?: z.ZodMiniType;
}

const words = fc.constantFrom(
  '1234567890123456789',
  '18446744073709551615',
  '18446744073709551616',
  '0',
  '42',
  '-1',
  '1.5',
  '@me',
  'abc',
  '',
  'blue',
  'x'.repeat(90),
  '💥',
  'true',
  'null',
  '2026-11-24T02:00:00.000Z',
);
const anyJson = fc.jsonValue({ maxDepth: 2 });
const dictKeys = fc.constantFrom('slot', 'team', 'a', '0', '10', '', 'constructor', 'toString');

/** Values shaped by `schema`, mostly valid, sometimes anything at all. */
function inputFor(schema: z.ZodMiniType, depth = 0): fc.Arbitrary<unknown> {
  const def = schema._zod.def as unknown as Def;
  const shaped = shapedValue(def, depth);
  return fc.oneof({ weight: 6, arbitrary: shaped }, { weight: 1, arbitrary: anyJson });
}

function shapedValue(def: Def, depth: number): fc.Arbitrary<unknown> {
  switch (def.type) {
    case 'string':
      return fc.oneof(words, fc.string({ maxLength: 12 }));
    case 'number':
      return fc.oneof(
        fc.integer({ min: -5, max: 2_000_000 }),
        fc.constantFrom(0, 1, 3, 25, 2 ** 32, 2 ** 53, 0.5, -0),
      );
    case 'boolean':
      return fc.boolean();
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]), 'other');
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? {}), 'other');
    case 'optional':
    case 'default':
      return fc.oneof(fc.constant(undefined), inputFor(def.innerType as z.ZodMiniType, depth));
    case 'nullable':
      return fc.oneof(fc.constant(null), inputFor(def.innerType as z.ZodMiniType, depth));
    case 'array':
      return depth > 4
        ? fc.constant([])
        : fc.array(inputFor(def.element as z.ZodMiniType, depth + 1), { maxLength: 6 });
    case 'object': {
      if (depth > 4) return fc.constant({});
      const model = Object.fromEntries(
        Object.entries(def.shape ?? {}).map(([key, field]) => [key, inputFor(field, depth + 1)]),
      );
      return fc
        .tuple(
          fc.record(model, { requiredKeys: [] }),
          fc.option(fc.dictionary(dictKeys, anyJson, { maxKeys: 2 })),
        )
        .map(([known, extra]) => ({ ...(extra ?? {}), ...known }));
    }
    case 'record':
      return fc.dictionary(dictKeys, inputFor(def.valueType as z.ZodMiniType, depth + 1), { maxKeys: 4 });
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => inputFor(option, depth + 1)));
    case 'pipe':
      return inputFor(def.in as z.ZodMiniType, depth);
    default:
      return anyJson;
  }
}

/**
 * Request input as the pipeline has it: a JSON round trip, objects hardened (null prototypes); what
 * hardening refuses (`__proto__` keys) is kept as JSON.parse makes it, for the validators to see too.
 */
export function asRequestInput(value: unknown): unknown {
  if (value === undefined) return undefined;
  const text = JSON.stringify(value);
  try {
    return harden(JSON.parse(text));
  } catch {
    return JSON.parse(text);
  }
}

/** The nested key order of a value (toStrictEqual ignores order; answers must keep zod's). */
function keyOrder(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(keyOrder);
  if (value === null || typeof value !== 'object') return null;
  return Object.entries(value).map(([key, item]) => [key, keyOrder(item)]);
}

/** What a fast validator module gives: its compiler and its INVALID. */
export interface FastValidatorModule {
  readonly fastParser: (schema: z.ZodMiniType) => (value: unknown) => unknown;
  readonly INVALID: symbol;
}

/**
 * An assertion that `module`'s fast path declines or agrees with zod on `input`, key order
 * included; it answers true when the fast path answered.
 */
export function agreesWith(module: FastValidatorModule) {
  return (schema: z.ZodMiniType, input: unknown, name = ''): boolean => {
    const fast = module.fastParser(schema)(input);
    // Declining is always allowed; only then may zod itself throw (a length check comparing a
    // null-prototype object with a number does: the emulator reports that field, see safeRun).
    if (fast === module.INVALID) return false;
    const zod = z.safeParse(schema, input);
    expect(zod.success, `${name}: the fast path accepted what zod refuses: ${JSON.stringify(input)}`).toBe(
      true,
    );
    if (!zod.success) return true;
    expect(fast).toStrictEqual(zod.data);
    expect(keyOrder(fast)).toEqual(keyOrder(zod.data));
    return true;
  };
}

/** Every route's params, query and body schema, named. */
export const schemas = routeList.flatMap((route) => [
  { name: `${route.name} params`, kind: 'params' as const, schema: route.params },
  ...(route.query ? [{ name: `${route.name} query`, kind: 'query' as const, schema: route.query }] : []),
  ...(route.body ? [{ name: `${route.name} body`, kind: 'body' as const, schema: route.body }] : []),
]);

/** Generated input of a schema: bodies as JSON, params and queries as the router and URL make them. */
export function inputsOf(kind: 'params' | 'query' | 'body', schema: z.ZodMiniType): fc.Arbitrary<unknown> {
  const keys = [...Object.keys((schema._zod.def as unknown as Def).shape ?? {}), 'x'];
  if (kind === 'body') return inputFor(schema).map(asRequestInput);
  if (kind === 'params') return fc.dictionary(fc.constantFrom(...keys), words);
  return fc
    .array(fc.tuple(fc.constantFrom(...keys), words), { maxLength: 5 })
    .map((pairs) => queryObject(new URLSearchParams(pairs).toString()));
}
