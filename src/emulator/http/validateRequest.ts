/**
 * Validates a request's params, query and body with the route's zod schemas. Every bad field of all
 * three lands in one 50035 answer (`{code: 50035, message: 'Invalid Form Body', errors: {...}}`),
 * nested by field name and array index.
 */
import * as z from 'zod/mini';
import type { RouteDef } from '../../spec/route.js';
import { type FieldError, fieldErrorTree, PlatformError } from '../PlatformError.js';
import { answersOwnObjects, fastParser, INVALID } from './fastValidator.js';
import { nullPrototypes } from './parseJsonBody.js';
import { zodIssuesToFieldErrors } from './zodIssuesToFieldErrors.js';

/** Parsed input of a request. */
export interface ValidatedInput {
  readonly params: unknown;
  readonly query: unknown;
  readonly body: unknown;
}

const OPTIONS = { reportInput: true } as const;

/** The parts of a schema's definition {@link locateThrow} walks. */
interface SchemaDef {
  readonly type: string;
  readonly innerType?: z.ZodMiniType;
  readonly shape?: Readonly<Record<string, z.ZodMiniType>>;
  readonly element?: z.ZodMiniType;
}

/** Each schema's compiled twin (zod's generated fast path; the schema itself where none is made). */
const compiled = new WeakMap<z.ZodMiniType, z.ZodMiniType>();

/**
 * `schema` with zod's compiled fast path (`z.compile`): the same schema, parsed by generated code
 * while the input is valid and by zod's own parser (same issues, same messages) as soon as it is not.
 * Compiled once per schema.
 */
function fast(schema: z.ZodMiniType): z.ZodMiniType {
  let twin = compiled.get(schema);
  if (twin === undefined) {
    twin = z.compile(schema);
    compiled.set(schema, twin);
  }
  return twin;
}

/**
 * Runs a schema; its issues join `errors`. A schema whose refinement throws on odd input (a bug in
 * the schema, e.g. `BigInt('abc')` after a failed regex) must not become a 500: the request is
 * refused as a whole with a root-level 50035 instead. Valid input, nearly every request, is parsed
 * once without `reportInput` (which costs on every check); only a failure is parsed again with it,
 * for the messages that quote the bad value.
 */
export function safeRun(
  schema: z.ZodMiniType,
  value: unknown,
  errors: FieldError[],
  prefix: ReadonlyArray<string | number> = [],
): unknown {
  let result: ReturnType<typeof z.safeParse>;
  try {
    result = z.safeParse(fast(schema), value);
    if (result.success) return result.data;
    result = z.safeParse(schema, value, OPTIONS);
  } catch {
    const issues = issuesOfOrdinaryCopy(schema, value);
    if (issues === undefined) locateThrow(schema, value, errors, prefix);
    else errors.push(...zodIssuesToFieldErrors(issues, prefix));
    return undefined;
  }
  if (result.success) return result.data;
  errors.push(...zodIssuesToFieldErrors(result.error.issues, prefix));
  return undefined;
}

/**
 * After zod threw on `value`: its issues on a copy whose objects have `Object.prototype`, when zod
 * refuses that copy without throwing. zod throws on some hardened input: a length check compares
 * `{"content": {"length": {}}}`'s null-prototype `{}` with a number, which has no primitive value;
 * the copy's `{}` has one, and zod then answers as for any other non-string (BASE_TYPE_STRING, as
 * the platform does). Undefined when the copy throws too or passes (the copy only ever names what is
 * wrong; it is never what a handler gets).
 */
function issuesOfOrdinaryCopy(schema: z.ZodMiniType, value: unknown): z.core.$ZodIssue[] | undefined {
  try {
    // Request input is JSON (or strings): the round trip is exact, and `__proto__` keys were refused.
    const copy: unknown = value === undefined ? undefined : JSON.parse(JSON.stringify(value));
    const result = z.safeParse(schema, copy, OPTIONS);
    return result.success ? undefined : result.error.issues;
  } catch {
    return undefined;
  }
}

const parse = safeRun;

/**
 * After a schema threw: finds the innermost field (through objects, arrays, optional and nullable
 * wrappers) whose own schema throws, and reports it as a bad value.
 */
