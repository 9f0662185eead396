/** The events a {@link WebhookReceiver} emits (eventemitter3, typed), and the event objects. */
import type { WebhookEventDataMap, WebhookEventType } from '../spec/schemas/webhookEvent.js';

/** A verified event of a type lobbykit knows, its `data` checked by the type's schema. */
export type KnownWebhookEvent = {
  [T in WebhookEventType]: {
    readonly known: true;
    /** The event type, e.g. `LOBBY_MESSAGE_CREATE`. */
    readonly type: T;
    /** When the event happened (ISO8601, as the platform sent it). */
    readonly timestamp: string;
    /** The application the event is for (the outer payload's `application_id`). */
    readonly applicationId: string;
    /** The event's data, in the wire's snake_case. */
    readonly data: WebhookEventDataMap[T];
  };
}[WebhookEventType];

/** A verified event of a type lobbykit does not know: passed through as sent, not dropped. */
export interface UnknownWebhookEvent {
  readonly known: false;
  readonly type: string;
  readonly timestamp: string;
  readonly applicationId: string;
  readonly data: unknown;
}

/** Any verified event. Narrow with `known`, then `type`. */
export type WebhookEvent = KnownWebhookEvent | UnknownWebhookEvent;

/** The known event of type `T`. */
export type WebhookEventOf<T extends WebhookEventType> = Extract<KnownWebhookEvent, { type: T }>;

/** Why a request was refused (nothing was emitted for it). */
export type WebhookRefusalReason =
  /** Not a POST (405). */
  | 'method'
  /** The body is larger than `maxBodyBytes` (413). */
  | 'size'
  /** A signature or timestamp header is missing or malformed (401). */
  | 'headers'
  /** The timestamp is further than `maxSkewSeconds` from now (401). */
  | 'stale'
  /** The signature does not verify over the timestamp and the raw body (401). */
  | 'signature'
  /** The same signature was already accepted within the window (401). */
  | 'replay'
  /** Verified, but not a webhook payload (400). */
  | 'payload';

/** A request the receiver refused. */
export interface WebhookRefusedEvent {
  readonly reason: WebhookRefusalReason;
  readonly status: number;
}

/** A verified event of a known type whose `data` failed its schema: acknowledged, not emitted as typed. */
export interface InvalidWebhookEvent {
  readonly type: string;
  readonly timestamp: string;
  readonly applicationId: string;
  readonly data: unknown;
  /** What the schema found, as `path: message` lines. */
  readonly issues: readonly string[];
}

/** The event map of a {@link WebhookReceiver}. */
export interface WebhookReceiverEvents {
  /** Every verified event, known or not (each once: redeliveries are acknowledged and not emitted again). */
  event: (event: WebhookEvent) => void;
  lobbyMessageCreate: (event: WebhookEventOf<'LOBBY_MESSAGE_CREATE'>) => void;
  lobbyMessageUpdate: (event: WebhookEventOf<'LOBBY_MESSAGE_UPDATE'>) => void;
  lobbyMessageDelete: (event: WebhookEventOf<'LOBBY_MESSAGE_DELETE'>) => void;
  gameDirectMessageCreate: (event: WebhookEventOf<'GAME_DIRECT_MESSAGE_CREATE'>) => void;
  gameDirectMessageUpdate: (event: WebhookEventOf<'GAME_DIRECT_MESSAGE_UPDATE'>) => void;
  gameDirectMessageDelete: (event: WebhookEventOf<'GAME_DIRECT_MESSAGE_DELETE'>) => void;
  applicationAuthorized: (event: WebhookEventOf<'APPLICATION_AUTHORIZED'>) => void;
  applicationDeauthorized: (event: WebhookEventOf<'APPLICATION_DEAUTHORIZED'>) => void;
  /** An event of a type lobbykit does not know (also emitted as `event`). */
  unknownEvent: (event: UnknownWebhookEvent) => void;
  /** A known type whose data failed its schema (not emitted as `event`). */
  invalidEvent: (event: InvalidWebhookEvent) => void;
  /** A verified PING (answered 204). */
  ping: (payload: { readonly applicationId: string }) => void;
  /** A request refused with 401, 405, 413 or 400; nothing else was emitted for it. */
  refused: (event: WebhookRefusedEvent) => void;
  /** A verified event already emitted (a redelivery): answered 204, not emitted again. */
  duplicate: (event: WebhookEvent) => void;
  /** A listener threw; the request was answered all the same. */
  error: (error: unknown) => void;
}

/** The receiver event name of each known type. */
export const webhookEventNames = {
  LOBBY_MESSAGE_CREATE: 'lobbyMessageCreate',
  LOBBY_MESSAGE_UPDATE: 'lobbyMessageUpdate',
  LOBBY_MESSAGE_DELETE: 'lobbyMessageDelete',
  GAME_DIRECT_MESSAGE_CREATE: 'gameDirectMessageCreate',
  GAME_DIRECT_MESSAGE_UPDATE: 'gameDirectMessageUpdate',
  GAME_DIRECT_MESSAGE_DELETE: 'gameDirectMessageDelete',
  APPLICATION_AUTHORIZED: 'applicationAuthorized',
  APPLICATION_DEAUTHORIZED: 'applicationDeauthorized',
} as const satisfies Record<WebhookEventType, keyof WebhookReceiverEvents>;
