/**
 * Checks a call's input against its route before anything is sent: params, query and body against
 * the route's zod schemas, file fields against the route's list, and the audit reason against the
 * route's `audit` flag. Collects every issue, then throws one {@link ValidationError}.
 */
import type { ClientRouteDef } from '../../spec/route.js';
import type { LooseCallArgs } from '../callTypes.js';
import { ValidationError, type ValidationIssue } from '../errors/ValidationError.js';
import { isFileInput } from './fileInput.js';

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

/**
 * Per field schema of a plain object schema: primitive values it has accepted. A request's params
 * (ids) and query repeat from call to call, and zod's object parse costs far more than a set lookup,
 * so an object whose every field value was accepted before is taken as accepted without parsing it
 * again. Sound because a plain object schema (no catchall, no object-level checks) accepts exactly
 * when each field schema accepts its own value, and the field schemas of the route table are pure.
 */
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

function check(issues: ValidationIssue[], schema: Schema | undefined, value: unknown, prefix: string): void {
  if (!schema) return;
  const memo = memoOf(schema);
  if (memo !== null && knownGood(memo, value)) return;
  const result = schema.safeParse(value);
  if (!result.success) issues.push(...ValidationError.toIssues(result.error.issues, [prefix]));
  else if (memo !== null && isRecord(value)) remember(memo, value);
}

function issue(field: string, code: string, message: string): ValidationIssue {
  return { path: field.split('.'), field, code, message };
}

const noFiles: Readonly<Record<string, unknown>> = Object.freeze({});

/**
 * Throws a {@link ValidationError} listing every problem with `args` for `route`; `multipart`: whether
 * the call goes as multipart/form-data (a JSON-or-multipart route given files).
 */
export function validateInput(route: ClientRouteDef, args: LooseCallArgs, multipart: boolean): void {
  const issues: ValidationIssue[] = [];
  check(issues, route.params, args.params ?? {}, 'params');

  if (route.query) check(issues, route.query, args.query ?? {}, 'query');
  else if (args.query !== undefined && Object.keys(args.query).length > 0) {
    issues.push(issue('query', 'unexpected', `${route.name} takes no query parameters`));
  }

  const files = args.files ?? noFiles;
  const fileNames = route.files ?? [];
  if (route.body) {
    // A multipart call's body describes its non-file fields: it may be left out when they may all be
    // absent (a multipart-only route) or the route says so; the files then go alone.
    const mayOmit = multipart && (route.bodyKind === 'multipart' || route.bodyOptional === true);
    if (args.body !== undefined || !mayOmit) check(issues, route.body, args.body, 'body');
  } else if (args.body !== undefined) {
    issues.push(issue('body', 'unexpected', `${route.name} takes no body`));
  }

  // Nearly every call has no files: no entries array is built for them.
  for (const name in args.files) {
    if (!Object.hasOwn(files, name)) continue;
    const value = files[name];
    if (!fileNames.includes(name)) {
      issues.push(issue(`files.${name}`, 'unexpected', `${route.name} takes no file field "${name}"`));
    } else if (value !== undefined && !isFileInput(value)) {
      issues.push(
        issue(
          `files.${name}`,
          'invalid_type',
          'must be a string, Blob, Uint8Array, ReadableStream, async iterable or { data }',
        ),
      );
    }
  }
  if (route.bodyKind === 'multipart') {
    for (const name of fileNames) {
      if (files[name] === undefined)
        issues.push(issue(`files.${name}`, 'invalid_type', 'required file is missing'));
    }
  }

  if (args.reason !== undefined) {
    if (!route.audit) issues.push(issue('reason', 'unexpected', `${route.name} records no audit-log reason`));
    else if (typeof args.reason !== 'string')
      issues.push(issue('reason', 'invalid_type', 'must be a string'));
  }

  if (issues.length > 0) throw new ValidationError(issues, { operation: route.name });
}
