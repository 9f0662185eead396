/**
 * One flush of one lobby: takes what is dirty, sends it as the coalescer planned, and applies the
 * answers. The server's answer is the truth: members missing from a bulk answer are rolled back; a
 * refused change (4xx) is dropped alone and reported; no answer or a 5xx keeps every change pending.
 */
import type {
  BulkLobbyMemberEntry,
  LobbyMember as LobbyMemberWire,
  Lobby as LobbyWire,
} from '../spec/schemas/lobby.js';
import { classifySyncError, isEntrySpecific } from './classifySyncError.js';
import type { ChangeOrigin, SyncCallSummary } from './LobbyEvents.js';
import { signalArg } from './lobbyCallOptions.js';
import type { LobbyHost } from './LobbyHost.js';
import { type LobbyMemberView, type Metadata, memberFromWire } from './LobbyMemberView.js';
import type { Corrections } from './LobbyPicture.js';
import { planSync } from './planSync.js';
import { reconcileLobby } from './reconcileLobby.js';
import type { PendingChange, SyncQueue } from './SyncQueue.js';

/** The part of a lobby a flush works on. */
export interface SyncTarget {
  readonly id: string;
  readonly host: LobbyHost;
  readonly queue: SyncQueue;
  readonly members: ReadonlyMap<string, LobbyMemberView>;
  metadata(): Metadata;
  /** The lobby no longer exists on the platform. */
  gone(): void;
  /** Applies a whole-lobby answer (pending things stay local). */
  reconcile(wire: LobbyWire, corrected: Corrections | undefined, origin: ChangeOrigin): void;
  /** The platform silently dropped `member`: roll it back. */
  rejectMember(member: LobbyMemberView): void;
  /** The platform answered `member` for a member sent and not changed since. */
  serverMember(member: LobbyMemberView): void;
  /** Reports changes dropped for good. */
  reportDropped(error: unknown, changes: readonly PendingChange[]): void;
}

/** What a flush did. */
export interface FlushOutcome {
  /** The calls made, in order. */
  readonly calls: readonly SyncCallSummary[];
}

/** What a flush did, and the error that left changes pending, if any. */
export interface FlushReport extends FlushOutcome {
  readonly retryError?: unknown;
}

type Stop = { readonly kind: 'gone' } | { readonly kind: 'retry'; readonly error: unknown };

interface FlushState {
  readonly target: SyncTarget;
  readonly signal: AbortSignal | undefined;
  readonly calls: SyncCallSummary[];
  readonly settled: Set<string>;
  readonly dropped: Set<string>;
  metadataSettled: boolean;
  metadataDropped: boolean;
}

/** Flushes `target`: resolves with the calls made, and `retryError` when changes were kept pending. */
export async function flushLobby(target: SyncTarget, signal: AbortSignal | undefined): Promise<FlushReport> {
  const batch = target.queue.take();
  const plan = planSync(batch, target.members, target.metadata());
  const state: FlushState = {
    target,
    signal,
    calls: [],
    settled: new Set(),
    dropped: new Set(),
    metadataSettled: false,
    metadataDropped: false,
  };
  let stop: Stop | undefined;
  let answer: LobbyWire | undefined;
  for (const call of plan) {
    if (call.kind === 'members') {
      stop = await sendEntries(state, call.entries);
    } else {
      const result = await sendMetadata(state, call.metadata);
      if (typeof result === 'object' && 'members' in result) answer = result;
      else stop = result;
    }
    if (stop) break;
  }
  if (stop?.kind === 'gone') {
    target.gone();
    return { calls: state.calls };
  }
  if (stop?.kind === 'retry') {
    const left = batch.memberIds.filter((id) => !state.settled.has(id));
    target.queue.restore(left, batch.metadata && !state.metadataSettled);
    return { calls: state.calls, retryError: stop.error };
  }
  const corrected: Corrections | undefined =
    state.dropped.size > 0 || state.metadataDropped
      ? { ids: state.dropped, metadata: state.metadataDropped }
      : undefined;
  // The metadata call goes last, so its answer already shows every member call: it is a free reconcile.
  if (answer) target.reconcile(answer, corrected, 'remote');
  else if (corrected) await readBack(target, signal, corrected);
  return { calls: state.calls };
}

async function sendEntries(
  state: FlushState,
  entries: readonly BulkLobbyMemberEntry[],
): Promise<Stop | undefined> {
  const { target } = state;
  let answer: LobbyMemberWire[];
  try {
    answer = await target.host.rest.call('bulkUpdateLobbyMembers', {
      params: { lobby_id: target.id },
      body: [...entries],
      ...signalArg(state),
    });
  } catch (error) {
    const kind = classifySyncError(error);
    if (kind === 'gone') return { kind: 'gone' };
    if (kind === 'retry') return { kind: 'retry', error };
    if (entries.length > 1 && isEntrySpecific(error)) {
      // One bad entry fails the whole call: send them one by one to find it and keep the others.
      for (const entry of entries) {
        const stop = await sendEntries(state, [entry]);
        if (stop) return stop;
      }
      return undefined;
    }
    const ids = entries.map((e) => e.id);
    settle(state, ids);
    for (const id of ids) state.dropped.add(id);
    target.reportDropped(
      error,
      entries.map((e) => ({ kind: 'member', id: e.id, remove: e.remove_member === true })),
    );
    return undefined;
  }
  state.calls.push({ operation: 'bulkUpdateLobbyMembers', changes: entries.length });
  settle(
    state,
    entries.map((e) => e.id),
  );
  const answered = new Map(answer.map((m) => [m.id, m]));
  for (const entry of entries) {
    // A member changed again while the call was out goes in the next flush, which decides.
    if (entry.remove_member === true || target.queue.isMemberPending(entry.id)) continue;
    const wire = answered.get(entry.id);
    if (wire) target.serverMember(memberFromWire(wire));
    else {
      const member = target.members.get(entry.id);
      if (member) target.rejectMember(member);
    }
  }
  return undefined;
}

async function sendMetadata(
  state: FlushState,
  metadata: Record<string, string>,
): Promise<LobbyWire | Stop | undefined> {
  const { target } = state;
  try {
    const answer = await target.host.rest.call('modifyLobby', {
      params: { lobby_id: target.id },
      body: { metadata },
      ...signalArg(state),
    });
    state.calls.push({ operation: 'modifyLobby', changes: 1 });
    state.metadataSettled = true;
    target.queue.settle([], true);
    return answer;
  } catch (error) {
    const kind = classifySyncError(error);
    if (kind === 'gone') return { kind: 'gone' };
    if (kind === 'retry') return { kind: 'retry', error };
    state.metadataSettled = true;
    state.metadataDropped = true;
    target.queue.settle([], true);
    target.reportDropped(error, [{ kind: 'metadata' }]);
    return undefined;
  }
}

function settle(state: FlushState, ids: readonly string[]): void {
  state.target.queue.settle(ids, false);
  for (const id of ids) state.settled.add(id);
}

/** After a refusal, reads the lobby so that the refused changes are undone (origin `server`). */
async function readBack(
  target: SyncTarget,
  signal: AbortSignal | undefined,
  corrected: Corrections,
): Promise<void> {
  try {
    await reconcileLobby(target, signal, corrected);
  } catch {
    // (A lobby gone was handled there.) The periodic reconcile corrects the picture later.
  }
}
