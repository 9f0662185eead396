/**
 * The lean lobby schemas (spec/lean) against the zod schemas they mirror: on valid samples, on
 * hand-picked edge cases and on many generated values (valid samples with a part replaced, and
 * arbitrary structures), both give the same verdict and the same issues — code, path and message,
 * in the same order. And the lobby client's table is the lobby table, field for field, but for its
 * schemas and its area.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as lean from '../../src/spec/lean/leanLobby.js';
import { lobbyClientRoutes } from '../../src/spec/routes/lobbyClientRoutes.js';
import { lobbyRoutes } from '../../src/spec/routes/lobbyRoutes.js';
import { snowflake } from '../../src/spec/schemas/common.js';
import * as zs from '../../src/spec/schemas/lobby.js';
import { lobbySamples } from '../conformance/samples/lobbySamples.js';

interface Parser {
  safeParse(value: unknown): {
    success: boolean;
    error?: { issues: readonly { code?: string; path: readonly PropertyKey[]; message: string }[] };
  };
}

/** What a schema says of `value`: accepted, or its issues as `code path message`. */
function verdict(schema: Parser, value: unknown): string[] | 'ok' {
  const result = schema.safeParse(value);
  if (result.success) return 'ok';
  return (result.error?.issues ?? []).map((i) => `${i.code} [${i.path.map(String).join('.')}] ${i.message}`);
}

const id = (n: number) => String(1_301_234_567_890_120_000n + BigInt(n));
const long = (n: number, c = 'x') => c.repeat(n);

/** Values that sit on a rule's boundary or break a type. */
const edges: unknown[] = [
  undefined,
  null,
  true,
  0,
  1,
  2,
  3,
  -1,
  4,
  5,
  200,
  201,
  1.5,
  -2.5,
  2 ** 32,
  2 ** 32 - 1,
  2 ** 53,
  -(2 ** 53),
  604_800,
  604_801,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  '',
  '0',
  '12',
  '2.5',
  'abc',
  id(1),
  '18446744073709551615',
  '18446744073709551616',
  '123456789012345678901',
  long(80),
  long(81),
  long(250),
  long(251),
  long(1001),
  long(1025),
  long(2001),
  [],
  [1],
  ['a'],
  {},
  { length: 3 },
  { a: '1' },
  { a: 1 },
  { [long(1025)]: 'v' },
  { a: '1', b: '2', c: '3', d: '4', e: '5', f: '6' },
  { k: long(999) },
  { k: long(1000) },
  Object.create(null),
  new Map(),
  new Date(0),
  [{ id: id(1) }, { id: id(1) }],
  Array.from({ length: 25 }, (_, i) => ({ id: id(i) })),
  Array.from({ length: 26 }, (_, i) => ({ id: id(i) })),
  [...Array.from({ length: 26 }, (_, i) => ({ id: id(i) })), { id: id(0) }],
  [{ id: id(1), flags: 2 }, { id: id(1) }],
  [{ id: 'x' }, { id: 'x' }],
];

const fieldNames = [
  'id',
  'metadata',
  'flags',
  'additional_name',
  'remove_member',
  'members',
  'idle_timeout_seconds',
  'secret',
  'lobby_metadata',
  'member_metadata',
  'channel_id',
  'content',
  'limit',
  'application_id',
  'linked_channel',
  'type',
  'lobby_id',
  'user_id',
  'message_id',
  'user_id_1',
  'user_id_2',
  'author',
  'username',
  'code',
  'permission_overwrites',
  'thread_metadata',
  'allow',
  'deny',
  'archived',
  'x',
];

/** Arbitrary structures of edge values, with the schemas' own field names. */
const anyValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(...edges),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...fieldNames), tie('value'), { maxKeys: 6 }),
  ),
})).value;

/** Every path of a value's plain objects and arrays. */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const out = [prefix];
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) out.push(...pathsOf(v, [...prefix, i]));
  } else if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    for (const [k, v] of Object.entries(value)) out.push(...pathsOf(v, [...prefix, k]));
  return out;
}

/** The part of `value` at `path`. */
function valueAt(value: unknown, path: readonly (string | number)[]): unknown {
  return path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], value);
}

/** `value` with the part at `path` replaced by `by` (a fresh copy). */
function replaced(value: unknown, path: readonly (string | number)[], by: unknown): unknown {
  if (path.length === 0) return by;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = replaced(copy[head], rest, by);
  return copy;
}

/** A seed with one part (or a new field) replaced by an arbitrary value. */
function mutated(seeds: readonly unknown[]): fc.Arbitrary<unknown> {
  return fc
    .tuple(fc.constantFrom(...seeds), fc.nat(), fc.option(fc.constantFrom(...fieldNames)), anyValue)
    .map(([seed, n, extra, by]) => {
      const paths = pathsOf(seed);
      const path = paths[n % paths.length] as (string | number)[];
      return replaced(seed, extra === null ? path : [...path, extra], by);
    });
}

