/**
 * Serialises query parameters: `undefined` and `null` are left out, arrays repeat the key, booleans
 * and numbers are written as text. Keys and values are percent-encoded.
 */

/** The query string for `query`, with its leading `?`, or `''` when there is nothing to send. */
export function buildQuery(query: Readonly<Record<string, unknown>> | undefined): string {
  if (!query) return '';
  let out = '';
  for (const key of Object.keys(query)) {
    const value = query[key];
    if (value === undefined || value === null) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      if (v === undefined || v === null) continue;
      out += `${out === '' ? '?' : '&'}${encodeURIComponent(key)}=${encodeURIComponent(String(v))}`;
    }
  }
  return out;
}
