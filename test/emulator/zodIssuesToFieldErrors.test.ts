import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodIssuesToFieldErrors } from '../../src/emulator/http/zodIssuesToFieldErrors.js';
import { fieldErrorTree } from '../../src/emulator/PlatformError.js';
import type { FieldErrorTree } from '../../src/spec/codes.js';
import { snowflake, stringDict } from '../../src/spec/schemas/common.js';

function errorsOf(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) throw new Error('expected a failure');
  return fieldErrorTree(zodIssuesToFieldErrors(result.error.issues));
}

describe('zod issues → the 50035 errors tree', () => {
  const schema = z.object({
    name: z.string().min(2).max(5),
    count: z.number().int().min(1).max(25),
    members: z.array(z.object({ id: z.string().regex(/^\d{1,20}$/), flags: z.number().int() })).max(2),
    kind: z.enum(['a', 'b']),
    on: z.boolean(),
    meta: z.record(z.string(), z.string()),
  });

  it('names every bad field, nested by field name and array index', () => {
    const tree = errorsOf(schema, {
      name: 'x',
      count: 26,
      members: [{ id: '1', flags: 0 }, { id: 'abc' }],
      kind: 'c',
      on: 'yes',
      meta: [],
    });
    expect(JSON.parse(JSON.stringify(tree))).toEqual({
      name: { _errors: [{ code: 'BASE_TYPE_MIN_LENGTH', message: 'Must be 2 or more in length.' }] },
      count: {
        _errors: [{ code: 'NUMBER_TYPE_MAX', message: 'int value should be less than or equal to 25.' }],
      },
      members: {
        '1': {
          id: { _errors: [{ code: 'NUMBER_TYPE_COERCE', message: 'Value "abc" is not snowflake.' }] },
          flags: { _errors: [{ code: 'BASE_TYPE_REQUIRED', message: 'This field is required' }] },
        },
      },
      kind: { _errors: [{ code: 'BASE_TYPE_CHOICES', message: 'Value must be one of {a, b}.' }] },
      on: { _errors: [{ code: 'BASE_TYPE_BOOLEAN', message: 'Must be either true or false.' }] },
      meta: {
        _errors: [{ code: 'DICT_TYPE_CONVERT', message: 'Only dictionaries may be used in a DictType' }],
      },
    });
  });

  it('reports a missing field as BASE_TYPE_REQUIRED and a wrong type with the value', () => {
    const tree = errorsOf(z.object({ a: z.string(), b: z.number() }), { b: 'seven' });
    expect(tree.a).toEqual({ _errors: [{ code: 'BASE_TYPE_REQUIRED', message: 'This field is required' }] });
    expect(tree.b).toEqual({
      _errors: [{ code: 'NUMBER_TYPE_COERCE', message: 'Value "seven" is not int.' }],
    });
  });

  it('reports array length limits as BASE_TYPE_MAX_LENGTH / MIN_LENGTH', () => {
    const list = z.object({ items: z.array(z.number()).min(1).max(2) });
    expect(errorsOf(list, { items: [1, 2, 3] }).items).toEqual({
      _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 2 or fewer in length.' }],
    });
    expect(errorsOf(list, { items: [] }).items).toEqual({
      _errors: [{ code: 'BASE_TYPE_MIN_LENGTH', message: 'Must be 1 or more in length.' }],
    });
  });

  it("keeps a schema's own message (written for the rule) and puts root errors under _errors", () => {
    const tree = errorsOf(z.object({ metadata: stringDict(10) }), { metadata: { abcdef: 'ghijkl' } });
    expect((tree.metadata as FieldErrorTree | undefined)?._errors?.[0]?.message).toContain('at most 10');
    const root = errorsOf(z.array(z.number()), {});
    expect(root._errors?.[0]?.code).toBe('LIST_TYPE_CONVERT');
  });

  it('lets a custom issue choose its code with params.code', () => {
    const schema = z.string().superRefine((_v, ctx) => {
      ctx.addIssue({ code: 'custom', message: 'no', params: { code: 'MY_CODE' } });
    });
    expect(errorsOf(z.object({ f: schema }), { f: 'x' }).f).toEqual({
      _errors: [{ code: 'MY_CODE', message: 'no' }],
    });
  });

  it('reports a union of literals as one choice error', () => {
    const tree = errorsOf(z.object({ type: z.union([z.literal(0), z.literal(1)]) }), { type: 5 });
    expect(tree.type).toEqual({
      _errors: [{ code: 'BASE_TYPE_CHOICES', message: 'Value must be one of {0, 1}.' }],
    });
  });

  it('keeps client-chosen keys as plain keys (null prototype)', () => {
    const tree = fieldErrorTree([{ path: ['__proto__', 'x'], code: 'C', message: 'm' }]);
    expect(Object.getPrototypeOf(tree)).toBeNull();
    expect(Object.keys(tree)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('the shared snowflake schema is mapped to the platform message', () => {
    const result = z
      .object({ id: snowflake })
      .safeParse({ id: '123456789012345678901234' }, { reportInput: true });
    expect(result.success).toBe(false);
    if (!result.success) {
      const tree = fieldErrorTree(zodIssuesToFieldErrors(result.error.issues));
      expect((tree.id as FieldErrorTree | undefined)?._errors?.[0]?.code).toBe('NUMBER_TYPE_COERCE');
    }
  });
});