const linkedLobby = {
  id: id(1),
  application_id: id(2),
  metadata: { a: 'b' },
  members: [{ id: id(3), metadata: null, flags: 1, additional_name: 'C' }],
  linked_channel: {
    id: id(4),
    type: 0,
    permission_overwrites: [{ id: id(5), type: 1, allow: '1024', deny: '0' }],
    thread_metadata: { archived: false, auto_archive_duration: 60, archive_timestamp: 't', locked: false },
  },
};
const params = {
  noParams: [{}],
  lobby: [{ lobby_id: id(1) }],
  lobbyUser: [{ lobby_id: id(1), user_id: id(2) }],
  lobbyMessage: [{ lobby_id: id(1), message_id: id(2) }],
  dm: [{ user_id_1: id(1), user_id_2: id(2), message_id: id(3) }],
};
const paramSeeds = Object.values(params).flat();

/** Each lean schema, the zod schema it mirrors, and valid values of it. */
const pairs: [string, Parser, Parser, unknown[]][] = [];
for (const [name, route] of Object.entries(lobbyRoutes)) {
  const client = lobbyClientRoutes[name as keyof typeof lobbyClientRoutes];
  const samples = lobbySamples[name] ?? {};
  pairs.push([`${name} params`, client.params, route.params, paramSeeds]);
  if ('query' in route && 'query' in client)
    pairs.push([`${name} query`, client.query, route.query, [{}, { limit: 5 }, { limit: '200' }]]);
  if ('body' in route && 'body' in client)
    pairs.push([`${name} body`, client.body, route.body, [...(samples.request ?? [])]]);
  if ('response' in route && 'response' in client) {
    const responses = [...(samples.response ?? [])];
    if (name === 'getLobby') responses.push(linkedLobby);
    pairs.push([`${name} response`, client.response, route.response, responses]);
  }
}
pairs.push(
  ['snowflake', lean.snowflake, snowflake, [id(1), '0']],
  ['lobbyMetadata', lean.lobbyMetadata, zs.lobbyMetadata, [{}, { a: 'b' }]],
  ['idleTimeoutSeconds', lean.idleTimeoutSeconds, zs.idleTimeoutSeconds, [5, 300]],
  ['bulkLobbyMemberEntry', lean.bulkLobbyMemberEntry, zs.bulkLobbyMemberEntry, [{ id: id(1), flags: 1 }]],
);

describe('lean lobby schemas agree with the zod schemas', () => {
  it('covers every schema of the lobby table', () => {
    // 16 params, 1 query, 9 bodies, 11 responses, and the four the runtime checks changes with.
    expect(pairs.length).toBe(16 + 1 + 9 + 11 + 4);
  });

  for (const [name, leanSchema, zodSchema, seeds] of pairs) {
    describe(name, () => {
      it('accepts what zod accepts among the samples', () => {
        for (const seed of seeds) {
          if (verdict(zodSchema, seed) !== 'ok') continue;
          expect(verdict(leanSchema, seed), JSON.stringify(seed)).toBe('ok');
        }
      });

      it('gives the same verdict and issues on every edge value', () => {
        for (const value of [...edges, ...seeds]) {
          expect(verdict(leanSchema, value), String(JSON.stringify(value)).slice(0, 200)).toEqual(
            verdict(zodSchema, value),
          );
        }
      });

      it('gives the same verdict and issues with any one part of a sample replaced by an edge value', () => {
        let compared = 0;
        for (const seed of seeds) {
          for (const path of pathsOf(seed)) {
            const at = valueAt(seed, path);
            const targets =
              at !== null && typeof at === 'object' && !Array.isArray(at)
                ? [path, ...fieldNames.map((f) => [...path, f])]
                : [path];
            for (const target of targets) {
              for (const edge of edges) {
                const value = replaced(seed, target, edge);
                const expected = verdict(zodSchema, value);
                if (JSON.stringify(verdict(leanSchema, value)) !== JSON.stringify(expected))
                  expect(verdict(leanSchema, value), `${target.join('.')} ← ${JSON.stringify(edge)}`).toEqual(
                    expected,
                  );
                compared++;
              }
            }
          }
        }
        expect(compared).toBeGreaterThan(0);
      });

      it('gives the same verdict and issues on generated values', () => {
        fc.assert(
          fc.property(fc.oneof(mutated([...seeds, ...paramSeeds]), anyValue), (value) => {
            expect(verdict(leanSchema, value)).toEqual(verdict(zodSchema, value));
          }),
          { numRuns: 300 },
        );
      });
    });
  }

  it('is tested on invalid values too (a check that accepts everything fails here)', () => {
    const refused = verdict(lean.bulkLobbyMemberEntry, { id: 'x', flags: 2, additional_name: '' });
    expect(refused).toEqual([
      'invalid_format [id] must be a snowflake (a decimal id of at most 20 digits)',
      'custom [flags] only lobby member flag CanLinkLobby (1) may be set',
      'too_small [additional_name] Invalid input',
    ]);
  });
});

describe('the lobby client table', () => {
  it('has every lobby operation, each with the lobby table’s fields but the schemas and the area', () => {
    expect(Object.keys(lobbyClientRoutes).sort()).toEqual(Object.keys(lobbyRoutes).sort());
    for (const [name, route] of Object.entries(lobbyRoutes)) {
      const client = lobbyClientRoutes[name as keyof typeof lobbyClientRoutes] as Record<string, unknown>;
      const { area: _area, ...fields } = route as Record<string, unknown>;
      for (const key of ['params', 'query', 'body', 'response']) {
        expect(key in client, `${name}.${key}`).toBe(key in fields);
        delete fields[key];
      }
      const { params: _p, query: _q, body: _b, response: _r, ...clientFields } = client;
      expect(clientFields, name).toEqual(fields);
    }
  });
});
