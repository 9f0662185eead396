/** The events of a {@link Lobby} (eventemitter3, typed). */
import type { Channel } from '../spec/schemas/channel.js';
import type { LobbyMessage } from '../spec/schemas/lobby.js';
import type { WebhookLobbyMessage } from '../spec/schemas/webhookEvent.js';
import type { IdlePolicy } from './lobbyRuntimeDefaults.js';
import type { LobbyMemberView, Metadata } from './LobbyMemberView.js';
import type { PendingChange } from './SyncQueue.js';

/**
 * Where a change came from: `local` (this handle's methods), `remote` (made elsewhere, seen when
 * reconciling with the server) or `server` (the server's answer corrected the local picture).
 */
export type ChangeOrigin = 'local' | 'remote' | 'server';

/** A member joined the local picture. */
export interface MemberAddedEvent {
  readonly member: LobbyMemberView;
  readonly origin: ChangeOrigin;
}

/** A member's metadata, flags or additional name changed. */
export interface MemberUpdatedEvent {
  readonly member: LobbyMemberView;
  readonly previous: LobbyMemberView;
  readonly origin: ChangeOrigin;
}

/** A member left the local picture. */
export interface MemberRemovedEvent {
  /** The member as last known. */
  readonly member: LobbyMemberView;
  readonly origin: ChangeOrigin;
}

/**
 * The platform silently dropped a member from a bulk upsert (the specification: the user failed a
 * permission check, or is already in the maximum number of lobbies of the application). The member
 * is rolled back; `memberRemoved` (origin `server`) follows.
 */
export interface MemberRejectedEvent {
  readonly member: LobbyMemberView;
  readonly reason: 'silently-dropped';
  /** The causes the specification gives for a silent drop. */
  readonly explanation: string;
  readonly origin: 'server';
}

/** Lobby metadata changed. */
export interface MetadataChangedEvent {
  /** Keys added, changed or removed. */
  readonly changed: readonly string[];
  /** Each changed key's value before (undefined: absent). */
  readonly previous: Readonly<Record<string, string | undefined>>;
  /** The whole map after the change. */
  readonly metadata: Metadata;
  readonly origin: ChangeOrigin;
}

/** A channel was linked, unlinked or replaced. */
export interface LinkedChannelChangedEvent {
  readonly channel: Channel | null;
  readonly previous: Channel | null;
  readonly origin: ChangeOrigin;
}

/** A message was sent in the lobby. */
export interface MessageEvent {
  readonly message: LobbyMessage;
  readonly origin: ChangeOrigin;
}

/** A message of the lobby was edited elsewhere (a LOBBY_MESSAGE_UPDATE webhook event). */
export interface MessageUpdatedEvent {
  /** The message as it is now (`edited_timestamp` when the platform sends it). */
  readonly message: WebhookLobbyMessage;
  readonly origin: 'remote';
}

/** A message of the lobby was deleted (a LOBBY_MESSAGE_DELETE webhook event). */
export interface MessageDeletedEvent {
  readonly messageId: string;
  readonly lobbyId: string;
  readonly origin: 'remote';
}

/** The idle countdown passed one of the warning times. */
export interface IdleWarningEvent {
  /** Milliseconds left (after a catch-up, the true remaining time rather than the warning's). */
  readonly remainingMs: number;
  readonly deadline: number;
}

/** The idle countdown ran out; `policy` is what happens next. */
export interface IdleEvent {
  readonly deadline: number;
  readonly policy: IdlePolicy;
}

/** The lobby is gone; the handle is disposed. */
export interface DeletedEvent {
  /** `local`: `delete()` or the idle policy; `remote`: the server no longer knows the lobby. */
  readonly origin: ChangeOrigin;
}

/** One call a flush made. */
export interface SyncCallSummary {
  readonly operation: 'bulkUpdateLobbyMembers' | 'modifyLobby';
  /** Member entries sent, or 1 for the metadata. */
  readonly changes: number;
}

/** A flush got its answers. */
export interface SyncedEvent {
  readonly calls: readonly SyncCallSummary[];
  /** Changes made meanwhile, waiting for the next flush. */
  readonly pending: number;
}

/** A flush, a reconcile, or the idle policy's delete or dispose failed. */
export interface SyncErrorEvent {
  readonly error: unknown;
  /**
   * True: a retry is scheduled at `retryAt` (for a flush, the changes stay pending). False: nothing
   * is retried; for a flush, the changes listed were refused and dropped; for the idle policy's
   * delete, the platform refused it and the lobby stays.
   */
  readonly willRetry: boolean;
  /** The changes concerned. */
  readonly changes: readonly PendingChange[];
  /** When the retry goes out (epoch ms), if any. */
  readonly retryAt: number | undefined;
}

/**
 * A listener of another event threw. The handle carried on (its sync never stops for a listener);
 * with no `error` listener the exception is rethrown as an uncaught exception instead.
 */
export interface ListenerErrorEvent {
  readonly error: unknown;
  /** The event whose listener threw. */
  readonly event: string;
}

/** The event map of a {@link Lobby}. */
export interface LobbyEvents {
  memberAdded: (event: MemberAddedEvent) => void;
  memberUpdated: (event: MemberUpdatedEvent) => void;
  memberRemoved: (event: MemberRemovedEvent) => void;
  memberRejected: (event: MemberRejectedEvent) => void;
  metadataChanged: (event: MetadataChangedEvent) => void;
  linkedChannelChanged: (event: LinkedChannelChangedEvent) => void;
  message: (event: MessageEvent) => void;
  messageUpdated: (event: MessageUpdatedEvent) => void;
  messageDeleted: (event: MessageDeletedEvent) => void;
  idleWarning: (event: IdleWarningEvent) => void;
  idle: (event: IdleEvent) => void;
  deleted: (event: DeletedEvent) => void;
  synced: (event: SyncedEvent) => void;
  syncError: (event: SyncErrorEvent) => void;
  error: (event: ListenerErrorEvent) => void;
}
