/**
 * The direct writer of lobby members' JSON against JSON.stringify of the rendered members: the same
 * text for generated members (any characters, numbers and key orders), and for what it leaves to
 * JSON.stringify (values of the wrong type, toJSON anywhere).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lobbyMembersJson } from '../../src/emulator/world/lobbyMembersJson.js';
import type { LobbyMemberRecord } from '../../src/emulator/world/lobbyRecords.js';
import { renderLobbyMember } from '../../src/emulator/world/renderLobby.js';

const reference = (members: readonly LobbyMemberRecord[]) => JSON.stringify(members.map(renderLobbyMember));

const text = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }), // lone surrogates, control characters
  fc.constantFrom('', 'blue', '"', '\\', '\n', '\u2028', '\u007f', 'é', '💥', '\ud800', '10', '2', '0'),
);
const member: fc.Arbitrary<LobbyMemberRecord> = fc.record({
  id: fc.oneof(fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }).map(String), text),
  metadata: fc.option(fc.dictionary(text, text, { maxKeys: 6 }), { nil: null }),
  flags: fc.oneof(fc.integer({ min: 0, max: 0xffff_ffff }), fc.double(), fc.constantFrom(-0, 1e21, 0.1)),
  additional_name: fc.option(text, { nil: null }),
});

describe('lobbyMembersJson', () => {
  it('writes what JSON.stringify writes of the rendered members', () => {
    fc.assert(
      fc.property(fc.array(member, { maxLength: 30 }), (members) => {
        expect(lobbyMembersJson(members)).toBe(reference(members));
      }),
      { numRuns: 400 },
    );
  });

  it('writes the bench answer (25 members with metadata) directly, keys in their order', () => {
    const members: LobbyMemberRecord[] = Array.from({ length: 25 }, (_, i) => ({
      id: String(1234567890123456789n + BigInt(i)),
      metadata: { slot: String(i), team: 'blue', 10: 'x', 2: 'y' },
      flags: i % 2,
      additional_name: i === 3 ? 'Ann' : null,
    }));
    expect(lobbyMembersJson(members)).toBe(reference(members));
    expect(lobbyMembersJson([])).toBe('[]');
  });

  it('leaves to JSON.stringify what it does not model', () => {
    const odd = [
      { id: '1', metadata: { n: 1 }, flags: 0, additional_name: null },
      { id: '2', metadata: { u: undefined, s: 's' }, flags: Number.NaN, additional_name: null },
      { id: '3', metadata: { toJSON: () => ({ replaced: true }) }, flags: 0, additional_name: null },
      { id: '4', metadata: null, flags: 0, additional_name: undefined },
      { id: 5, metadata: [], flags: Number.POSITIVE_INFINITY, additional_name: 7 },
    ] as unknown as LobbyMemberRecord[];
    expect(lobbyMembersJson(odd)).toBe(reference(odd));
  });

  it('honours a toJSON that every object or array inherits', () => {
    const members: LobbyMemberRecord[] = [{ id: '1', metadata: { a: 'b' }, flags: 0, additional_name: null }];
    for (const proto of [Object.prototype, Array.prototype] as Array<Record<string, unknown>>) {
      proto.toJSON = () => 'replaced';
      try {
        expect(lobbyMembersJson(members)).toBe(reference(members));
      } finally {
        delete proto.toJSON;
      }
    }
  });
});
