/**
 * The fast validators' checks: the native form of the checks the platform's schemas use most, and
 * zod's own check function for the others (see fastValidator.ts).
 */
import * as z from 'zod/mini';

/**
 * What one check says of a value on the fast path: it passes, it fails (INVALID), or only zod can
 * tell ({@link DEFER}: its check function runs, as it would in zod).
 */
export type NativeCheck = (value: unknown) => boolean | typeof DEFER;

/** A native check's "zod decides". */
export const DEFER: unique symbol = Symbol('defer');

/** The source of a pattern that is a whole run of m to n ASCII digits (`\d` without flags is [0-9]). */
const DIGIT_RUN = /^\^\\d\{(\d+),(\d+)\}\$$/;

/** Whether `text` is `min` to `max` ASCII digits, as `^\d{min,max}$` without flags decides. */
function isDigitRun(text: string, min: number, max: number): boolean {
  const length = text.length;
  if (length < min || length > max) return false;
  for (let i = 0; i < length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return true;
}

/** The `when` zod gives its length checks by default (they run on values with a length). */
const LENGTH_WHEN = z.maxLength(1)._zod.def.when;

/**
 * The native form of the checks the platform's schemas use most, read from the check's definition;
 * undefined for any other check (zod's own check function runs). Each answers `true` only where
 * zod's check would add no issue and `false` only where it would add one; where the two measures
 * could differ (a string's length in code points near a bound, a number format other than a safe
 * integer) it defers. A check with a `when` of its own is always zod's.
 */
export function nativeCheck(check: z.core.$ZodCheck): NativeCheck | undefined {
  const traits = (check as unknown as z.ZodMiniType)._zod.traits;
  const def = check._zod.def as z.core.$ZodCheckDef & {
    readonly pattern?: RegExp;
    readonly maximum?: number;
    readonly minimum?: number;
    readonly value?: unknown;
    readonly inclusive?: boolean;
    readonly format?: string;
    readonly fn?: (value: unknown) => unknown;
  };
  const when = def.when;
  if (traits.has('$ZodCheckMaxLength') && when === LENGTH_WHEN && typeof def.maximum === 'number') {
    const max = def.maximum;
    // Code points never outnumber UTF-16 units: at most `max` units is within bounds either way.
    return (v) =>
      Array.isArray(v) ? v.length <= max : typeof v === 'string' && v.length <= max ? true : DEFER;
  }
  if (traits.has('$ZodCheckMinLength') && when === LENGTH_WHEN && typeof def.minimum === 'number') {
    const min = def.minimum;
    // A code point is one or two units: fewer than `min` units is short, `2 × min` or more is not.
    return (v) => {
      if (Array.isArray(v)) return v.length >= min;
      if (typeof v !== 'string') return DEFER;
      if (v.length < min) return false;
      return v.length >= min * 2 ? true : DEFER;
    };
  }
  if (when !== undefined) return undefined;
  if (traits.has('$ZodCheckRegex') && def.pattern instanceof RegExp) {
    const pattern = def.pattern;
    const run = DIGIT_RUN.exec(pattern.source);
    if (run !== null && pattern.flags === '') {
      // `^\d{m,n}$` (snowflakes, permission bitfields): a loop over the characters, without the
      // regular expression engine's call.
      const min = Number(run[1]);
      const max = Number(run[2]);
      return (v) => (typeof v === 'string' ? isDigitRun(v, min, max) : DEFER);
    }
    return (v) => {
      if (typeof v !== 'string') return DEFER;
      pattern.lastIndex = 0;
      return pattern.test(v);
    };
  }
  if (traits.has('$ZodCheckGreaterThan') && typeof def.value === 'number') {
    const bound = def.value;
    return def.inclusive
      ? (v) => (typeof v === 'number' ? v >= bound : DEFER)
      : (v) => (typeof v === 'number' ? v > bound : DEFER);
  }
  if (traits.has('$ZodCheckLessThan') && typeof def.value === 'number') {
    const bound = def.value;
    return def.inclusive
      ? (v) => (typeof v === 'number' ? v <= bound : DEFER)
      : (v) => (typeof v === 'number' ? v < bound : DEFER);
  }
  if (traits.has('$ZodCheckNumberFormat') && def.format === 'safeint') {
    // z.int(): an integer within ±(2^53 − 1), which is the whole of its range check too.
    return (v) => (typeof v === 'number' ? Number.isSafeInteger(v) : DEFER);
  }
  if (traits.has('$ZodCustom') && typeof def.fn === 'function') {
    // z.refine: a truthy answer passes; a promise is zod's to refuse (asynchronous parse).
    const fn = def.fn;
    return (v) => {
      const verdict = fn(v);
      return verdict instanceof Promise ? false : Boolean(verdict);
    };
  }
  return undefined;
}
