/**
 * A route schema's fast path: a tree of closures compiled once from the zod schema's definition,
 * that answers the parsed value of valid input (what zod would answer, key for key and in the same
 * order) or {@link INVALID}, upon which the caller parses again with zod itself for the issues.
 *
 * The closures that walk objects, arrays, records, wrappers and checks are generated from source
 * text per schema where the host allows it ({@link specialize}): each schema's code then keeps V8's
 * type feedback to itself and reads its keys as constants, where closures of one literal would
 * share feedback across the whole route table and go megamorphic. The generated code is the generic
 * closure's logic, unrolled; where code cannot be generated, the generic closures run.
 *
 * Why not zod's own compiled parser everywhere: for the platform's bodies it spends most of its
 * time on records (`metadata`), reading each record's keys through two runtime calls
 * (`getOwnPropertyNames`, `getOwnPropertySymbols`) and wrapping every refinement in a fresh
 * context. Request input here is always JSON-shaped (`JSON.parse`, the router's params, the query
 * string): own enumerable string keys, no symbols, no accessors, so `for…in` (own keys) says all.
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
import { DEFER, type NativeCheck, nativeCheck } from './nativeCheck.js';
import { literal, specialize } from './specialize.js';

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

const ownAnswers = new WeakMap<z.ZodMiniType, boolean>();

/**
 * Whether the fast path of `schema` reads own keys only and answers objects and arrays it built
 * itself, or records of its input answered as they are (with `Object.prototype`, as a copy would
 * have): then it answers the same whether its input's objects have null prototypes or still
 * `Object.prototype`, so the pipeline may skip giving a body null prototypes when this path answers
 * (see `parseCheckedJson`). False wherever a value may pass through as it came (`unknown`, `any`)
 * or zod parses a part (delegated schemas, whose answers this file does not model); a schema that
 * reaches itself again is answered false.
 */
export function answersOwnObjects(schema: z.ZodMiniType): boolean {
  let known = ownAnswers.get(schema);
  if (known === undefined) {
    ownAnswers.set(schema, false);
    known = buildsOwnObjects(schema);
    ownAnswers.set(schema, known);
  }
  return known;
}

/** {@link answersOwnObjects}, by the same cases as {@link compileType}. */
function buildsOwnObjects(schema: z.ZodMiniType): boolean {
  fastParser(schema);
  if (delegates.has(schema)) return false;
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'literal':
    case 'enum':
      // Primitives (a literal or an enum value is one), or INVALID.
      return true;
    case 'optional':
    case 'nullable':
      return answersOwnObjects(def.innerType as z.ZodMiniType);
    case 'array':
      return answersOwnObjects(def.element as z.ZodMiniType);
    case 'object':
      return Object.values(def.shape ?? {}).every(answersOwnObjects);
    case 'record':
      return answersOwnObjects(def.valueType as z.ZodMiniType);
    default:
      return false;
  }
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
      return (
        specialize<FastParse>(['inner'], 'return (v) => (v === null ? null : inner(v));', [inner]) ??
        ((v) => (v === null ? null : inner(v)))
      );
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
  return (
    specialize<FastParse>(['inner'], 'return (v) => (v === undefined ? undefined : inner(v));', [
      parseInner,
    ]) ?? ((v) => (v === undefined ? undefined : parseInner(v)))
  );
}

