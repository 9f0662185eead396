/**
 * JSON request bodies, parsed defensively: malformed JSON is the platform's 400 code 50109; every
 * object comes back with a null prototype (so keys such as `constructor` are plain data); a
 * `__proto__` key anywhere is refused with a 50035 naming its path, because a validator would drop
 * it silently and a careless copy would reach a prototype. Nesting deeper than
 * {@link MAX_JSON_DEPTH} or more than {@link MAX_JSON_CONTAINERS} objects and arrays are refused so
 * that nothing later recurses or allocates without bound.
 */
import { ErrorCode } from '../../spec/codes.js';
import { type FieldError, fieldErrorTree, PlatformError } from '../PlatformError.js';

/** Deepest nesting a request body may have (the platform's bodies need fewer than 10 levels). */
export const MAX_JSON_DEPTH = 32;
/** Most objects and arrays a request body may hold (the largest real body holds a few hundred). */
export const MAX_JSON_CONTAINERS = 10_000;

/** Parses a JSON body (UTF-8). Throws {@link PlatformError} 400 (50109 or 50035). */
export function parseJsonBody(text: string): unknown {
  return harden(parseJson(text));
}

/**
 * {@link parseJsonBody} but for the null prototypes: the value is refused exactly as there
 * (`__proto__` keys, depth, containers), but its objects keep `Object.prototype` until
 * {@link nullPrototypes} is called. For a body that is validated next by a fast path that reads
 * own keys only and answers objects of its own (see `validateRequest`): its input objects are then
 * garbage as soon as it answers, and giving each a null prototype (a runtime call per object) would
 * be a good part of the cost of a bulk request for nothing. Whoever may keep or pass on the value
 * (zod on the slow path, any handler) calls {@link nullPrototypes} first.
 */
export function parseCheckedJson(text: string): unknown {
  const value = parseJson(text);
  walkValue(value, false);
  return value;
}

/**
 * Gives every object of a value from {@link parseCheckedJson} a null prototype, in place: the
 * value is then what {@link parseJsonBody} answers.
 */
export function nullPrototypes(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) nullPrototypes(value[i]);
    return value;
  }
  Object.setPrototypeOf(value, null);
  const record = value as Record<string, unknown>;
  for (const key in record) nullPrototypes(record[key]);
  return value;
}

function hasEnumerableKeys(value: object): boolean {
  for (const _ in value) return true;
  return false;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new PlatformError(400, ErrorCode.INVALID_JSON, 'The request body contains invalid JSON.');
  }
}

/** What one {@link harden} walk has seen. */
interface Walk {
  containers: number;
  readonly errors: FieldError[];
  /** The path of the container being walked (pushed and popped as the walk goes). */
  readonly path: Array<string | number>;
  /** Whether objects get a null prototype on the way. */
  readonly nullPrototypes: boolean;
  /**
   * Whether a key met by `for…in` may be inherited: only when objects keep `Object.prototype` and a
   * host gave it enumerable keys (then each key is checked to be own).
   */
  readonly mayInherit: boolean;
}

/** Errors after which the walk stops looking (the answer names this many at most). */
const MAX_ERRORS = 50;

/**
 * Hardens a value fresh from `JSON.parse`, in place: every object's prototype becomes null (an own
 * `constructor` key is plain data, and nothing reaches `Object.prototype`), and `__proto__` keys,
 * deep nesting and too many containers are refused with a 50035 answer. The value is changed rather
 * than copied: a copy costs an allocation per container, and objects made with
 * `Object.create(null)` are dictionaries to V8, slow to read for everything after (the validators
 * read every field), while a parsed object given a null prototype keeps its fast shape. The walk
 * recurses at most {@link MAX_JSON_DEPTH} levels, whatever the input's depth: a deeper container is
 * reported, not entered.
 */
export function harden(value: unknown): unknown {
  return walkValue(value, true);
}

/** The walk of {@link harden}, with or without null prototypes. */
function walkValue(value: unknown, nullPrototypes: boolean): unknown {
  if (value === null || typeof value !== 'object') return value;
  const state: Walk = {
    containers: 0,
    errors: [],
    path: [],
    nullPrototypes,
    mayInherit: !nullPrototypes && hasEnumerableKeys(Object.prototype),
  };
  hardenContainer(value, 0, state);
  if (state.errors.length > 0) throw PlatformError.invalidForm(fieldErrorTree(state.errors));
  return value;
}

function hardenContainer(source: object, depth: number, walk: Walk): void {
  walk.containers += 1;
  if (walk.containers > MAX_JSON_CONTAINERS) {
    throw PlatformError.field(
      [],
      'BASE_TYPE_MAX_LENGTH',
      `Must contain at most ${MAX_JSON_CONTAINERS} objects and arrays.`,
    );
  }
  if (depth >= MAX_JSON_DEPTH) {
    walk.errors.push({
      path: [...walk.path],
      code: 'BASE_TYPE_MAX_DEPTH',
      message: `Must be nested at most ${MAX_JSON_DEPTH} levels deep.`,
    });
    return;
  }
  if (Array.isArray(source)) {
    const length = source.length;
    for (let i = 0; i < length; i += 1) {
      const item: unknown = source[i];
      if (item !== null && typeof item === 'object' && walk.errors.length < MAX_ERRORS) {
        walk.path.push(i);
        hardenContainer(item, depth + 1, walk);
        walk.path.pop();
      }
    }
    return;
  }
  // First, so that the walk below sees own keys only (JSON.parse makes only own enumerable keys,
  // `__proto__` included, as plain data).
  if (walk.nullPrototypes) Object.setPrototypeOf(source, null);
  const mayInherit = walk.mayInherit;
  const record = source as Record<string, unknown>;
  for (const key in record) {
    // Without the null prototype, own keys only all the same (a host may have added enumerable
    // keys to Object.prototype).
    if (mayInherit && !Object.hasOwn(record, key)) continue;
    if (key === '__proto__') {
      walk.errors.push({
        path: [...walk.path, key],
        code: 'DICT_KEY_INVALID',
        message: 'This key is not allowed.',
      });
      continue;
    }
    const item = record[key];
    if (item !== null && typeof item === 'object' && walk.errors.length < MAX_ERRORS) {
      walk.path.push(key);
      hardenContainer(item, depth + 1, walk);
      walk.path.pop();
    }
  }
}
