/**
 * The control API's webhook routes (part of `/_emulator`, listed by `GET /_emulator`): set an
 * application's Webhook Events URL through the portal's PING handshake, and cause every webhook
 * event the emulator delivers — lobby messages posted, edited and deleted as a user, direct messages
 * edited and deleted (`POST /_emulator/dms` records them), users authorizing or revoking the game.
 */
import { z } from 'zod';
import { lobbyMetadata, sendLobbyMessageBody } from '../../spec/schemas/lobby.js';
import { snowflake } from '../../spec/schemas/common.js';
import { webhookEventTypes } from '../../spec/schemas/webhookEvent.js';
import { safeRun } from '../http/validateRequest.js';
import { type FieldError, fieldErrorTree, PlatformError } from '../platformError.js';
import {
  authorize,
  deauthorize,
  deleteDm,
  deleteLobbyMessage,
  editDm,
  editLobbyMessage,
  postLobbyMessage,
  requireApplication,
} from '../webhooks/webhookEvents.js';
import type { World } from '../world/world.js';
import type { ControlDeps, ControlRoute } from './controlApi.js';

const SNOW = '(\\d{1,20})';

/** `PUT /_emulator/applications/{id}/webhook`. */
export const putWebhookBody = z.object({
  url: z
    .string()
    .max(2048)
    .refine(isHttpUrl, { message: 'must be an absolute http:// or https:// URL without credentials' }),
  /** @defaultValue every event type the emulator delivers */
  event_types: z.array(z.enum(webhookEventTypes)).max(webhookEventTypes.length).optional(),
});

/** `POST /_emulator/applications/{id}/authorizations`. */
export const authorizeBody = z.object({
  user_id: snowflake,
  scopes: z.array(z.string().min(1).max(100)).min(1).max(50),
});

/** `POST /_emulator/lobbies/{id}/messages`: Send Lobby Message's body, as the user `user_id`. */
export const postLobbyMessageBody = z.object({ ...sendLobbyMessageBody.shape, user_id: snowflake });

/** `PATCH /_emulator/lobbies/{id}/messages/{message_id}`. */
export const patchLobbyMessageBody = z
  .object({
    content: z.optional(sendLobbyMessageBody.shape.content),
    metadata: z.nullish(lobbyMetadata),
  })
  .refine((b) => b.content !== undefined || b.metadata !== undefined, {
    message: 'give content or metadata',
    path: ['content'],
  });

/** `PATCH /_emulator/dms/{message_id}`. */
export const patchDmBody = z.object({ content: z.string().min(1).max(4000) });

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** Validates a control body as the rest of the control API does (400 50035 naming each field). */
function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const errors: FieldError[] = [];
  const data = safeRun(schema, value ?? Object.create(null), errors);
  if (errors.length > 0) throw PlatformError.invalidForm(fieldErrorTree(errors));
  return data as z.output<S>;
}

/** What `GET`/`PUT …/webhook` answer. */
function webhookAnswer(world: World, applicationId: string) {
  const app = requireApplication(world, applicationId);
  const config = world.webhooks.configs.get(applicationId);
  const disabled = world.webhooks.disabled.get(applicationId);
  return {
    url: config?.url ?? null,
    event_types: config ? [...config.event_types] : [],
    public_key: app.public_key,
    ...(disabled && !config ? { disabled: { ...disabled, at: new Date(disabled.at).toISOString() } } : {}),
  };
}

