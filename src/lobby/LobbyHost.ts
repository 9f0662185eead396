/** What a {@link Lobby} needs from the runtime that owns it (internal seam, also used by tests). */
import type { Clock } from '../clock.js';
import type { LobbyRest } from './LobbyRest.js';
import type { Lobby } from './Lobby.js';

/** Settings every lobby of a runtime shares. */
export interface LobbyHostSettings {
  readonly flushDelayMs: number;
  /** Remaining times to warn at, largest first. */
  readonly idleWarningsMs: readonly number[];
}

/** The owner of lobby handles: the client, the clock, the schedule. */
export interface LobbyHost {
  readonly rest: LobbyRest;
  readonly clock: Clock;
  readonly settings: LobbyHostSettings;
  /**
   * Puts `lobby` in the schedule at `at` (Infinity: nothing to do); `unsynced`: it holds local changes
   * not yet on the platform, which keep a Node process running until they are (its timer is ref'd).
   */
  schedule(lobby: Lobby, at: number, unsynced: boolean): void;
  /** Forgets `lobby` (disposed or deleted). */
  release(lobby: Lobby): void;
  /** The delay before retry number `retry` (0-based). */
  backoff(retry: number): number;
  /** When a new lobby first reconciles (spread over the interval so that lobbies do not move together). */
  firstReconcileAt(now: number): number;
  /** When a lobby that just reconciled does so again. */
  nextReconcileAt(now: number): number;
  /**
   * `lobby` has a reconcile due: the runtime calls its `grantReconcile()` when its turn comes, so
   * that reconciles across all lobbies stay under the runtime's ceiling per second.
   */
  requestReconcile(lobby: Lobby): void;
}
