/**
 * The control API under `/_emulator` (not part of the platform): sets up worlds for tests and demos.
 * JSON in and out, no authentication (the emulator binds to loopback by default), errors in the
 * platform's envelope. Every route is listed, with its body, in src/emulator/DEMO.md and in
 * {@link controlRoutes}; `GET /_emulator` answers that list.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import { ManualClock } from '../../clock.js';
import type { HandlerMap } from '../handlers/handlerTypes.js';
import { unimplementedRoutes } from '../http/platformPipeline.js';
import { parseJsonBody } from '../http/parseJsonBody.js';
import { readBody } from '../http/readBody.js';
import { NOT_FOUND, sendEmpty, sendError, sendJson } from '../http/sendResponse.js';
import { safeRun } from '../http/validateRequest.js';
import { type FieldError, fieldErrorTree, PlatformError } from '../platformError.js';
import type { RateLimiter } from '../rateLimits/rateLimiter.js';
import { dumpWorld } from '../world/dumpWorld.js';
import { type Seed, SeedError } from '../world/seed.js';
import type { WebhookDispatcher } from '../webhooks/WebhookDispatcher.js';
import type { DeliveryRecord } from '../webhooks/webhookStore.js';
import type { World } from '../world/world.js';
import {
  acceptInviteBody,
  advanceClockBody,
  createApplicationBody,
  createChannelBody,
  createDmBody,
  createGuildBody,
  createIntegrationBody,
  createUserBody,
  patchGuildBody,
  putMemberBody,
  putPresenceBody,
  putThreadMemberBody,
  resetBody,
} from './controlSchemas.js';
import * as ops from './controlOperations.js';
import { webhookControlRoutes } from './webhookControl.js';

/** What the control API works with. */
export interface ControlDeps {
  readonly world: World;
  readonly limiter: RateLimiter;
  readonly handlers: HandlerMap;
  readonly routeNames: readonly string[];
  /** Clears the world and applies a seed. */
  readonly reset: (seed: Seed) => void;
  /** Sends webhook events and the PING handshake. */
  readonly webhooks: WebhookDispatcher;
}

/** One control route (webhookControl.ts adds its own). */
export interface ControlRoute {
  readonly method: string;
  readonly pattern: RegExp;
  readonly path: string;
  readonly summary: string;
  readonly run: (
    deps: ControlDeps,
    args: string[],
    body: unknown,
    search: URLSearchParams,
  ) => ControlAnswer | Promise<ControlAnswer>;
}

/** A control answer: status and JSON body (undefined for 204). */
type ControlAnswer = { status: number; body?: unknown };

const SNOW = '(\\d{1,20})';

function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const errors: FieldError[] = [];
  const data = safeRun(schema, value ?? Object.create(null), errors);
  if (errors.length > 0) throw PlatformError.invalidForm(fieldErrorTree(errors));
  return data as z.output<S>;
}

