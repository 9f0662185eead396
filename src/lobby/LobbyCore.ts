/**
 * The insides of one {@link Lobby} handle: its picture, sync queue, schedule, idle countdown and the
 * serial queue of its server operations, with the steps that act on them. The handle is the public
 * face over it; the flush ({@link flushLobby}), the reconcile ({@link reconcileLobby}), the idle
 * policy ({@link runIdlePolicy}) and the user-token calls (`lobbyUserCalls`) take it as their
 * target through small explicit interfaces, so that nothing hands out closures over the handle.
 */
import type { EventEmitter } from 'eventemitter3';
import { LobbykitError } from '../rest/errors/LobbykitError.js';
import type { Lobby as LobbyWire } from '../spec/schemas/lobby.js';
import { type FlushOutcome, flushLobby, type SyncTarget } from './flushLobby.js';
import { IdleCountdown } from './IdleCountdown.js';
import type { ChangeOrigin, LobbyEvents } from './LobbyEvents.js';
import type { LobbyHost } from './LobbyHost.js';
import type { Lobby } from './Lobby.js';
import type { LobbyCallOptions, LobbyInit } from './lobbyCallOptions.js';
import { signalArg } from './lobbyCallOptions.js';
import { type Corrections, LobbyPicture, mergeCorrections, type PictureOwner } from './LobbyPicture.js';
import type { IdlePolicy } from './lobbyRuntimeDefaults.js';
import { reconcileLobby } from './reconcileLobby.js';
import { type IdlePolicyTarget, runIdlePolicy } from './runIdlePolicy.js';
import { SerialOperations } from './SerialOperations.js';
import { type PendingChange, SyncQueue } from './SyncQueue.js';
import { SyncSchedule } from './SyncSchedule.js';

const noop = (): void => {};

/** One lobby's state and the steps on it (see the module's description). Internal: made by {@link Lobby}. */
export class LobbyCore implements SyncTarget, IdlePolicyTarget, PictureOwner {
  readonly id: string;
  /** The public handle: events fire on it, and the runtime schedules and releases it. */
  readonly handle: Lobby;
  readonly host: LobbyHost;
  readonly picture: LobbyPicture;
  readonly queue = new SyncQueue();
  readonly idle: IdleCountdown;
  /** What happens when the lobby goes idle. */
  readonly policy: IdlePolicy;
  readonly schedule: SyncSchedule;
  readonly ops = new SerialOperations(() => this.reschedule());
  /** Activity so far (changes of any origin, messages, touch()): an idle action started before is off. */
  #activityCount = 0;
  /**
   * Changes the platform refused that still show locally because the read that undoes them failed:
   * the next reconcile (on the retry schedule) reports their undoing with origin `server`.
   */
  #unreadCorrections: Corrections | undefined;
  #closed = false;
  /** Ids of the latest messages seen (sent here or received), so that none fires `message` twice. */
  #recentMessageIds: Set<string> | undefined;

  constructor(handle: Lobby, host: LobbyHost, init: LobbyInit) {
    this.handle = handle;
    this.host = host;
    this.id = init.wire.id;
    this.picture = new LobbyPicture(init.wire, this);
    const now = host.clock.now();
    this.idle = new IdleCountdown(now, init.idleTimeoutSeconds * 1000, host.settings.idleWarningsMs);
    this.idle.setSuspended(this.picture.linkedChannel !== null, now);
    this.policy = init.onIdle;
    this.schedule = new SyncSchedule(host.firstReconcileAt(now), (failure) => host.backoff(failure));
  }

  /** Whether the handle was disposed (or the lobby deleted). */
  get closed(): boolean {
    return this.#closed;
  }

  /** Throws `LOBBY_DISPOSED` once the handle is gone. */
  assertOpen(): void {
    if (this.#closed) {
      throw new LobbykitError(`Lobby ${this.id} is disposed`, { code: 'LOBBY_DISPOSED' });
    }
  }