function compileArray(element: FastParse): FastParse {
  const generic: FastParse = (v) => {
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
  // The same loop, with the element's parse as a call site of its own.
  const body = `return (v) => {
    if (!Array.isArray(v)) return INVALID;
    const length = v.length;
    const out = new Array(length);
    for (let i = 0; i < length; i += 1) {
      const item = element(v[i]);
      if (item === INVALID) return INVALID;
      out[i] = item;
    }
    return out;
  };`;
  return specialize<FastParse>(['element', 'INVALID'], body, [element, INVALID]) ?? generic;
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
 * (or a default's), a required key must be there. Only own keys count, as in a hardened object
 * (null prototype): the answer is then the same for input whose objects still have
 * `Object.prototype` (see {@link answersOwnObjects}).
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
  const generic: FastParse = (v) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return INVALID;
    const input = v as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const { key, parse, optin, optionalOut } of fields) {
      const present = key in input && Object.hasOwn(input, key);
      if (!present && optionalOut && optin === 'optional') continue;
      const value = parse(present ? input[key] : undefined);
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
  return (
    specialize<FastParse>(['parsers', 'INVALID', 'hasOwn'], objectSource(fields), [
      fields.map((f) => f.parse),
      INVALID,
      Object.hasOwn,
    ]) ?? generic
  );
}

/**
 * The generic object loop of {@link compileObject} unrolled for one shape: each field's statements
 * with its key and flags as literals (the same tests, in the same order, folded by the compiler).
 */
function objectSource(fields: readonly Field[]): string {
  const steps = fields.map(({ key, optin, optionalOut }, i) => {
    const k = literal(key);
    const o = literal(optin);
    const out = literal(optionalOut);
    return `{
      const present = ${k} in v && hasOwn(v, ${k});
      if (!(!present && ${out} && ${o} === 'optional')) {
        const value = p${i}(present ? v[${k}] : undefined);
        if (value === INVALID) {
          if (!(${o} !== undefined && ${out} && !present)) return INVALID;
        } else {
          if (!present && ${o} === undefined) return INVALID;
          if (value !== undefined) out[${k}] = value;
          else if (present || (${o} === 'defaulted' && !${out})) out[${k}] = undefined;
        }
      }
    }`;
  });
  return `${fields.map((_, i) => `const p${i} = parsers[${i}];`).join('\n')}
  return (v) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return INVALID;
    const out = {};
    ${steps.join('\n')}
    return out;
  };`;
}

/**
 * A record of string keys (no key set of its own): every own key and value, `__proto__` skipped.
 * A record that already is its answer — `Object.prototype`, as zod's answers have, and every key
 * and value answered as itself — is answered as it is rather than copied: request bodies are their
 * request's own (`parseCheckedJson`), and the copy of every metadata map was a good part of the
 * cost of a bulk update. A hardened record (null prototype) is copied, so that every answer has
 * `Object.prototype`, as zod's do.
 */
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
  const generic: FastParse = (v) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return INVALID;
    const proto: unknown = Object.getPrototypeOf(v);
    if (proto !== null && proto !== Object.prototype) return INVALID;
    const input = v as Record<string, unknown>;
    // Made at the first key or value that is not answered as itself (at once for a hardened one).
    let out: Record<string, unknown> | undefined = proto === null ? {} : undefined;
    // for…in rather than Object.keys: the same keys in the same order (own ones, kept by the test
    // below: a host may have given Object.prototype enumerable keys), without an array per record.
    for (const key in input) {
      if (!Object.hasOwn(input, key)) continue;
      const item = input[key];
      let outKey: unknown = key;
      let value: unknown = item;
      if (key !== '__proto__') {
        outKey = parseKey(key);
        if (outKey === INVALID || outKey === '__proto__') return INVALID;
        value = parseValue(item);
        if (value === INVALID) return INVALID;
        if (out === undefined && outKey === key && value === item) continue;
      }
      out ??= copyBefore(input, key);
      if (key !== '__proto__') out[outKey as string] = value;
    }
    return out ?? input;
  };
  // The same loop, with the key's and the value's parse as call sites of its own.
  const body = `return (v) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return INVALID;
    const proto = Object.getPrototypeOf(v);
    if (proto !== null && proto !== ObjectPrototype) return INVALID;
    let out = proto === null ? {} : undefined;
    for (const key in v) {
      if (!hasOwn(v, key)) continue;
      const item = v[key];
      let outKey = key;
      let value = item;
      if (key !== '__proto__') {
        outKey = parseKey(key);
        if (outKey === INVALID || outKey === '__proto__') return INVALID;
        value = parseValue(item);
        if (value === INVALID) return INVALID;
        if (out === undefined && outKey === key && value === item) continue;
      }
      if (out === undefined) out = copyBefore(v, key);
      if (key !== '__proto__') out[outKey] = value;
    }
    return out === undefined ? v : out;
  };`;
  return (
    specialize<FastParse>(
      ['parseKey', 'parseValue', 'ObjectPrototype', 'hasOwn', 'copyBefore', 'INVALID'],
      body,
      [parseKey, parseValue, Object.prototype, Object.hasOwn, copyBefore, INVALID],
    ) ?? generic
  );
}

