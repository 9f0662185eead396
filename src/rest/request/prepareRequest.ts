/**
 * Everything about a call that is decided once, before the first attempt: the token check, input
 * validation, the path and URL, headers and the encoded body, and the rate-limit keys.
 */
import type { ClientRouteDef } from '../../spec/route.js';
import type { AuthOption, LooseCallArgs } from '../callTypes.js';
import type { RequestContext } from '../errors/requestContext.js';
import { type TokenKind, TokenKindError } from '../errors/TokenKindError.js';
import { fingerprint, type MajorParameter, majorParameter } from '../ratelimit/majorParameter.js';
import type { TransportBody } from '../transport/Transport.js';
import type { RandomSource } from '../util/backoff.js';
import { buildPath } from './buildPath.js';
import { buildQuery } from './buildQuery.js';
import type { EngineExtras, MultipartSupport } from './EngineExtras.js';
import { validateInput } from './validateInput.js';

/** A call ready to be sent (as often as needed). */
export interface PreparedRequest {
  readonly route: ClientRouteDef;
  readonly ctx: RequestContext;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: TransportBody | undefined;
  /** Whether the body can be sent again (not a stream). */
  readonly repeatable: boolean;
  /** `METHOD /path/{template}`: the route's rate-limit identity. */
  readonly routeKey: string;
  readonly where: MajorParameter;
  /** An opaque id of the token (the global limit is per token); never the token itself. */
  readonly authKey: string;
}

/** What the client passes to {@link prepareRequest}. */
export interface PrepareConfig {
  readonly baseUrl: string;
  readonly validate: boolean;
  readonly baseHeaders: Readonly<Record<string, string>>;
  readonly random: RandomSource;
  /** The client's own token, resolved once (compared by identity with the call's `auth`). */
  readonly defaultAuth: ResolvedAuth | undefined;
  /**
   * `baseHeaders` plus the client's own Authorization header, built once: shared (never modified) by
   * every request that needs no header of its own, so that most requests copy no headers at all.
   */
  readonly defaultAuthHeaders?: Readonly<Record<string, string>>;
  /** The engine's extras (multipart bodies, the input memo); every route of its table has what it needs. */
  readonly extras: EngineExtras;
}

/** The headers every request of a client with this token shares (see {@link PrepareConfig}). */
export function sharedHeaders(
  baseHeaders: Readonly<Record<string, string>>,
  auth: ResolvedAuth,
): Readonly<Record<string, string>> {
  const headers: Record<string, string> = Object.assign({}, baseHeaders);
  if (auth.kind !== 'none') headers.authorization = auth.header;
  return Object.freeze(headers);
}

/** A token resolved to its kind, header and opaque key. */
export interface ResolvedAuth {
  readonly auth: AuthOption | undefined;
  readonly kind: TokenKind;
  /** `Bot …` / `Bearer …`; empty for none. */
  readonly header: string;
  /** `bot:<fingerprint>`, `bearer:<fingerprint>` or `none`: never the token itself. */
  readonly key: string;
}

/** Resolves a token once: its kind, Authorization header and opaque key. */
export function resolveAuth(auth: AuthOption | undefined): ResolvedAuth {
  const { kind, token } = tokenOf(auth);
  if (kind === 'none') return { auth, kind, header: '', key: 'none' };
  return {
    auth,
    kind,
    header: `${kind === 'bot' ? 'Bot' : 'Bearer'} ${token}`,
    key: `${kind}:${fingerprint(token)}`,
  };
}

/** The kind and value of a token. */
export function tokenOf(auth: AuthOption | undefined): { kind: TokenKind; token: string } {
  if (auth && 'bot' in auth && typeof auth.bot === 'string' && auth.bot !== '')
    return { kind: 'bot', token: auth.bot };
  if (auth && 'bearer' in auth && typeof auth.bearer === 'string' && auth.bearer !== '') {
    return { kind: 'bearer', token: auth.bearer };
  }
  return { kind: 'none', token: '' };
}

/**
 * Checks and encodes a call; throws `TokenKindError` or `ValidationError` before anything is sent.
 * Synchronous except for multipart bodies (which may read Blobs).
 */
export function prepareRequest(
  route: ClientRouteDef,
  args: LooseCallArgs,
  auth: AuthOption | undefined,
  config: PrepareConfig,
): PreparedRequest | Promise<PreparedRequest> {
  let authKey = 'none';
  let authHeader: string | undefined;
  // The headers shared by every request that adds none of its own (copied below otherwise).
  let shared: Readonly<Record<string, string>> | undefined = config.baseHeaders;
  if (route.auth !== 'none') {
    const isDefault = config.defaultAuth !== undefined && auth === config.defaultAuth.auth;
    const resolved = isDefault ? (config.defaultAuth as ResolvedAuth) : resolveAuth(auth);
    const kind = resolved.kind;
    const fits = route.auth === 'either' ? kind !== 'none' : route.auth === kind;
    if (!fits) throw new TokenKindError(route.name, route.auth, kind);
    authHeader = resolved.header;
    authKey = resolved.key;
    shared = isDefault ? config.defaultAuthHeaders : undefined;
  }

  // Only a route with file fields may go multipart, and the engine of its table has the support.
  const support = route.files === undefined ? undefined : (config.extras.multipart as MultipartSupport);
  const multipart = support?.goesMultipart(route, args.files) === true;
  // A body the route lets callers leave out goes as `{}` (on a multipart call, the files go alone).
  if (args.body === undefined && !multipart && route.bodyOptional === true)
    args = { ...args, body: emptyBody };

  if (config.validate) validateInput(route, args, multipart, config.extras);
  const params = args.params ?? {};
  const path = buildPath(route.path, params, route.name);
  const url =
    args.query === undefined ? config.baseUrl + path : config.baseUrl + path + buildQuery(args.query);

  const reason = route.audit && args.reason !== undefined && args.reason !== '' ? args.reason : undefined;
  let headers: Record<string, string>;
  if (shared !== undefined && reason === undefined && args.body === undefined && !multipart) {
    headers = shared as Record<string, string>;
  } else {
    headers = Object.assign({}, config.baseHeaders);
    if (authHeader !== undefined) headers.authorization = authHeader;
    if (reason !== undefined) headers['x-audit-log-reason'] = encodeURIComponent(reason);
  }

  const prepared: Mutable<PreparedRequest> = {
    route,
    ctx: { operation: route.name, method: route.method, route: route.path, path },
    url,
    headers,
    body: undefined,
    repeatable: true,
    routeKey: routeKeyOf(route),
    where: majorParameter(params, authKey),
    authKey,
  };

  if (multipart)
    return (support as MultipartSupport).encodeInto(prepared, args.body, args.files ?? {}, config.random);
  if (args.body !== undefined) {
    headers['content-type'] = 'application/json';
    prepared.body = JSON.stringify(args.body);
  }
  return prepared;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const emptyBody: Readonly<Record<string, never>> = Object.freeze({});
const routeKeys = new WeakMap<ClientRouteDef, string>();

/** `METHOD /path/{template}`, computed once per route. */
function routeKeyOf(route: ClientRouteDef): string {
  let key = routeKeys.get(route);
  if (key === undefined) {
    key = `${route.method} ${route.path}`;
    routeKeys.set(route, key);
  }
  return key;
}
