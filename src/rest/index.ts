/**
 * The REST client: `RestClient` (the platform's route table) and `RouteClient` (any table), the
 * transport seam, the error hierarchy with its type guards, and the rate-limit snapshot types.
 * Platform-neutral: nothing here imports a Node built-in or undici (`undiciTransport` has its own
 * module, and the default transport is chosen per runtime by the conditional import `#transport`).
 */
export type {
  AuthOption,
  CallArgs,
  CallArgsParam,
  CallResult,
  CommonCallArgs,
  LooseCallArgs,
  RouteTable,
} from './callTypes.js';
export { ApiError, type ApiErrorInit, type ApiFieldIssue, flattenFieldErrors } from './errors/ApiError.js';
export {
  isApiError,
  isInvalidResponseError,
  isLobbykitError,
  isNetworkError,
  isRateLimitError,
  isTimeoutError,
  isTokenKindError,
  isValidationError,
} from './errors/guards.js';
export {
  InvalidResponseError,
  type InvalidResponseErrorInit,
  type InvalidResponseReason,
} from './errors/InvalidResponseError.js';
export {
  LobbykitError,
  type LobbykitErrorJSON,
  type LobbykitErrorOptions,
  lobbykitErrorBrand,
} from './errors/LobbykitError.js';
export { NetworkError, type NetworkErrorInit } from './errors/NetworkError.js';
export { RateLimitError, type RateLimitErrorInit, type RateLimitScope } from './errors/RateLimitError.js';
export { REDACTED, redactError, redactText } from './errors/redact.js';
export type { RequestContext } from './errors/requestContext.js';
export { TimeoutError, type TimeoutErrorInit } from './errors/TimeoutError.js';
export { type TokenKind, TokenKindError } from './errors/TokenKindError.js';
export {
  type SchemaIssueLike,
  ValidationError,
  type ValidationErrorOptions,
  type ValidationIssue,
} from './errors/ValidationError.js';
export type { BucketState } from './ratelimit/Bucket.js';
export type { DevelopmentBucketState, DevelopmentTable } from './ratelimit/DevelopmentLimiter.js';
export type { InvalidRequestThresholds } from './ratelimit/InvalidRequestTracker.js';
export type {
  RateLimitManagerOptions,
  RateLimitSnapshot,
  RateRequest,
  WaitNotice,
  WaitReason,
} from './ratelimit/RateLimitManager.js';
export type { RateLimitStore, RateLimitStoreFactory } from './ratelimit/RateLimitStore.js';
export type { InvalidRequestRecord } from './ratelimit/InvalidRequestTracker.js';
export type { RateLimitInfo, RateLimitVerdict } from './ratelimit/parseRateLimitHeaders.js';
export type { WindowLimiterState } from './ratelimit/WindowLimiter.js';
export type {
  InvalidRequestWarningEvent,
  RateLimitedEvent,
  RequestEvent,
  ResponseEvent,
  RestEvents,
  RetryEvent,
} from './RestEvents.js';
export { LobbyClient } from './LobbyClient.js';
export { RestClient } from './RestClient.js';
export { type ResolvedRestClientOptions, RouteClient } from './RouteClient.js';
export type { FileData, FileDescriptor, FileInput } from './request/fileInput.js';
export { type RestClientOptions, type RouteClientOptions, restClientDefaults } from './restClientDefaults.js';
export { createDefaultTransport, defaultTransportKind } from './transport/defaultTransport.js';
export { type FetchTransportOptions, fetchTransport } from './transport/fetchTransport.js';
export type {
  Transport,
  TransportBody,
  TransportHeaders,
  TransportRequest,
  TransportResponse,
  TransportResponseBody,
} from './transport/Transport.js';
export type { RandomSource } from './util/backoff.js';
export { ApplicationsFacade } from './facades/ApplicationsFacade.js';
export { ChannelsFacade } from './facades/ChannelsFacade.js';
export type {
  FacadeArgs,
  FacadeOptions,
  FacadeParams,
  FacadeResult,
  RestCaller,
} from './facades/facadeTypes.js';
export { GuildMembersFacade } from './facades/GuildMembersFacade.js';
export { GuildsFacade } from './facades/GuildsFacade.js';
export { InvitesFacade } from './facades/InvitesFacade.js';
export { LobbiesFacade } from './facades/LobbiesFacade.js';
export { UsersFacade } from './facades/UsersFacade.js';
export {
  type IterateGuildBansOptions,
  iterateGuildBans,
  type ListedGuildBan,
} from './paginate/iterateGuildBans.js';
export {
  type IterateGuildMembersOptions,
  iterateGuildMembers,
  type ListedGuildMember,
} from './paginate/iterateGuildMembers.js';
export {
  type IterateThreadMembersOptions,
  iterateThreadMembers,
  type ListedThreadMember,
} from './paginate/iterateThreadMembers.js';
export { compareSnowflakes, type PaginateOptions, paginate } from './paginate/paginate.js';
export {
  type BulkBanAllBody,
  type BulkBanInBatchesOptions,
  type BulkBanProgress,
  type BulkBanResult,
  bulkBanAll,
  bulkBanInBatches,
} from './progress/bulkBanInBatches.js';
export {
  type UpdateTargetUsersAndWaitOptions,
  updateTargetUsersAndWait,
} from './progress/updateTargetUsersAndWait.js';
export {
  isJobFinished,
  type TargetUsersJob,
  type WatchTargetUsersJobOptions,
  watchTargetUsersJob,
  watchTargetUsersJobDefaults,
} from './progress/watchTargetUsersJob.js';
