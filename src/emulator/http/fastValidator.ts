/**
 * A route schema's fast path: a tree of closures compiled once from the zod schema's definition,
 * that answers the parsed value of valid input (what zod would answer, key for key and in the same
 * order) or {@link INVALID}, upon which the caller parses again with zod itself for the issues.
 *
 * Why not zod's own compiled parser everywhere: for the platform's bodies it spends most of its
 * time on records (`metadata`), reading each record's keys through two runtime calls
 * (`getOwnPropertyNames`, `getOwnPropertySymbols`) and wrapping every refinement in a fresh
 * context. Request input here is always JSON-shaped (`JSON.parse`, the router's params, the query
 * string): own enumerable string keys, no symbols, no accessors, so `Object.keys` says all.
 *
 * Fidelity by construction: types are tested as zod tests them (objects, arrays, records,
 * optional, nullable, strings, numbers, booleans, literals, enums, unknown); the checks the
 * platform's schemas use most (lengths, regex patterns, numeric bounds, safe integers, `refine`)
 * run natively from their definitions, each deferring to zod's own check function wherever the two
 * could differ (a string's length in code points near a bound); every other check runs zod's check
 * function, honouring its `when`; and any other kind of schema (defaults, transforms, pipes,
 * unions, coercion, catch-alls…) is handed to zod (its compiled twin) for that part of the value.
 * Any issue anywhere means INVALID: the fast path never decides an error, it only skips zod's
 * bookkeeping (a payload and an issue object per check) for input that has none.
 */
import * as z from 'zod/mini';

/** What a fast path answers for input it does not accept. */
export const INVALID: unique symbol = Symbol('invalid');

/** A compiled fast path: the parsed value, or {@link INVALID}. */
export type FastParse = (value: unknown) => unknown;

/** The parts of a zod definition read here (zod and zod/mini schemas alike). */
interface Def {
  readonly type: string;
  readonly checks?: readonly z.core.$ZodCheck[];
  readonly coerce?: boolean;
  readonly innerType?: z.ZodMiniType;
  readonly element?: z.ZodMiniType;
  readonly shape?: Readonly<Record<string, z.ZodMiniType>>;
  readonly catchall?: z.ZodMiniType;
  readonly keyType?: z.ZodMiniType;
  readonly valueType?: z.ZodMiniType;
  readonly values?: readonly unknown[];
  readonly entries?: Readonly<Record<string, unknown>>;
  /** A record's: `loose` passes keys it refuses through. */
  readonly mode?: string;
}

/** A check's payload, as zod's check functions expect it. */
interface CheckPayload {
  value: unknown;
  issues: unknown[];
}

const compiledPaths = new WeakMap<z.ZodMiniType, FastParse>();
/** Each delegated schema's parse (one per schema, so that `compile` can tell a delegate apart). */
const delegates = new WeakMap<z.ZodMiniType, FastParse>();

/** The fast path of `schema`, compiled on first use. */
export function fastParser(schema: z.ZodMiniType): FastParse {
  let parse = compiledPaths.get(schema);
  if (parse === undefined) {
    parse = compile(schema);
    compiledPaths.set(schema, parse);
  }
  return parse;
}

function defOf(schema: z.ZodMiniType): Def {
  return schema._zod.def as unknown as Def;
}

function compile(schema: z.ZodMiniType): FastParse {
  const def = defOf(schema);
  const base = compileType(schema, def);
  if (base === delegates.get(schema)) return base;
  // A schema that is itself a check (a string format such as an ISO timestamp) runs first, as in zod.
  const own = schema._zod.traits.has('$ZodCheck') ? [schema as unknown as z.core.$ZodCheck] : [];
  const checks = [...own, ...(def.checks ?? [])];
  return checks.length === 0 ? base : withChecks(base, checks);
}

/** The schema's type test and output, before its own checks. */
function compileType(schema: z.ZodMiniType, def: Def): FastParse {
  switch (def.type) {
    case 'string':
      return def.coerce ? delegateTo(schema) : (v) => (typeof v === 'string' ? v : INVALID);
    case 'number':
      return def.coerce
        ? delegateTo(schema)
        : (v) => (typeof v === 'number' && Number.isFinite(v) ? v : INVALID);
    case 'boolean':
      return def.coerce ? delegateTo(schema) : (v) => (typeof v === 'boolean' ? v : INVALID);
    case 'unknown':
    case 'any':
      return (v) => v;
    case 'literal': {
      const values = def.values ?? [];
      return (v) => (values.includes(v) ? v : INVALID);
    }
    case 'enum': {
      const values = Object.values(def.entries ?? {});
      return (v) => (values.includes(v) ? v : INVALID);
    }
    case 'optional':
      return compileOptional(schema, def);
    case 'nullable': {
      const inner = fastParser(def.innerType as z.ZodMiniType);
      return (v) => (v === null ? null : inner(v));
    }
    case 'array':
      return compileArray(fastParser(def.element as z.ZodMiniType));
    case 'object':
      return def.catchall === undefined ? compileObject(def) : delegateTo(schema);
    case 'record':
      return compileRecord(schema, def);
    default:
      return delegateTo(schema);
  }
}

