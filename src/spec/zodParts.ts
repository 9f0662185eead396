/**
 * zod/mini schemas built the cheap way: the same schemas as `z.partial(z.looseObject(shape))`,
 * `z.coerce.number(params)` and `z.iso.datetime(params)`, without what a bundle would otherwise carry
 * for them (zod's shape-copying utilities; the whole `z.coerce` and `z.iso` namespaces, which
 * bundlers keep whole when reached through `z.`). Not part of the public surface.
 */
import * as z from 'zod/mini';
import { _coercedNumber, _isoDateTime } from 'zod/v4/core';

/**
 * `z.partial(z.looseObject(shape))` built directly (every field optional, unknown fields pass): the
 * same schema without zod's shape-copying helpers in the bundle.
 */
/* @__NO_SIDE_EFFECTS__ */ export function partialResponseObject<T extends z.core.$ZodLooseShape>(
  shape: T,
): z.ZodMiniObject<{ [K in keyof T]: z.ZodMiniOptional<T[K]> }, z.core.$loose> {
  const out: Record<string, z.ZodMiniOptional> = {};
  for (const key in shape) out[key] = z.optional(shape[key] as z.core.$ZodType);
  return z.looseObject(out) as never;
}

/**
 * `z.coerce.number(params)`, the very same schema, built without reaching through the `z.coerce`
 * namespace (which bundlers keep whole: the bigint and date coercions with it).
 */
/* @__NO_SIDE_EFFECTS__ */ export function coercedNumber(
  params?: string | z.core.$ZodNumberParams,
): z.ZodMiniNumber<unknown> {
  return _coercedNumber(z.ZodMiniNumber, params) as z.ZodMiniNumber<unknown>;
}

/** `z.iso.datetime(params)`, the very same schema, built without reaching through the `z.iso` namespace. */
/* @__NO_SIDE_EFFECTS__ */ export function isoDateTime(
  params?: string | z.core.$ZodISODateTimeParams,
): z.ZodMiniISODateTime {
  return _isoDateTime(z.ZodMiniISODateTime, params);
}