  /** Changes made locally and not yet confirmed by the server (queued or in flight). */
  get pending(): readonly PendingChange[] {
    return this.queue.changes((id) => this.picture.members.has(id));
  }

  /** Fires `event` on the handle (whose `emit` keeps a throwing listener from breaking anything). */
  emit<T extends EventEmitter.EventNames<LobbyEvents>>(
    event: T,
    ...args: EventEmitter.EventArgs<LobbyEvents, T>
  ): boolean {
    return this.handle.emit(event, ...args);
  }

  /** Remembers a message id (the latest 64); false when it was already remembered. */
  firstSight(messageId: string): boolean {
    this.#recentMessageIds ??= new Set();
    const ids = this.#recentMessageIds;
    if (ids.has(messageId)) return false;
    ids.add(messageId);
    if (ids.size > 64) ids.delete(ids.values().next().value as string);
    return true;
  }

  // ─── Activity and scheduling ───────────────────────────────────────────────────────────────────

  /**
   * The picture changed: activity for the countdown; a linked channel stops it. A server correction
   * (the platform refusing our own change, say in the idle policy's dispose) is not activity: nobody
   * acted.
   */
  pictureChanged(linkedChannelChanged: boolean, origin: ChangeOrigin): void {
    const now = this.host.clock.now();
    if (origin !== 'server') this.#activity(now);
    if (linkedChannelChanged) this.idle.setSuspended(this.picture.linkedChannel !== null, now);
    this.reschedule();
  }

  /** Activity now (a message, touch()), and the lobby rescheduled. */
  touched(): void {
    this.#activity(this.host.clock.now());
    this.reschedule();
  }