/** `undefined` stays undefined; anything else is the inner schema's (zod's `.optional()`). */
function compileOptional(schema: z.ZodMiniType, def: Def): FastParse {
  const inner = def.innerType as z.ZodMiniType;
  // An exact optional, or one around a default, treats `undefined` otherwise: zod decides.
  if (schema._zod.traits.has('$ZodExactOptional') || inner._zod.optin === 'defaulted')
    return delegateTo(schema);
  const parseInner = fastParser(inner);
  return (v) => (v === undefined ? undefined : parseInner(v));
}

function compileArray(element: FastParse): FastParse {
  return (v) => {
    if (!Array.isArray(v)) return INVALID;
    const length = v.length;
    const out: unknown[] = new Array(length);
    for (let i = 0; i < length; i += 1) {
      const item = element(v[i]);
      if (item === INVALID) return INVALID;
      out[i] = item;
    }
    return out;
  };
}

/** One key of an object's shape, with what zod's object parse needs to place its result. */
interface Field {
  readonly key: string;
  readonly parse: FastParse;
  readonly optin: 'optional' | 'defaulted' | undefined;
  readonly optionalOut: boolean;
}

/**
 * A plain object (unknown keys dropped): each key of the shape in order, placed as zod places it —
 * an absent optional key stays absent, an `undefined` result is kept only for a key the input has
 * (or a default's), a required key must be there.
 */
function compileObject(def: Def): FastParse {
  const fields: Field[] = Object.entries(def.shape ?? {})
    .filter(([key]) => key !== '__proto__')
    .map(([key, field]) => ({
      key,
      parse: fastParser(field),
      optin: field._zod.optin,
      optionalOut: field._zod.optout === 'optional',
    }));
  return (v) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return INVALID;
    const input = v as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const { key, parse, optin, optionalOut } of fields) {
      const present = key in input;
      if (!present && optionalOut && optin === 'optional') continue;
      const value = parse(input[key]);
      if (value === INVALID) {
        // zod forgives a failure on an absent key that may be absent.
        if (optin !== undefined && optionalOut && !present) continue;
        return INVALID;
      }
      if (!present && optin === undefined) return INVALID;
      if (value !== undefined) out[key] = value;
      else if (present || (optin === 'defaulted' && !optionalOut)) out[key] = undefined;
    }
    return out;
  };
}

/** A record of string keys (no key set of its own): every own key and value, `__proto__` skipped. */
function compileRecord(schema: z.ZodMiniType, def: Def): FastParse {
  const keyType = def.keyType as z.ZodMiniType;
  const keyDef = defOf(keyType);
  // Enumerated or non-string keys (and numeric-key retries) are zod's to decide.
  if (
    def.mode !== undefined ||
    keyDef.type !== 'string' ||
    keyDef.coerce ||
    keyType._zod.values !== undefined
  ) {
    return delegateTo(schema);
  }
  const parseKey = fastParser(keyType);
  const parseValue = fastParser(def.valueType as z.ZodMiniType);
  return (v) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v) || !plainPrototype(v)) return INVALID;
    const input = v as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(input)) {
      if (key === '__proto__') continue;
      const outKey = parseKey(key);
      if (outKey === INVALID || outKey === '__proto__') return INVALID;
      const value = parseValue(input[key]);
      if (value === INVALID) return INVALID;
      out[outKey as string] = value;
    }
    return out;
  };
}

/** Request input's objects: null-prototype (hardened JSON) or plain. zod refuses class instances. */
function plainPrototype(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === null || proto === Object.prototype;
}

/**
 * What one check says of a value on the fast path: it passes, it fails (INVALID), or only zod can
 * tell ({@link DEFER}: its check function runs, as it would in zod).
 */
type NativeCheck = (value: unknown) => boolean | typeof DEFER;

/** A native check's "zod decides". */
const DEFER: unique symbol = Symbol('defer');

/** The `when` zod gives its length checks by default (they run on values with a length). */
const LENGTH_WHEN = z.maxLength(1)._zod.def.when;

/**
 * The native form of the checks the platform's schemas use most, read from the check's definition;
 * undefined for any other check (zod's own check function runs). Each answers `true` only where
 * zod's check would add no issue and `false` only where it would add one; where the two measures
 * could differ (a string's length in code points near a bound, a number format other than a safe
 * integer) it defers. A check with a `when` of its own is always zod's.
 */
