/**
 * Who is acting, for handlers: the application behind any token, and the acting user (the bot user
 * for a Bot token, the token's user for a Bearer token). The pipeline has already enforced the
 * route's `auth`, so these only fail for routes declared `none`.
 */
import { PlatformError } from '../platformError.js';
import type { ApplicationRecord, UserRecord } from '../world/accountRecords.js';
import type { Caller } from './handlerTypes.js';

/** The application the caller's token belongs to. */
export function callerApplication(caller: Caller): ApplicationRecord {
  if (caller.kind === 'anonymous') throw PlatformError.unauthorized();
  return caller.application;
}

/** The acting user: the bot user for a Bot token, the token's user for a Bearer token. */
export function callerUser(caller: Caller): UserRecord {
  if (caller.kind === 'anonymous') throw PlatformError.unauthorized();
  return caller.user;
}
