/**
 * Authentication per route: `Authorization: Bot <token>` or `Bearer <token>` as the route's `auth`
 * says. A missing or unknown token is 401 `{message: '401: Unauthorized', code: 0}`; a valid token of
 * the wrong kind, a bearer token lacking one of the route's OAuth2 scopes, or an application lacking
 * one of its privileged intents is 403 code 50001 Missing Access.
 */
import type { RouteDef } from '../../spec/route.js';
import type { Caller } from '../handlers/handlerTypes.js';
import { PlatformError } from '../PlatformError.js';
import type { PrivilegedIntent } from '../world/accountRecords.js';
import type { World } from '../world/World.js';

/** Resolves an Authorization header to a caller, or undefined when there is none or it is unknown. */
export function resolveCaller(world: World, header: string | undefined): Caller | undefined {
  if (header === undefined) return undefined;
  const match = /^(Bot|Bearer)\s+(\S+)\s*$/i.exec(header);
  if (!match) return undefined;
  const scheme = (match[1] as string).toLowerCase();
  const token = match[2] as string;
  if (scheme === 'bot') {
    const application = world.applicationByBotToken(token);
    const user = application && world.user(application.bot_user_id);
    return application && user ? { kind: 'bot', application, user } : undefined;
  }
  const record = world.bearerTokens.get(token);
  const application = record && world.applications.get(record.application_id);
  const user = record && world.user(record.user_id);
  return record && application && user
    ? { kind: 'bearer', application, user, scopes: record.scopes }
    : undefined;
}

/** The caller of a request to `route`, or a {@link PlatformError} 401/403. */
export function authenticate(world: World, route: RouteDef, header: string | undefined): Caller {
  if (route.auth === 'none') return { kind: 'anonymous' };
  const caller = resolveCaller(world, header);
  if (!caller || caller.kind === 'anonymous') throw PlatformError.unauthorized();
  if (
    (route.auth === 'bot' && caller.kind !== 'bot') ||
    (route.auth === 'bearer' && caller.kind !== 'bearer')
  ) {
    throw PlatformError.missingAccess();
  }
  if (caller.kind === 'bearer') {
    for (const scope of route.scopes ?? [])
      if (!caller.scopes.includes(scope)) throw PlatformError.missingAccess();
  }
  for (const intent of route.intents ?? []) {
    if (!caller.application.privileged_intents.includes(intent as PrivilegedIntent))
      throw PlatformError.missingAccess();
  }
  return caller;
}
