/**
 * Checks a call's input against its route before anything is sent: params, query and body against
 * the route's schemas (zod's, or lean ones), file fields against the route's list, and the audit reason against the
 * route's `audit` flag. Collects every issue, then throws one {@link ValidationError}.
 */
import type { ClientRouteDef } from '../../spec/route.js';
import type { LooseCallArgs } from '../callTypes.js';
import { ValidationError, type ValidationIssue } from '../errors/ValidationError.js';
import type { EngineExtras, InputMemo, MultipartSupport } from './EngineExtras.js';

type Schema = ClientRouteDef['params'];

function check(
  issues: ValidationIssue[],
  schema: Schema | undefined,
  value: unknown,
  prefix: string,
  memo: InputMemo | undefined,
): void {
  if (!schema || memo?.knows(schema, value)) return;
  const result = schema.safeParse(value);
  if (!result.success) issues.push(...ValidationError.toIssues(result.error.issues, [prefix]));
  else memo?.remember(schema, value);
}

/** One issue of a call's input, at `field` (a dotted path). */
export function inputIssue(field: string, code: string, message: string): ValidationIssue {
  return { path: field.split('.'), field, code, message };
}

const noFiles: Readonly<Record<string, unknown>> = Object.freeze({});

/**
 * Throws a {@link ValidationError} listing every problem with `args` for `route`; `multipart`: whether
 * the call goes as multipart/form-data (a JSON-or-multipart route given files); `extras`: the
 * engine's (its input memo; its multipart support, present whenever the route has file fields).
 */
export function validateInput(
  route: ClientRouteDef,
  args: LooseCallArgs,
  multipart: boolean,
  extras: EngineExtras,
): void {
  const issues: ValidationIssue[] = [];
  const memo = extras.inputMemo;
  check(issues, route.params, args.params ?? {}, 'params', memo);

  if (route.query) check(issues, route.query, args.query ?? {}, 'query', memo);
  else if (args.query !== undefined && Object.keys(args.query).length > 0) {
    issues.push(inputIssue('query', 'unexpected', `${route.name} takes no query parameters`));
  }

  const files = args.files ?? noFiles;
  const fileNames = route.files ?? [];
  if (route.body) {
    // A multipart call's body describes its non-file fields: it may be left out when they may all be
    // absent (a multipart-only route) or the route says so; the files then go alone.
    const mayOmit = multipart && (route.bodyKind === 'multipart' || route.bodyOptional === true);
    if (args.body !== undefined || !mayOmit) check(issues, route.body, args.body, 'body', memo);
  } else if (args.body !== undefined) {
    issues.push(inputIssue('body', 'unexpected', `${route.name} takes no body`));
  }

  // Nearly every call has no files: no entries array is built for them.
  for (const name in args.files) {
    if (Object.hasOwn(files, name) && !fileNames.includes(name))
      issues.push(inputIssue(`files.${name}`, 'unexpected', `${route.name} takes no file field "${name}"`));
  }
  // Only a route with file fields has its values checked, and its engine has multipart support.
  if (fileNames.length > 0) issues.push(...(extras.multipart as MultipartSupport).checkFiles(route, files));

  if (args.reason !== undefined) {
    if (!route.audit)
      issues.push(inputIssue('reason', 'unexpected', `${route.name} records no audit-log reason`));
    else if (typeof args.reason !== 'string')
      issues.push(inputIssue('reason', 'invalid_type', 'must be a string'));
  }

  if (issues.length > 0) throw new ValidationError(issues, { operation: route.name });
}
