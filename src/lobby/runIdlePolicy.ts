/**
 * The idle policy's action for one lobby that went idle: `delete` deletes the lobby, `dispose`
 * flushes and lets the handle go, `none` does nothing. Activity since the lobby went idle calls the
 * action off, checked before each call and after a failure. A delete that fails for a reason that
 * may pass (no answer, a 5xx, a rate limit) is reported and tried again after a backoff; a refusal
 * (4xx) is reported and left; 404 Unknown Lobby means the lobby is gone. A dispose never flushes
 * around a failed flush's backoff: it goes with that flush's retry (which reports its own failures).
 */
import { classifySyncError } from './classifySyncError.js';
import type { LobbyHost } from './LobbyHost.js';
import type { IdlePolicy } from './lobbyRuntimeDefaults.js';
import type { SerialOperations } from './SerialOperations.js';
import type { SyncQueue } from './SyncQueue.js';
import type { SyncSchedule } from './SyncSchedule.js';

/** The part of a lobby the idle policy works on (a `LobbyCore`). */
export interface IdlePolicyTarget {
  readonly policy: IdlePolicy;
  /** Its runtime: the clock. */
  readonly host: LobbyHost;
  readonly ops: SerialOperations;
  readonly schedule: SyncSchedule;
  readonly queue: SyncQueue;
  /** Whether the handle is open and there was no activity since the activity count was `activity`. */
  stillIdle(activity: number): boolean;
  /** Deletes the lobby (ending the handle); rejects as the call does. */
  deleteNow(): Promise<void>;
  /** Flushes what is pending; rejects (after reporting and scheduling its retry) when it fails. */
  flushNow(): Promise<unknown>;
  /** Lets the handle go. */
  release(): void;
  /** The lobby no longer exists on the platform. */
  gone(): void;
  /** Reports a failed action (`retryAt`: when it is tried again, or undefined). */
  report(error: unknown, retryAt: number | undefined): void;
  /** Puts the lobby back in the runtime's schedule. */
  reschedule(): void;
}

/**
 * Carries out `target.policy` (see the module's description), unless there was activity since the
 * activity count was `activity` (read when the lobby went idle).
 */
export function runIdlePolicy(target: IdlePolicyTarget, activity: number): void {
  const { schedule } = target;
  const stillIdle = (): boolean => target.stillIdle(activity);
  schedule.idleActionStarted();
  if (!stillIdle()) return;
  if (target.policy === 'delete') {
    target.ops
      .run(async () => {
        if (stillIdle()) await target.deleteNow();
      })
      .catch((error: unknown) => {
        const kind = classifySyncError(error);
        // Deleted by someone else, or by the platform itself: gone, whatever happened here.
        if (kind === 'gone') return target.gone();
        if (!stillIdle()) return;
        target.report(
          error,
          kind === 'retry' ? schedule.idleActionFailed(target.host.clock.now()) : undefined,
        );
        target.reschedule();
      });
  } else if (target.policy === 'dispose') {
    // Checked now, and again once a flush under way has ended.
    const waitsForRetry = (): boolean =>
      !target.queue.isClean && schedule.flushRetrying && schedule.flushAt > target.host.clock.now();
    if (waitsForRetry()) {
      schedule.idleActionFollowsFlush();
      target.reschedule();
      return;
    }
    target.ops
      .run(async () => {
        while (stillIdle() && !target.queue.isClean) {
          if (waitsForRetry()) return schedule.idleActionFollowsFlush();
          await target.flushNow();
        }
        if (stillIdle()) target.release();
      })
      .catch(() => {
        // The flush reported its failure and scheduled its retry: the dispose follows it.
        if (stillIdle()) schedule.idleActionFollowsFlush();
      });
  }
}
