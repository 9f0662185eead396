/**
 * Building blocks shared by every schema: ids, timestamps, string dictionaries with a total-length
 * limit. Response schemas are built with {@link responseObject} (unknown fields pass, because the
 * platform adds fields over time); request schemas with `z.object` and every documented rule.
 */
import * as z from 'zod/mini';
import { coercedNumber, isoDateTime } from '../zodParts.js';
import { fits64, metadataTotalLength, SNOWFLAKE_RE } from './snowflakeRules.js';

export { metadataTotalLength };

/** A snowflake: the decimal string of an unsigned 64-bit id. */
export const snowflake = /* @__PURE__ */ z
  .string()
  .check(
    z.regex(SNOWFLAKE_RE, {
      message: 'must be a snowflake (a decimal id of at most 20 digits)',
      abort: true,
    }),
  )
  .check(z.refine(fits64, { message: 'must be a snowflake (fits in 64 bits)' }));

/** An ISO8601 timestamp with a time zone, as requests must send it. */
export const isoTimestamp = /* @__PURE__ */ isoDateTime({
  offset: true,
  message: 'must be an ISO8601 timestamp',
});

/** A timestamp as responses carry it (not re-validated: the platform is the authority). */
export const responseTimestamp = /* @__PURE__ */ z.string();

/** A permission bitfield: the decimal string of a 64-bit integer. */
export const permissionString = /* @__PURE__ */ z
  .string()
  .check(z.regex(SNOWFLAKE_RE, { message: 'must be a permission bitfield (a decimal string)', abort: true }))
  .check(z.refine(fits64, { message: 'must fit in 64 bits' }));

/** A response object: documented fields are checked, unknown fields pass through. */
/* @__NO_SIDE_EFFECTS__ */ export function responseObject<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.looseObject(shape);
}

/**
 * A string → string dictionary whose keys and values together are at most `maxTotal` characters
 * long (the specification's "maximum total length").
 */
/* @__NO_SIDE_EFFECTS__ */ export function stringDict(maxTotal: number) {
  return z.record(z.string(), z.string()).check(
    z.superRefine((dict, ctx) => {
      const total = metadataTotalLength(dict);
      if (total > maxTotal) {
        ctx.addIssue({
          code: 'too_big',
          origin: 'string',
          maximum: maxTotal,
          inclusive: true,
          input: dict,
          message: `total length of keys and values must be at most ${maxTotal} (got ${total})`,
        });
      }
    }),
  );
}

/** A bitfield integer: non-negative and within 32 bits. */
export const flagsInt = /* @__PURE__ */ z
  .number()
  .check(z.int())
  .check(z.minimum(0))
  .check(z.maximum(0xffff_ffff));

/** A boolean query parameter as the platform reads it from a URL (`true`/`false`, also `1`/`0`). */
export const queryBoolean = /* @__PURE__ */ z.pipe(
  /* @__PURE__ */ z.union([
    /* @__PURE__ */ z.boolean(),
    /* @__PURE__ */ z.enum(['true', 'false', 'True', 'False', '1', '0']),
  ]),
  /* @__PURE__ */ z.transform((v) => v === true || v === 'true' || v === 'True' || v === '1'),
);

/** An integer query parameter: a number, or the decimal string a URL carries. */
/* @__NO_SIDE_EFFECTS__ */ export function queryInt(min: number, max: number) {
  return coercedNumber({ message: 'must be an integer' })
    .check(z.int({ message: 'must be an integer' }))
    .check(z.minimum(min))
    .check(z.maximum(max));
}

/** Path parameters with no placeholders. */
export const noParams = /* @__PURE__ */ z.object({});
