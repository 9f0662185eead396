/**
 * What a lobby has not yet had confirmed: which members and whether the metadata changed locally.
 * The queue records *which* things are dirty, not the operations: a flush sends each dirty thing's
 * current local value, so any sequence of writes to one member (remove then re-add included) costs
 * one bulk entry, and restoring a failed batch is just marking it dirty again.
 */

/** A change not yet confirmed by the server. */
export type PendingChange =
  | { readonly kind: 'metadata' }
  | { readonly kind: 'member'; readonly id: string; readonly remove: boolean };

/** The dirty things a flush took: sent now, dirty again if the send fails. */
export interface SyncBatch {
  /** Members to send (present locally: upsert; absent: remove). */
  readonly memberIds: readonly string[];
  /** Whether the whole metadata map goes out. */
  readonly metadata: boolean;
}

/** Dirty and in-flight sets of one lobby; allocated lazily because most lobbies are quiet. */
export class SyncQueue {
  #dirty: Set<string> | undefined;
  #metadataDirty = false;
  #inFlight: Set<string> | undefined;
  #metadataInFlight = false;

  /** Whether nothing waits to be sent. */
  get isClean(): boolean {
    return !this.#metadataDirty && (this.#dirty === undefined || this.#dirty.size === 0);
  }

  /** Whether nothing is dirty or in flight. */
  get isSettled(): boolean {
    return (
      this.isClean && !this.#metadataInFlight && (this.#inFlight === undefined || this.#inFlight.size === 0)
    );
  }

  /** Marks member `id` dirty. */
  markMember(id: string): void {
    if (this.#dirty === undefined) this.#dirty = new Set();
    this.#dirty.add(id);
  }

  /** Marks the metadata dirty. */
  markMetadata(): void {
    this.#metadataDirty = true;
  }

  /** Whether member `id` waits to be sent. */
  isMemberDirty(id: string): boolean {
    return this.#dirty?.has(id) ?? false;
  }

  /** Whether member `id` is dirty or in flight: the local value wins over the server's. */
  isMemberPending(id: string): boolean {
    return (this.#dirty?.has(id) ?? false) || (this.#inFlight?.has(id) ?? false);
  }

  /** Whether the metadata is dirty. */
  get isMetadataDirty(): boolean {
    return this.#metadataDirty;
  }

  /** Whether the metadata is dirty or in flight. */
  get isMetadataPending(): boolean {
    return this.#metadataDirty || this.#metadataInFlight;
  }

  /** Takes everything dirty: it becomes in flight. */
  take(): SyncBatch {
    const memberIds = this.#dirty ? [...this.#dirty] : [];
    this.#dirty = undefined;
    if (memberIds.length > 0) {
      if (this.#inFlight === undefined) this.#inFlight = new Set();
      for (const id of memberIds) this.#inFlight.add(id);
    }
    const metadata = this.#metadataDirty;
    this.#metadataDirty = false;
    if (metadata) this.#metadataInFlight = true;
    return { memberIds, metadata };
  }

  /** The server confirmed (or refused for good) part of a batch: it is no longer in flight. */
  settle(memberIds: readonly string[], metadata: boolean): void {
    if (this.#inFlight) {
      for (const id of memberIds) this.#inFlight.delete(id);
      if (this.#inFlight.size === 0) this.#inFlight = undefined;
    }
    if (metadata) this.#metadataInFlight = false;
  }

  /** Part of a batch was not confirmed: it is dirty again, to go out with the next flush. */
  restore(memberIds: readonly string[], metadata: boolean): void {
    this.settle(memberIds, metadata);
    for (const id of memberIds) this.markMember(id);
    if (metadata) this.#metadataDirty = true;
  }

  /**
   * Everything still in flight is dirty again. A flush calls it when it ends: whatever the server
   * neither confirmed nor refused by then (a call that failed, an exception on the way) goes out
   * with the next flush instead of waiting for an answer that will never come.
   */
  restoreInFlight(): void {
    const ids = this.#inFlight === undefined ? [] : [...this.#inFlight];
    this.restore(ids, this.#metadataInFlight);
  }

  /** Forgets everything (the lobby is gone). */
  clear(): void {
    this.#dirty = undefined;
    this.#inFlight = undefined;
    this.#metadataDirty = false;
    this.#metadataInFlight = false;
  }

  /** Every dirty or in-flight change; `present` tells whether a member exists locally. */
  changes(present: (id: string) => boolean): PendingChange[] {
    const ids = new Set<string>([...(this.#inFlight ?? []), ...(this.#dirty ?? [])]);
    const out: PendingChange[] = [];
    if (this.isMetadataPending) out.push({ kind: 'metadata' });
    for (const id of ids) out.push({ kind: 'member', id, remove: !present(id) });
    return out;
  }
}
