/**
 * Turns a success answer's body into the call's result, by the route's `responseKind`. An answer
 * that cannot be read as the route's result throws {@link UnreadableAnswer}, which the client turns
 * into an `InvalidResponseError` with the request's context (or retries, where that is safe).
 */
import type { ClientRouteDef } from '../../spec/route.js';
import type { InvalidResponseReason } from '../errors/InvalidResponseError.js';
import { ValidationError, type ValidationIssue } from '../errors/ValidationError.js';

/** The raw body of an answer, read as the route needs it. */
export type RawBody =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'bytes'; readonly bytes: Uint8Array };

/** A success answer that is not the route's result: why, and the schema's issues if that is why. */
export class UnreadableAnswer {
  constructor(
    readonly reason: InvalidResponseReason,
    readonly issues: readonly ValidationIssue[] = [],
    readonly cause?: unknown,
  ) {}

  /** Whether another attempt may read better: a body lost or cut off on the way, not a wrong shape. */
  get transient(): boolean {
    return this.reason !== 'schema';
  }
}

/** Whether a success answer of `route` is read as bytes (PNG) rather than text. */
export function readsBytes(route: ClientRouteDef, status: number): boolean {
  return route.responseKind === 'png' && status >= 200 && status < 300;
}

/** Whether `route` may answer 204 No Content (Add Guild Member does, for a user already a member). */
function mayAnswerNoContent(route: ClientRouteDef): boolean {
  return Array.isArray(route.status) ? route.status.includes(204) : route.status === 204;
}

/**
 * The call's result from a success answer; throws {@link UnreadableAnswer} when there is none to read.
 * `csv`: the engine's CSV reader (present whenever a route of its table answers CSV).
 */
export function readAnswer(
  route: ClientRouteDef,
  status: number,
  raw: RawBody,
  validate: boolean,
  csv: ((text: string) => string[]) | undefined,
): unknown {
  if (raw.kind === 'bytes') return raw.bytes;
  const text = raw.text;
  switch (route.responseKind) {
    case 'empty':
      return undefined;
    case 'csv': {
      const ids = (csv as (text: string) => string[])(text);
      return validate && route.response ? parseResponse(route, ids) : ids;
    }
    case 'png':
      return new TextEncoder().encode(text);
    default: {
      if (status === 204 && mayAnswerNoContent(route)) return undefined;
      // A JSON route's answer always has a body: an empty one was lost (a proxy, a cut connection).
      if (text.length === 0) throw new UnreadableAnswer('empty');
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch (error) {
        throw new UnreadableAnswer('not-json', [], error);
      }
      return validate && route.response ? parseResponse(route, json) : json;
    }
  }
}

function parseResponse(route: ClientRouteDef, value: unknown): unknown {
  const schema = route.response;
  if (!schema) return value;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new UnreadableAnswer('schema', ValidationError.toIssues(result.error.issues, ['response']));
}