/** A new object with the own keys of `record` before `stop` (keys answered as themselves so far). */
function copyBefore(record: Record<string, unknown>, stop: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in record) {
    if (key === stop) break;
    if (Object.hasOwn(record, key) && key !== '__proto__') out[key] = record[key];
  }
  return out;
}

/**
 * Runs the schema's checks after its type test, in order, as zod does; any issue is INVALID. Checks
 * with a native form ({@link nativeCheck}) run without zod's payload and issue objects; the others
 * (a superRefine, a string format, a deferred length) run zod's own check function.
 */
function withChecks(base: FastParse, checks: readonly z.core.$ZodCheck[]): FastParse {
  const natives = checks.map(nativeCheck);
  const count = checks.length;
  const generic: FastParse = (v) => {
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
  // The same steps unrolled, each check a call site of its own. zod's check functions are called
  // from this code rather than through zodCheck: a call site shared by every check of the table
  // sees every kind of check and inlines none, so each call allocated a payload (and a superRefine
  // its issue closure) and read `_zod.def.when` through megamorphic loads, which made a bulk
  // update's 25 metadata checks cost more than the rest of its validation together. Here each
  // check's function, `when` and `_zod` are constants of its own code, which V8 can inline, and
  // the payload then need not be allocated at all.
  const steps = natives.map((native, i) => {
    const zodStep = `value = z${i}(value); if (value === INVALID) return INVALID;`;
    return native === undefined
      ? zodStep
      : `{ const verdict = n${i}(value);
          if (verdict === false) return INVALID;
          if (verdict === DEFER) { ${zodStep} } }`;
  });
  const body = `${natives.map((_, i) => `const n${i} = natives[${i}];\nconst z${i} = zodSteps[${i}];`).join('\n')}
  return (v) => {
    let value = base(v);
    if (value === INVALID) return INVALID;
    ${steps.join('\n')}
    return value;
  };`;
  const zodSteps = checks.map(zodStepOf);
  return (
    specialize<FastParse>(['base', 'natives', 'zodSteps', 'INVALID', 'DEFER'], body, [
      base,
      natives satisfies ReadonlyArray<NativeCheck | undefined>,
      zodSteps,
      INVALID,
      DEFER,
    ]) ?? generic
  );
}

/**
 * {@link zodCheck} for one check, as code of its own (see {@link withChecks}); `zodCheck` itself
 * where code cannot be generated.
 */
function zodStepOf(check: z.core.$ZodCheck): (value: unknown) => unknown {
  const internals = check._zod;
  const body = `return (value) => {
    const payload = { value, issues: [] };
    if (when !== undefined && !when(payload)) return value;
    const pending = run.call(internals, payload);
    if (pending instanceof Promise || payload.issues.length > 0) return INVALID;
    const left = payload.value;
    if (left !== value && left !== null && typeof left === 'object') return INVALID;
    return left;
  };`;
  return (
    specialize<(value: unknown) => unknown>(['internals', 'run', 'when', 'INVALID'], body, [
      internals,
      internals.check,
      internals.def.when,
      INVALID,
    ]) ?? ((value) => zodCheck(check, value))
  );
}

/**
 * One check as zod runs it: the value it leaves (an overwrite check may change it), or INVALID. A
 * check that leaves another object or array than it was given is zod's to answer: this path could
 * not tell whether it came from the input (see {@link answersOwnObjects}).
 */
function zodCheck(check: z.core.$ZodCheck, value: unknown): unknown {
  const payload: CheckPayload = { value, issues: [] };
  const when = check._zod.def.when;
  if (when !== undefined && !when(payload as never)) return value;
  const pending: unknown = check._zod.check(payload as never);
  // An asynchronous check is zod's to refuse, with its own error.
  if (pending instanceof Promise || payload.issues.length > 0) return INVALID;
  const left = payload.value;
  if (left !== value && left !== null && typeof left === 'object') return INVALID;
  return left;
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
