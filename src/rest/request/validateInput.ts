/**
 * Checks a call's input against its route before anything is sent: params, query and body against
 * the route's zod schemas, file fields against the route's list, and the audit reason against the
 * route's `audit` flag. Collects every issue, then throws one {@link ValidationError}.
 */
import type { RouteDef } from '../../spec/route.js';
import type { LooseCallArgs } from '../callTypes.js';
import { ValidationError, type ValidationIssue } from '../errors/ValidationError.js';
import { isFileInput } from './fileInput.js';

function check(
  issues: ValidationIssue[],
  schema: RouteDef['params'] | undefined,
  value: unknown,
  prefix: string,
): void {
  if (!schema) return;
  const result = schema.safeParse(value);
  if (!result.success) issues.push(...ValidationError.toIssues(result.error.issues, [prefix]));
}

function issue(field: string, code: string, message: string): ValidationIssue {
  return { path: field.split('.'), field, code, message };
}

/** Throws a {@link ValidationError} listing every problem with `args` for `route`. */
export function validateInput(route: RouteDef, args: LooseCallArgs): void {
  const issues: ValidationIssue[] = [];
  check(issues, route.params, args.params ?? {}, 'params');

  if (route.query) check(issues, route.query, args.query ?? {}, 'query');
  else if (args.query !== undefined && Object.keys(args.query).length > 0) {
    issues.push(issue('query', 'unexpected', `${route.name} takes no query parameters`));
  }

  const files = args.files ?? {};
  const fileNames = route.files ?? [];
  if (route.body) {
    // A multipart route's body schema describes its non-file fields, which may all be absent.
    if (args.body !== undefined || route.bodyKind !== 'multipart')
      check(issues, route.body, args.body, 'body');
  } else if (args.body !== undefined) {
    issues.push(issue('body', 'unexpected', `${route.name} takes no body`));
  }

  for (const [name, value] of Object.entries(files)) {
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
