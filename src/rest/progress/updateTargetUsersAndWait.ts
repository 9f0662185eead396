/**
 * Update Target Users, then wait for the platform's asynchronous job to finish, reporting progress:
 * the one call most callers want when they replace an invite's target users.
 */
import type { CommonCallArgs } from '../callTypes.js';
import { LobbykitError } from '../errors/LobbykitError.js';
import type { ClockedRestCaller, FacadeOptions, FacadeParams } from '../facades/facadeTypes.js';
import { isJobFinished, type TargetUsersJob, watchTargetUsersJob } from './watchTargetUsersJob.js';
import { TargetUsersJobStatus } from '../../spec/flags.js';

/** Options of {@link updateTargetUsersAndWait}. */
export interface UpdateTargetUsersAndWaitOptions extends CommonCallArgs {
  /** The CSV of user ids (header `user_id`): a string, Blob, bytes, or a stream for large files. */
  readonly files: FacadeOptions<'updateTargetUsers'>['files'];
  /** Called with each polled status: `processed_users` of `total_users`. */
  readonly onProgress?: (job: TargetUsersJob) => void;
  /** Time between two polls, in milliseconds. @defaultValue `1000` */
  readonly pollIntervalMs?: number;
  /** Longest time to follow the job. @defaultValue `600_000` */
  readonly maxWaitMs?: number;
}

/**
 * Uploads the CSV, then polls the job through the client's clock until it finishes; resolves to the
 * final status. Rejects with a `LobbykitError` of code `TARGET_USERS_JOB_FAILED` (carrying the
 * platform's `error_message`) when the job fails, and with the signal's reason on abort.
 */
export async function updateTargetUsersAndWait(
  client: ClockedRestCaller,
  params: FacadeParams<'updateTargetUsers'>,
  options: UpdateTargetUsersAndWaitOptions,
): Promise<TargetUsersJob> {
  const { files, onProgress, pollIntervalMs, maxWaitMs, ...common } = options;
  await client.call('updateTargetUsers', { ...common, params, files });
  const watch = watchTargetUsersJob(client, params, {
    ...common,
    ...(pollIntervalMs === undefined ? {} : { pollIntervalMs }),
    ...(maxWaitMs === undefined ? {} : { maxWaitMs }),
  });
  let last: TargetUsersJob | undefined;
  for await (const job of watch) {
    last = job;
    onProgress?.(job);
  }
  if (last === undefined || !isJobFinished(last)) {
    throw new LobbykitError('updateTargetUsers: the job status was never read', { code: 'INVALID_RESPONSE' });
  }
  if (last.status === TargetUsersJobStatus.FAILED) {
    throw new LobbykitError(
      `updateTargetUsers: the target-users job of invite ${params.code} failed: ${last.error_message ?? 'no reason given'}`,
      { code: 'TARGET_USERS_JOB_FAILED' },
    );
  }
  return last;
}
