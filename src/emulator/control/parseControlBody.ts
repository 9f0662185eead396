/** Validates a control request's body as platform bodies are validated (400 50035 naming each field). */
import type { z } from 'zod';
import { safeRun } from '../http/validateRequest.js';
import { type FieldError, fieldErrorTree, PlatformError } from '../PlatformError.js';

/** The body parsed by `schema` (a missing body is an empty object), else 400 50035. */
export function parseControlBody<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const errors: FieldError[] = [];
  const data = safeRun(schema, value ?? Object.create(null), errors);
  if (errors.length > 0) throw PlatformError.invalidForm(fieldErrorTree(errors));
  return data as z.output<S>;
}
