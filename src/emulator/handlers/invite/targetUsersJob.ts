/**
 * The asynchronous target-users job: Update Target Users and Create Channel Invite with a
 * `target_users_file` read the CSV at once (bad lines are a 400) and then "process" the listed users
 * over time, by the emulator's clock, so that Get Target Users Job Status shows the platform's
 * states: PROCESSING with `processed_users` rising, then COMPLETED, or FAILED with an
 * `error_message`.
 *
 * Emulator choices (the specification shows no transitions):
 * - users are processed at {@link targetUsersJobTiming}`.msPerUser` each, so a manual clock steps the
 *   job user by user; a job of no users takes one step;
 * - a user id that is well formed but unknown to the world fails the job when it is reached
 *   (`processed_users` stops before it); the invite keeps the users it had before;
 * - the new list replaces the old one only when the job completes; until then the old list holds
 *   (an invite made with a file accepts nobody until its job completes);
 * - jobs advance lazily: whoever reads the invite's job or users (handlers, invite acceptance) calls
 *   {@link settleTargetUsersJob} first, and the state is computed for the clock's "now";
 * - an invite without target users answers Get Target Users with 404 10129 (no list yet, even while
 *   its first job runs) and Get Target Users Job Status with 404 10124 (it never had a job), the
 *   platform's codes for "invite exists but has no target users".
 */
import { parseTargetUsersCsv } from '../../../spec/schemas/targetUsersCsv.js';
import { ErrorCode } from '../../../spec/codes.js';
import { errorMessages } from '../../../spec/errorMessages.js';
import { TargetUsersJobStatus } from '../../../spec/flags.js';
import { PlatformError } from '../../PlatformError.js';
import type { Snowflake } from '../../world/accountRecords.js';
import type { InviteRecord, TargetUsersJobRecord } from '../../world/inviteRecords.js';
import { toIso, toIsoOrNull } from '../../world/time.js';
import type { World } from '../../world/World.js';
import type { UploadedFile } from '../handlerTypes.js';

/** How fast the emulator's jobs run. */
export const targetUsersJobTiming = {
  /** Emulator-clock milliseconds to process one user (100 users per second). */
  msPerUser: 10,
} as const;

/** The multipart field of the CSV file. */
export const TARGET_USERS_FIELD = 'target_users_file';

/** What a job will do when it runs: the ids in file order, and the index of the first unknown one. */
interface PendingJob {
  readonly ids: readonly Snowflake[];
  /** Index in `ids` of the first id that is not a known user, or -1. */
  readonly firstUnknown: number;
  /** Its line number in the file, for the error message. */
  readonly firstUnknownLine: number;
}

// Kept beside the record (not in it) so that the world's records keep their shape; a job record
// that is replaced or forgotten takes its pending work with it.
const pendingJobs = new WeakMap<TargetUsersJobRecord, PendingJob>();

/**
 * How bad lines are answered: `list` is Update Target Users' documented body, 400
 * `{target_users_file: ["line 3: …", …]}` (one string per bad line); `form` is a 50035 naming
 * `target_users_file` with one error per line, which Create Channel Invite merges with its other
 * fields' errors (the specification documents the list body for Update Target Users only).
 */
export type BadLinesAnswer = 'list' | 'form';

/**
 * Reads an uploaded target-users CSV: 400 naming `target_users_file` when it is missing, empty of
 * ids (50035), or has bad lines (as `badLines` says). (A file over the per-file upload limit never
 * gets here: the multipart reader answers 413 40005.) Returns the ids in file order, each once, with
 * their line numbers.
 */
export function readTargetUsersFile(
  file: UploadedFile | undefined,
  badLines: BadLinesAnswer = 'form',
): { ids: Snowflake[]; lines: number[] } {
  if (!file) throw PlatformError.field([TARGET_USERS_FIELD], 'BASE_TYPE_REQUIRED', 'This field is required');
  const text = file.data.toString('utf8');
  const parsed = parseTargetUsersCsv(text);
  if (parsed.errors.length > 0) {
    if (badLines === 'list') {
      throw PlatformError.withBody(400, ErrorCode.INVALID_FORM_BODY, 'Invalid target users file', {
        [TARGET_USERS_FIELD]: parsed.errors,
      });
    }
    throw PlatformError.invalidForm({
      [TARGET_USERS_FIELD]: {
        _errors: parsed.errors.map((message) => ({ code: 'TARGET_USERS_FILE_INVALID', message })),
      },
    });
  }
  if (parsed.ids.length === 0) {
    throw PlatformError.field(
      [TARGET_USERS_FIELD],
      'TARGET_USERS_FILE_EMPTY',
      'The file lists no user ids (one id per line, under an optional header user_id).',
    );
  }
  return { ids: parsed.ids, lines: lineNumbersOf(text, parsed.ids) };
}

