/**
 * Lean schemas: the few building blocks the lobby client's checks are written with, small enough for
 * a browser bundle (zod's core is most of a lobby client's weight). They follow zod's rules exactly —
 * which issues a value raises, at which path, with which code and message, and which checks are
 * skipped after a failure — so that a lean check and the zod schema it mirrors agree on every input
 * (test/spec/leanLobby.test.ts holds each pair to it). zod stays the source of truth: a lean check is
 * written from its schema, typed by it, and tested against it. Not part of the public surface.
 */

/** One problem, as zod reports it: `continue` says whether later checks of the same value still run. */
interface RawIssue {
  readonly code: string;
  readonly path: readonly (string | number)[];
  readonly message: string;
  /** `true`: later checks run; `false`: nothing more runs (an explicit abort); absent: only `when` checks run. */
  readonly continue?: boolean;
}

/** What checking a value found: issues are pushed to `out`, with paths under `path`. */
export type Run = (value: unknown, path: readonly (string | number)[], out: RawIssue[]) => void;

/** Reports one issue of a check: its code, whether later checks still run, a path under the value, a message. */
type Push = (code: string, cont?: boolean, path?: readonly (string | number)[], message?: string) => void;

/** A check of an already typed value (zod's `.check(...)`): pushes issues through `push`. */
export interface Check {
  readonly run: (value: never, push: Push) => void;
  /** Run even after an earlier issue unless explicitly aborted, when this holds (zod's length checks). */
  readonly when?: (value: unknown) => boolean;
  /** The check's own message. */
  readonly message?: string | undefined;
  /** For an array's leading length checks: the largest length it accepts. */
  readonly cap?: number;
}

/** zod's answer to `safeParse`, in the shape the client reads. */
export type LeanResult<O> =
  | { readonly success: true; readonly data: O }
  | {
      readonly success: false;
      readonly error: {
        readonly issues: readonly {
          readonly code: string;
          readonly path: (string | number)[];
          readonly message: string;
        }[];
      };
    };

/** A lean schema: `safeParse` like zod's; `I`/`O` (type-level only) are the zod schema's input and output. */
export interface LeanSchema<I = unknown, O = I> {
  safeParse(value: unknown): LeanResult<O>;
  /** Type-level only, never set: the input and output types of the zod schema this one mirrors. */
  readonly '~lean'?: { readonly input: I; readonly output: O };
}

const DEFAULT_MESSAGE = 'Invalid input';

/** Wraps a run as a {@link LeanSchema}; a valid value is answered as is. */
/* @__NO_SIDE_EFFECTS__ */ export function leanSchema<I, O = I>(run: Run): LeanSchema<I, O> {
  return {
    safeParse(value) {
      const out: RawIssue[] = [];
      run(value, [], out);
      if (out.length === 0) return { success: true, data: value as O };
      return {
        success: false,
        error: { issues: out.map((i) => ({ code: i.code, path: [...i.path], message: i.message })) },
      };
    },
  };
}

/** Whether any issue from `start` on stops the checks that follow (zod's `aborted`). */
function aborted(out: readonly RawIssue[], start: number, explicit: boolean): boolean {
  for (let i = start; i < out.length; i++) {
    const c = (out[i] as RawIssue).continue;
    if (explicit ? c === false : c !== true) return true;
  }
  return false;
}

/**
 * A value of a base type (`base` pushes its own type issue) followed by `checks`, run as zod runs
 * them; `error`: the schema's own message (zod's `{ message }` on the schema), for every issue it raises.
 */
/* @__NO_SIDE_EFFECTS__ */ function checked(
  base: (value: unknown, path: readonly (string | number)[], out: RawIssue[], error: string) => void,
  checks: readonly Check[],
  error = DEFAULT_MESSAGE,
): Run {
  return (value, path, out) => {
    const start = out.length;
    base(value, path, out, error);
    let stop = aborted(out, start, false);
    for (const check of checks) {
      if (check.when) {
        if (aborted(out, start, true) || !check.when(value)) continue;
      } else if (stop) continue;
      const before = out.length;
      check.run(value as never, (code, cont = true, at = [], message = check.message ?? error) => {
        out.push({ code, path: [...path, ...at], message, continue: cont });
      });
      if (!stop && out.length > before) stop = aborted(out, before, false);
    }
  };
}

