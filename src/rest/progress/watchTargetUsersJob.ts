/**
 * Follows an invite's asynchronous target-users job (started by Update Target Users): polls Get
 * Target Users Job Status through the Clock seam and yields each status, `processed_users` of
 * `total_users`, until the job completes or fails.
 */
import { TargetUsersJobStatus } from '../../spec/flags.js';
import type { CommonCallArgs } from '../callTypes.js';
import { LobbykitError } from '../errors/LobbykitError.js';
import type { ClockedRestCaller, FacadeParams, FacadeResult } from '../facades/facadeTypes.js';
import { abortableSleep, throwIfAborted } from '../util/abortableSleep.js';

/** A target-users job status as the platform answers it (snake_case). */
export type TargetUsersJob = Awaited<FacadeResult<'getTargetUsersJobStatus'>>;

/** Options of {@link watchTargetUsersJob}. */
export interface WatchTargetUsersJobOptions extends CommonCallArgs {
  /** Time between two polls, in milliseconds. @defaultValue `1000` */
  readonly pollIntervalMs?: number;
  /**
   * Longest time to follow the job, in milliseconds; past it the watch throws a `LobbykitError`
   * with code `JOB_WAIT_TIMEOUT` (the job itself goes on). @defaultValue `600_000`
   */
  readonly maxWaitMs?: number;
}

/** The defaults of {@link WatchTargetUsersJobOptions}. */
export const watchTargetUsersJobDefaults = {
  /** @defaultValue `1000` */
  pollIntervalMs: 1000,
  /** @defaultValue `600_000` (10 minutes) */
  maxWaitMs: 600_000,
} as const;

/** Whether a job status is final (COMPLETED or FAILED). */
export function isJobFinished(job: TargetUsersJob): boolean {
  return job.status === TargetUsersJobStatus.COMPLETED || job.status === TargetUsersJobStatus.FAILED;
}

/**
 * Yields the job's status after each poll, the final one (COMPLETED or FAILED) last. Waits go
 * through the client's clock and reject at once with the signal's reason on abort; leaving the
 * `for await` early stops polling.
 */
export async function* watchTargetUsersJob(
  client: ClockedRestCaller,
  params: FacadeParams<'getTargetUsersJobStatus'>,
  options: WatchTargetUsersJobOptions = {},
): AsyncGenerator<TargetUsersJob, TargetUsersJob, undefined> {
  const {
    pollIntervalMs = watchTargetUsersJobDefaults.pollIntervalMs,
    maxWaitMs = watchTargetUsersJobDefaults.maxWaitMs,
    ...common
  } = options;
  const clock = client.clock;
  const deadline = clock.now() + maxWaitMs;
  for (;;) {
    throwIfAborted(common.signal);
    const job = await client.call('getTargetUsersJobStatus', { ...common, params });
    yield job;
    if (isJobFinished(job)) return job;
    if (clock.now() + pollIntervalMs > deadline) {
      throw new LobbykitError(
        `getTargetUsersJobStatus: the target-users job of invite ${params.code} did not finish within ${maxWaitMs} ms ` +
          `(${job.processed_users} of ${job.total_users} users processed)`,
        { code: 'JOB_WAIT_TIMEOUT' },
      );
    }
    await abortableSleep(clock, pollIntervalMs, common.signal);
  }
}
