/**
 * The Lobby handle: `LobbyRuntime` and `Lobby` (issue 5, being built).
 */
export {};
