/**
 * The control API under `/_emulator` (not part of the platform): sets up worlds for tests and demos.
 * JSON in and out, no authentication (the emulator binds to loopback by default), errors in the
 * platform's envelope. Every route is listed, with its body, in docs/emulator.md and in
 * {@link controlRoutes}; `GET /_emulator` answers that list. The table is routed by the platform's
 * router (http/Router.ts): a path no template matches is 404, a path matched only by templates of
 * other methods 405. Ids in a path are snowflakes and invite codes `[A-Za-z0-9-]{1,100}`: a path
 * with another value there is 404, as a path to nothing.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpMethod } from '../../spec/route.js';
import { ManualClock } from '../../clock.js';
import type { HandlerMap } from '../handlers/handlerTypes.js';
import { unimplementedRoutes } from '../http/PlatformPipeline.js';
import { parseJsonBody } from '../http/parseJsonBody.js';
import { readBody } from '../http/readBody.js';
import { Router } from '../http/Router.js';
import { NOT_FOUND, sendEmpty, sendError, sendJson } from '../http/sendResponse.js';
import { fieldErrorTree, PlatformError } from '../PlatformError.js';
import type { GatewayServer } from '../gateway/GatewayServer.js';
import type { RateLimiter } from '../rateLimits/RateLimiter.js';
import { dumpWorld } from '../world/dumpWorld.js';
import { type Seed, SeedError } from '../world/seed.js';
import type { WebhookDispatcher } from '../webhooks/WebhookDispatcher.js';
import type { DeliveryRecord } from '../webhooks/WebhookStore.js';
import type { World } from '../world/World.js';
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
  createRoleBody,
  patchRoleBody,
  putMemberBody,
  putPresenceBody,
  putThreadMemberBody,
  resetBody,
} from './controlSchemas.js';
import * as ops from './controlOperations.js';
import { parseControlBody } from './parseControlBody.js';
import { gatewayControlRoutes } from './gatewayControl.js';
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
  /** The gateway's sessions, for the failures the gateway routes cause. */
  readonly gateway: GatewayServer;
}

/** One control route (webhookControl.ts adds its own). */
export interface ControlRoute {
  readonly method: HttpMethod;
  /** The path template below `/_emulator` (`/guilds/{guild_id}`; the list itself is ``). */
  readonly path: string;
  /** The query the route reads, as the list shows it (`after=SEQ`). */
  readonly query?: string;
  readonly summary: string;
  readonly run: (
    deps: ControlDeps,
    params: Readonly<Record<string, string>>,
    body: unknown,
    search: URLSearchParams,
  ) => ControlAnswer | Promise<ControlAnswer>;
}

/** A control answer: status and JSON body (undefined for 204). */
type ControlAnswer = { status: number; body?: unknown };

/** What a value in a control path looks like: a snowflake, but for invite codes and gateway sessions. */
const SNOWFLAKE = /^\d{1,20}$/;
const paramForms: Readonly<Record<string, RegExp>> = {
  code: /^[A-Za-z0-9-]{1,100}$/,
  session_id: /^[0-9a-f]{1,64}$/,
};

/** True when every value taken from the path has its parameter's form. */
function paramsFit(params: Readonly<Record<string, string>>): boolean {
  return Object.entries(params).every(([name, value]) => (paramForms[name] ?? SNOWFLAKE).test(value));
}

