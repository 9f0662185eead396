/**
 * Turns a success answer's body into the call's result, by the route's `responseKind`.
 */
import type { RouteDef } from '../../spec/route.js';
import { LobbykitError } from '../errors/LobbykitError.js';
import { ValidationError } from '../errors/ValidationError.js';
import { parseCsvIds } from './parseCsvIds.js';

/** The raw body of an answer, read as the route needs it. */
export type RawBody =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'bytes'; readonly bytes: Uint8Array };

/** Whether a success answer of `route` is read as bytes (PNG) rather than text. */
export function readsBytes(route: RouteDef, status: number): boolean {
  return route.responseKind === 'png' && status >= 200 && status < 300;
}

/** The call's result from a success answer. */
export function readAnswer(route: RouteDef, status: number, raw: RawBody, validate: boolean): unknown {
  if (raw.kind === 'bytes') return raw.bytes;
  const text = raw.text;
  switch (route.responseKind) {
    case 'empty':
      return undefined;
    case 'csv': {
      const ids = parseCsvIds(text);
      return validate && route.response ? parseResponse(route, ids) : ids;
    }
    case 'png':
      return new TextEncoder().encode(text);
    default: {
      if (status === 204 || text.length === 0) return undefined;
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch (error) {
        throw new LobbykitError(`${route.name}: the answer (status ${status}) is not valid JSON`, {
          code: 'INVALID_RESPONSE',
          cause: error,
        });
      }
      return validate && route.response ? parseResponse(route, json) : json;
    }
  }
}

function parseResponse(route: RouteDef, value: unknown): unknown {
  const schema = route.response;
  if (!schema) return value;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = ValidationError.toIssues(result.error.issues, ['response']);
  throw new LobbykitError(
    `${route.name}: the answer does not match the response schema: ${issues.map((i) => `${i.field}: ${i.message}`).join('; ')}`,
    { code: 'INVALID_RESPONSE' },
  );
}
