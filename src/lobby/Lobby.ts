/**
 * One lobby's live local picture: changes apply at once and fire events, then go to the platform in
 * coalesced flushes; the server's answers correct the picture; an idle countdown runs beside it.
 */
import { EventEmitter } from 'eventemitter3';
import { LobbykitError } from '../rest/errors/LobbykitError.js';
import type { Channel } from '../spec/schemas/channel.js';
import type { LobbyMessage, Lobby as LobbyWire } from '../spec/schemas/lobby.js';
import type { WebhookLobbyMessage } from '../spec/schemas/webhookEvent.js';
import { checkMember, checkMetadata, checkRoomForMember, checkSnowflake } from './checkLobbyInput.js';
import { type FlushOutcome, flushLobby, type SyncTarget } from './flushLobby.js';
import {
  type LobbyCallOptions,
  type LobbyIdleState,
  type LobbyInit,
  type LobbyUserCallOptions,
  signalArg,
} from './lobbyCallOptions.js';
import { IdleCountdown } from './IdleCountdown.js';
import type { ChangeOrigin, LobbyEvents } from './LobbyEvents.js';
import type { LobbyHost } from './LobbyHost.js';
import { reportListenerError } from './listenerErrors.js';
import {
  freezeMetadata,
  type LobbyMemberPatch,
  type LobbyMemberView,
  type Metadata,
  patchMember,
  sameMember,
  sameMetadata,
} from './LobbyMemberView.js';
import { type Corrections, LobbyPicture, mergeCorrections } from './LobbyPicture.js';
import type { IdlePolicy } from './lobbyRuntimeDefaults.js';
import { reconcileLobby } from './reconcileLobby.js';
import { runIdlePolicy } from './runIdlePolicy.js';
import { SerialOperations } from './SerialOperations.js';
import { type PendingChange, SyncQueue } from './SyncQueue.js';
import { SyncSchedule } from './SyncSchedule.js';

const noop = (): void => {};

/** A message change a webhook event reports (see `Lobby.receiveRemoteMessage`). */
export type RemoteMessageChange =
  | { readonly kind: 'create'; readonly message: LobbyMessage }
  | { readonly kind: 'update'; readonly message: WebhookLobbyMessage }
  | { readonly kind: 'delete'; readonly messageId: string };

/**
 * A live lobby. Read `metadata`, `members`, `linkedChannel`, `pending` and `idle`; change it with
 * `setMetadata`, `replaceMetadata`, `upsertMember` and `removeMember` (applied at once, checked
 * synchronously, synced in coalesced flushes); listen to its events. Made by a `LobbyRuntime`.
 */
export class Lobby extends EventEmitter<LobbyEvents> {
  /** The lobby's id. */
  readonly id: string;
  /** The application that created it. */
  readonly applicationId: string;
  readonly #picture: LobbyPicture;
  readonly #queue = new SyncQueue();
  readonly #idle: IdleCountdown;
  readonly #onIdle: IdlePolicy;
  readonly #host: LobbyHost;
  readonly #schedule: SyncSchedule;
  /** Activity so far (changes of any origin, messages, touch()): an idle action started before is off. */
  #activityCount = 0;
  /** Opaque scheduling slot of the runtime. */
  #slot: unknown;
  readonly #ops = new SerialOperations(() => this.#reschedule());
  /**
   * Changes the platform refused that still show locally because the read that undoes them failed:
   * the next reconcile (on the retry schedule) reports their undoing with origin `server`.
   */
  #unreadCorrections: Corrections | undefined;
  #closed = false;
  /** Ids of the latest messages seen (sent here or received), so that none fires `message` twice. */
  #recentMessageIds: Set<string> | undefined;

  /** @internal Made by `LobbyRuntime`. */
  constructor(host: LobbyHost, init: LobbyInit) {
    super();
    this.#host = host;
    const { wire } = init;
    this.id = wire.id;
    this.applicationId = wire.application_id;
    this.#picture = new LobbyPicture(wire, this);
    const now = host.clock.now();
    this.#idle = new IdleCountdown(now, init.idleTimeoutSeconds * 1000, host.settings.idleWarningsMs);
    this.#idle.setSuspended(this.#picture.linkedChannel !== null, now);
    this.#onIdle = init.onIdle;
    this.#schedule = new SyncSchedule(host.firstReconcileAt(now), (failure) => host.backoff(failure));
    this.#reschedule();
  }

