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
import { PlatformError } from '../PlatformError.js';
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
import type { World } from '../world/World.js';
import type { ControlDeps, ControlRoute } from './controlApi.js';
import { parseControlBody } from './parseControlBody.js';

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
    path: '/applications/{application_id}/webhook',
    summary:
      'set the Webhook Events URL after the PING handshake (a signed PING must get 204, a badly signed one 401; else 400 naming why): {url, event_types?} → {url, event_types, public_key}',
    run: async (deps: ControlDeps, { application_id }, body) => {
      const input = parseControlBody(putWebhookBody, body);
      const id = application_id as string;
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
    path: '/applications/{application_id}/webhook',
    summary:
      'the Webhook Events URL: {url (null when none), event_types, public_key, disabled?: {at, url, reason}}',
    run: (deps, { application_id }) => ({
      status: 200,
      body: webhookAnswer(deps.world, application_id as string),
    }),
  },
  {
    method: 'DELETE',
    path: '/applications/{application_id}/webhook',
    summary: 'remove the Webhook Events URL (events still queued are dropped) → 204',
    run: (deps, { application_id }) => {
      const id = application_id as string;
      requireApplication(deps.world, id);
      deps.world.webhooks.configs.delete(id);
      deps.webhooks.removed(id);
      return { status: 204 };
    },
  },
  {
    method: 'POST',
    path: '/applications/{application_id}/authorizations',
    summary:
      'a user authorizes the application (a bearer token is issued; APPLICATION_AUTHORIZED): {user_id, scopes} → {user_id, application_id, scopes, access_token}',
    run: (deps, { application_id }, body) => ({
      status: 201,
      body: authorize(deps.world, application_id as string, parseControlBody(authorizeBody, body)),
    }),
  },
  {
    method: 'DELETE',
    path: '/applications/{application_id}/authorizations/{user_id}',
    summary:
      'a user revokes the application (their tokens stop working; APPLICATION_DEAUTHORIZED when there was one) → 204',
    run: (deps, { application_id, user_id }) => {
      deauthorize(deps.world, application_id as string, user_id as string);
      return { status: 204 };
    },
  },
  {
    method: 'POST',
    path: '/lobbies/{lobby_id}/messages',
    summary:
      'a lobby member posts a message (LOBBY_MESSAGE_CREATE): {user_id, content, metadata?, flags?} → the message',
    run: (deps, { lobby_id }, body) => ({
      status: 201,
      body: postLobbyMessage(deps.world, lobby_id as string, parseControlBody(postLobbyMessageBody, body)),
    }),
  },
  {
    method: 'PATCH',
    path: '/lobbies/{lobby_id}/messages/{message_id}',
    summary: 'edit a lobby message (LOBBY_MESSAGE_UPDATE): {content?, metadata?} → the message',
    run: (deps, { lobby_id, message_id }, body) => ({
      status: 200,
      body: editLobbyMessage(
        deps.world,
        lobby_id as string,
        message_id as string,
        parseControlBody(patchLobbyMessageBody, body),
      ),
    }),
  },
  {
    method: 'DELETE',
    path: '/lobbies/{lobby_id}/messages/{message_id}',
    summary: 'delete a lobby message (LOBBY_MESSAGE_DELETE) → 204 (404 10008 unknown message)',
    run: (deps, { lobby_id, message_id }) => {
      deleteLobbyMessage(deps.world, lobby_id as string, message_id as string);
      return { status: 204 };
    },
  },
  {
    method: 'PATCH',
    path: '/dms/{message_id}',
    summary: 'edit a direct message (GAME_DIRECT_MESSAGE_UPDATE): {content} → the message',
    run: (deps, { message_id }, body) => ({
      status: 200,
      body: editDm(deps.world, message_id as string, parseControlBody(patchDmBody, body).content),
    }),
  },
  {
    method: 'DELETE',
    path: '/dms/{message_id}',
    summary: 'delete a direct message (GAME_DIRECT_MESSAGE_DELETE) → 204 (404 10008 unknown message)',
    run: (deps, { message_id }) => {
      deleteDm(deps.world, message_id as string);
      return { status: 204 };
    },
  },
];
