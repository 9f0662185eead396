/**
 * `lobbykit/browser`: what a web game needs — the player's runtime (`PlayerRuntime`, `PlayerLobby`),
 * the bot-side runtime and its handle (`LobbyRuntime`, `LobbyHandle`), a client for the lobby
 * operations alone (`LobbyClient`), the errors, the Clock seam — and the page binding
 * (`bindBrowserLoop`: animation frames, visibility catch-up, a keepalive flush on `pagehide`,
 * offline pause). An explicit list: the guild, member and invite schemas are not here.
 */
export {
  type Clock,
  ManualClock,
  SystemClock,
  type TimerHandle,
  type TimerOptions,
} from '../../src/clock.js';
export type {
  LobbyCallOptions,
  LobbyIdleState,
  LobbyUserCallOptions,
} from '../../src/lobby/lobbyCallOptions.js';
export { Lobby as LobbyHandle } from '../../src/lobby/Lobby.js';
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
  MessageEvent,
  MetadataChangedEvent,
  SyncedEvent,
  SyncErrorEvent,
} from '../../src/lobby/LobbyEvents.js';
export type { LobbyMemberPatch, LobbyMemberView, Metadata } from '../../src/lobby/LobbyMemberView.js';
export type { LobbyCall, LobbyRest } from '../../src/lobby/LobbyRest.js';
export {
  type CreateLobbyOptions,
  type JoinLobbyOptions,
  LobbyRuntime,
  type OpenLobbyOptions,
} from '../../src/lobby/LobbyRuntime.js';
export {
  type IdlePolicy,
  type LobbyRuntimeOptions,
  lobbyRuntimeDefaults,
} from '../../src/lobby/lobbyRuntimeDefaults.js';
export { PlayerLobby } from '../../src/lobby/player/PlayerLobby.js';
export {
  type PlayerJoinOptions,
  PlayerRuntime,
  type PlayerRuntimeOptions,
  playerRuntimeDefaults,
} from '../../src/lobby/player/PlayerRuntime.js';
export type { AuthOption } from '../../src/rest/callTypes.js';
export { ApiError } from '../../src/rest/errors/ApiError.js';
export { InvalidResponseError } from '../../src/rest/errors/InvalidResponseError.js';
export {
  isApiError,
  isInvalidResponseError,
  isLobbykitError,
  isNetworkError,
  isRateLimitError,
  isTimeoutError,
  isTokenKindError,
  isValidationError,
} from '../../src/rest/errors/guards.js';
export { LobbykitError } from '../../src/rest/errors/LobbykitError.js';
export { NetworkError } from '../../src/rest/errors/NetworkError.js';
export { RateLimitError } from '../../src/rest/errors/RateLimitError.js';
export { TimeoutError } from '../../src/rest/errors/TimeoutError.js';
export { type TokenKind, TokenKindError } from '../../src/rest/errors/TokenKindError.js';
export { ValidationError } from '../../src/rest/errors/ValidationError.js';
export { LobbyClient, type LobbyClientOptions } from '../../src/rest/LobbyClient.js';
export type { RestClientOptions } from '../../src/rest/restClientDefaults.js';
export { type FetchTransportOptions, fetchTransport } from '../../src/rest/transport/fetchTransport.js';
export type { Transport } from '../../src/rest/transport/Transport.js';
export type { LinkedChannelInvite, Lobby, LobbyMember, LobbyMessage } from '../../src/spec/schemas/lobby.js';
export {
  type BrowserLoopBinding,
  type BrowserLoopOptions,
  type BrowserWindowLike,
  bindBrowserLoop,
  type DrivenRuntime,
} from './bindBrowserLoop.js';
export { type KeepaliveTransport, keepaliveTransport } from './keepaliveTransport.js';

// The types the signatures above name, so that a user of this entry can name them too.
export type { LobbyRouteName, LobbyRoutes } from '../../src/spec/routes/lobbyRoutes.js';
export type { LobbyClientRoutes } from '../../src/spec/routes/lobbyClientRoutes.js';
export type { ClientRouteDef } from '../../src/spec/route.js';
export type { RouteAuth } from '../../src/spec/route.js';
export type { Channel } from '../../src/spec/schemas/channel.js';
export type { FlushOutcome } from '../../src/lobby/flushLobby.js';
export type {
  LobbyHandleOptions,
  LobbyMemberInit,
  LobbyRuntimeEvents,
} from '../../src/lobby/LobbyRuntime.js';
export type {
  MessageDeletedEvent,
  MessageUpdatedEvent,
  SyncCallSummary,
} from '../../src/lobby/LobbyEvents.js';
export type { PendingChange } from '../../src/lobby/SyncQueue.js';
export type { CallArgs, CallArgsParam, CallResult } from '../../src/rest/callTypes.js';
export type { ApiErrorInit, ApiFieldIssue } from '../../src/rest/errors/ApiError.js';
export type {
  InvalidResponseErrorInit,
  InvalidResponseReason,
} from '../../src/rest/errors/InvalidResponseError.js';
export type { LobbykitErrorJSON, LobbykitErrorOptions } from '../../src/rest/errors/LobbykitError.js';
export type { NetworkErrorInit } from '../../src/rest/errors/NetworkError.js';
export type { RateLimitErrorInit, RateLimitScope } from '../../src/rest/errors/RateLimitError.js';
export { RequestError } from '../../src/rest/errors/RequestError.js';
export type { TimeoutErrorInit } from '../../src/rest/errors/TimeoutError.js';
export type {
  SchemaIssueLike,
  ValidationErrorOptions,
  ValidationIssue,
} from '../../src/rest/errors/ValidationError.js';
export type { DevelopmentTable } from '../../src/rest/ratelimit/DevelopmentLimiter.js';
export type { InvalidRequestThresholds } from '../../src/rest/ratelimit/InvalidRequestTracker.js';
export type { RouteEngine, ResolvedRestClientOptions } from '../../src/rest/RouteEngine.js';
export type { TransportRequest, TransportResponse } from '../../src/rest/transport/Transport.js';
export type { RandomSource } from '../../src/rest/util/backoff.js';
export type { WebhookReceiver } from '../../src/webhooks/WebhookReceiver.js';
