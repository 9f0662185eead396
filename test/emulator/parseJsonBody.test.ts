import { describe, expect, it } from 'vitest';
import {
  MAX_JSON_CONTAINERS,
  MAX_JSON_DEPTH,
  nullPrototypes,
  parseCheckedJson,
  parseJsonBody,
} from '../../src/emulator/http/parseJsonBody.js';
import { PlatformError } from '../../src/emulator/PlatformError.js';

function failure(text: string, parse: (text: string) => unknown = parseJsonBody): PlatformError {
  try {
    parse(text);
  } catch (error) {
    if (error instanceof PlatformError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('parseJsonBody', () => {
  it('parses into null-prototype objects, keeping key order and `constructor` as plain data', () => {
    const value = parseJsonBody('{"b":{"x":1},"a":[{"constructor":"c"}]}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBeNull();
    expect(Object.keys(value)).toEqual(['b', 'a']);
    expect(JSON.stringify(value)).toBe('{"b":{"x":1},"a":[{"constructor":"c"}]}');
    // Nested objects too; arrays stay arrays.
    expect(Object.getPrototypeOf(value.b)).toBeNull();
    const list = value.a as Array<Record<string, unknown>>;
    expect(Array.isArray(list)).toBe(true);
    expect(Object.getPrototypeOf(list[0])).toBeNull();
    expect(list[0]?.constructor).toBe('c');
  });

  it('answers malformed JSON with 400 code 50109', () => {
    const error = failure('{"a":');
    expect(error.status).toBe(400);
    expect(error.envelope).toEqual({ code: 50109, message: 'The request body contains invalid JSON.' });
  });

  it('refuses __proto__ keys anywhere with a 50035 naming the path, and pollutes nothing', () => {
    const error = failure('{"metadata":{"__proto__":{"polluted":true}},"list":[{"__proto__":1}]}');
    expect(error.envelope.code).toBe(50035);
    const leaf = '{"_errors":[{"code":"DICT_KEY_INVALID","message":"This key is not allowed."}]}';
    const text = JSON.stringify(error.envelope.errors);
    expect(text).toContain(`"metadata":{"__proto__":${leaf}}`);
    expect(text).toContain(`"list":{"0":{"__proto__":${leaf}}}`);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it(`accepts ${MAX_JSON_DEPTH} levels of nesting and refuses one more`, () => {
    const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
    expect(() => parseJsonBody(nested(MAX_JSON_DEPTH))).not.toThrow();
    expect(failure(nested(MAX_JSON_DEPTH + 1)).envelope.code).toBe(50035);
    // Very deep input is refused without recursion trouble.
    expect(failure(nested(200_000)).envelope.code).toBe(50035);
  });

  it(`accepts ${MAX_JSON_CONTAINERS} containers and refuses more`, () => {
    const list = (n: number) => `[${new Array(n - 1).fill('{}').join(',')}]`;
    expect(() => parseJsonBody(list(MAX_JSON_CONTAINERS))).not.toThrow();
    expect(failure(list(MAX_JSON_CONTAINERS + 1)).envelope.code).toBe(50035);
  });

  it('keeps scalars as they are', () => {
    expect(parseJsonBody('"text"')).toBe('text');
    expect(parseJsonBody('null')).toBeNull();
    expect(parseJsonBody('[1,"a",true,null]')).toEqual([1, 'a', true, null]);
  });
});

describe('parseCheckedJson', () => {
  const refused = [
    '{"a":',
    '{"metadata":{"__proto__":{"polluted":true}},"list":[{"__proto__":1}]}',
    '{"a":{"\\u005f_proto__":1}}',
    '['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1),
    `[${new Array(MAX_JSON_CONTAINERS).fill('{}').join(',')}]`,
  ];

  it('refuses exactly what parseJsonBody refuses, with the same answer', () => {
    for (const text of refused) {
      expect(failure(text, parseCheckedJson).answer, text.slice(0, 40)).toEqual(failure(text).answer);
    }
  });

  it('leaves prototypes for nullPrototypes, which makes what parseJsonBody makes', () => {
    const text = '{"b":{"x":1},"a":[{"constructor":"c"},[{"d":null}]]}';
    const value = parseCheckedJson(text) as { b: object; a: [object, [object]] };
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(value.a[1][0])).toBe(Object.prototype);
    expect(nullPrototypes(value)).toBe(value);
    const hardened = parseJsonBody(text) as typeof value;
    for (const [ours, theirs] of [
      [value, hardened],
      [value.b, hardened.b],
      [value.a[0], hardened.a[0]],
      [value.a[1][0], hardened.a[1][0]],
    ]) {
      expect(Object.getPrototypeOf(ours)).toBeNull();
      expect(Object.getPrototypeOf(theirs)).toBeNull();
    }
    expect(JSON.stringify(value)).toBe(JSON.stringify(hardened));
  });

  it('walks own keys only, whatever a host added to Object.prototype', () => {
    const proto = Object.prototype as Record<string, unknown>;
    // Too deep to be accepted, were the walk to follow it.
    proto.hostAdded = JSON.parse('['.repeat(MAX_JSON_DEPTH + 8) + ']'.repeat(MAX_JSON_DEPTH + 8));
    try {
      expect(parseCheckedJson('{"a":{"b":1}}')).toEqual({ a: { b: 1 } });
    } finally {
      delete proto.hostAdded;
    }
  });
});
