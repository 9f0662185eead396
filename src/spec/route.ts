/**
 * The shape of one operation in the route table ({@link routes}). Every other layer derives from
 * these entries: the client's typed `call`, the emulator's router and validation, the README table
 * and the conformance tests.
 */
import type * as z from 'zod/mini';
import type { DevelopmentBucket } from './limits.js';
import type { PermissionName } from './permissions.js';

/** An HTTP method the platform uses in this area. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Which token an operation takes: `bot` (`Authorization: Bot …`), `bearer` (a user's OAuth2 access
 * token), `either`, or `none` (no header at all).
 */
export type RouteAuth = 'bot' | 'bearer' | 'either' | 'none';

/** The area an operation belongs to; the client's facades group by it. */
export type RouteArea = 'lobbies' | 'guilds' | 'invites' | 'channels' | 'users' | 'applications' | 'gateway';

/** How the request body travels. */
export type BodyKind = 'json' | 'multipart' | 'json-or-multipart';

/** What a success answer carries: JSON, a CSV file, a PNG image, or nothing (204). */
export type ResponseKind = 'json' | 'csv' | 'png' | 'empty';

/**
 * The permissions the platform checks. `allOf` must all be held, and at least one of `anyOf`;
 * owners and ADMINISTRATOR pass every check. `scope` says where they are computed.
 */
export interface PermissionRule {
  readonly allOf?: readonly PermissionName[];
  readonly anyOf?: readonly PermissionName[];
  readonly scope: 'guild' | 'channel';
  /** Conditions that are not a plain permission (the inviter passes, per-field permissions, …). */
  readonly note?: string;
}

/** One operation of the platform. */
export interface RouteDef {
  /** camelCase of the specification's operation name: the key in {@link routes}. */
  readonly name: string;
  /** The specification's operation name, e.g. "Bulk Update Lobby Members". */
  readonly operation: string;
  readonly area: RouteArea;
  readonly method: HttpMethod;
  /** Path template below `/api/v10`, with `{snake_case}` placeholders as in the OpenAPI document. */
  readonly path: string;
  readonly auth: RouteAuth;
  /** Whether the operation records `X-Audit-Log-Reason`. */
  readonly audit: boolean;
  /** Path parameters, one key per placeholder. */
  readonly params: z.ZodMiniType;
  /** Query parameters, as an object schema. */
  readonly query?: z.ZodMiniType;
  /** The request body. */
  readonly body?: z.ZodMiniType;
  readonly bodyKind?: BodyKind;
  /**
   * The body may be left out and is then sent as `{}`: every field is optional and the defaults are
   * what a caller usually wants (Create Lobby, Add a Member, Create Guild Ban…). Not set where an
   * empty body does something drastic: Link Channel unlinks, moderation metadata is cleared, Begin
   * Guild Prune prunes with its 7-day default.
   */
  readonly bodyOptional?: true;
  /** For multipart bodies: the names of the file fields. */
  readonly files?: readonly string[];
  /** Success status, or every success status when there are several (201 or 204, say). */
  readonly status: number | readonly number[];
  readonly responseKind: ResponseKind;
  /** The success answer (for CSV: the parsed list of ids). */
  readonly response?: z.ZodMiniType;
  readonly permissions?: PermissionRule;
  /** OAuth2 scopes the caller's bearer token needs. */
  readonly scopes?: readonly string[];
  /**
   * OAuth2 scopes a token carried in the body needs: Add Guild Member is called with a bot token and
   * names the joining user's access token in `access_token`, which must hold `guilds.join`.
   */
  readonly bodyTokenScopes?: readonly string[];
  /** Privileged gateway intents the application needs. */
  readonly intents?: readonly string[];
  /** The development rate-limit bucket, for lobby routes. */
  readonly rateLimit?: DevelopmentBucket;
  /** Safe to send again after a network failure or 5xx (GET, PUT, DELETE and documented-safe ones). */
  readonly idempotent: boolean;
  /** Why and since when the operation is deprecated. */
  readonly deprecated?: string;
  /** Why the operation is no longer available to applications. */
  readonly removed?: string;
}

/**
 * A schema as a client checks with it: a zod schema of the table, or a lean one (`spec/lean`) that
 * mirrors it without zod, for a client that must stay small (the lobby client in a browser).
 */
export interface ParseSchema {
  safeParse(value: unknown):
    | { readonly success: true; readonly data: unknown }
    | {
        readonly success: false;
        readonly error: {
          readonly issues: readonly {
            readonly path: readonly PropertyKey[];
            readonly message: string;
            readonly code?: string;
          }[];
        };
      };
}

/**
 * What a client reads of a route to send it: every {@link RouteDef} is one; so is an entry of a
 * client's own table whose schemas are lean ones (`lobbyClientRoutes`).
 */
export type ClientRouteDef = Pick<
  RouteDef,
  | 'name'
  | 'operation'
  | 'method'
  | 'path'
  | 'auth'
  | 'audit'
  | 'bodyKind'
  | 'bodyOptional'
  | 'files'
  | 'status'
  | 'responseKind'
  | 'rateLimit'
  | 'idempotent'
> & {
  readonly params: ParseSchema;
  readonly query?: ParseSchema;
  readonly body?: ParseSchema;
  readonly response?: ParseSchema;
};

/** Declares a route, keeping its literal types for inference. */
export function defineRoute<const T extends RouteDef>(def: T): T {
  return def;
}

/** The placeholder names in a path template: `pathParams('/a/{x}/b/{y}')` is `['x', 'y']`. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/\{([a-z0-9_]+)\}/g)].map((m) => m[1] as string);
}

/** A route as written in an area's table: `name` is its key, `operation` defaults to the key in title case. */
export type RouteEntry = Omit<RouteDef, 'name' | 'operation'> & { readonly operation?: string };

/** "createLobby" → "Create Lobby": the specification's operation name where it follows the key word for word. */
function titleOf(name: string): string {
  return name.replace(/[A-Z]/g, ' $&').replace(/^./, (c) => c.toUpperCase());
}

/**
 * Declares an area's table: each entry gets `name` (its key) and, when not written, `operation` (the
 * key in title case), as the first two fields, keeping the entries' literal types for inference.
 */
export function defineRoutes<const T extends Record<string, RouteEntry>>(
  table: T,
): { readonly [K in keyof T & string]: { readonly name: K; readonly operation: string } & T[K] } {
  return named(table);
}

/** A client's route as written in its table: like {@link RouteEntry}, of a {@link ClientRouteDef}. */
export type ClientRouteEntry = Omit<ClientRouteDef, 'name' | 'operation'> & { readonly operation?: string };

/** {@link defineRoutes} for a client's own table (lean schemas, only what a client reads). */
export function defineClientRoutes<const T extends Record<string, ClientRouteEntry>>(
  table: T,
): { readonly [K in keyof T & string]: { readonly name: K; readonly operation: string } & T[K] } {
  return named(table);
}

function named(table: Record<string, object>): never {
  const out: Record<string, object> = {};
  for (const [name, def] of Object.entries(table)) out[name] = { name, operation: titleOf(name), ...def };
  return out as never;
}
