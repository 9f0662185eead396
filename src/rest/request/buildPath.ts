/**
 * Fills a path template (`/lobbies/{lobby_id}/members/{user_id}`) with parameters, each
 * percent-encoded with `encodeURIComponent`. `.` and `..` are encoded too, so that no value can
 * climb out of its segment once a URL parser normalises the path.
 */
import { ValidationError } from '../errors/ValidationError.js';

/** Percent-encodes one path segment. */
export function encodePathSegment(value: string): string {
  if (value === '.' || value === '..') return value.replace(/\./g, '%2E');
  // Snowflakes (the common case) need no encoding.
  return /^\d+$/.test(value) ? value : encodeURIComponent(value);
}

const PLACEHOLDER_RE = /\{([a-z0-9_]+)\}/g;

/** A template split into literal text (even indexes) and placeholder names (odd indexes). */
type CompiledTemplate = readonly string[];

const compiled = new Map<string, CompiledTemplate>();

function compile(template: string): CompiledTemplate {
  let parts = compiled.get(template);
  if (!parts) {
    parts = template.split(PLACEHOLDER_RE);
    compiled.set(template, parts);
  }
  return parts;
}

/**
 * The path for `template` with `params`. Throws {@link ValidationError} naming every placeholder
 * left without a value (missing, null, or an empty string).
 */
export function buildPath(
  template: string,
  params: Readonly<Record<string, unknown>>,
  operation?: string,
): string {
  const parts = compile(template);
  let path = parts[0] as string;
  const missing: string[] = [];
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i] as string;
    const value = params[name];
    if (value === undefined || value === null || value === '') missing.push(name);
    else path += encodePathSegment(String(value));
    path += parts[i + 1] as string;
  }
  if (missing.length > 0) {
    throw new ValidationError(
      missing.map((name) => ({
        path: ['params', name],
        field: `params.${name}`,
        code: 'missing_path_parameter',
        message: 'required path parameter is missing',
      })),
      operation === undefined ? {} : { operation },
    );
  }
  return path;
}
