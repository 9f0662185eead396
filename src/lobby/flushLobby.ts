/**
 * One flush of one lobby: takes what is dirty, sends it as the coalescer planned, and applies the
 * answers. The server's answer is the truth: members missing from a bulk answer are rolled back; a
 * refused change (4xx) is dropped alone and reported; no answer, an unreadable answer or a 5xx keeps
 * every change pending. Whatever is thrown on the way — by the client, by our own code — nothing of
 * the batch is stranded: what the server has not confirmed or refused goes back to pending.
 */
import type {
  BulkLobbyMemberEntry,
  LobbyMember as LobbyMemberWire,
  Lobby as LobbyWire,
} from '../spec/schemas/lobby.js';
import { checkLobbyAnswer } from './checkLobbyAnswer.js';
import { classifySyncError, isEntrySpecific } from './classifySyncError.js';
import type { ChangeOrigin, SyncCallSummary } from './LobbyEvents.js';
import { signalArg } from './lobbyCallOptions.js';
import type { LobbyHost } from './LobbyHost.js';
import { memberFromWire } from './LobbyMemberView.js';
import type { Corrections, LobbyPicture } from './LobbyPicture.js';
import { planSync } from './planSync.js';
import { reconcileLobby } from './reconcileLobby.js';
import type { PendingChange, SyncQueue } from './SyncQueue.js';

/** The part of a lobby a flush works on (a {@link LobbyCore}). */
export interface SyncTarget {
  readonly id: string;
  readonly host: LobbyHost;
  readonly queue: SyncQueue;
  /** The local picture: a flush reads it, and corrects the members the platform dropped or answered. */
  readonly picture: LobbyPicture;
  /** The lobby no longer exists on the platform. */
  gone(): void;
  /** Applies a whole-lobby answer (pending things stay local). */
  reconcile(wire: LobbyWire, corrected: Corrections | undefined, origin: ChangeOrigin): void;
  /** Reports an error; `retryAt` undefined: `changes` are dropped for good. */
  report(error: unknown, retryAt: undefined, changes: readonly PendingChange[]): void;
}

/** What a flush did. */
export interface FlushOutcome {
  /** The calls made, in order. */
  readonly calls: readonly SyncCallSummary[];
}

/** What a flush did, and what is left to do about it. */
export interface FlushReport extends FlushOutcome {
  /** The error that left changes pending (they are; the flush is to be retried). */
  readonly retryError?: unknown;
  /**
   * Changes the platform refused whose undoing could not be read back (the read failed): the read is
   * to be retried, and these reported with origin `server` when it succeeds.
   */
  readonly unreadCorrections?: Corrections;
  /** Why the read back failed. */
  readonly readBackError?: unknown;
}

type Stop = { readonly kind: 'gone' } | { readonly kind: 'retry'; readonly error: unknown };

interface FlushState {
  readonly target: SyncTarget;
  readonly signal: AbortSignal | undefined;
  readonly calls: SyncCallSummary[];
  readonly dropped: Set<string>;
  metadataDropped: boolean;
}

/**
 * Flushes `target`: resolves with the calls made, `retryError` when changes were kept pending, and
 * `unreadCorrections` when refused changes still show locally. Never rejects.
 */
export async function flushLobby(target: SyncTarget, signal: AbortSignal | undefined): Promise<FlushReport> {
  const { queue } = target;
  const batch = queue.take();
  const state: FlushState = { target, signal, calls: [], dropped: new Set(), metadataDropped: false };
  let stop: Stop | undefined;
  let answer: LobbyWire | undefined;
  try {
    for (const call of planSync(batch, target.picture.members, target.picture.metadata)) {
      if (call.kind === 'members') {
        stop = await sendEntries(state, call.entries);
      } else {
        const result = await sendMetadata(state, call.metadata);
        if (result !== undefined && 'members' in result) answer = result;
        else stop = result;
      }
      if (stop) break;
    }
  } catch (error) {
    // Not a failed call (those are classified where they are made): our own code, or a bug. Keep
    // everything unconfirmed and try again later, as after a lost answer.
    stop = { kind: 'retry', error };
  }
  if (stop?.kind === 'gone') {
    target.gone();
    return { calls: state.calls };
  }
  // Whatever the server neither confirmed nor refused is pending again: a flush leaves nothing in flight.
  queue.restoreInFlight();
  if (stop?.kind === 'retry') return { calls: state.calls, retryError: stop.error };
  const corrected: Corrections | undefined =
    state.dropped.size > 0 || state.metadataDropped
      ? { ids: state.dropped, metadata: state.metadataDropped }
      : undefined;
  try {
    // The metadata call goes last, so its answer already shows every member call: a free reconcile.
    if (answer) target.reconcile(answer, corrected, 'remote');
    else if (corrected) {
      const readBackError = await readBack(target, signal, corrected);
      if (readBackError !== undefined) {
        return { calls: state.calls, unreadCorrections: corrected, readBackError };
      }
    }
  } catch (error) {
    // Every change is settled; the picture may not show the answers yet: read the lobby again soon.
    return { calls: state.calls, unreadCorrections: corrected ?? noCorrections, readBackError: error };
  }
  return { calls: state.calls };
}

