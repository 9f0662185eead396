/** The coalescer and the sync queue, pure: no clock, no server. */
import { describe, expect, it } from 'vitest';
import { type LobbyMemberView, patchMember } from '../../src/lobby/LobbyMemberView.js';
import { planSync, syncLowerBound } from '../../src/lobby/planSync.js';
import { SyncQueue } from '../../src/lobby/SyncQueue.js';

const id = (n: number) => String(1_000_000_000_000_000n + BigInt(n));

function picture(count: number): Map<string, LobbyMemberView> {
  const members = new Map<string, LobbyMemberView>();
  for (let i = 0; i < count; i++)
    members.set(id(i), patchMember(id(i), undefined, { metadata: { n: String(i) } }));
  return members;
}

describe('SyncQueue', () => {
  it('keeps one entry per member however often it changes', () => {
    const q = new SyncQueue();
    for (let i = 0; i < 10; i++) q.markMember(id(1));
    q.markMember(id(2));
    q.markMetadata();
    q.markMetadata();
    expect(q.take()).toEqual({ memberIds: [id(1), id(2)], metadata: true });
    expect(q.isClean).toBe(true);
    expect(q.isSettled).toBe(false);
    expect(q.isMemberPending(id(1))).toBe(true);
    expect(q.isMemberDirty(id(1))).toBe(false);
  });

  it('restores a failed batch as dirty, and settles a confirmed one', () => {
    const q = new SyncQueue();
    q.markMember(id(1));
    q.markMember(id(2));
    q.markMetadata();
    const batch = q.take();
    q.settle([id(1)], false);
    q.restore([id(2)], true);
    expect(q.isMemberPending(id(1))).toBe(false);
    expect(q.isMemberDirty(id(2))).toBe(true);
    expect(q.isMetadataDirty).toBe(true);
    expect(batch.memberIds).toHaveLength(2);
    q.take();
    q.settle([id(2)], true);
    expect(q.isSettled).toBe(true);
  });

  it('describes pending changes, removals included', () => {
    const q = new SyncQueue();
    q.markMember(id(1));
    q.markMember(id(2));
    q.markMetadata();
    expect(q.changes((m) => m === id(1))).toEqual([
      { kind: 'metadata' },
      { kind: 'member', id: id(1), remove: false },
      { kind: 'member', id: id(2), remove: true },
    ]);
  });
});

describe('planSync', () => {
  it('sends 60 member changes as 3 bulk calls of at most 25, then one PATCH with the whole map', () => {
    const members = picture(60);
    const calls = planSync({ memberIds: [...members.keys()], metadata: true }, members, { a: '1', b: '2' });
    expect(calls.map((c) => (c.kind === 'members' ? c.entries.length : 'meta'))).toEqual([
      25,
      25,
      10,
      'meta',
    ]);
    expect(calls.at(-1)).toEqual({ kind: 'metadata', metadata: { a: '1', b: '2' } });
    expect(calls.length).toBe(syncLowerBound(60, true));
  });

  it('sends the whole current member (remove then re-add is one full upsert) and removals in bulk', () => {
    const members = new Map([[id(1), patchMember(id(1), undefined, { flags: 1 })]]);
    const calls = planSync({ memberIds: [id(1), id(2)], metadata: false }, members, {});
    expect(calls).toEqual([
      {
        kind: 'members',
        entries: [
          { id: id(1), metadata: {}, flags: 1, additional_name: null },
          { id: id(2), remove_member: true },
        ],
      },
    ]);
  });

  it('plans nothing for an empty batch', () => {
    expect(planSync({ memberIds: [], metadata: false }, new Map(), {})).toEqual([]);
    expect(syncLowerBound(0, false)).toBe(0);
  });
});