/** The webhook routes of the control API. */
export const webhookControlRoutes: readonly ControlRoute[] = [
  {
    method: 'PUT',
    pattern: new RegExp(`^/applications/${SNOW}/webhook$`),
    path: '/_emulator/applications/{application_id}/webhook',
    summary:
      'set the Webhook Events URL after the PING handshake (a signed PING must get 204, a badly signed one 401; else 400 naming why): {url, event_types?} → {url, event_types, public_key}',
    run: async (deps: ControlDeps, [appId], body) => {
      const input = parse(putWebhookBody, body);
      const id = appId as string;
      requireApplication(deps.world, id);
      const outcome = await deps.webhooks.handshake(id, input.url);
      if (!outcome.ok) throw PlatformError.field(['url'], 'WEBHOOK_HANDSHAKE_FAILED', outcome.reason);
      requireApplication(deps.world, id); // a reset may have come meanwhile
      deps.world.webhooks.configs.set(id, {
        url: input.url,
        event_types: [...new Set(input.event_types ?? webhookEventTypes)],
      });
      deps.world.webhooks.disabled.delete(id);
      return { status: 200, body: webhookAnswer(deps.world, id) };
    },
  },
  {
    method: 'GET',
    pattern: new RegExp(`^/applications/${SNOW}/webhook$`),
    path: '/_emulator/applications/{application_id}/webhook',
    summary:
      'the Webhook Events URL: {url (null when none), event_types, public_key, disabled?: {at, url, reason}}',
    run: (deps, [appId]) => ({ status: 200, body: webhookAnswer(deps.world, appId as string) }),
  },
  {
    method: 'DELETE',
    pattern: new RegExp(`^/applications/${SNOW}/webhook$`),
    path: '/_emulator/applications/{application_id}/webhook',
    summary: 'remove the Webhook Events URL (events still queued are dropped) → 204',
    run: (deps, [appId]) => {
      const id = appId as string;
      requireApplication(deps.world, id);
      deps.world.webhooks.configs.delete(id);
      deps.webhooks.removed(id);
      return { status: 204 };
    },
  },
  {
    method: 'POST',
    pattern: new RegExp(`^/applications/${SNOW}/authorizations$`),
    path: '/_emulator/applications/{application_id}/authorizations',
    summary:
      'a user authorizes the application (a bearer token is issued; APPLICATION_AUTHORIZED): {user_id, scopes} → {user_id, application_id, scopes, access_token}',
    run: (deps, [appId], body) => ({
      status: 201,
      body: authorize(deps.world, appId as string, parse(authorizeBody, body)),
    }),
  },
  {
    method: 'DELETE',
    pattern: new RegExp(`^/applications/${SNOW}/authorizations/${SNOW}$`),
    path: '/_emulator/applications/{application_id}/authorizations/{user_id}',
    summary:
      'a user revokes the application (their tokens stop working; APPLICATION_DEAUTHORIZED when there was one) → 204',
    run: (deps, [appId, userId]) => {
      deauthorize(deps.world, appId as string, userId as string);
      return { status: 204 };
    },
  },
  {
    method: 'POST',
    pattern: new RegExp(`^/lobbies/${SNOW}/messages$`),
    path: '/_emulator/lobbies/{lobby_id}/messages',
    summary:
      'a lobby member posts a message (LOBBY_MESSAGE_CREATE): {user_id, content, metadata?, flags?} → the message',
    run: (deps, [lobbyId], body) => ({
      status: 201,
      body: postLobbyMessage(deps.world, lobbyId as string, parse(postLobbyMessageBody, body)),
    }),
  },
  {
    method: 'PATCH',
    pattern: new RegExp(`^/lobbies/${SNOW}/messages/${SNOW}$`),
    path: '/_emulator/lobbies/{lobby_id}/messages/{message_id}',
    summary: 'edit a lobby message (LOBBY_MESSAGE_UPDATE): {content?, metadata?} → the message',
    run: (deps, [lobbyId, messageId], body) => ({
      status: 200,
      body: editLobbyMessage(
        deps.world,
        lobbyId as string,
        messageId as string,
        parse(patchLobbyMessageBody, body),
      ),
    }),
  },
  {
    method: 'DELETE',
    pattern: new RegExp(`^/lobbies/${SNOW}/messages/${SNOW}$`),
    path: '/_emulator/lobbies/{lobby_id}/messages/{message_id}',
    summary: 'delete a lobby message (LOBBY_MESSAGE_DELETE) → 204 (404 10008 unknown message)',
    run: (deps, [lobbyId, messageId]) => {
      deleteLobbyMessage(deps.world, lobbyId as string, messageId as string);
      return { status: 204 };
    },
  },
  {
    method: 'PATCH',
    pattern: new RegExp(`^/dms/${SNOW}$`),
    path: '/_emulator/dms/{message_id}',
    summary: 'edit a direct message (GAME_DIRECT_MESSAGE_UPDATE): {content} → the message',
    run: (deps, [messageId], body) => ({
      status: 200,
      body: editDm(deps.world, messageId as string, parse(patchDmBody, body).content),
    }),
  },
  {
    method: 'DELETE',
    pattern: new RegExp(`^/dms/${SNOW}$`),
    path: '/_emulator/dms/{message_id}',
    summary: 'delete a direct message (GAME_DIRECT_MESSAGE_DELETE) → 204 (404 10008 unknown message)',
    run: (deps, [messageId]) => {
      deleteDm(deps.world, messageId as string);
      return { status: 204 };
    },
  },
];