function locateThrow(
  schema: z.ZodMiniType,
  value: unknown,
  errors: FieldError[],
  prefix: ReadonlyArray<string | number>,
): void {
  const before = errors.length;
  // Through the schemas' definitions, so that zod classic and zod/mini schemas are walked alike.
  let def = schema._zod.def as SchemaDef;
  while ((def.type === 'optional' || def.type === 'nullable') && def.innerType)
    def = def.innerType._zod.def as SchemaDef;
  const { shape, element } = def;
  if (
    def.type === 'object' &&
    shape &&
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value)
  ) {
    for (const [key, field] of Object.entries(shape)) {
      safeRun(field, (value as Record<string, unknown>)[key], errors, [...prefix, key]);
    }
  } else if (def.type === 'array' && element && Array.isArray(value)) {
    value.forEach((item, index) => {
      safeRun(element, item, errors, [...prefix, index]);
    });
  }
  if (errors.length > before) return;
  if (typeof value === 'string' && !/^\d{1,20}$/.test(value)) {
    errors.push({
      path: prefix,
      code: 'NUMBER_TYPE_COERCE',
      message: `Value "${value.slice(0, 64)}" is not snowflake.`,
    });
  } else {
    errors.push({ path: prefix, code: 'BASE_TYPE_INVALID', message: 'Invalid value.' });
  }
}

/** The query string as an object: a key given once is a string, a repeated key an array. */
export function queryObject(query: string): Record<string, string | string[]> {
  const out = Object.create(null) as Record<string, string | string[]>;
  if (query === '') return out;
  for (const [key, value] of new URLSearchParams(query)) {
    const existing = out[key];
    if (existing === undefined) out[key] = value;
    else out[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return out;
}

/**
 * Parses params, query and body; throws one 50035 {@link PlatformError} naming every bad field.
 * An empty body is read as absent and, if the schema requires a value, as `{}` (so that a missing
 * required field is reported by name rather than "expected an object").
 *
 * Valid input, nearly every request, takes the route's compiled fast paths ({@link fastParser});
 * anything they do not accept, and an absent body, is parsed by zod for the issues and messages.
 *
 * `hardened` false says that `body` comes from `parseCheckedJson`, its objects not yet given null
 * prototypes: a route whose fast path reads own keys only and answers objects of its own
 * ({@link answersOwnObjects}) validates it as it is, and it is hardened only if zod must parse it
 * after all; any other route hardens it first.
 */
export function validateRequest(
  route: RouteDef,
  params: Record<string, string>,
  query: string,
  body: unknown,
  hardened = true,
): ValidatedInput {
  let ready = hardened;
  if (!ready && !(route.body !== undefined && answersOwnObjects(route.body))) {
    nullPrototypes(body);
    ready = true;
  }
  let fast: ValidatedInput | undefined;
  try {
    fast = validateFast(route, params, query, body);
  } catch {
    // A refinement that throws on odd input: the slow path finds the field and answers 50035.
    fast = undefined;
  }
  if (fast !== undefined) return fast;
  if (!ready) nullPrototypes(body);
  return validateSlow(route, params, query, body);
}

/** The fast paths' answer, or undefined when any part is not plainly valid. */
function validateFast(
  route: RouteDef,
  params: Record<string, string>,
  query: string,
  body: unknown,
): ValidatedInput | undefined {
  const parsedParams = fastParser(route.params)(params);
  if (parsedParams === INVALID) return undefined;
  const parsedQuery = route.query ? fastParser(route.query)(queryObject(query)) : Object.create(null);
  if (parsedQuery === INVALID) return undefined;
  let parsedBody: unknown;
  if (route.body) {
    if (body === undefined) return undefined;
    parsedBody = fastParser(route.body)(body);
    if (parsedBody === INVALID) return undefined;
  }
  return { params: parsedParams, query: parsedQuery, body: parsedBody };
}

/** Parses with zod, collecting every issue. */
function validateSlow(
  route: RouteDef,
  params: Record<string, string>,
  query: string,
  body: unknown,
): ValidatedInput {
  const errors: FieldError[] = [];
  const parsedParams = parse(route.params, params, errors);
  const parsedQuery = route.query ? parse(route.query, queryObject(query), errors) : Object.create(null);
  let parsedBody: unknown;
  if (route.body) {
    if (body === undefined) {
      const probe: FieldError[] = [];
      const absent = safeRun(route.body, undefined, probe);
      parsedBody = probe.length === 0 ? absent : parse(route.body, Object.create(null), errors);
    } else {
      parsedBody = parse(route.body, body, errors);
    }
  }
  if (errors.length > 0) throw PlatformError.invalidForm(fieldErrorTree(errors));
  return { params: parsedParams, query: parsedQuery, body: parsedBody };
}