/** Every control route. */
export const controlRoutes: readonly ControlRoute[] = [
  {
    method: 'GET',
    path: '',
    summary: 'this list, and the platform routes without a handler yet',
    run: (deps) => ({
      status: 200,
      body: {
        routes: controlRoutes.map((r) => ({
          method: r.method,
          path: `/_emulator${r.path}${r.query === undefined ? '' : `?${r.query}`}`,
          summary: r.summary,
        })),
        unimplemented: unimplementedRoutes(
          deps.routeNames.map((name) => ({ name })),
          deps.handlers,
        ),
      },
    }),
  },
  {
    method: 'POST',
    path: '/reset',
    summary:
      'forget everything and apply a seed: {seed?: "demo" | "empty" | SeedObject} → 204; a seed refused as a whole (400 50035 naming each bad part) changes nothing',
    run: (deps, _params, body) => {
      const input = parseControlBody(resetBody, body);
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
    path: '/applications',
    summary:
      'make an application and its bot: {name, privileged_intents?} → {id, bot_user_id, bot_token, public_key}',
    run: (deps, _params, body) => ({
      status: 201,
      body: ops.createApplication(deps.world, parseControlBody(createApplicationBody, body)),
    }),
  },
  {
    method: 'POST',
    path: '/users',
    summary:
      'make a user with a bearer token: {username, application_id?, scopes?} → {id, username, access_token}',
    run: (deps, _params, body) => ({
      status: 201,
      body: ops.createUser(deps.world, parseControlBody(createUserBody, body)),
    }),
  },
  {
    method: 'PUT',
    path: '/users/{user_id}/presence',
    summary:
      'set a user\'s presence: {status: "online" | "idle" | "dnd" | "offline"} → {user_id, status} (404 10013 unknown user)',
    run: (deps, { user_id }, body) => ({
      status: 200,
      body: ops.putPresence(deps.world, user_id as string, parseControlBody(putPresenceBody, body)),
    }),
  },
  {
    method: 'POST',
    path: '/guilds',
    summary: 'make a guild: {name, owner_id, features?, premium_tier?} → the guild',
    run: (deps, _params, body) => ({
      status: 201,
      body: ops.createGuild(deps.world, parseControlBody(createGuildBody, body)),
    }),
  },
  {
    method: 'PATCH',
    path: '/guilds/{guild_id}',
    summary:
      'force guild fields: {features?, premium_tier?, vanity_url_code?, vanity_url_uses?, owner_id?, …} → the guild',
    run: (deps, { guild_id }, body) => ({
      status: 200,
      body: ops.patchGuild(deps.world, guild_id as string, parseControlBody(patchGuildBody, body)),
    }),
  },
  {
    method: 'PUT',
    path: '/guilds/{guild_id}/members/{user_id}',
    summary:
      'force membership: {roles?, pending?, voice_channel_id?, last_active_at?, nick?, communication_disabled_until?} → the member',
    run: (deps, { guild_id, user_id }, body) =>
      ops.putMember(deps.world, guild_id as string, user_id as string, parseControlBody(putMemberBody, body)),
  },
  {
    method: 'POST',
    path: '/guilds/{guild_id}/roles',
    summary: 'make a role with any permissions at any position: {name, permissions?, position?} → the role',
    run: (deps, { guild_id }, body) => ({
      status: 201,
      body: ops.createRole(deps.world, guild_id as string, parseControlBody(createRoleBody, body)),
    }),
  },
  {
    method: 'PATCH',
    path: '/guilds/{guild_id}/roles/{role_id}',
    summary:
      "force a role's fields: {name?, permissions?, position?} → the role (@everyone's id is the guild's; 404 10011 unknown role)",
    run: (deps, { guild_id, role_id }, body) => ({
      status: 200,
      body: ops.patchRole(
        deps.world,
        guild_id as string,
        role_id as string,
        parseControlBody(patchRoleBody, body),
      ),
    }),
  },
  {
    method: 'POST',
    path: '/guilds/{guild_id}/channels',
    summary:
      'make any channel or thread: {name, type, parent_id?, owner_id?, archived?, locked?, …} → the channel',
    run: (deps, { guild_id }, body) => ({
      status: 201,
      body: ops.createChannel(deps.world, guild_id as string, parseControlBody(createChannelBody, body)),
    }),
  },
  {
    method: 'PUT',
    path: '/channels/{channel_id}/thread-members/{user_id}',
    summary: 'add a user to a thread: {flags?} → the thread member',
    run: (deps, { channel_id, user_id }, body) => ({
      status: 200,
      body: ops.putThreadMember(
        deps.world,
        channel_id as string,
        user_id as string,
        parseControlBody(putThreadMemberBody, body),
      ),
    }),
  },
  {
    method: 'POST',
    path: '/guilds/{guild_id}/integrations',
    summary:
      'make an integration: {name, type, application_id?, user_id?, role_id?, account?, scopes?} → the integration',
    run: (deps, { guild_id }, body) => ({
      status: 201,
      body: ops.createIntegration(
        deps.world,
        guild_id as string,
        parseControlBody(createIntegrationBody, body),
      ),
    }),
  },
  {
    method: 'POST',
    path: '/dms',
    summary: 'record a direct message: {author_id, recipient_id, content, application_id?} → the message',
    run: (deps, _params, body) => ({
      status: 201,
      body: ops.createDm(deps.world, parseControlBody(createDmBody, body)),
    }),
  },
  {
    method: 'POST',
    path: '/invites/{code}/accept',
    summary:
      'a user accepts an invite (target users, bans, role grants, screening applied): {user_id} → the member',
    run: (deps, { code }, body) =>
      ops.acceptInvite(deps.world, code as string, parseControlBody(acceptInviteBody, body)),
  },
  {
    method: 'POST',
    path: '/clock',
    summary: 'advance the manual clock: {advance_ms} → {now} (409 unless started with the manual clock)',
    run: (deps, _params, body) => {
      const input = parseControlBody(advanceClockBody, body);
      const clock = deps.world.clock;
      if (!(clock instanceof ManualClock))
        throw new PlatformError(409, 0, 'The emulator clock is not manual.');
      clock.advance(input.advance_ms);
      return { status: 200, body: { now: clock.now() } };
    },
  },
  {
    method: 'GET',
    path: '/events',
    query: 'after=SEQ',
    summary: 'events with seq > after: [{seq, type, guild_id?, application_id?, data, webhook_deliveries?}]',
    run: (deps, _params, _body, search) => {
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
    path: '/state',
    summary: 'the whole world as JSON (tokens included: a local development tool)',
    run: (deps) => ({ status: 200, body: dumpWorld(deps.world) }),
  },
  ...webhookControlRoutes,
  ...gatewayControlRoutes,
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

/** The control table, routed as the platform's routes are. */
const controlRouter = new Router<ControlRoute>(controlRoutes);

/** Answers a control request; `path` is below `/_emulator`. Never rejects. */
export async function handleControl(
  deps: ControlDeps,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  search: URLSearchParams,
): Promise<void> {
  // `/_emulator/` is the list, as `/_emulator` is.
  const below = path === '/' ? '' : path;
  const match = controlRouter.match(req.method ?? 'GET', below);
  if (match.kind === 'found' && paramsFit(match.params)) {
    const raw = await readBody(req, CONTROL_BODY_LIMIT);
    const body = raw.length === 0 ? undefined : parseJsonBody(raw.toString('utf8'));
    const answer = await match.route.run(deps, match.params, body, search);
    if (answer.body === undefined) sendEmpty(res, answer.status);
    else sendJson(res, answer.status, answer.body);
    return;
  }
  req.resume();
  if (match.kind === 'methodNotAllowed' && fitsAnyMethod(below, match.allowed)) {
    return sendError(res, 405, { message: '405: Method Not Allowed', code: 0 });
  }
  return sendError(res, 404, NOT_FOUND);
}

/** Whether a route of another method matches `path` with well-formed ids (else it is a 404). */
function fitsAnyMethod(path: string, methods: readonly string[]): boolean {
  return methods.some((method) => {
    const other = controlRouter.match(method, path);
    return other.kind === 'found' && paramsFit(other.params);
  });
}
