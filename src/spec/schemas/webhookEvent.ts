/**
 * Webhook events: what the platform POSTs to an application's Webhook Events URL. An outer payload
 * (`version`, `application_id`, `type`: 0 PING or 1 event) wraps an `event` body (`type`,
 * `timestamp`, `data`) whose `data` depends on the event type. Signed with Ed25519 over the
 * `X-Signature-Timestamp` header followed by the raw body, hex in `X-Signature-Ed25519`.
 *
 * Like every response schema, these check the documented fields and let unknown ones through; the
 * platform's examples leave out fields its tables list (an UPDATE without `type` or
 * `application_id`), so only what every example carries is required.
 */
import * as z from 'zod/mini';
import { flagsInt, responseObject, responseTimestamp, snowflake } from './common.js';
import { user } from './user.js';

/** The outer payload's `type`: a PING (sent when the URL is set) or an event. */
export const WebhookType = { PING: 0, EVENT: 1 } as const;

/** Header carrying the hex Ed25519 signature of `timestamp + body`. */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Signature-Ed25519';
/** Header carrying the signing time (Unix seconds, decimal). */
export const WEBHOOK_TIMESTAMP_HEADER = 'X-Signature-Timestamp';

/** The event types lobbykit knows (lobby messages, game direct messages, authorizations). */
export const webhookEventTypes = [
  'LOBBY_MESSAGE_CREATE',
  'LOBBY_MESSAGE_UPDATE',
  'LOBBY_MESSAGE_DELETE',
  'GAME_DIRECT_MESSAGE_CREATE',
  'GAME_DIRECT_MESSAGE_UPDATE',
  'GAME_DIRECT_MESSAGE_DELETE',
  'APPLICATION_AUTHORIZED',
  'APPLICATION_DEAUTHORIZED',
] as const;
/** A known webhook event type. */
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** The event body inside the outer payload; `data` is checked per type (see {@link webhookEventDataSchemas}). */
export const webhookEventBody = responseObject({
  type: z.string().check(z.minLength(1)),
  timestamp: responseTimestamp,
  data: z.optional(z.unknown()),
});
/** An event body. */
export type WebhookEventBody = z.infer<typeof webhookEventBody>;

/** The outer payload: a PING carries no event; an event payload carries one. */
export const webhookPayload = responseObject({
  version: z.literal(1),
  application_id: snowflake,
  type: z.union([z.literal(WebhookType.PING), z.literal(WebhookType.EVENT)]),
  event: z.optional(webhookEventBody),
}).check(
  z.refine((p) => p.type === WebhookType.PING || p.event !== undefined, {
    message: 'an event payload (type 1) carries an event',
    path: ['event'],
  }),
);
/** The outer payload. */
export type WebhookPayload = z.infer<typeof webhookPayload>;

/** A lobby message as webhook events carry it (`application_id` only during Social SDK sessions). */
export const webhookLobbyMessage = responseObject({
  id: snowflake,
  type: z.optional(z.number().check(z.int())),
  content: z.string(),
  lobby_id: snowflake,
  channel_id: snowflake,
  author: user,
  metadata: z.nullish(z.record(z.string(), z.string())),
  moderation_metadata: z.nullish(z.record(z.string(), z.string())),
  flags: z.optional(flagsInt),
  application_id: z.optional(snowflake),
  /** UPDATE: when the message was edited, and when it was first sent. */
  edited_timestamp: z.nullish(responseTimestamp),
  timestamp: z.optional(responseTimestamp),
});
/** LOBBY_MESSAGE_CREATE / LOBBY_MESSAGE_UPDATE data. */
export type WebhookLobbyMessage = z.infer<typeof webhookLobbyMessage>;

/** LOBBY_MESSAGE_DELETE data: the message's id and its lobby. */
export const lobbyMessageDeleteData = responseObject({ id: snowflake, lobby_id: snowflake });
/** LOBBY_MESSAGE_DELETE data. */
export type LobbyMessageDeleteData = z.infer<typeof lobbyMessageDeleteData>;

/**
 * GAME_DIRECT_MESSAGE_* data: a message object or an SDK DM message object (between provisional
 * accounts). Their shapes differ; what both carry is checked.
 */
export const gameDirectMessage = responseObject({
  id: snowflake,
  type: z.optional(z.number().check(z.int())),
  content: z.optional(z.string()),
  channel_id: z.optional(snowflake),
  author: z.optional(user),
  recipient_id: z.optional(snowflake),
  timestamp: z.optional(responseTimestamp),
  edited_timestamp: z.nullish(responseTimestamp),
  flags: z.optional(flagsInt),
  application_id: z.optional(snowflake),
  lobby_id: z.optional(snowflake),
  channel: z.optional(z.record(z.string(), z.unknown())),
});
/** GAME_DIRECT_MESSAGE_* data. */
export type GameDirectMessage = z.infer<typeof gameDirectMessage>;

/** APPLICATION_AUTHORIZED data: who authorized, with which scopes, where (0 guild, 1 user). */
export const applicationAuthorizedData = responseObject({
  integration_type: z.optional(z.number().check(z.int())),
  user,
  scopes: z.array(z.string()),
  guild: z.optional(z.record(z.string(), z.unknown())),
});
/** APPLICATION_AUTHORIZED data. */
export type ApplicationAuthorizedData = z.infer<typeof applicationAuthorizedData>;

/** APPLICATION_DEAUTHORIZED data: the user who revoked the application. */
export const applicationDeauthorizedData = responseObject({ user });
/** APPLICATION_DEAUTHORIZED data. */
export type ApplicationDeauthorizedData = z.infer<typeof applicationDeauthorizedData>;

/** The `data` schema of each known event type. */
export const webhookEventDataSchemas = {
  LOBBY_MESSAGE_CREATE: webhookLobbyMessage,
  LOBBY_MESSAGE_UPDATE: webhookLobbyMessage,
  LOBBY_MESSAGE_DELETE: lobbyMessageDeleteData,
  GAME_DIRECT_MESSAGE_CREATE: gameDirectMessage,
  GAME_DIRECT_MESSAGE_UPDATE: gameDirectMessage,
  GAME_DIRECT_MESSAGE_DELETE: gameDirectMessage,
  APPLICATION_AUTHORIZED: applicationAuthorizedData,
  APPLICATION_DEAUTHORIZED: applicationDeauthorizedData,
} as const satisfies Record<WebhookEventType, z.ZodMiniType>;

/** The data type of each known event type. */
export type WebhookEventDataMap = {
  [K in WebhookEventType]: z.infer<(typeof webhookEventDataSchemas)[K]>;
};

/** Whether `type` is an event type lobbykit knows. */
export function isWebhookEventType(type: string): type is WebhookEventType {
  return Object.hasOwn(webhookEventDataSchemas, type);
}
