/**
 * `lobbykit`: the platform contract as data (schemas, limits, flags, codes, the route table), the
 * REST client, the Lobby runtime and its handles, webhook events, the gateway client and the Clock
 * seam. Platform-neutral: nothing here touches a Node built-in.
 *
 * An explicit list, so that every change of the public surface is deliberate (the API report in
 * `api/` is checked in CI). Names follow one scheme:
 * - wire shapes keep the platform's nouns (`Lobby`, `LobbyMember`, `User`) and request shapes end in
 *   `Body`, `Query` or `Form`; the zod schema of a wire shape `Foo` is `fooSchema`;
 * - our classes never take a wire shape's noun: the live lobby is a `LobbyHandle`, owned by a
 *   `LobbyRuntime` (a player's: `PlayerLobby`, `PlayerRuntime`);
 * - options are `…Options`, events `…Event`, the defaults of an options type `…Defaults`.
 */

// ─── Time ───────────────────────────────────────────────────────────────────────────────────────
export { type Clock, ManualClock, SystemClock, type TimerHandle, type TimerOptions } from './clock.js';

// ─── The contract: codes, flags, permissions, limits, gateway constants ─────────────────────────
export {
  ErrorCode,
  type ErrorCodeValue,
  type ErrorEnvelope,
  type FieldErrorLeaf,
  type FieldErrorTree,
} from './spec/codes.js';
export {
  ApplicationRoleConnectionMetadataType,
  allLobbyMemberFlags,
  ChannelType,
  DefaultMessageNotificationLevel,
  editableGuildMemberFlags,
  ExplicitContentFilterLevel,
  type GuildFeature,
  GuildInviteFlags,
  GuildMemberFlags,
  GuildNsfwLevel,
  guildFeatures,
  hasFlag,
  IntegrationExpireBehavior,
  InviteTargetType,
  InviteType,
  LobbyMemberFlags,
  MfaLevel,
  type MutableGuildFeature,
  mutableGuildFeatures,
  OnboardingMode,
  PremiumTier,
  PromptType,
  SystemChannelFlags,
  TargetUsersJobStatus,
  type ValueOf,
  VerificationLevel,
  type WidgetStyle,
  widgetStyles,
} from './spec/flags.js';
export {
  ALL_INTENT_BITS,
  eventIntents,
  GATEWAY_VERSION,
  GatewayCloseCode,
  type GatewayCloseCodeValue,
  GatewayIntent,
  type GatewayIntentName,
  GatewayOpcode,
  type GatewayOpcodeValue,
  gatewayCloseCodeNames,
  gatewayLimits,
  intentBits,
  privilegedIntentNames,
  shardOf,
} from './spec/gateway.js';
export {
  type DevelopmentBucket,
  developmentRateLimits,
  developmentRateLimitsRaised,
  limits,
  maxBitrate,
} from './spec/limits.js';
export {
  combinePermissions,
  hasPermissions,
  type PermissionName,
  Permissions,
  parsePermissions,
  permissionNames,
  permissionsToNames,
  removePermissions,
} from './spec/permissions.js';

export {
  AuditLogEvent,
  type AuditLogEventName,
  type AuditLogEventValue,
} from './spec/auditLogEvents.js';

// ─── The contract: the route table ──────────────────────────────────────────────────────────────
export type {
  BodyKind,
  HttpMethod,
  PermissionRule,
  ResponseKind,
  RouteArea,
  ClientRouteDef,
  ClientRouteEntry,
  RouteAuth,
  RouteDef,
  RouteEntry,
} from './spec/route.js';
export { type RouteName, type Routes, routeList, routes } from './spec/routes.js';
export { type LobbyRouteName, type LobbyRoutes, lobbyRoutes } from './spec/routes/lobbyRoutes.js';
export type { LobbyClientRoutes } from './spec/routes/lobbyClientRoutes.js';

// ─── The contract: every schema and wire type (`fooSchema` ↔ `Foo`) ─────────────────────────────
export * from './spec/schemas/index.js';

