/**
 * Role connections (linked roles): the metadata records an application declares, and the values a
 * user's connection holds for them. Limits are the platform's documented ones.
 */
import * as z from 'zod/mini';
import { ApplicationRoleConnectionMetadataType } from '../flags.js';
import { limits } from '../limits.js';
import { responseObject } from './common.js';

const metadataTypeValues = Object.values(ApplicationRoleConnectionMetadataType);

/** A metadata record as the platform returns it (Get and Update Application Role Connection Metadata). */
export const applicationRoleConnectionMetadata = responseObject({
  /** Application Role Connection Metadata Type, 1-8. */
  type: z.number().check(z.int()),
  key: z.string(),
  name: z.string(),
  name_localizations: z.nullish(z.record(z.string(), z.string())),
  description: z.string(),
  description_localizations: z.nullish(z.record(z.string(), z.string())),
});
/** An application role connection metadata record. */
export type ApplicationRoleConnectionMetadata = z.infer<typeof applicationRoleConnectionMetadata>;

/** A metadata key: 1-50 characters of a-z, 0-9 and _. */
export const roleConnectionMetadataKey = z
  .string({ message: 'key must be a string' })
  .check(
    z.minLength(limits.roleConnection.keyMinLength, {
      message: `key must be at least ${limits.roleConnection.keyMinLength} character`,
    }),
  )
  .check(
    z.maxLength(limits.roleConnection.keyMaxLength, {
      message: `key must be at most ${limits.roleConnection.keyMaxLength} characters`,
    }),
  )
  .check(z.regex(/^[a-z0-9_]*$/, { message: 'key may only hold the characters a-z, 0-9 and _' }));

function boundedString(field: string, min: number, max: number) {
  return z
    .string({ message: `${field} must be a string` })
    .check(z.minLength(min, { message: `${field} must be at least ${min} character` }))
    .check(z.maxLength(max, { message: `${field} must be at most ${max} characters` }));
}

/** Localizations: locale → text, each text within the field's own length limits. */
function localizations(field: string, min: number, max: number) {
  return z.nullish(z.record(z.string(), boundedString(`each ${field}`, min, max)));
}

/**
 * One metadata record of Update Application Role Connection Metadata: `type` 1-8, `key` (1-50 of
 * a-z0-9_), `name` 1-100, `description` 1-200, and optional localizations with the same limits.
 */
export const applicationRoleConnectionMetadataRecord = z.object({
  type: z.literal(metadataTypeValues, {
    message: `type must be one of ${metadataTypeValues.join(', ')} (Application Role Connection Metadata Type)`,
  }),
  key: roleConnectionMetadataKey,
  name: boundedString('name', limits.roleConnection.nameMinLength, limits.roleConnection.nameMaxLength),
  name_localizations: localizations(
    'name localization',
    limits.roleConnection.nameMinLength,
    limits.roleConnection.nameMaxLength,
  ),
  description: boundedString(
    'description',
    limits.roleConnection.descriptionMinLength,
    limits.roleConnection.descriptionMaxLength,
  ),
  description_localizations: localizations(
    'description localization',
    limits.roleConnection.descriptionMinLength,
    limits.roleConnection.descriptionMaxLength,
  ),
});
/** One metadata record of an update. */
export type ApplicationRoleConnectionMetadataRecord = z.infer<typeof applicationRoleConnectionMetadataRecord>;

/**
 * Update Application Role Connection Metadata body: the whole list of records (it replaces the
 * previous one), at most 5, each key once.
 */
export const updateApplicationRoleConnectionMetadataBody = z
  .array(applicationRoleConnectionMetadataRecord)
  .check(
    z.maxLength(limits.roleConnection.metadataRecordsMax, {
      message: `an application may declare at most ${limits.roleConnection.metadataRecordsMax} metadata records`,
    }),
  )
  .check(
    z.superRefine((records, ctx) => {
      const seen = new Set<string>();
      records.forEach((record, index) => {
        if (seen.has(record.key)) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'key'],
            message: `key "${record.key}" is declared more than once`,
            input: record.key,
          });
        }
        seen.add(record.key);
      });
    }),
  );
/** Update Application Role Connection Metadata body. */
export type UpdateApplicationRoleConnectionMetadataBody = z.infer<
  typeof updateApplicationRoleConnectionMetadataBody
>;

/**
 * A user's role connection with an application: the platform's vanity name and the user's name
 * there (null when unset), and the metadata values keyed by metadata key.
 */
export const userRoleConnection = responseObject({
  platform_name: z.nullish(z.string()),
  platform_username: z.nullish(z.string()),
  metadata: z.record(z.string(), z.string()),
});
/** A user role connection. */
export type UserRoleConnection = z.infer<typeof userRoleConnection>;

