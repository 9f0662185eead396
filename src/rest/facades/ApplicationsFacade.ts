/** `client.applications`: an application's role connection metadata. */
import { facadeOf } from './facadeOf.js';

/** The application operations by method name (each entry's TSDoc is written from THE route table). */
interface ApplicationOperations {
  /**
   * Reads the role connection metadata records an application declares.
   *
   * Get Application Role Connection Metadata: `GET /applications/{application_id}/role-connections/metadata`.
   * Bot token.
   */
  getRoleConnectionMetadata: 'getApplicationRoleConnectionMetadata';
  /**
   * Replaces an application's role connection metadata records (at most 5).
   *
   * Update Application Role Connection Metadata:
   * `PUT /applications/{application_id}/role-connections/metadata`. Bot token.
   */
  updateRoleConnectionMetadata: 'updateApplicationRoleConnectionMetadata';
}

/**
 * An application's role connection metadata records: read them, or replace them (at most 5). One
 * method per operation, each a thin `call`, with the bot token.
 */
export class ApplicationsFacade extends facadeOf<ApplicationOperations>('applications') {}
