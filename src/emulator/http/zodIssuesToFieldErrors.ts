/**
 * Maps zod issues to the platform's 50035 field errors: each issue lands at its path (array indexes
 * included) with the platform's string code (BASE_TYPE_REQUIRED, BASE_TYPE_MAX_LENGTH,
 * NUMBER_TYPE_COERCE, …) and a message in the platform's style. A schema's own message (one written
 * for the rule, such as "must be a snowflake") is kept; zod's generic wording is replaced.
 * A custom issue may choose its code with `params: { code: 'SOME_CODE' }`.
 */
import type { z } from 'zod';
import type { FieldError } from '../PlatformError.js';

type Issue = z.core.$ZodIssue;
type Path = ReadonlyArray<PropertyKey>;

/** zod's own (locale) messages start like this; anything else was written by a schema author. */
const GENERIC_MESSAGE = /^(Invalid|Too big|Too small|Unrecognized|Expected)/;

/** Every issue as a field error, paths prefixed by `prefix`. */
export function zodIssuesToFieldErrors(issues: readonly Issue[], prefix: Path = []): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of issues) mapIssue(issue, [...prefix, ...issue.path], out);
  return out;
}

function describe(value: unknown): string {
  let text: string;
  if (typeof value === 'string') text = value;
  else if (value === undefined) text = 'undefined';
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = String(value);
    }
  }
  return text.length > 64 ? `${text.slice(0, 61)}...` : text;
}

function custom(issue: Issue): string | undefined {
  return GENERIC_MESSAGE.test(issue.message) ? undefined : issue.message;
}

type Leaf = readonly [code: string, message: string];

function mapIssue(issue: Issue, path: Path, out: FieldError[]): void {
  const nested = nestedIssues(issue, path, out);
  if (nested) return;
  const [code, message] = leafOf(issue);
  out.push({ path: path.map((p) => (typeof p === 'symbol' ? String(p.description) : p)), code, message });
}

/** Issues that expand into other issues (unknown keys, unions, keys and elements); true when handled. */
function nestedIssues(issue: Issue, path: Path, out: FieldError[]): boolean {
  switch (issue.code) {
    case 'unrecognized_keys':
      for (const key of issue.keys) {
        out.push({
          path: [...path.map(String), key],
          code: 'BASE_TYPE_UNKNOWN_FIELD',
          message: 'This field is not allowed.',
        });
      }
      return true;
    case 'invalid_union':
      if (issue.input === undefined || issue.errors.length === 0) return false;
      mapUnion(issue, path, out);
      return true;
    case 'invalid_key':
    case 'invalid_element':
      for (const inner of issue.issues) mapIssue(inner, [...path, ...inner.path], out);
      return true;
    default:
      return false;
  }
}

function leafOf(issue: Issue): Leaf {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined || (issue.input === null && issue.expected !== 'null')) {
        return ['BASE_TYPE_REQUIRED', 'This field is required'];
      }
      const value = describe(issue.input);
      switch (issue.expected) {
        case 'string':
          return ['BASE_TYPE_STRING', custom(issue) ?? `Could not interpret "${value}" as string.`];
        case 'number':
        case 'int':
        case 'bigint':
          return ['NUMBER_TYPE_COERCE', custom(issue) ?? `Value "${value}" is not int.`];
        case 'boolean':
          return ['BASE_TYPE_BOOLEAN', custom(issue) ?? 'Must be either true or false.'];
        case 'array':
        case 'tuple':
        case 'set':
          return ['LIST_TYPE_CONVERT', custom(issue) ?? 'Only iterables may be used in a ListType'];
        case 'object':
        case 'record':
        case 'map':
          return ['DICT_TYPE_CONVERT', custom(issue) ?? 'Only dictionaries may be used in a DictType'];
        default:
          return ['BASE_TYPE_INVALID', custom(issue) ?? `Invalid value "${value}".`];
      }
    }
    case 'too_big': {
      const max = String(issue.maximum);
      if (issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set') {
        return ['BASE_TYPE_MAX_LENGTH', custom(issue) ?? `Must be ${max} or fewer in length.`];
      }
      return ['NUMBER_TYPE_MAX', custom(issue) ?? `int value should be less than or equal to ${max}.`];
    }
    case 'too_small': {
      const min = String(issue.minimum);
      if (issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set') {
        return ['BASE_TYPE_MIN_LENGTH', custom(issue) ?? `Must be ${min} or more in length.`];
      }
      return ['NUMBER_TYPE_MIN', custom(issue) ?? `int value should be greater than or equal to ${min}.`];
    }
    case 'invalid_format': {
      const value = describe(issue.input);
      if (issue.format === 'regex' && issue.pattern?.includes('\\d{1,20}')) {
        return ['NUMBER_TYPE_COERCE', `Value "${value}" is not snowflake.`];
      }
      if (issue.format === 'datetime' || issue.format === 'date') {
        return ['DATE_TIME_TYPE_PARSE', custom(issue) ?? `Could not parse "${value}". Should be ISO8601.`];
      }
      return ['STRING_TYPE_REGEX', custom(issue) ?? 'String value did not match validation regex.'];
    }
    case 'not_multiple_of':
      return ['NUMBER_TYPE_INVALID', custom(issue) ?? `Must be a multiple of ${issue.divisor}.`];
    case 'invalid_value': {
      if (issue.input === undefined) return ['BASE_TYPE_REQUIRED', 'This field is required'];
      const choices = issue.values.map((v) => describe(v)).join(', ');
      return ['BASE_TYPE_CHOICES', custom(issue) ?? `Value must be one of {${choices}}.`];
    }
    case 'invalid_union':
      if (issue.input === undefined) return ['BASE_TYPE_REQUIRED', 'This field is required'];
      return ['BASE_TYPE_INVALID', custom(issue) ?? 'Value matches more than one form.'];
    case 'custom': {
      const code =
        typeof issue.params?.code === 'string' ? (issue.params.code as string) : 'BASE_TYPE_INVALID';
      return [code, issue.message];
    }
    default:
      return ['BASE_TYPE_INVALID', issue.message];
  }
}

function mapUnion(issue: z.core.$ZodIssueInvalidUnion, path: Path, out: FieldError[]): void {
  const branches = issue.errors;
  // Every branch failed right at this value (not deeper): one error naming what would have fitted.
  if (branches.every((branch) => branch.every((inner) => inner.path.length === 0))) {
    const flat = branches.flat();
    if (flat.every((inner) => inner.code === 'invalid_value')) {
      const values = flat.flatMap((inner) => (inner.code === 'invalid_value' ? inner.values : []));
      out.push({
        path: path.map((p) => (typeof p === 'symbol' ? String(p.description) : p)),
        code: 'BASE_TYPE_CHOICES',
        message: `Value must be one of {${values.map((v) => describe(v)).join(', ')}}.`,
      });
      return;
    }
    // A single branch's message is clearer than a list: report the first branch.
    const first = branches[0] ?? [];
    for (const inner of first) mapIssue(inner, [...path, ...inner.path], out);
    return;
  }
  // Some branch got further into the value: its issues are the useful ones.
  let best = branches[0] ?? [];
  let bestDepth = -1;
  for (const branch of branches) {
    const depth = Math.max(...branch.map((inner) => inner.path.length));
    if (depth > bestDepth || (depth === bestDepth && branch.length < best.length)) {
      best = branch;
      bestDepth = depth;
    }
  }
  for (const inner of best) mapIssue(inner, [...path, ...inner.path], out);
}
