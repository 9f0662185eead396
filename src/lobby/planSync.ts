/**
 * The coalescer: turns a batch of dirty things into the fewest calls the platform allows. Pure: no
 * clock, no client, no server.
 */
import { lobbyLimits } from '../spec/limitAreas.js';
import type { BulkLobbyMemberEntry } from '../spec/schemas/lobby.js';
import { type LobbyMemberView, type Metadata, memberToEntry } from './LobbyMemberView.js';
import type { SyncBatch } from './SyncQueue.js';

/** One call of a flush. */
export type PlannedCall =
  | {
      readonly kind: 'members';
      /** Bulk Update Lobby Members entries (upserts and `remove_member: true`), one per member. */
      readonly entries: readonly BulkLobbyMemberEntry[];
    }
  | {
      readonly kind: 'metadata';
      /** Modify Lobby's metadata: the whole map, since the platform overwrites it. */
      readonly metadata: Record<string, string>;
    };

/**
 * The calls that send `batch`: member entries in bulk calls of at most the platform's per-request
 * maximum (the bulk update removes with `remove_member: true`, so removals share those calls), then
 * one Modify Lobby with the whole metadata map. Metadata goes last so that its answer, a whole
 * lobby, already shows the member calls.
 */
export function planSync(
  batch: SyncBatch,
  members: ReadonlyMap<string, LobbyMemberView>,
  metadata: Metadata,
): PlannedCall[] {
  const calls: PlannedCall[] = [];
  const per = lobbyLimits.membersPerRequest;
  for (let i = 0; i < batch.memberIds.length; i += per) {
    const entries = batch.memberIds.slice(i, i + per).map((id): BulkLobbyMemberEntry => {
      const member = members.get(id);
      return member ? memberToEntry(member) : { id, remove_member: true };
    });
    calls.push({ kind: 'members', entries });
  }
  if (batch.metadata) calls.push({ kind: 'metadata', metadata: { ...metadata } });
  return calls;
}

/** The fewest calls any client needs for `memberChanges` distinct members and the metadata. */
export function syncLowerBound(memberChanges: number, metadataChanged: boolean): number {
  return Math.ceil(memberChanges / lobbyLimits.membersPerRequest) + (metadataChanged ? 1 : 0);
}
