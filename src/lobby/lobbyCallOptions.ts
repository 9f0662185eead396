/** The option and state shapes of the {@link Lobby} handle's methods, and how a call passes its signal on. */
import type { LobbyRest } from './LobbyRest.js';
import type { Lobby as LobbyWire } from '../spec/schemas/lobby.js';
import type { IdlePolicy } from './lobbyRuntimeDefaults.js';

/** The idle state of a lobby. */
export interface LobbyIdleState {
  /** When the lobby goes idle (epoch ms), or null while a channel is linked. */
  readonly deadline: number | null;
  /** Milliseconds left, or null while a channel is linked. */
  readonly remainingMs: number | null;
}

/** Options of calls that go to the platform. */
export interface LobbyCallOptions {
  /** Aborts the call; changes it was sending stay pending. */
  readonly signal?: AbortSignal;
}

/** The `signal` of `options` as a call argument, or nothing (`exactOptionalPropertyTypes`). */
export function signalArg(options: { readonly signal?: AbortSignal | undefined }): { signal?: AbortSignal } {
  return options.signal ? { signal: options.signal } : {};
}

/** Options of calls that need a user's bearer token. */
export interface LobbyUserCallOptions extends LobbyCallOptions {
  /** A client holding the user's bearer token. */
  readonly rest: LobbyRest;
}

/** How a {@link Lobby} starts. */
export interface LobbyInit {
  readonly wire: LobbyWire;
  readonly idleTimeoutSeconds: number;
  readonly onIdle: IdlePolicy;
}
