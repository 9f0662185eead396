/**
 * Functions made from source text of their own, for the fast validators' hot closures. V8 keeps one
 * set of type feedback per function literal, shared by every closure made from it: a validator
 * built as closures of a few literals (one for all objects, one for all arrays…) sees every schema
 * of the route table at each of its property reads and calls, which then turn megamorphic and are
 * never inlined. A function compiled from its own text per schema keeps its feedback to itself, and
 * its keys become constants (named property access instead of keyed).
 *
 * Where code cannot be generated from strings (`--disallow-code-generation-from-strings`, a CSP),
 * {@link specialize} answers undefined and the caller keeps its generic closure: the same logic,
 * only slower.
 */

let available = true;

/**
 * Turns code generation off (or back on) for validators compiled from now on: for a host that
 * forbids it without saying so at the first attempt, and for tests of the generic closures.
 */
export function allowCodeGeneration(allowed: boolean): void {
  available = allowed;
}

/**
 * Evaluates `body` as the body of a function of `names` called with `values`, and answers what it
 * returns (a function), or undefined when the environment forbids code from strings. `body` must
 * embed nothing but trusted text: literals it needs come through {@link literal}.
 */
export function specialize<T>(
  names: readonly string[],
  body: string,
  values: readonly unknown[],
): T | undefined {
  if (!available) return undefined;
  try {
    // Source text built from schema definitions (keys through `literal`), never from request input.
    return new Function(...names, body)(...values) as T;
  } catch (error) {
    if (error instanceof EvalError) {
      available = false;
      return undefined;
    }
    throw error;
  }
}

/** A JSON value as a JavaScript literal (JSON text is valid JavaScript since ES2019). */
export function literal(value: string | number | boolean | null | undefined): string {
  return value === undefined ? 'undefined' : JSON.stringify(value);
}
