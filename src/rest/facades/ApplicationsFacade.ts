/** `client.applications`: an application's role connection metadata. */
import { callThrough, type FacadeArgs, type FacadeResult, type RestCaller } from './facadeTypes.js';

/**
 * An application's role connection metadata records: read them, or replace them (at most 5). One
 * method per operation, each a thin `call`, with the bot token.
 */
export class ApplicationsFacade {
  readonly #client: RestCaller;

  constructor(client: RestCaller) {
    this.#client = client;
  }

  /**
   * Reads the role connection metadata records an application declares.
   *
   * Get Application Role Connection Metadata: `GET /applications/{application_id}/role-connections/metadata`.
   * Bot token.
   */
  getRoleConnectionMetadata(
    ...args: FacadeArgs<'getApplicationRoleConnectionMetadata'>
  ): FacadeResult<'getApplicationRoleConnectionMetadata'> {
    return callThrough(this.#client, 'getApplicationRoleConnectionMetadata', args);
  }

  /**
   * Replaces an application's role connection metadata records (at most 5).
   *
   * Update Application Role Connection Metadata: `PUT
   * /applications/{application_id}/role-connections/metadata`. Bot token.
   */
  updateRoleConnectionMetadata(
    ...args: FacadeArgs<'updateApplicationRoleConnectionMetadata'>
  ): FacadeResult<'updateApplicationRoleConnectionMetadata'> {
    return callThrough(this.#client, 'updateApplicationRoleConnectionMetadata', args);
  }
}
