/**
 * The Lobby handle: `LobbyRuntime` owns live `Lobby` handles, syncs their local changes in coalesced
 * flushes, reconciles them with the platform and runs their idle countdowns.
 */
export { DeadlineHeap, type DeadlineEntry } from './DeadlineHeap.js';
export { IdleCountdown, type IdleStep, sortWarnings } from './IdleCountdown.js';
// The wire types `Lobby` and `LobbyMember` of spec/schemas already own those names at the package root
// (src/index.ts re-exports both with `export *`), so the handle is exported there as `LobbyHandle`.
export type {
  LobbyCallOptions,
  LobbyIdleState,
  LobbyInit,
  LobbyUserCallOptions,
} from './lobbyCallOptions.js';
export { Lobby as LobbyHandle } from './Lobby.js';
export type {
  ChangeOrigin,
  DeletedEvent,
  IdleEvent,
  IdleWarningEvent,
  LinkedChannelChangedEvent,
  ListenerErrorEvent,
  LobbyEvents,
  MemberAddedEvent,
  MemberRejectedEvent,
  MemberRemovedEvent,
  MemberUpdatedEvent,
  MessageDeletedEvent,
  MessageEvent,
  MessageUpdatedEvent,
  MetadataChangedEvent,
  SyncCallSummary,
  SyncedEvent,
  SyncErrorEvent,
} from './LobbyEvents.js';
export type { LobbyMemberView, LobbyMemberPatch, Metadata } from './LobbyMemberView.js';
export {
  type CreateLobbyOptions,
  type JoinLobbyOptions,
  type LobbyHandleOptions,
  type LobbyMemberInit,
  LobbyRuntime,
  type LobbyRuntimeEvents,
  type OpenLobbyOptions,
} from './LobbyRuntime.js';
export { type IdlePolicy, type LobbyRuntimeOptions, lobbyRuntimeDefaults } from './lobbyRuntimeDefaults.js';
export { type PlannedCall, planSync, syncLowerBound } from './planSync.js';
export type { FlushOutcome } from './flushLobby.js';
export type { LobbyCall, LobbyRest } from './LobbyRest.js';
export { PlayerLobby } from './player/PlayerLobby.js';
export {
  type PlayerJoinOptions,
  PlayerRuntime,
  type PlayerRuntimeOptions,
  playerRuntimeDefaults,
} from './player/PlayerRuntime.js';
export type { PendingChange, SyncBatch } from './SyncQueue.js';
export type { RemoteMessageChange } from './Lobby.js';