// ─── REST: clients, transport, events ───────────────────────────────────────────────────────────
export type {
  AuthOption,
  CallArgs,
  CallArgsParam,
  CallResult,
  CommonCallArgs,
  LooseCallArgs,
  RouteTable,
} from './rest/callTypes.js';
export type { ApplicationsFacade } from './rest/facades/ApplicationsFacade.js';
export type { ChannelsFacade } from './rest/facades/ChannelsFacade.js';
export type { FacadeClass } from './rest/facades/facadeOf.js';
export type {
  ClockedRestCaller,
  FacadeArgs,
  FacadeMethods,
  FacadeOperations,
  FacadeOptions,
  FacadeParams,
  FacadeResult,
} from './rest/facades/facadeTypes.js';
export type { RestCaller, TableCall } from './rest/RestCaller.js';
export type { GuildsFacade } from './rest/facades/GuildsFacade.js';
export type { InvitesFacade } from './rest/facades/InvitesFacade.js';
export type { LobbiesFacade } from './rest/facades/LobbiesFacade.js';
export type { UsersFacade } from './rest/facades/UsersFacade.js';
export { LobbyClient, type LobbyClientOptions } from './rest/LobbyClient.js';
export { RestClient } from './rest/RestClient.js';
export type {
  InvalidRequestWarningEvent,
  RateLimitedEvent,
  RequestEvent,
  ResponseEvent,
  RestEvents,
  RetryEvent,
} from './rest/RestEvents.js';
export { RouteClient } from './rest/RouteClient.js';
export type { ResolvedRestClientOptions, RouteEngine } from './rest/RouteEngine.js';
export type { FileData, FileDescriptor, FileInput } from './rest/request/fileInput.js';
export type { BucketState } from './rest/ratelimit/Bucket.js';
export type { DevelopmentBucketState, DevelopmentTable } from './rest/ratelimit/DevelopmentLimiter.js';
export type {
  InvalidRequestRecord,
  InvalidRequestThresholds,
} from './rest/ratelimit/InvalidRequestTracker.js';
export type {
  RateLimitManagerOptions,
  RateLimitSnapshot,
  RateRequest,
  WaitNotice,
  WaitReason,
} from './rest/ratelimit/RateLimitManager.js';
export type { RateLimitStore, RateLimitStoreFactory } from './rest/ratelimit/RateLimitStore.js';
export type { RateLimitInfo, RateLimitVerdict } from './rest/ratelimit/parseRateLimitHeaders.js';
export type { WindowLimiterState } from './rest/ratelimit/WindowLimiter.js';
export {
  type RestClientOptions,
  type RouteClientOptions,
  restClientDefaults,
} from './rest/restClientDefaults.js';
export { createDefaultTransport, defaultTransportKind } from './rest/transport/defaultTransport.js';
export { type FetchTransportOptions, fetchTransport } from './rest/transport/fetchTransport.js';
export type {
  Transport,
  TransportBody,
  TransportHeaders,
  TransportRequest,
  TransportResponse,
  TransportResponseBody,
  TransportSignal,
} from './rest/transport/Transport.js';
export type { RandomSource } from './rest/util/backoff.js';

// ─── REST: errors ───────────────────────────────────────────────────────────────────────────────
export {
  ApiError,
  type ApiErrorInit,
  type ApiFieldIssue,
  flattenFieldErrors,
} from './rest/errors/ApiError.js';
export {
  isApiError,
  isInvalidResponseError,
  isLobbykitError,
  isNetworkError,
  isRateLimitError,
  isTimeoutError,
  isTokenKindError,
  isValidationError,
} from './rest/errors/guards.js';
export {
  InvalidResponseError,
  type InvalidResponseErrorInit,
  type InvalidResponseReason,
} from './rest/errors/InvalidResponseError.js';
export {
  LobbykitError,
  type LobbykitErrorJSON,
  type LobbykitErrorOptions,
} from './rest/errors/LobbykitError.js';
export { NetworkError, type NetworkErrorInit } from './rest/errors/NetworkError.js';
export {
  RateLimitError,
  type RateLimitErrorInit,
  type RateLimitScope,
} from './rest/errors/RateLimitError.js';
export { RequestError } from './rest/errors/RequestError.js';
export type { RequestContext } from './rest/errors/requestContext.js';
export { TimeoutError, type TimeoutErrorInit } from './rest/errors/TimeoutError.js';
export { type TokenKind, TokenKindError } from './rest/errors/TokenKindError.js';
export {
  type SchemaIssueLike,
  ValidationError,
  type ValidationErrorOptions,
  type ValidationIssue,
} from './rest/errors/ValidationError.js';