  // ─── State ─────────────────────────────────────────────────────────────────────────────────────

  /** The lobby's metadata (frozen; replaced on every change). */
  get metadata(): Metadata {
    return this.#picture.metadata;
  }

  /** The members by user id (read-only: change them with the methods). */
  get members(): ReadonlyMap<string, LobbyMemberView> {
    return this.#picture.members;
  }

  /** The linked guild channel, or null. */
  get linkedChannel(): Channel | null {
    return this.#picture.linkedChannel;
  }

  /** Changes made locally and not yet confirmed by the server (queued or in flight). */
  get pending(): readonly PendingChange[] {
    return this.#queue.changes((id) => this.#picture.members.has(id));
  }

  /** The idle countdown now. */
  get idle(): LobbyIdleState {
    const now = this.#host.clock.now();
    return { deadline: this.#idle.deadline, remainingMs: this.#idle.remainingMs(now) };
  }

  /** Whether the handle was disposed (or the lobby deleted). */
  get disposed(): boolean {
    return this.#closed;
  }

  /**
   * Fires `event`. A listener that throws never breaks the handle: the exception goes to the `error`
   * listeners, or, with none (or one that throws too), is rethrown on its own, where the runtime
   * reports uncaught exceptions. As with Node's emitters, listeners after the one that threw miss
   * that event.
   */
  override emit<T extends EventEmitter.EventNames<LobbyEvents>>(
    event: T,
    ...args: EventEmitter.EventArgs<LobbyEvents, T>
  ): boolean {
    try {
      return super.emit(event, ...args);
    } catch (error) {
      reportListenerError(this, event, error);
      return true;
    }
  }

  // ─── Local changes ─────────────────────────────────────────────────────────────────────────────

  /** Sets metadata keys (`null` deletes a key). Throws `ValidationError` past the total length. */
  setMetadata(patch: Readonly<Record<string, string | null>>): void {
    this.#assertOpen();
    const next: Record<string, string> = { ...this.#picture.metadata };
    for (const [key, value] of Object.entries(patch)) {
      if (value === null) delete next[key];
      else next[key] = value;
    }
    this.#localMetadata(next);
  }

  /** Replaces the whole metadata map. Throws `ValidationError` past the total length. */
  replaceMetadata(map: Readonly<Record<string, string>>): void {
    this.#assertOpen();
    this.#localMetadata({ ...map });
  }

  /**
   * Adds a member or changes one (omitted fields keep their value). Throws `ValidationError` for a
   * bad id, flags, name or metadata, or past the member limit. Returns the member.
   */
  upsertMember(id: string, patch: LobbyMemberPatch = {}): LobbyMemberView {
    this.#assertOpen();
    checkSnowflake(id, 'id');
    const current = this.#picture.members.get(id);
    const next = patchMember(id, current, patch);
    checkMember(next);
    if (!current) checkRoomForMember(this.#picture.members.size, id);
    if (current && sameMember(current, next)) return current;
    // Marked before the event fires, so that listeners reading `pending` see the change.
    this.#queue.markMember(id);
    this.#picture.setMember(next, 'local');
    this.#flushSoon();
    return next;
  }

  /** Removes a member; false when they were not one. */
  removeMember(id: string): boolean {
    this.#assertOpen();
    checkSnowflake(id, 'id');
    if (!this.#picture.members.has(id)) return false;
    this.#queue.markMember(id);
    this.#picture.removeMember(id, 'local');
    this.#flushSoon();
    return true;
  }

  /** Counts as activity: the idle countdown starts over. */
  touch(): void {
    this.#assertOpen();
    this.#touched();
    this.#reschedule();
  }

  // ─── Server operations ─────────────────────────────────────────────────────────────────────────

  /**
   * Sends everything pending now in the fewest calls and resolves when the server answered. Rejects
   * when the platform could not be reached (the changes stay pending and a retry is scheduled).
   */
  flush(options: LobbyCallOptions = {}): Promise<FlushOutcome> {
    return this.#ops.run(() => this.#flushNow(options.signal));
  }

  /** Reads the lobby (Get Lobby) and applies what changed elsewhere; pending local changes stay on top. */
  refresh(options: LobbyCallOptions = {}): Promise<void> {
    return this.#ops.run(() => this.#reconcileNow(options.signal));
  }

  /** Deletes the lobby on the platform; `deleted` fires (origin `local`) and the handle is disposed. */
  delete(options: LobbyCallOptions = {}): Promise<void> {
    return this.#ops.run(() => this.#deleteNow(options));
  }

  /** Links guild text channel `channelId` (the user of `rest` needs CanLinkLobby). */
  linkChannel(channelId: string, options: LobbyUserCallOptions): Promise<void> {
    this.#assertOpen();
    checkSnowflake(channelId, 'channelId');
    return this.#ops.run(() => this.#link(channelId, options));
  }

  /** Unlinks the linked channel (the user of `rest` needs CanLinkLobby). */
  unlinkChannel(options: LobbyUserCallOptions): Promise<void> {
    this.#assertOpen();
    return this.#ops.run(() => this.#link(null, options));
  }

  /** Sends a message as the user of `rest`; `message` fires (origin `local`). */
  async sendMessage(
    content: string,
    options: LobbyUserCallOptions & { readonly metadata?: Readonly<Record<string, string>> },
  ): Promise<LobbyMessage> {
    this.#assertOpen();
    const body =
      options.metadata === undefined ? { content } : { content, metadata: { ...options.metadata } };
    const message = await options.rest.call('sendLobbyMessage', {
      params: { lobby_id: this.id },
      body,
      ...signalArg(options),
    });
    if (!this.#closed) {
      this.#touched();
      this.#reschedule();
      // Its webhook echo may have come first (fired as `remote`): a message fires once.
      if (this.#firstSight(message.id)) this.emit('message', { message, origin: 'local' });
    }
    return message;
  }

  /**
   * @internal A message event from a webhook (`runtime.attachWebhooks`). A new message fires
   * `message` (origin `remote`) and counts as activity, unless this handle already saw it (sent it,
   * or got it before); edits and deletions fire `messageUpdated` and `messageDeleted`.
   */
  receiveRemoteMessage(change: RemoteMessageChange): void {
    if (this.#closed) return;
    if (change.kind === 'create') {
      if (!this.#firstSight(change.message.id)) return;
      this.#touched();
      this.#reschedule();
      this.emit('message', { message: change.message, origin: 'remote' });
    } else if (change.kind === 'update') {
      this.emit('messageUpdated', { message: change.message, origin: 'remote' });
    } else {
      this.emit('messageDeleted', { messageId: change.messageId, lobbyId: this.id, origin: 'remote' });
    }
  }

  /** Remembers a message id (the latest 64); false when it was already remembered. */
  #firstSight(messageId: string): boolean {
    this.#recentMessageIds ??= new Set();
    const ids = this.#recentMessageIds;
    if (ids.has(messageId)) return false;
    ids.add(messageId);
    if (ids.size > 64) ids.delete(ids.values().next().value as string);
    return true;
  }

  /**
   * The user of `rest` leaves the lobby (Leave Lobby). Pending changes are flushed first; the handle
   * is disposed afterwards.
   */
  leave(options: LobbyUserCallOptions): Promise<void> {
    this.#assertOpen();
    return this.#ops.run(async () => {
      await this.#flushNow(options.signal);
      await options.rest.call('leaveLobby', { params: { lobby_id: this.id }, ...signalArg(options) });
      this.#release();
    });
  }

  /**
   * Flushes, then lets the handle go (the lobby stays on the platform). Rejects, keeping the handle,
   * when the flush fails: nothing pending is lost.
   */
  dispose(options: LobbyCallOptions = {}): Promise<void> {
    if (this.#closed) return Promise.resolve();
    return this.#ops.run(async () => {
      while (!this.#closed && !this.#queue.isClean) await this.#flushNow(options.signal);
      this.#release();
    });
  }

  // ─── Driven by the runtime ─────────────────────────────────────────────────────────────────────

  /** @internal The runtime's scheduling slot. */
  get slot(): unknown {
    return this.#slot;
  }
  /** @internal */
  set slot(slot: unknown) {
    this.#slot = slot;
  }

  /** @internal Does what is due at `now`: idle steps, the idle policy's action, a flush, a reconcile. */
  service(now: number): void {
    if (this.#closed) return;
    const step = this.#idle.advance(now);
    if (step?.type === 'warning') {
      this.emit('idleWarning', { remainingMs: step.remainingMs, deadline: step.deadline });
    } else if (step?.type === 'idle') {
      // Read before the event: a listener that keeps the lobby alive (touch(), a change) calls the
      // action off.
      const activity = this.#activityCount;
      this.emit('idle', { deadline: step.deadline, policy: this.#onIdle });
      this.#idleAction(activity);
    }
    if (!this.#closed && !this.#ops.busy) {
      // Failures are reported through syncError; the promises are only kept from going unhandled.
      switch (this.#schedule.due(now, !this.#queue.isClean)) {
        case 'idleAction':
          this.#idleAction(this.#activityCount);
          break;
        case 'flush':
          this.#ops.run(() => this.#flushNow(undefined)).catch(noop);
          break;
        case 'reconcile':
          // The runtime keeps reconciles under its ceiling per second: wait for a turn (grantReconcile).
          this.#schedule.reconcileQueued();
          this.#host.requestReconcile(this);
          break;
      }
    }
    this.#reschedule();
  }

  /**
   * @internal `service(now)` threw (a bug of ours): reported as a sync error, and the lobby served
   * again after the first backoff, so that nothing it holds waits for ever.
   */
  serviceFailed(error: unknown, now: number): void {
    if (this.#closed) return;
    const retryAt = now + this.#host.backoff(0);
    this.emit('syncError', { error, willRetry: true, changes: this.pending, retryAt });
    this.#host.schedule(this, retryAt);
  }

  /**
   * @internal The runtime's turn for the reconcile this lobby asked for (requestReconcile). False
   * when there is nothing to do any more (refresh() did it meanwhile), so that the turn goes on.
   */
  grantReconcile(): boolean {
    if (this.#closed || !this.#schedule.reconcileWaiting) return false;
    this.#ops.run(() => this.#reconcileNow(undefined)).catch(noop); // reported through syncError
    return true;
  }

  /** @internal Applies an answer that carries the whole lobby (join, adopt again). */
  absorb(wire: LobbyWire, origin: ChangeOrigin): void {
    if (!this.#closed) this.#picture.applyServer(wire, this.#queue, undefined, origin);
  }

  // ─── Internals ─────────────────────────────────────────────────────────────────────────────────

  #assertOpen(): void {
    if (this.#closed) {
      throw new LobbykitError(`Lobby ${this.id} is disposed`, { code: 'LOBBY_DISPOSED' });
    }
  }

  #localMetadata(next: Record<string, string>): void {
    checkMetadata(next, ['metadata']);
    const frozen = freezeMetadata(next);
    if (sameMetadata(frozen, this.#picture.metadata)) return;
    // Marked before the event fires, so that listeners reading `pending` see the change.
    this.#queue.markMetadata();
    this.#picture.setMetadata(frozen, 'local');
    this.#flushSoon();
  }

  /**
   * @internal The picture changed: activity for the countdown; a linked channel stops it. A server
   * correction (the platform refusing our own change, say in the idle policy's dispose) is not
   * activity: nobody acted.
   */
  pictureChanged(linkedChannelChanged: boolean, origin: ChangeOrigin): void {
    const now = this.#host.clock.now();
    if (origin !== 'server') this.#activity(now);
    if (linkedChannelChanged) this.#idle.setSuspended(this.#picture.linkedChannel !== null, now);
    this.#reschedule();
  }

  #touched(): void {
    this.#activity(this.#host.clock.now());
  }

  /** Activity: the countdown starts over; an idle action under way or waiting to retry is called off. */
  #activity(now: number): void {
    this.#activityCount++;
    this.#idle.touch(now);
    this.#schedule.idleActionSettled();
  }

  #flushSoon(): void {
    this.#schedule.changed(this.#host.clock.now(), this.#host.settings.flushDelayMs);
    this.#reschedule();
  }

  #nextDue(): number {
    const at = this.#idle.nextAt();
    return !this.#ops.busy ? Math.min(at, this.#schedule.nextAt(!this.#queue.isClean)) : at;
  }

  #reschedule(): void {
    if (!this.#closed) this.#host.schedule(this, this.#nextDue());
  }

  async #flushNow(signal: AbortSignal | undefined): Promise<FlushOutcome> {
    if (this.#closed || this.#queue.isClean) return { calls: [] };
    this.#schedule.flushStarted();
    const outcome = await flushLobby(this.#syncTarget(), signal);
    if ('retryError' in outcome) {
      const retryAt = this.#schedule.flushFailed(this.#host.clock.now());
      this.emit('syncError', { error: outcome.retryError, willRetry: true, changes: this.pending, retryAt });
      throw outcome.retryError;
    }
    this.#schedule.flushSucceeded();
    if (outcome.unreadCorrections !== undefined && !this.#closed) {
      // Refused changes still show: read the lobby again on the retry schedule, not the periodic one.
      this.#unreadCorrections = mergeCorrections(this.#unreadCorrections, outcome.unreadCorrections);
      const retryAt = this.#schedule.reconcileFailed(this.#host.clock.now());
      this.emit('syncError', { error: outcome.readBackError, willRetry: true, changes: [], retryAt });
    }
    if (!this.#closed) {
      this.emit('synced', { calls: outcome.calls, pending: this.pending.length });
      if (!this.#queue.isClean) this.#flushSoon();
    }
    return { calls: outcome.calls };
  }

  async #reconcileNow(signal: AbortSignal | undefined): Promise<void> {
    if (this.#closed) return;
    this.#schedule.reconcileStarted(this.#host.nextReconcileAt(this.#host.clock.now()));
    try {
      const corrected = this.#unreadCorrections;
      await reconcileLobby(this.#syncTarget(), signal, corrected);
      if (this.#unreadCorrections === corrected) this.#unreadCorrections = undefined;
      this.#schedule.reconcileSucceeded();
    } catch (error) {
      if (this.#closed) return;
      const retryAt = this.#schedule.reconcileFailed(this.#host.clock.now());
      this.emit('syncError', { error, willRetry: true, changes: this.pending, retryAt });
      throw error;
    }
  }

  async #link(channelId: string | null, options: LobbyUserCallOptions): Promise<void> {
    const wire = await options.rest.call('linkLobbyChannel', {
      params: { lobby_id: this.id },
      body: channelId === null ? {} : { channel_id: channelId },
      ...signalArg(options),
    });
    if (this.#closed) return;
    this.#picture.setLinkedChannel(wire.linked_channel ?? null, 'local');
    this.#picture.applyServer(wire, this.#queue, undefined, 'remote');
  }

  /** Carries out the idle policy (runIdlePolicy), unless there was activity since `activity`. */
  #idleAction(activity: number): void {
    runIdlePolicy({
      policy: this.#onIdle,
      clock: this.#host.clock,
      ops: this.#ops,
      schedule: this.#schedule,
      queue: this.#queue,
      stillIdle: () => !this.#closed && this.#activityCount === activity,
      deleteNow: () => this.#deleteNow({}),
      flushNow: () => this.#flushNow(undefined),
      release: () => this.#release(),
      gone: () => this.#end('remote'),
      report: (error, retryAt) =>
        this.emit('syncError', { error, willRetry: retryAt !== undefined, changes: this.pending, retryAt }),
      reschedule: () => this.#reschedule(),
    });
  }

  async #deleteNow(options: LobbyCallOptions): Promise<void> {
    if (this.#closed) return;
    await this.#host.rest.call('deleteLobby', { params: { lobby_id: this.id }, ...signalArg(options) });
    this.#end('local');
  }

  /** The lobby is gone: forget everything pending and let the handle go. */
  #end(origin: ChangeOrigin): void {
    if (this.#closed) return;
    this.#queue.clear();
    this.emit('deleted', { origin });
    this.#release();
  }

  #release(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#host.release(this);
    this.removeAllListeners();
  }

  /** What the flush code may touch; made per flush so that a quiet lobby carries no closures. */
  #syncTarget(): SyncTarget {
    return {
      id: this.id,
      host: this.#host,
      queue: this.#queue,
      members: this.#picture.members,
      metadata: () => this.#picture.metadata,
      gone: () => this.#end('remote'),
      reconcile: (wire, corrected, origin) => {
        if (!this.#closed) this.#picture.applyServer(wire, this.#queue, corrected, origin);
      },
      rejectMember: (member) => this.#picture.rejectMember(member),
      serverMember: (member) => this.#picture.setMember(member, 'server'),
      reportDropped: (error, changes) => {
        this.emit('syncError', { error, willRetry: false, changes, retryAt: undefined });
      },
    };
  }
}