/** Every control route. */
export const controlRoutes: readonly ControlRoute[] = [
  {
    method: 'GET',
    pattern: /^\/?$/,
    path: '/_emulator',
    summary: 'this list, and the platform routes without a handler yet',
    run: (deps) => ({
      status: 200,
      body: {
        routes: controlRoutes.map((r) => ({ method: r.method, path: r.path, summary: r.summary })),
        unimplemented: unimplementedRoutes(
          deps.routeNames.map((name) => ({ name })),
          deps.handlers,
        ),
      },
    }),
  },
  {
    method: 'POST',
    pattern: /^\/reset$/,
    path: '/_emulator/reset',
    summary:
      'forget everything and apply a seed: {seed?: "demo" | "empty" | SeedObject} → 204; a seed refused as a whole (400 50035 naming each bad part) changes nothing',
    run: (deps, _args, body) => {
      const input = parse(resetBody, body);
      try {
        deps.reset(input.seed ?? 'demo');
      } catch (error) {
        // The seed was checked whole before anything changed: the old world stands.
        if (!(error instanceof SeedError)) throw error;
        throw PlatformError.invalidForm(
          fieldErrorTree(error.issues.map((issue) => ({ ...issue, path: ['seed', ...issue.path] }))),
        );
      }
      deps.limiter.reset();
      return { status: 204 };
    },
  },
  {
    method: 'POST',
    pattern: /^\/applications$/,
    path: '/_emulator/applications',
    summary:
      'make an application and its bot: {name, privileged_intents?} → {id, bot_user_id, bot_token, public_key}',
    run: (deps, _args, body) => ({
      status: 201,
      body: ops.createApplication(deps.world, parse(createApplicationBody, body)),
    }),
  },
  {
    method: 'POST',
    pattern: /^\/users$/,
    path: '/_emulator/users',
    summary:
      'make a user with a bearer token: {username, application_id?, scopes?} → {id, username, access_token}',
    run: (deps, _args, body) => ({
      status: 201,
      body: ops.createUser(deps.world, parse(createUserBody, body)),
    }),
  },
  {
    method: 'PUT',
    pattern: new RegExp(`^/users/${SNOW}/presence$`),
    path: '/_emulator/users/{user_id}/presence',
    summary:
      'set a user\'s presence: {status: "online" | "idle" | "dnd" | "offline"} → {user_id, status} (404 10013 unknown user)',
    run: (deps, [userId], body) => ({
      status: 200,
      body: ops.putPresence(deps.world, userId as string, parse(putPresenceBody, body)),
    }),
  },
  {
    method: 'POST',
    pattern: /^\/guilds$/,
    path: '/_emulator/guilds',
    summary: 'make a guild: {name, owner_id, features?, premium_tier?} → the guild',
    run: (deps, _args, body) => ({
      status: 201,
      body: ops.createGuild(deps.world, parse(createGuildBody, body)),
    }),
  },
  {
    method: 'PATCH',
    pattern: new RegExp(`^/guilds/${SNOW}$`),
    path: '/_emulator/guilds/{guild_id}',
    summary:
      'force guild fields: {features?, premium_tier?, vanity_url_code?, vanity_url_uses?, owner_id?, …} → the guild',
    run: (deps, [guildId], body) => ({
      status: 200,
      body: ops.patchGuild(deps.world, guildId as string, parse(patchGuildBody, body)),
    }),
  },
  {
    method: 'PUT',
    pattern: new RegExp(`^/guilds/${SNOW}/members/${SNOW}$`),
    path: '/_emulator/guilds/{guild_id}/members/{user_id}',
    summary:
      'force membership: {roles?, pending?, voice_channel_id?, last_active_at?, nick?, communication_disabled_until?} → the member',
    run: (deps, [guildId, userId], body) =>
      ops.putMember(deps.world, guildId as string, userId as string, parse(putMemberBody, body)),
  },
  {
    method: 'POST',
    pattern: new RegExp(`^/guilds/${SNOW}/channels$`),
    path: '/_emulator/guilds/{guild_id}/channels',
    summary:
      'make any channel or thread: {name, type, parent_id?, owner_id?, archived?, locked?, …} → the channel',
    run: (deps, [guildId], body) => ({
      status: 201,
      body: ops.createChannel(deps.world, guildId as string, parse(createChannelBody, body)),
    }),
  },
  {
    method: 'PUT',
    pattern: new RegExp(`^/channels/${SNOW}/thread-members/${SNOW}$`),
    path: '/_emulator/channels/{channel_id}/thread-members/{user_id}',
    summary: 'add a user to a thread: {flags?} → the thread member',
    run: (deps, [channelId, userId], body) => ({
      status: 200,
      body: ops.putThreadMember(
        deps.world,
        channelId as string,
        userId as string,
        parse(putThreadMemberBody, body),
      ),
    }),
  },
  {
    method: 'POST',
    pattern: new RegExp(`^/guilds/${SNOW}/integrations$`),
    path: '/_emulator/guilds/{guild_id}/integrations',
    summary:
      'make an integration: {name, type, application_id?, user_id?, role_id?, account?, scopes?} → the integration',
    run: (deps, [guildId], body) => ({
      status: 201,
      body: ops.createIntegration(deps.world, guildId as string, parse(createIntegrationBody, body)),
    }),
  },
  {
    method: 'POST',
    pattern: /^\/dms$/,
    path: '/_emulator/dms',
    summary: 'record a direct message: {author_id, recipient_id, content, application_id?} → the message',
    run: (deps, _args, body) => ({ status: 201, body: ops.createDm(deps.world, parse(createDmBody, body)) }),
  },
  {
    method: 'POST',
    pattern: /^\/invites\/([A-Za-z0-9-]{1,100})\/accept$/,
    path: '/_emulator/invites/{code}/accept',
    summary:
      'a user accepts an invite (target users, bans, role grants, screening applied): {user_id} → the member',
    run: (deps, [code], body) => ops.acceptInvite(deps.world, code as string, parse(acceptInviteBody, body)),
  },
  {
    method: 'POST',
    pattern: /^\/clock$/,
    path: '/_emulator/clock',
    summary: 'advance the manual clock: {advance_ms} → {now} (409 unless started with the manual clock)',
    run: (deps, _args, body) => {
      const input = parse(advanceClockBody, body);
      const clock = deps.world.clock;
      if (!(clock instanceof ManualClock))
        throw new PlatformError(409, 0, 'The emulator clock is not manual.');
      clock.advance(input.advance_ms);
      return { status: 200, body: { now: clock.now() } };
    },
  },
  {
    method: 'GET',
    pattern: /^\/events$/,
    path: '/_emulator/events?after=SEQ',
    summary: 'events with seq > after: [{seq, type, guild_id?, application_id?, data, webhook_deliveries?}]',
    run: (deps, _args, _body, search) => {
      const after = search.get('after') ?? '0';
      if (!/^\d{1,15}$/.test(after))
        throw PlatformError.field(
          ['after'],
          'NUMBER_TYPE_COERCE',
          `Value "${after.slice(0, 32)}" is not int.`,
        );
      return {
        status: 200,
        body: deps.world.events.after(Number(after)).map(({ at: _at, ...event }) => {
          const deliveries = deps.world.webhooks.outcomes(event.seq);
          return deliveries ? { ...event, webhook_deliveries: renderDeliveries(deliveries) } : event;
        }),
      };
    },
  },
  {
    method: 'GET',
    pattern: /^\/state$/,
    path: '/_emulator/state',
    summary: 'the whole world as JSON (tokens included: a local development tool)',
    run: (deps) => ({ status: 200, body: dumpWorld(deps.world) }),
  },
  ...webhookControlRoutes,
];

