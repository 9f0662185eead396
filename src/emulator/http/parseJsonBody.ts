/**
 * JSON request bodies, parsed defensively: malformed JSON is the platform's 400 code 50109; every
 * object comes back with a null prototype (so keys such as `constructor` are plain data); a
 * `__proto__` key anywhere is refused with a 50035 naming its path, because a validator would drop
 * it silently and a careless copy would reach a prototype. Nesting deeper than
 * {@link MAX_JSON_DEPTH} or more than {@link MAX_JSON_CONTAINERS} objects and arrays are refused so
 * that nothing later recurses or allocates without bound.
 */
import { extraErrorCodes, type FieldError, fieldErrorTree, PlatformError } from '../platformError.js';

/** Deepest nesting a request body may have (the platform's bodies need fewer than 10 levels). */
export const MAX_JSON_DEPTH = 32;
/** Most objects and arrays a request body may hold (the largest real body holds a few hundred). */
export const MAX_JSON_CONTAINERS = 10_000;

/** Keys that must never become object keys of parsed input. */
const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__']);

/** Parses a JSON body (UTF-8). Throws {@link PlatformError} 400 (50109 or 50035). */
export function parseJsonBody(text: string): unknown {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new PlatformError(400, extraErrorCodes.INVALID_JSON, 'The request body contains invalid JSON.');
  }
  return harden(raw);
}

interface Frame {
  readonly source: object;
  readonly parent: Frame | null;
  readonly key: string | number;
  readonly depth: number;
  /** Where the copy goes: `holder[key]`. */
  readonly holder: Record<string | number, unknown>;
}

function pathOf(frame: Frame | null, key?: string | number): Array<string | number> {
  const path: Array<string | number> = key === undefined ? [] : [key];
  for (let f = frame; f && f.parent !== null; f = f.parent) path.unshift(f.key);
  return path;
}

/**
 * Copies a parsed JSON value into null-prototype objects, iteratively (no recursion on input depth),
 * refusing `__proto__` keys, deep nesting and too many containers with a 50035 answer.
 */
export function harden(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const root = Object.create(null) as Record<string | number, unknown>;
  let containers = 0;
  const errors: FieldError[] = [];
  const stack: Frame[] = [{ source: value, parent: null, key: 'root', depth: 0, holder: root }];
  while (stack.length > 0 && errors.length < 50) {
    const frame = stack.pop() as Frame;
    containers += 1;
    if (containers > MAX_JSON_CONTAINERS) {
      throw PlatformError.field(
        [],
        'BASE_TYPE_MAX_LENGTH',
        `Must contain at most ${MAX_JSON_CONTAINERS} objects and arrays.`,
      );
    }
    if (frame.depth >= MAX_JSON_DEPTH) {
      errors.push({
        path: pathOf(frame),
        code: 'BASE_TYPE_MAX_DEPTH',
        message: `Must be nested at most ${MAX_JSON_DEPTH} levels deep.`,
      });
      continue;
    }
    const out: Record<string | number, unknown> = Array.isArray(frame.source)
      ? (new Array(frame.source.length) as unknown as Record<number, unknown>)
      : (Object.create(null) as Record<string, unknown>);
    frame.holder[frame.key] = out;
    const entries: Iterable<[string | number, unknown]> = Array.isArray(frame.source)
      ? (frame.source as unknown[]).entries()
      : Object.entries(frame.source);
    for (const [key, item] of entries) {
      if (typeof key === 'string' && FORBIDDEN_KEYS.has(key)) {
        errors.push({
          path: pathOf(frame, key),
          code: 'DICT_KEY_INVALID',
          message: 'This key is not allowed.',
        });
      } else if (item === null || typeof item !== 'object') {
        out[key] = item;
      } else {
        // A placeholder now keeps the keys in the order the client sent them.
        out[key] = null;
        stack.push({ source: item, parent: frame, key, depth: frame.depth + 1, holder: out });
      }
    }
  }
  if (errors.length > 0) throw PlatformError.invalidForm(fieldErrorTree(errors));
  return root.root;
}
