/** `client.users`: the current user's guilds and role connection. */
import { facadeOf } from './facadeOf.js';

/** The current user's operations by method name (each entry's TSDoc is written from THE route table). */
interface UserOperations {
  /**
   * Lists the current user's guilds as partial guilds (with banners), a page at a time.
   *
   * Current User Guilds: `GET /users/@me/guilds`. Bot or bearer token. Scopes: guilds.
   */
  getCurrentUserGuilds: 'getCurrentUserGuilds';
  /**
   * Reads the current user's role connection with an application.
   *
   * Get User Role Connection: `GET /users/@me/applications/{application_id}/role-connection`. A user's bearer
   * token (pass `auth: { bearer }`). Scopes: role_connections.write.
   */
  getRoleConnection: 'getUserRoleConnection';
  /**
   * Sets the current user's role connection with an application: platform names and metadata.
   *
   * Update User Role Connection: `PUT /users/@me/applications/{application_id}/role-connection`. A user's
   * bearer token (pass `auth: { bearer }`). Scopes: role_connections.write.
   */
  updateRoleConnection: 'updateUserRoleConnection';
}

/**
 * The current user's operations: their guilds (bearer token with `guilds`, or the bot's) and their
 * role connection with an application (bearer token with `role_connections.write`). One method per
 * operation, each a thin `call`.
 */
export class UsersFacade extends facadeOf<UserOperations>('users') {}