function typeIssue(path: readonly (string | number)[], out: RawIssue[], message: string): void {
  out.push({ code: 'invalid_type', path, message });
}

/** `z.string()` with checks. */
/* @__NO_SIDE_EFFECTS__ */ export function str(...checks: Check[]): Run {
  return checked((v, path, out, m) => {
    if (typeof v !== 'string') typeIssue(path, out, m);
  }, checks);
}

/** `z.number()` (finite) with checks; `coerce`: `z.coerce.number(error)`. */
/* @__NO_SIDE_EFFECTS__ */ export function num(checks: Check[], coerce?: { readonly message: string }): Run {
  const run = checked(
    (v, path, out, m) => {
      if (typeof v !== 'number' || !Number.isFinite(v)) typeIssue(path, out, m);
    },
    checks,
    coerce?.message,
  );
  if (!coerce) return run;
  return (v, path, out) => {
    let n = v;
    try {
      n = Number(v);
    } catch {
      // zod keeps the value when it cannot be converted (a symbol): the type check then fails.
    }
    run(n, path, out);
  };
}

/** `z.boolean()`. */
export const bool: Run = (v, path, out) => {
  if (typeof v !== 'boolean') typeIssue(path, out, DEFAULT_MESSAGE);
};

/** `z.literal([a, …])`. */
/* @__NO_SIDE_EFFECTS__ */ export function literals(...values: unknown[]): Run {
  return (v, path, out) => {
    if (!values.includes(v)) out.push({ code: 'invalid_value', path, message: DEFAULT_MESSAGE });
  };
}

/** `z.optional(run)`: `undefined` passes. */
/* @__NO_SIDE_EFFECTS__ */ export function optional(run: Run): Run {
  return (v, path, out) => {
    if (v !== undefined) run(v, path, out);
  };
}

/** `z.nullable(run)`: `null` passes. */
/* @__NO_SIDE_EFFECTS__ */ export function nullable(run: Run): Run {
  return (v, path, out) => {
    if (v !== null) run(v, path, out);
  };
}

/** `z.nullish(run)`: `null` and `undefined` pass. */
/* @__NO_SIDE_EFFECTS__ */ export function nullish(run: Run): Run {
  return (v, path, out) => {
    if (v != null) run(v, path, out);
  };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** zod's `isPlainObject`: what a record accepts (no class instances but `Object.create(null)`). */
function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (!isObject(v)) return false;
  const ctor = v.constructor;
  if (ctor === undefined || typeof ctor !== 'function') return true;
  const proto: unknown = ctor.prototype;
  return isObject(proto) && Object.hasOwn(proto, 'isPrototypeOf');
}

/** `z.object(shape)` / `z.looseObject(shape)` (unknown keys are left alone either way), with checks. */
/* @__NO_SIDE_EFFECTS__ */ export function obj(
  shape: Readonly<Record<string, Run>>,
  ...checks: Check[]
): Run {
  const keys = Object.keys(shape);
  return checked((v, path, out, m) => {
    if (!isObject(v)) return typeIssue(path, out, m);
    for (const key of keys) (shape[key] as Run)(v[key], [...path, key], out);
  }, checks);
}

