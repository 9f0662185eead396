/** `client.invites`: the operations on an invite by code, plus waiting for its target-users job. */
import {
  type UpdateTargetUsersAndWaitOptions,
  updateTargetUsersAndWait,
} from '../progress/updateTargetUsersAndWait.js';
import {
  type TargetUsersJob,
  type WatchTargetUsersJobOptions,
  watchTargetUsersJob,
} from '../progress/watchTargetUsersJob.js';
import { facadeOf } from './facadeOf.js';
import type { ClockedRestCaller, FacadeParams } from './facadeTypes.js';

/** The operations on an invite by method name (each entry's TSDoc is written from THE route table). */
interface InviteOperations {
  /**
   * Reads an invite by its code, optionally with approximate counts and a scheduled event.
   *
   * Get Invite: `GET /invites/{code}`. Bot or bearer token.
   */
  get: 'getInvite';
  /**
   * Deletes an invite and answers with it; emits Invite Delete.
   *
   * Delete Invite: `DELETE /invites/{code}`. Bot token. Needs one of MANAGE_CHANNELS, MANAGE_GUILD
   * (MANAGE_CHANNELS on the invite's channel, or MANAGE_GUILD for any invite in the guild). `reason` goes to
   * the audit log.
   */
  delete: 'deleteInvite';
  /**
   * Reads the users allowed to accept an invite, as a CSV file with the header user_id.
   *
   * Get Target Users: `GET /invites/{code}/target-users`. Bot token. Needs one of MANAGE_GUILD,
   * VIEW_AUDIT_LOG (the inviter, or MANAGE_GUILD or VIEW_AUDIT_LOG).
   */
  getTargetUsers: 'getTargetUsers';
  /**
   * Replaces the users allowed to accept an invite from a CSV file; processed asynchronously.
   *
   * Update Target Users: `PUT /invites/{code}/target-users`. Bot token. Needs one of MANAGE_GUILD (the
   * inviter, or MANAGE_GUILD).
   */
  updateTargetUsers: 'updateTargetUsers';
  /**
   * Reads the state of the asynchronous job processing an invite's target users.
   *
   * Get Target Users Job Status: `GET /invites/{code}/target-users/job-status`. Bot token. Needs one of
   * MANAGE_GUILD, VIEW_AUDIT_LOG (the inviter, or MANAGE_GUILD or VIEW_AUDIT_LOG).
   */
  getTargetUsersJobStatus: 'getTargetUsersJobStatus';
}

/**
 * Invites by code: read, delete, and the users an invite is limited to (a CSV, processed by the
 * platform as an asynchronous job). One method per operation, each a thin `call`; helpers follow the
 * job (`watchTargetUsersJob`) or upload and wait for it with progress (`updateTargetUsersAndWait`).
 */
export class InvitesFacade extends facadeOf<InviteOperations>('invites') {
  readonly #client: ClockedRestCaller;

  constructor(client: ClockedRestCaller) {
    super(client);
    this.#client = client;
  }

  // Helpers over several calls: the asynchronous target-users job.

  /**
   * Follows an invite's target-users job: polls Get Target Users Job Status (through the client's
   * clock) and yields each status, `processed_users` of `total_users`, the final one last.
   *
   * Bot token; the inviter, or MANAGE_GUILD or VIEW_AUDIT_LOG. Abortable between and during polls.
   */
  watchTargetUsersJob(
    params: FacadeParams<'getTargetUsersJobStatus'>,
    options?: WatchTargetUsersJobOptions,
  ): AsyncGenerator<TargetUsersJob, TargetUsersJob, undefined> {
    return watchTargetUsersJob(this.#client, params, options);
  }

  /**
   * Replaces an invite's target users from a CSV (string, Blob, bytes or stream) and waits for the
   * platform's job to finish, calling `onProgress` with each polled status.
   *
   * Resolves to the final status; rejects with code `TARGET_USERS_JOB_FAILED` when the job fails.
   *
   * @example
   * ```ts
   * await client.invites.updateTargetUsersAndWait({ code }, {
   *   files: { target_users_file: 'user_id\n1323802873036931075\n' },
   *   onProgress: (job) => console.log(`${job.processed_users}/${job.total_users}`),
   * });
   * ```
   */
  updateTargetUsersAndWait(
    params: FacadeParams<'updateTargetUsers'>,
    options: UpdateTargetUsersAndWaitOptions,
  ): Promise<TargetUsersJob> {
    return updateTargetUsersAndWait(this.#client, params, options);
  }
}