const noCorrections: Corrections = { ids: new Set(), metadata: false };

async function sendEntries(
  state: FlushState,
  entries: readonly BulkLobbyMemberEntry[],
): Promise<Stop | undefined> {
  const { target } = state;
  let answer: LobbyMemberWire[];
  try {
    const raw = await target.host.rest.call('bulkUpdateLobbyMembers', {
      params: { lobby_id: target.id },
      body: [...entries],
      ...signalArg(state),
    });
    // Not the members' list (JSON of another shape): a lost answer like any other, retried.
    answer = checkLobbyAnswer(raw, 'bulkUpdateLobbyMembers', `/lobbies/${target.id}/members/bulk`);
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
    target.queue.settle(ids, false);
    for (const id of ids) state.dropped.add(id);
    target.report(
      error,
      undefined,
      entries.map((e) => ({ kind: 'member', id: e.id, remove: e.remove_member === true })),
    );
    return undefined;
  }
  state.calls.push({ operation: 'bulkUpdateLobbyMembers', changes: entries.length });
  // Read the whole answer before settling anything: should reading it fail, the entries are still
  // in flight and go back to pending (sending an upsert again is harmless).
  const answered = new Map(answer.map((m) => [m.id, m]));
  const outcome = entries.map((entry) => {
    // A member changed again while the call was out goes in the next flush, which decides.
    if (entry.remove_member === true || target.queue.isMemberDirty(entry.id)) return undefined;
    const wire = answered.get(entry.id);
    return wire ? memberFromWire(wire) : null;
  });
  target.queue.settle(
    entries.map((e) => e.id),
    false,
  );
  entries.forEach((entry, i) => {
    const member = outcome[i];
    if (member) target.picture.setMember(member, 'server');
    else if (member === null) {
      const local = target.picture.members.get(entry.id);
      if (local) target.picture.rejectMember(local);
    }
  });
  return undefined;
}

async function sendMetadata(
  state: FlushState,
  metadata: Record<string, string>,
): Promise<LobbyWire | Stop | undefined> {
  const { target } = state;
  let answer: LobbyWire;
  try {
    const raw = await target.host.rest.call('modifyLobby', {
      params: { lobby_id: target.id },
      body: { metadata },
      ...signalArg(state),
    });
    answer = checkLobbyAnswer(raw, 'modifyLobby', `/lobbies/${target.id}`);
  } catch (error) {
    const kind = classifySyncError(error);
    if (kind === 'gone') return { kind: 'gone' };
    if (kind === 'retry') return { kind: 'retry', error };
    state.metadataDropped = true;
    target.queue.settle([], true);
    target.report(error, undefined, [{ kind: 'metadata' }]);
    return undefined;
  }
  state.calls.push({ operation: 'modifyLobby', changes: 1 });
  target.queue.settle([], true);
  return answer;
}

/**
 * After a refusal, reads the lobby so that the refused changes are undone (origin `server`).
 * Resolves with the error when the read failed (a lobby gone was handled there).
 */
async function readBack(
  target: SyncTarget,
  signal: AbortSignal | undefined,
  corrected: Corrections,
): Promise<unknown> {
  try {
    await reconcileLobby(target, signal, corrected);
    return undefined;
  } catch (error) {
    return error;
  }
}