// ─── REST: many calls as one (pagination, batches, jobs) ────────────────────────────────────────
export {
  type IterateGuildBansOptions,
  iterateGuildBans,
  type ListedGuildBan,
} from './rest/paginate/iterateGuildBans.js';
export {
  type IterateGuildMembersOptions,
  iterateGuildMembers,
  type ListedGuildMember,
} from './rest/paginate/iterateGuildMembers.js';
export {
  type IterateThreadMembersOptions,
  iterateThreadMembers,
  type ListedThreadMember,
} from './rest/paginate/iterateThreadMembers.js';
export { type PaginateOptions, paginate } from './rest/paginate/paginate.js';
export {
  type BulkBanAllBody,
  type BulkBanInBatchesOptions,
  type BulkBanProgress,
  type BulkBanResult,
  bulkBanAll,
  bulkBanInBatches,
} from './rest/progress/bulkBanInBatches.js';
export {
  type UpdateTargetUsersAndWaitOptions,
  updateTargetUsersAndWait,
} from './rest/progress/updateTargetUsersAndWait.js';
export {
  isJobFinished,
  type TargetUsersJob,
  type WatchTargetUsersJobOptions,
  watchTargetUsersJob,
  watchTargetUsersJobDefaults,
} from './rest/progress/watchTargetUsersJob.js';

// ─── Lobbies: the runtime and its handles ───────────────────────────────────────────────────────
export type { FlushOutcome } from './lobby/flushLobby.js';
export type { PendingChange } from './lobby/SyncQueue.js';
export { Lobby as LobbyHandle, type RemoteMessageChange } from './lobby/Lobby.js';
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
} from './lobby/LobbyEvents.js';
export type { LobbyMemberPatch, LobbyMemberView, Metadata } from './lobby/LobbyMemberView.js';
export { attachWebhooks } from './lobby/attachWebhooks.js';
export type { LobbyCall, LobbyRest } from './lobby/LobbyRest.js';
export {
  type CreateLobbyOptions,
  type JoinLobbyOptions,
  type LobbyHandleOptions,
  type LobbyMemberInit,
  LobbyRuntime,
  type LobbyRuntimeEvents,
  type OpenLobbyOptions,
} from './lobby/LobbyRuntime.js';
export type {
  LobbyCallOptions,
  LobbyIdleState,
  LobbyInit,
  LobbyUserCallOptions,
} from './lobby/lobbyCallOptions.js';
export {
  type IdlePolicy,
  type LobbyRuntimeOptions,
  lobbyRuntimeDefaults,
} from './lobby/lobbyRuntimeDefaults.js';
export { PlayerLobby } from './lobby/player/PlayerLobby.js';
export {
  type PlayerJoinOptions,
  PlayerRuntime,
  type PlayerRuntimeOptions,
  playerRuntimeDefaults,
} from './lobby/player/PlayerRuntime.js';

// ─── Webhook events ─────────────────────────────────────────────────────────────────────────────
export {
  type InvalidWebhookEvent,
  type KnownWebhookEvent,
  type UnknownWebhookEvent,
  type WebhookEvent,
  type WebhookEventOf,
  type WebhookReceiverEvents,
  type WebhookRefusalReason,
  type WebhookRefusedEvent,
  webhookEventNames,
} from './webhooks/WebhookEvent.js';
export {
  createWebhookReceiver,
  type WebhookReceipt,
  WebhookReceiver,
  type WebhookReceiverOptions,
  type WebhookSignedBody,
  webhookReceiverDefaults,
} from './webhooks/WebhookReceiver.js';

// ─── The gateway ────────────────────────────────────────────────────────────────────────────────
export type { ChunkStream } from './gateway/ChunkStream.js';
export { IdentifyGate } from './gateway/IdentifyGate.js';
export { defaultWebSocketFactory, defaultWebSocketKind } from './gateway/defaultWebSocket.js';
export { GatewayClient, type GatewayClientState } from './gateway/GatewayClient.js';
export {
  GatewayCloseError,
  GatewayClosedError,
  GatewayRateLimitError,
  isGatewayCloseError,
  isGatewayRateLimitError,
} from './gateway/gatewayErrors.js';
export type { RequestChannelInfoOptions, RequestGuildMembersOptions } from './gateway/GatewayRequests.js';
export {
  type GatewayClientEvents,
  type GatewayClientOptions,
  type GatewayDispatch,
  type GatewayReconnectInfo,
  type GatewayRest,
  gatewayClientDefaults,
} from './gateway/gatewayClientOptions.js';
export { type RunShardsOptions, runShards } from './gateway/runShards.js';
export {
  globalWebSocketFactory,
  type WebSocketFactory,
  type WebSocketLike,
} from './gateway/webSocketSeam.js';
