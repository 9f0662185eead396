/** A lobby's flush, reconcile and idle-action deadlines (pure bookkeeping, no server, no clock). */
import { describe, expect, it } from 'vitest';
import { SyncSchedule } from '../../src/lobby/SyncSchedule.js';

/** Backoff of 1 s, 2 s, 4 s… so that the failure count shows in the times. */
const doubling = (failure: number) => 1_000 * 2 ** failure;

describe('SyncSchedule', () => {
  it('flushes a delay after the first change, not after each', () => {
    const s = new SyncSchedule(Number.POSITIVE_INFINITY, doubling);
    expect(s.nextAt(false)).toBe(Number.POSITIVE_INFINITY);
    s.changed(100, 50);
    s.changed(120, 50);
    expect(s.flushAt).toBe(150);
    expect(s.due(149, true)).toBeUndefined();
    expect(s.due(150, true)).toBe('flush');
    // Nothing dirty: the flush time does not count.
    expect(s.due(150, false)).toBeUndefined();
    expect(s.nextAt(false)).toBe(Number.POSITIVE_INFINITY);
    s.flushStarted();
    s.changed(200, 50);
    expect(s.flushAt).toBe(250);
  });

  it('retries a failed flush after a growing backoff, reconciling no later, and starts over on success', () => {
    const s = new SyncSchedule(60_000, doubling);
    s.changed(0, 50);
    s.flushStarted();
    expect(s.flushFailed(100)).toBe(1_100);
    expect(s.reconcileAt).toBe(1_100);
    // A new change waits with the retry rather than going out after its own delay.
    s.changed(200, 50);
    expect(s.flushAt).toBe(1_100);
    s.flushStarted();
    expect(s.flushFailed(1_100)).toBe(3_100);
    s.flushSucceeded();
    // The retry carried the change made meanwhile: nothing waits until the next change.
    expect(s.flushAt).toBe(Number.POSITIVE_INFINITY);
    s.changed(3_200, 50);
    expect(s.flushAt).toBe(3_250);
    s.flushStarted();
    expect(s.flushFailed(5_000)).toBe(6_000);
  });

  it('moves the reconcile on when it starts, and backs off when it fails', () => {
    const s = new SyncSchedule(10_000, doubling);
    expect(s.due(9_999, false)).toBeUndefined();
    expect(s.due(10_000, false)).toBe('reconcile');
    s.reconcileStarted(70_000);
    expect(s.nextAt(false)).toBe(70_000);
    expect(s.reconcileFailed(10_050)).toBe(11_050);
    expect(s.due(11_050, false)).toBe('reconcile');
  });

  it('retries a failed idle action first, until it is settled', () => {
    const s = new SyncSchedule(5_000, doubling);
    s.changed(0, 50);
    expect(s.idleActionAt(false)).toBe(Number.POSITIVE_INFINITY);
    expect(s.idleActionFailed(100)).toBe(1_100);
    expect(s.nextAt(false)).toBe(1_100);
    expect(s.due(1_099, false)).toBeUndefined();
    // Due together with a flush and a reconcile: the idle action goes first.
    expect(s.due(6_000, true)).toBe('idleAction');
    s.idleActionSettled();
    expect(s.due(6_000, true)).toBe('flush');
    expect(s.due(6_000, false)).toBe('reconcile');
  });

  it('keeps a backoff per kind of work, each started over by its own success', () => {
    const s = new SyncSchedule(Number.POSITIVE_INFINITY, doubling);
    s.changed(0, 50);
    s.flushStarted();
    expect(s.flushFailed(0)).toBe(1_000);
    expect(s.flushFailed(0)).toBe(2_000);
    // A reconcile's failures count apart from the flush's…
    expect(s.reconcileFailed(0)).toBe(1_000);
    expect(s.reconcileFailed(0)).toBe(2_000);
    s.reconcileSucceeded();
    expect(s.reconcileFailed(0)).toBe(1_000);
    // …and the flush's backoff went on growing meanwhile.
    expect(s.flushFailed(0)).toBe(4_000);
    // The idle action's starts over with activity, not with its own start.
    expect(s.idleActionFailed(0)).toBe(1_000);
    s.idleActionStarted();
    expect(s.idleActionFailed(0)).toBe(2_000);
    s.idleActionSettled();
    expect(s.idleActionAt(false)).toBe(Number.POSITIVE_INFINITY);
    expect(s.idleActionFailed(0)).toBe(1_000);
  });

  it("lets a dispose follow the failed flush's retry, read live, and go at once when nothing is left", () => {
    const s = new SyncSchedule(Number.POSITIVE_INFINITY, doubling);
    s.changed(0, 50);
    s.flushStarted();
    const retryAt = s.flushFailed(100);
    expect(s.flushRetrying).toBe(true);
    s.idleActionFollowsFlush();
    expect(s.idleActionAt(true)).toBe(retryAt);
    expect(s.due(retryAt - 1, true)).toBeUndefined();
    expect(s.due(retryAt, true)).toBe('idleAction');
    // Another failure (a flush() of the user's, say) moves the dispose with it.
    const later = s.flushFailed(retryAt);
    expect(s.idleActionAt(true)).toBe(later);
    // Once nothing is left to flush, the dispose is due at once.
    expect(s.due(0, false)).toBe('idleAction');
    // The next idle action failure still starts from the first backoff step.
    s.idleActionStarted();
    expect(s.idleActionAt(true)).toBe(Number.POSITIVE_INFINITY);
    expect(s.idleActionFailed(0)).toBe(1_000);
  });

  it('waits for the runtime with a reconcile that came due, and a failed flush does not queue another', () => {
    const s = new SyncSchedule(10_000, doubling);
    expect(s.due(10_000, false)).toBe('reconcile');
    s.reconcileQueued();
    expect(s.reconcileWaiting).toBe(true);
    expect(s.due(20_000, false)).toBeUndefined();
    expect(s.nextAt(false)).toBe(Number.POSITIVE_INFINITY);
    s.changed(20_000, 50);
    s.flushStarted();
    s.flushFailed(20_000);
    expect(s.reconcileAt).toBe(Number.POSITIVE_INFINITY);
    s.reconcileStarted(80_000);
    expect(s.reconcileWaiting).toBe(false);
    expect(s.reconcileAt).toBe(80_000);
  });
});