/**
 * A metadata value as a request carries it: a string of 1-100 characters, or an integer (the
 * platform's own examples send numbers), which is turned into its string.
 */
const metadataValue = z.union(
  [
    z
      .string()
      .check(
        z.minLength(limits.roleConnection.metadataValueMinLength, {
          message: `each metadata value must be at least ${limits.roleConnection.metadataValueMinLength} character`,
        }),
      )
      .check(
        z.maxLength(limits.roleConnection.metadataValueMaxLength, {
          message: `each metadata value must be at most ${limits.roleConnection.metadataValueMaxLength} characters`,
        }),
      ),
    z.pipe(
      z.number().check(z.int()),
      z.transform((n) => String(n)),
    ),
  ],
  {
    message: `each metadata value must be a string of at most ${limits.roleConnection.metadataValueMaxLength} characters`,
  },
);

/**
 * Update User Role Connection body, every field optional and nullable: `platform_name` (at most 50
 * characters), `platform_username` (at most 100), `metadata` (at most 5 entries, metadata key →
 * value of 1-100 characters). Whether each key is declared and each value fits its type needs the
 * application's records: see {@link userRoleConnectionIssues}.
 */
export const updateUserRoleConnectionBody = z.object({
  platform_name: z.nullish(
    z.string().check(
      z.maxLength(limits.roleConnection.platformNameMaxLength, {
        message: `platform_name must be at most ${limits.roleConnection.platformNameMaxLength} characters`,
      }),
    ),
  ),
  platform_username: z.nullish(
    z.string().check(
      z.maxLength(limits.roleConnection.platformUsernameMaxLength, {
        message: `platform_username must be at most ${limits.roleConnection.platformUsernameMaxLength} characters`,
      }),
    ),
  ),
  metadata: z.nullish(
    z.record(roleConnectionMetadataKey, metadataValue).check(
      z.refine((dict) => Object.keys(dict).length <= limits.roleConnection.metadataRecordsMax, {
        message: `metadata may hold at most ${limits.roleConnection.metadataRecordsMax} entries (one per metadata record)`,
      }),
    ),
  ),
});
/** Update User Role Connection body (parsed: metadata values are strings). */
export type UpdateUserRoleConnectionBody = z.infer<typeof updateUserRoleConnectionBody>;

const INTEGER_RE = /^-?\d+$/;
const DATE_RE = /^\d{4}-\d{2}-\d{2}(?:[T ][0-9:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;

const T = ApplicationRoleConnectionMetadataType;
const integerTypes: readonly number[] = [
  T.INTEGER_LESS_THAN_OR_EQUAL,
  T.INTEGER_GREATER_THAN_OR_EQUAL,
  T.INTEGER_EQUAL,
  T.INTEGER_NOT_EQUAL,
];
const datetimeTypes: readonly number[] = [T.DATETIME_LESS_THAN_OR_EQUAL, T.DATETIME_GREATER_THAN_OR_EQUAL];
const booleanTypes: readonly number[] = [T.BOOLEAN_EQUAL, T.BOOLEAN_NOT_EQUAL];

/** What a value of each metadata type must look like: the reason it does not, or undefined. */
function valueProblem(type: number, value: string): string | undefined {
  if (integerTypes.includes(type)) return INTEGER_RE.test(value) ? undefined : 'must be an integer';
  if (datetimeTypes.includes(type)) {
    return DATE_RE.test(value) && !Number.isNaN(Date.parse(value))
      ? undefined
      : 'must be an ISO8601 date or timestamp';
  }
  if (booleanTypes.includes(type)) return value === '0' || value === '1' ? undefined : 'must be 0 or 1';
  return undefined;
}

/**
 * The rules of Update User Role Connection that need the application's metadata `records`: every
 * metadata key must be one the application declared, and each value must fit its record's type
 * (integer types an integer, datetime types an ISO8601 date or timestamp, boolean types 0 or 1).
 * Takes the parsed body (values already strings); returns zod-style issues, empty when it passes.
 */
export function userRoleConnectionIssues(
  body: Pick<UpdateUserRoleConnectionBody, 'metadata'>,
  records: ReadonlyArray<Pick<ApplicationRoleConnectionMetadata, 'key' | 'type'>>,
): z.core.$ZodIssueCustom[] {
  const issues: z.core.$ZodIssueCustom[] = [];
  const byKey = new Map(records.map((record) => [record.key, record.type]));
  for (const [key, value] of Object.entries(body.metadata ?? {})) {
    const type = byKey.get(key);
    const problem =
      type === undefined
        ? `is not a metadata key of the application (declared: ${[...byKey.keys()].join(', ') || 'none'})`
        : valueProblem(type, value);
    if (problem) {
      issues.push({
        code: 'custom',
        path: ['metadata', key],
        message: `metadata ${key} ${problem}`,
        input: value,
      });
    }
  }
  return issues;
}