  /** Activity: the countdown starts over; an idle action under way or waiting to retry is called off. */
  #activity(now: number): void {
    this.#activityCount++;
    this.idle.touch(now);
    this.schedule.idleActionSettled();
  }

  /** A local change is pending: flush after the runtime's delay. */
  flushSoon(): void {
    this.schedule.changed(this.host.clock.now(), this.host.settings.flushDelayMs);
    this.reschedule();
  }

  /** Puts the handle back in the runtime's schedule at its next due time. */
  reschedule(): void {
    if (this.#closed) return;
    const at = this.idle.nextAt();
    const unsynced = !this.queue.isClean;
    const due = !this.ops.busy ? Math.min(at, this.schedule.nextAt(unsynced)) : at;
    this.host.schedule(this.handle, due, unsynced);
  }

  /** Does what is due at `now`: idle steps, the idle policy's action, a flush, a reconcile. */
  service(now: number): void {
    if (this.#closed) return;
    const step = this.idle.advance(now);
    if (step?.type === 'warning') {
      this.emit('idleWarning', { remainingMs: step.remainingMs, deadline: step.deadline });
    } else if (step?.type === 'idle') {
      // Read before the event: a listener that keeps the lobby alive (touch(), a change) calls the
      // action off.
      const activity = this.#activityCount;
      this.emit('idle', { deadline: step.deadline, policy: this.policy });
      runIdlePolicy(this, activity);
    }
    if (!this.#closed && !this.ops.busy) {
      // Failures are reported through syncError; the promises are only kept from going unhandled.
      switch (this.schedule.due(now, !this.queue.isClean)) {
        case 'idleAction':
          runIdlePolicy(this, this.#activityCount);
          break;
        case 'flush':
          this.ops.run(() => this.flushNow()).catch(noop);
          break;
        case 'reconcile':
          // The runtime keeps reconciles under its ceiling per second: wait for a turn (grantReconcile).
          this.schedule.reconcileQueued();
          this.host.requestReconcile(this.handle);
          break;
      }
    }
    this.reschedule();
  }

  /** The runtime's turn for the reconcile asked for; false when there is nothing to do any more. */
  grantReconcile(): boolean {
    if (this.#closed || !this.schedule.reconcileWaiting) return false;
    this.ops.run(() => this.reconcileNow(undefined)).catch(noop); // reported through syncError
    return true;
  }

  // ─── Server operations ─────────────────────────────────────────────────────────────────────────

  /** Flushes what is pending; rejects (after reporting and scheduling its retry) when it fails. */
  async flushNow(signal?: AbortSignal): Promise<FlushOutcome> {
    if (this.#closed || this.queue.isClean) return { calls: [] };
    this.schedule.flushStarted();
    const outcome = await flushLobby(this, signal);
    if ('retryError' in outcome) {
      const retryAt = this.schedule.flushFailed(this.host.clock.now());
      this.report(outcome.retryError, retryAt);
      throw outcome.retryError;
    }
    this.schedule.flushSucceeded();
    if (outcome.unreadCorrections !== undefined && !this.#closed) {
      // Refused changes still show: read the lobby again on the retry schedule, not the periodic one.
      this.#unreadCorrections = mergeCorrections(this.#unreadCorrections, outcome.unreadCorrections);
      const retryAt = this.schedule.reconcileFailed(this.host.clock.now());
      this.report(outcome.readBackError, retryAt, []);
    }
    if (!this.#closed) {
      this.emit('synced', { calls: outcome.calls, pending: this.pending.length });
      if (!this.queue.isClean) this.flushSoon();
    }
    return { calls: outcome.calls };
  }

  /** Reads the lobby and applies what changed elsewhere; reports and rejects when the read fails. */
  async reconcileNow(signal: AbortSignal | undefined): Promise<void> {
    if (this.#closed) return;
    this.schedule.reconcileStarted(this.host.nextReconcileAt(this.host.clock.now()));
    try {
      const corrected = this.#unreadCorrections;
      await reconcileLobby(this, signal, corrected);
      if (this.#unreadCorrections === corrected) this.#unreadCorrections = undefined;
      this.schedule.reconcileSucceeded();
    } catch (error) {
      if (this.#closed) return;
      const retryAt = this.schedule.reconcileFailed(this.host.clock.now());
      this.report(error, retryAt);
      throw error;
    }
  }

  /** Deletes the lobby on the platform (Delete Lobby), then ends the handle (origin `local`). */
  async deleteNow(options: LobbyCallOptions = {}): Promise<void> {
    if (this.#closed) return;
    await this.host.rest.call('deleteLobby', { params: { lobby_id: this.id }, ...signalArg(options) });
    this.end('local');
  }

  /** Flushes until nothing is pending (or the handle is gone), then lets the handle go. */
  async flushAndRelease(signal: AbortSignal | undefined): Promise<void> {
    while (!this.#closed && !this.queue.isClean) await this.flushNow(signal);
    this.release();
  }

  // ─── What the flush, the reconcile and the idle policy act on ─────────────────────────────────

  /** Applies a whole-lobby answer, pending local changes staying on top. */
  reconcile(wire: LobbyWire, corrected: Corrections | undefined, origin: ChangeOrigin): void {
    if (!this.#closed) this.picture.applyServer(wire, this.queue, corrected, origin);
  }

  /** Whether the handle is open and there was no activity since the count was `activity`. */
  stillIdle(activity: number): boolean {
    return !this.#closed && this.#activityCount === activity;
  }

  /**
   * Fires `syncError`: `error`, retried at `retryAt` (undefined: not retried, `changes` dropped for
   * good), with `changes` (by default what is pending now).
   */
  report(
    error: unknown,
    retryAt: number | undefined,
    changes: readonly PendingChange[] = this.pending,
  ): void {
    this.emit('syncError', { error, willRetry: retryAt !== undefined, changes, retryAt });
  }

  // ─── The end ───────────────────────────────────────────────────────────────────────────────────

  /** The lobby no longer exists on the platform. */
  gone(): void {
    this.end('remote');
  }

  /** The lobby is gone: forget everything pending and let the handle go. */
  end(origin: ChangeOrigin): void {
    if (this.#closed) return;
    this.queue.clear();
    this.emit('deleted', { origin });
    this.release();
  }

  /** Lets the handle go: the runtime forgets it and its listeners are removed. */
  release(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.host.release(this.handle);
    this.handle.removeAllListeners();
  }
}
