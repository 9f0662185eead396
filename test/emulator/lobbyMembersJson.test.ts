/**
 * The direct writer of lobby members' JSON against JSON.stringify of the rendered members: the same
 * text for generated members (any characters, numbers and key orders), and for what it leaves to
 * JSON.stringify (values of the wrong type, toJSON anywhere), whatever its scratch buffer held.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
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

describe('lobbyMembersJson: its scratch buffer', () => {
  it('grows for an answer larger than it, and still writes small ones after', () => {
    const long = 'x'.repeat(1500);
    const big: LobbyMemberRecord[] = Array.from({ length: 4 }, (_, i) => ({
      id: String(i),
      metadata: { [long]: `${long}é💥"\\` },
      flags: i,
      additional_name: `${long}\u2028`,
    }));
    expect(lobbyMembersJson(big)).toBe(reference(big));
    const small: LobbyMemberRecord[] = [{ id: '9', metadata: null, flags: 0, additional_name: null }];
    expect(lobbyMembersJson(small)).toBe(reference(small));
  });
});

describe('lobbyMembersJson: answers about the size of its scratch buffer', () => {
  it('writes the same bytes wherever a string or a number falls against the end of the buffer', () => {
    const long = fc.oneof(fc.string({ minLength: 500, maxLength: 3000 }), text);
    const bulky: fc.Arbitrary<LobbyMemberRecord> = fc.record({
      id: long,
      metadata: fc.option(fc.dictionary(long, long, { maxKeys: 3 }), { nil: null }),
      flags: fc.oneof(fc.double(), fc.constantFrom(-0.0000012345678901234567, -1.7976931348623157e308)),
      additional_name: fc.option(long, { nil: null }),
    });
    fc.assert(
      fc.property(fc.array(bulky, { maxLength: 8 }), (members) => {
        expect(lobbyMembersJson(members)).toBe(reference(members));
      }),
      { numRuns: 150 },
    );
  });
});

describe('lobbyMembersJson: the end of a fresh scratch buffer (8 KB)', () => {
  it('keeps room for what follows a string: punctuation and numbers are never cut off', async () => {
    vi.resetModules();
    const fresh = await import('../../src/emulator/world/lobbyMembersJson.js');
    // An id that ends at every place near the end of the buffer, followed by the longest run of
    // punctuation and a number that the writer puts down without a test of room of its own.
    for (let length = 8100; length <= 8190; length += 1) {
      const members: LobbyMemberRecord[] = [
        { id: 'i'.repeat(length), metadata: null, flags: -0.0000012345678901234567, additional_name: 'a' },
      ];
      expect(fresh.lobbyMembersJson(members)).toBe(reference(members));
    }
  });
});
