/**
 * The bulk upsert rule over any sequence of entries, repeats and removals included (request bodies
 * name each user once, but the rule does not rely on it): the members it answers, and the lobby it
 * leaves, against a model that keeps the upserted members in a map by id.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import {
  joinBlocker,
  type LobbyMemberInput,
  memberChange,
  upsertSilently,
} from '../../src/emulator/handlers/lobby/lobbyRules.js';
import type { LobbyMemberRecord, LobbyRecord } from '../../src/emulator/world/lobbyRecords.js';
import { World } from '../../src/emulator/world/World.js';

/** A world with one application, four users and one lobby holding the first of them. */
function scene(maxLobbyMembers: number) {
  const world = new World({ clock: new ManualClock(Date.UTC(2026, 0, 1)), settings: { maxLobbyMembers } });
  const application = world.createApplication({ name: 'Game' });
  const users = Array.from({ length: 4 }, (_, i) => world.createUser({ username: `u${i}` }).id);
  const lobby = world.lobbies.create({ application_id: application.id });
  world.lobbies.upsertMember(lobby, users[0] as string, {});
  return { world, users, lobby };
}

/** The rule as a map by id keeps it: a repeat keeps its place, a removal drops it. */
function model(world: World, lobby: LobbyRecord, entries: readonly LobbyMemberInput[]): LobbyMemberRecord[] {
  const upserted = new Map<string, LobbyMemberRecord>();
  for (const entry of entries) {
    if (entry.remove_member === true) {
      world.lobbies.removeMember(lobby, entry.id);
      upserted.delete(entry.id);
      continue;
    }
    if (joinBlocker(world, lobby, entry.id) !== undefined) continue;
    upserted.set(entry.id, world.lobbies.applyMember(lobby, entry.id, memberChange(entry)));
  }
  return [...upserted.values()];
}

const snapshot = (lobby: LobbyRecord) => [...lobby.members.values()].map((m) => ({ ...m }));

describe('upsertSilently', () => {
  it('answers and changes the lobby as a map by id would, over repeats, removals and a full lobby', () => {
    const entry = fc.record({
      user: fc.integer({ min: 0, max: 3 }),
      remove: fc.boolean(),
      slot: fc.constantFrom('a', 'b', null),
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 12 }), fc.integer({ min: 1, max: 5 }), (drawn, max) => {
        const ours = scene(max);
        const theirs = scene(max);
        const entries = (users: readonly string[]): LobbyMemberInput[] =>
          drawn.map(({ user, remove, slot }) => ({
            id: users[user] as string,
            ...(remove ? { remove_member: true } : { metadata: slot === null ? null : { slot } }),
          }));
        const answer = upsertSilently(ours.world, ours.lobby, entries(ours.users));
        const expected = model(theirs.world, theirs.lobby, entries(theirs.users));
        expect(answer.map((m) => ({ ...m }))).toEqual(expected.map((m) => ({ ...m })));
        expect(snapshot(ours.lobby)).toEqual(snapshot(theirs.lobby));
        // Every member answered is the lobby's own record, once.
        for (const member of answer) expect(ours.lobby.members.get(member.id)).toBe(member);
        expect(new Set(answer).size).toBe(answer.length);
      }),
      { numRuns: 300 },
    );
  });
});
