/**
 * The input memo of zod schemas (an {@link InputMemo}): per field schema of a plain object schema,
 * the primitive values it has accepted. A request's params (ids) and query repeat from call to call,
 * and zod's object parse costs far more than a set lookup, so an object whose every field value was
 * accepted before is taken as accepted without parsing it again. Sound because a plain object schema
 * (no catchall, no object-level checks) accepts exactly when each field schema accepts its own value,
 * and the field schemas of the route table are pure. A schema that is not a zod object schema (a lean
 * one, say) is never remembered: it is always checked.
 */
import type { ClientRouteDef } from '../../spec/route.js';
import type { InputMemo } from './EngineExtras.js';

type Schema = ClientRouteDef['params'];

/** The parts of a zod (v4) schema's definition the memo below looks at. */
interface SchemaDef {
  readonly type?: string;
  readonly shape?: Readonly<Record<string, Schema>>;
  readonly catchall?: unknown;
  readonly checks?: readonly unknown[];
}

function defOf(schema: Schema): SchemaDef | undefined {
  return (schema as unknown as { _zod?: { def?: SchemaDef } })._zod?.def;
}

/** Past this many remembered values a field's memo starts over (ids of a long-running client). */
const MEMO_LIMIT = 4096;

/** Per field schema: the primitive values it has accepted (shared by every object schema using it). */
const accepted = new WeakMap<Schema, Set<unknown>>();

/** A plain object schema's fields, with the values each has accepted (shared per field schema). */
interface ObjectMemo {
  readonly keys: readonly string[];
  readonly seen: readonly Set<unknown>[];
}

/** Per schema: its memo, or null when it is not a plain object schema (always parsed). */
const memos = new WeakMap<Schema, ObjectMemo | null>();

function memoOf(schema: Schema): ObjectMemo | null {
  let memo = memos.get(schema);
  if (memo !== undefined) return memo;
  const def = defOf(schema);
  const shape = def?.shape;
  memo = null;
  if (def?.type === 'object' && def.catchall === undefined && (def.checks?.length ?? 0) === 0 && shape) {
    const keys = Object.keys(shape);
    const seen = keys.map((key) => {
      const field = shape[key] as Schema;
      let set = accepted.get(field);
      if (set === undefined) {
        set = new Set();
        accepted.set(field, set);
      }
      return set;
    });
    memo = { keys, seen };
  }
  memos.set(schema, memo);
  return memo;
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether every field of `value` is one its field schema accepted before. */
function knownGood(memo: ObjectMemo, value: unknown): boolean {
  if (!isRecord(value)) return false;
  const { keys, seen } = memo;
  for (let i = 0; i < keys.length; i++) {
    if (!(seen[i] as Set<unknown>).has(value[keys[i] as string])) return false;
  }
  return true;
}

/** Remembers the primitive field values of an object just accepted. */
function remember(memo: ObjectMemo, value: Readonly<Record<string, unknown>>): void {
  const { keys, seen } = memo;
  for (let i = 0; i < keys.length; i++) {
    const v = value[keys[i] as string];
    if (v !== undefined && (typeof v === 'object' || typeof v === 'function')) continue;
    const set = seen[i] as Set<unknown>;
    if (set.size >= MEMO_LIMIT) set.clear();
    set.add(v);
  }
}

/** Remembers what zod object schemas accepted; see the module's comment. */
export const zodInputMemo: InputMemo = {
  knows(schema, value) {
    const memo = memoOf(schema);
    return memo !== null && knownGood(memo, value);
  },
  remember(schema, value) {
    const memo = memoOf(schema);
    if (memo !== null && isRecord(value)) remember(memo, value);
  },
};