/** The 1-based line of each id's first appearance (ids are unique and well formed here). */
function lineNumbersOf(text: string, ids: readonly Snowflake[]): number[] {
  const firstLine = new Map<string, number>();
  text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .forEach((raw, index) => {
      const value = raw
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim();
      if (!firstLine.has(value)) firstLine.set(value, index + 1);
    });
  return ids.map((id) => firstLine.get(id) ?? 0);
}

/** Starts a job on `invite` for `ids` (replacing any job it had), status PROCESSING. */
export function startTargetUsersJob(
  world: World,
  invite: InviteRecord,
  file: { ids: readonly Snowflake[]; lines: readonly number[] },
): TargetUsersJobRecord {
  // A previous job that has finished by now must leave its result before it is replaced.
  settleTargetUsersJob(world, invite);
  const job: TargetUsersJobRecord = {
    status: TargetUsersJobStatus.PROCESSING,
    total_users: file.ids.length,
    processed_users: 0,
    created_at: world.now(),
    completed_at: null,
    error_message: null,
  };
  const firstUnknown = file.ids.findIndex((id) => !world.users.has(id));
  pendingJobs.set(job, {
    ids: [...file.ids],
    firstUnknown,
    firstUnknownLine: firstUnknown < 0 ? 0 : (file.lines[firstUnknown] ?? 0),
  });
  invite.target_users_job = job;
  return job;
}

/**
 * Brings the invite's job up to the clock's "now": progress, and on completion the new list of
 * target users (or FAILED). Safe to call any number of times.
 */
export function settleTargetUsersJob(world: World, invite: InviteRecord): void {
  const job = invite.target_users_job;
  if (!job || job.status !== TargetUsersJobStatus.PROCESSING) return;
  const pending = pendingJobs.get(job);
  if (!pending) return;
  const step = targetUsersJobTiming.msPerUser;
  const done = Math.floor((world.now() - job.created_at) / step);
  if (pending.firstUnknown >= 0 && done > pending.firstUnknown) {
    job.status = TargetUsersJobStatus.FAILED;
    job.processed_users = pending.firstUnknown;
    job.error_message = `Unknown user ${pending.ids[pending.firstUnknown]} on line ${pending.firstUnknownLine} of ${TARGET_USERS_FIELD}; the invite keeps its previous target users.`;
    pendingJobs.delete(job);
    return;
  }
  const total = job.total_users;
  if (done >= Math.max(1, total)) {
    job.status = TargetUsersJobStatus.COMPLETED;
    job.processed_users = total;
    job.completed_at = job.created_at + Math.max(1, total) * step;
    invite.target_user_ids = [...pending.ids];
    pendingJobs.delete(job);
    return;
  }
  job.processed_users = Math.min(done, total);
}

/** The job status object. */
export function renderTargetUsersJob(job: TargetUsersJobRecord): Record<string, unknown> {
  return {
    status: job.status,
    total_users: job.total_users,
    processed_users: job.processed_users,
    created_at: toIso(job.created_at),
    completed_at: toIsoOrNull(job.completed_at),
    error_message: job.error_message,
  };
}

/**
 * Get Target Users Job Status of an invite that never had a job: the platform's table has a code
 * for exactly this ("invite exists but has no target users"), 404 10124, rather than a made-up
 * UNSPECIFIED job.
 */
export function unknownTargetUsersJob(): PlatformError {
  return new PlatformError(
    404,
    ErrorCode.UNKNOWN_TARGET_USERS_JOB,
    errorMessages[ErrorCode.UNKNOWN_TARGET_USERS_JOB],
  );
}

/**
 * Get Target Users of an invite without a list (anyone may accept it, or its first job has not
 * completed): 404 10129, the platform's code for it, rather than a file of the header alone.
 */
export function unknownTargetUsers(): PlatformError {
  return new PlatformError(
    404,
    ErrorCode.UNKNOWN_TARGET_USERS,
    errorMessages[ErrorCode.UNKNOWN_TARGET_USERS],
  );
}
