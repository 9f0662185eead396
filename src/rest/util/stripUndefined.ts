/**
 * A copy of `value` without its `undefined` properties: spread over an options type's defaults, an
 * option passed as `undefined` (through a variable, say) keeps its default instead of erasing it.
 */
export function stripUndefined<T extends object>(value: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(value)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  return out;
}
