/**
 * The check of a call's file fields, part of the engine's multipart support: a client whose table
 * has no file fields (`LobbyClient`) does not carry it.
 */
import type { ClientRouteDef } from '../../spec/route.js';
import type { ValidationIssue } from '../errors/ValidationError.js';
import { isFileInput } from './fileInput.js';
import { inputIssue } from './validateInput.js';

/**
 * The problems with the values given for `route`'s file fields: a value that is not a file, and on a
 * multipart-only route a file left out. (Fields the route does not have are `validateInput`'s.)
 */
export function fileFieldIssues(
  route: ClientRouteDef,
  files: Readonly<Record<string, unknown>>,
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const name of route.files ?? []) {
    const value = Object.hasOwn(files, name) ? files[name] : undefined;
    if (value === undefined) {
      if (route.bodyKind === 'multipart')
        issues.push(inputIssue(`files.${name}`, 'invalid_type', 'required file is missing'));
    } else if (!isFileInput(value)) {
      issues.push(
        inputIssue(
          `files.${name}`,
          'invalid_type',
          'must be a string, Blob, Uint8Array, ReadableStream, async iterable or { data }',
        ),
      );
    }
  }
  return issues;
}