/** Delivery records with ISO times, as `/_emulator/events` shows them. */
function renderDeliveries(deliveries: readonly DeliveryRecord[]): unknown[] {
  return deliveries.map(({ attempts, next_attempt_at, ...rest }) => ({
    ...rest,
    attempts: attempts.map(({ at, ...attempt }) => ({ at: new Date(at).toISOString(), ...attempt })),
    ...(next_attempt_at === undefined ? {} : { next_attempt_at: new Date(next_attempt_at).toISOString() }),
  }));
}

/** Largest control request body. */
const CONTROL_BODY_LIMIT = 1024 * 1024;

/** Answers a control request; `path` is below `/_emulator`. Never rejects. */
export async function handleControl(
  deps: ControlDeps,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  search: URLSearchParams,
): Promise<void> {
  const candidates = controlRoutes
    .map((route) => ({ route, match: route.pattern.exec(path) }))
    .filter((c) => c.match !== null);
  if (candidates.length === 0) {
    req.resume();
    return sendError(res, 404, NOT_FOUND);
  }
  const found = candidates.find((c) => c.route.method === req.method);
  if (!found) {
    req.resume();
    return sendError(res, 405, { message: '405: Method Not Allowed', code: 0 });
  }
  const raw = await readBody(req, CONTROL_BODY_LIMIT);
  const body = raw.length === 0 ? undefined : parseJsonBody(raw.toString('utf8'));
  const answer = await found.route.run(deps, (found.match as RegExpExecArray).slice(1), body, search);
  if (answer.body === undefined) sendEmpty(res, answer.status);
  else sendJson(res, answer.status, answer.body);
}