function nativeCheck(check: z.core.$ZodCheck): NativeCheck | undefined {
  const traits = (check as unknown as z.ZodMiniType)._zod.traits;
  const def = check._zod.def as z.core.$ZodCheckDef & {
    readonly pattern?: RegExp;
    readonly maximum?: number;
    readonly minimum?: number;
    readonly value?: unknown;
    readonly inclusive?: boolean;
    readonly format?: string;
    readonly fn?: (value: unknown) => unknown;
  };
  const when = def.when;
  if (traits.has('$ZodCheckMaxLength') && when === LENGTH_WHEN && typeof def.maximum === 'number') {
    const max = def.maximum;
    // Code points never outnumber UTF-16 units: at most `max` units is within bounds either way.
    return (v) =>
      Array.isArray(v) ? v.length <= max : typeof v === 'string' && v.length <= max ? true : DEFER;
  }
  if (traits.has('$ZodCheckMinLength') && when === LENGTH_WHEN && typeof def.minimum === 'number') {
    const min = def.minimum;
    // A code point is one or two units: fewer than `min` units is short, `2 × min` or more is not.
    return (v) => {
      if (Array.isArray(v)) return v.length >= min;
      if (typeof v !== 'string') return DEFER;
      if (v.length < min) return false;
      return v.length >= min * 2 ? true : DEFER;
    };
  }
  if (when !== undefined) return undefined;
  if (traits.has('$ZodCheckRegex') && def.pattern instanceof RegExp) {
    const pattern = def.pattern;
    return (v) => {
      if (typeof v !== 'string') return DEFER;
      pattern.lastIndex = 0;
      return pattern.test(v);
    };
  }
  if (traits.has('$ZodCheckGreaterThan') && typeof def.value === 'number') {
    const bound = def.value;
    return def.inclusive
      ? (v) => (typeof v === 'number' ? v >= bound : DEFER)
      : (v) => (typeof v === 'number' ? v > bound : DEFER);
  }
  if (traits.has('$ZodCheckLessThan') && typeof def.value === 'number') {
    const bound = def.value;
    return def.inclusive
      ? (v) => (typeof v === 'number' ? v <= bound : DEFER)
      : (v) => (typeof v === 'number' ? v < bound : DEFER);
  }
  if (traits.has('$ZodCheckNumberFormat') && def.format === 'safeint') {
    // z.int(): an integer within ±(2^53 − 1), which is the whole of its range check too.
    return (v) => (typeof v === 'number' ? Number.isSafeInteger(v) : DEFER);
  }
  if (traits.has('$ZodCustom') && typeof def.fn === 'function') {
    // z.refine: a truthy answer passes; a promise is zod's to refuse (asynchronous parse).
    const fn = def.fn;
    return (v) => {
      const verdict = fn(v);
      return verdict instanceof Promise ? false : Boolean(verdict);
    };
  }
  return undefined;
}

/**
 * Runs the schema's checks after its type test, in order, as zod does; any issue is INVALID. Checks
 * with a native form ({@link nativeCheck}) run without zod's payload and issue objects; the others
 * (a superRefine, a string format, a deferred length) run zod's own check function.
 */
function withChecks(base: FastParse, checks: readonly z.core.$ZodCheck[]): FastParse {
  const natives = checks.map(nativeCheck);
  const count = checks.length;
  return (v) => {
    let value = base(v);
    if (value === INVALID) return INVALID;
    for (let i = 0; i < count; i += 1) {
      const native = natives[i];
      const verdict = native === undefined ? DEFER : native(value);
      if (verdict === false) return INVALID;
      if (verdict === DEFER) {
        value = zodCheck(checks[i] as z.core.$ZodCheck, value);
        if (value === INVALID) return INVALID;
      }
    }
    return value;
  };
}

/** One check as zod runs it: the value it leaves (an overwrite check may change it), or INVALID. */
function zodCheck(check: z.core.$ZodCheck, value: unknown): unknown {
  const payload: CheckPayload = { value, issues: [] };
  const when = check._zod.def.when;
  if (when !== undefined && !when(payload as never)) return value;
  const pending: unknown = check._zod.check(payload as never);
  // An asynchronous check is zod's to refuse, with its own error.
  if (pending instanceof Promise || payload.issues.length > 0) return INVALID;
  return payload.value;
}

/** The part of a schema this file does not model: zod (its compiled twin) parses it. */
function delegateTo(schema: z.ZodMiniType): FastParse {
  let parse = delegates.get(schema);
  if (parse === undefined) {
    const twin = z.compile(schema);
    parse = (v) => {
      try {
        const result = z.safeParse(twin, v);
        return result.success ? result.data : INVALID;
      } catch {
        // A schema that throws on odd input: the slow path locates the field.
        return INVALID;
      }
    };
    delegates.set(schema, parse);
  }
  return parse;
}