/** `z.record(key, value)` with checks: `key` checks each own enumerable key (`invalid_key` when it fails). */
/* @__NO_SIDE_EFFECTS__ */ export function record(key: Run, value: Run, ...checks: Check[]): Run {
  return checked((v, path, out, m) => {
    if (!isPlainObject(v)) return typeIssue(path, out, m);
    for (const k of Reflect.ownKeys(v)) {
      if (k === '__proto__' || !Object.prototype.propertyIsEnumerable.call(v, k)) continue;
      const keyIssues: RawIssue[] = [];
      key(k, [], keyIssues);
      const at = [...path, k as string];
      if (keyIssues.length > 0) out.push({ code: 'invalid_key', path: at, message: m });
      else value(v[k as string], at, out);
    }
  }, checks);
}

/** `z.array(item)` with checks; an array longer than a leading `maxLength` fails on that alone. */
/* @__NO_SIDE_EFFECTS__ */ export function arr(item: Run, ...checks: Check[]): Run {
  // zod's size caps: the leading run of length checks, up to the first other check.
  const caps: Check[] = [];
  for (const c of checks) {
    if (c.when === undefined) break;
    if (c.cap !== undefined) caps.push(c);
  }
  const run = checked((v, path, out, m) => {
    if (!Array.isArray(v)) return typeIssue(path, out, m);
    v.forEach((x, i) => {
      item(x, [...path, i], out);
    });
  }, checks);
  return (v, path, out) => {
    if (Array.isArray(v)) {
      const cap = caps.find((c) => v.length > (c.cap as number));
      if (cap) {
        cap.run(v as never, (code) =>
          out.push({ code, path, message: cap.message ?? DEFAULT_MESSAGE, continue: false }),
        );
        return;
      }
    }
    run(v, path, out);
  };
}

function hasLength(v: unknown): boolean {
  return v != null && (v as { length?: unknown }).length !== undefined;
}

/** `z.minLength(n)`. */
/* @__NO_SIDE_EFFECTS__ */ export function minLength(n: number, message?: string): Check {
  return {
    run: (v: { length: number }, push) => {
      if (v.length < n) push('too_small');
    },
    when: hasLength,
    message,
  };
}

/** `z.maxLength(n)`. */
/* @__NO_SIDE_EFFECTS__ */ export function maxLength(n: number, message?: string): Check {
  return {
    run: (v: { length: number }, push) => {
      if (v.length > n) push('too_big');
    },
    when: hasLength,
    message,
    cap: n,
  };
}

/** `z.int()`: a non-integer stops every later check; an unsafe one is too big or too small. */
/* @__NO_SIDE_EFFECTS__ */ export function int(message?: string): Check {
  return {
    run: (v: number, push) => {
      if (!Number.isInteger(v)) push('invalid_type', false);
      else if (!Number.isSafeInteger(v)) push(v > 0 ? 'too_big' : 'too_small');
    },
    message,
  };
}

/** `z.minimum(n)` and `z.maximum(m)` together (zod reports each). */
/* @__NO_SIDE_EFFECTS__ */ export function range(min: number, max: number): Check {
  return {
    run: (v: number, push) => {
      if (v < min) push('too_small');
      if (v > max) push('too_big');
    },
  };
}

/** `z.regex(re, { message, abort: true })`. */
/* @__NO_SIDE_EFFECTS__ */ export function pattern(re: RegExp, message: string): Check {
  return {
    run: (v: string, push) => {
      re.lastIndex = 0;
      if (!re.test(v)) push('invalid_format', false);
    },
    message,
  };
}

/** `z.refine(ok, { message })`. */
/* @__NO_SIDE_EFFECTS__ */ export function refine<T>(ok: (value: T) => boolean, message: string): Check {
  return {
    run: (v: T, push) => {
      if (!ok(v)) push('custom');
    },
    message,
  };
}

/** `z.superRefine(...)`: `find` pushes a code (and a path under the value) per issue, with its message. */
/* @__NO_SIDE_EFFECTS__ */ export function superRefine<T>(
  find: (
    value: T,
    report: (code: string, message: string, path?: readonly (string | number)[]) => void,
  ) => void,
): Check {
  return {
    run: (v: T, push) => {
      find(v, (code, message, path) => push(code, true, path, message));
    },
  };
}
