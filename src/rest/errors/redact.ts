/**
 * Token redaction: every message, stack and JSON form of a lobbykit error passes through here, so that
 * a token never reaches a log even when a server or a lower layer echoes it.
 */

/** What a redacted secret is replaced with. */
export const REDACTED = '[REDACTED]';

// `Bot <token>` / `Bearer <token>` with something token-like (long enough not to eat ordinary prose).
const AUTH_SCHEME_RE = /\b(Bot|Bearer)(\s+)[A-Za-z0-9._~+/=-]{16,}/g;
// An Authorization header written out in text, whatever its value.
const AUTH_HEADER_RE = /\b(authorization)(["']?\s*[:=]\s*["']?)[^"'\r\n,}]+/gi;

/**
 * Replaces every occurrence of a known secret, every `Bot …` / `Bearer …` credential and every written
 * Authorization header value in `text` with {@link REDACTED}. Secrets shorter than 4 characters are
 * ignored (replacing them would mangle ordinary text and protect nothing).
 */
export function redactText(text: string, secrets: Iterable<string> = []): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length >= 4 && out.includes(secret)) out = out.split(secret).join(REDACTED);
  }
  return out.replace(AUTH_SCHEME_RE, `$1$2${REDACTED}`).replace(AUTH_HEADER_RE, `$1$2${REDACTED}`);
}

/**
 * A copy of a JSON-like value with every string in it redacted: plain objects and arrays are copied
 * (up to 8 levels deep); anything else is returned as it is.
 */
export function redactDeep(value: unknown, secrets: readonly string[] = [], depth = 0): unknown {
  if (typeof value === 'string') return redactText(value, secrets);
  if (typeof value !== 'object' || value === null || depth > 8) return value;
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, secrets, depth + 1));
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = redactDeep(v, secrets, depth + 1);
  return out;
}

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  stack?: unknown;
  code?: unknown;
  cause?: unknown;
}

/**
 * A copy of an arbitrary thrown value that is safe to keep as an error's `cause`: an `Error` with the
 * same name, code and (redacted) message and stack, and a sanitised cause chain (up to `depth` levels).
 * Other properties are dropped: lower layers may hang request options, headers included, on errors.
 */
export function sanitizeCause(value: unknown, secrets: Iterable<string> = [], depth = 3): unknown {
  if (value === undefined || value === null) return value;
  if (typeof value !== 'object') return redactText(String(value), secrets);
  const e = value as ErrorLike;
  const list = [...secrets];
  const copy = new Error(redactText(typeof e.message === 'string' ? e.message : String(value), list));
  if (typeof e.name === 'string') copy.name = e.name;
  if (typeof e.stack === 'string') copy.stack = redactText(e.stack, list);
  if (typeof e.code === 'string' || typeof e.code === 'number') (copy as { code?: unknown }).code = e.code;
  if (depth > 0 && e.cause !== undefined) {
    (copy as { cause?: unknown }).cause = sanitizeCause(e.cause, list, depth - 1);
  }
  return copy;
}

/**
 * Redacts `secrets` from an error's message, stack and cause chain, and from its own properties
 * (strings, and plain objects and arrays, which are replaced by redacted copies: they may be shared
 * with the caller). Returns the same error. Used by the client on everything it throws, with the
 * tokens it knows, as a second line of defence behind {@link redactText} in every error's constructor.
 */
export function redactError<E>(error: E, secrets: Iterable<string>): E {
  if (typeof error !== 'object' || error === null) return error;
  const list = [...secrets];
  const target = error as Record<string, unknown>;
  for (const key of Object.getOwnPropertyNames(target)) {
    const value = target[key];
    const clean = key === 'cause' ? sanitizeCause(value, list) : redactDeep(value, list);
    if (clean !== value) {
      try {
        Object.defineProperty(target, key, { value: clean });
      } catch {
        // A frozen property: nothing we can do, and nothing of ours is frozen.
      }
    }
  }
  return error;
}
