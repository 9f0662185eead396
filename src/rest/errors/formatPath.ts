/**
 * Formats a field path as code would spell it: `['body', 'members', 0, 'id']` → `body.members[0].id`.
 * Numeric segments (numbers, or strings of digits as JSON keys carry them) become `[n]`.
 */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number' || (typeof segment === 'string' && /^\d+$/.test(segment))) {
      out += `[${String(segment)}]`;
    } else if (typeof segment === 'string' && /^[A-Za-z_$][\w$]*$/.test(segment)) {
      out += out === '' ? segment : `.${segment}`;
    } else {
      out += `[${JSON.stringify(String(segment))}]`;
    }
  }
  return out;
}
