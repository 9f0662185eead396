/**
 * One lobby's live local picture: changes apply at once and fire events, then go to the platform in
 * coalesced flushes; the server's answers correct the picture; an idle countdown runs beside it.
 * The handle is the public face: its state and steps live in {@link LobbyCore}, the operations that
 * act as a user in `lobbyUserCalls`.
 */
import { EventEmitter } from 'eventemitter3';
import type { Channel } from '../spec/schemas/channel.js';
import type { LobbyMessage, Lobby as LobbyWire } from '../spec/schemas/lobby.js';
import { checkMember, checkMetadata, checkRoomForMember, checkSnowflake } from './checkLobbyInput.js';
import type { FlushOutcome } from './flushLobby.js';
import type {
  LobbyCallOptions,
  LobbyIdleState,
  LobbyInit,
  LobbyUserCallOptions,
} from './lobbyCallOptions.js';
import { LobbyCore } from './LobbyCore.js';
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
import {
  leave,
  linkChannel,
  type RemoteMessageChange,
  receiveRemoteMessage,
  sendMessage,
} from './lobbyUserCalls.js';
import type { PendingChange } from './SyncQueue.js';

export type { RemoteMessageChange } from './lobbyUserCalls.js';

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
  readonly #core: LobbyCore;
  /** Opaque scheduling slot of the runtime. */
  #slot: unknown;

  /**
   * @internal Made by `LobbyRuntime`. (A static factory, so that the published types show a private
   * constructor: a stripped one would read as `new LobbyHandle()`.)
   */
  static create(host: LobbyHost, init: LobbyInit): Lobby {
    return new Lobby(host, init);
  }

  private constructor(host: LobbyHost, init: LobbyInit) {
    super();
    this.id = init.wire.id;
    this.applicationId = init.wire.application_id;
    this.#core = new LobbyCore(this, host, init);
    this.#core.reschedule();
  }

  // ─── State ─────────────────────────────────────────────────────────────────────────────────────

  /** The lobby's metadata (frozen; replaced on every change). */
  get metadata(): Metadata {
    return this.#core.picture.metadata;
  }

  /** The members by user id (read-only: change them with the methods). */
  get members(): ReadonlyMap<string, LobbyMemberView> {
    return this.#core.picture.members;
  }

  /** The linked guild channel, or null. */
  get linkedChannel(): Channel | null {
    return this.#core.picture.linkedChannel;
  }

  /** Changes made locally and not yet confirmed by the server (queued or in flight). */
  get pending(): readonly PendingChange[] {
    return this.#core.pending;
  }

  /** The idle countdown now. */
  get idle(): LobbyIdleState {
    const idle = this.#core.idle;
    return { deadline: idle.deadline, remainingMs: idle.remainingMs(this.#core.host.clock.now()) };
  }

  /** Whether the handle was disposed (or the lobby deleted). */
  get disposed(): boolean {
    return this.#core.closed;
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
    this.#core.assertOpen();
    const next: Record<string, string> = { ...this.#core.picture.metadata };
    for (const [key, value] of Object.entries(patch)) {
      if (value === null) delete next[key];
      else next[key] = value;
    }
    this.#localMetadata(next);
  }

  /** Replaces the whole metadata map. Throws `ValidationError` past the total length. */
  replaceMetadata(map: Readonly<Record<string, string>>): void {
    this.#core.assertOpen();
    this.#localMetadata({ ...map });
  }

  /**
   * Adds a member or changes one (omitted fields keep their value). Throws `ValidationError` for a
   * bad id, flags, name or metadata, or past the member limit. Returns the member.
   */
  upsertMember(id: string, patch: LobbyMemberPatch = {}): LobbyMemberView {
    const core = this.#core;
    core.assertOpen();
    checkSnowflake(id, 'id');
    const current = core.picture.members.get(id);
    const next = patchMember(id, current, patch);
    checkMember(next);
    if (!current) checkRoomForMember(core.picture.members.size, id);
    if (current && sameMember(current, next)) return current;
    // Marked before the event fires, so that listeners reading `pending` see the change.
    core.queue.markMember(id);
    core.picture.setMember(next, 'local');
    core.flushSoon();
    return next;
  }

  /** Removes a member; false when they were not one. */
  removeMember(id: string): boolean {
    const core = this.#core;
    core.assertOpen();
    checkSnowflake(id, 'id');
    if (!core.picture.members.has(id)) return false;
    core.queue.markMember(id);
    core.picture.removeMember(id, 'local');
    core.flushSoon();
    return true;
  }

  /** Counts as activity: the idle countdown starts over. */
  touch(): void {
    this.#core.assertOpen();
    this.#core.touched();
  }

  #localMetadata(next: Record<string, string>): void {
    const core = this.#core;
    checkMetadata(next, ['metadata']);
    const frozen = freezeMetadata(next);
    if (sameMetadata(frozen, core.picture.metadata)) return;
    // Marked before the event fires, so that listeners reading `pending` see the change.
    core.queue.markMetadata();
    core.picture.setMetadata(frozen, 'local');
    core.flushSoon();
  }

  // ─── Server operations ─────────────────────────────────────────────────────────────────────────

  /**
   * Sends everything pending now in the fewest calls and resolves when the server answered. Rejects
   * when the platform could not be reached (the changes stay pending and a retry is scheduled).
   */
  flush(options: LobbyCallOptions = {}): Promise<FlushOutcome> {
    return this.#core.ops.run(() => this.#core.flushNow(options.signal));
  }

  /** Reads the lobby (Get Lobby) and applies what changed elsewhere; pending local changes stay on top. */
  refresh(options: LobbyCallOptions = {}): Promise<void> {
    return this.#core.ops.run(() => this.#core.reconcileNow(options.signal));
  }

  /** Deletes the lobby on the platform; `deleted` fires (origin `local`) and the handle is disposed. */
  delete(options: LobbyCallOptions = {}): Promise<void> {
    return this.#core.ops.run(() => this.#core.deleteNow(options));
  }

  /**
   * Flushes, then lets the handle go (the lobby stays on the platform). Rejects, keeping the handle,
   * when the flush fails: nothing pending is lost.
   */
  dispose(options: LobbyCallOptions = {}): Promise<void> {
    if (this.#core.closed) return Promise.resolve();
    return this.#core.ops.run(() => this.#core.flushAndRelease(options.signal));
  }

  // ─── As a user (the client passed holds the user's bearer token) ───────────────────────────────

  /** Links guild text channel `channelId` (the user of `rest` needs CanLinkLobby). */
  linkChannel(channelId: string, options: LobbyUserCallOptions): Promise<void> {
    return linkChannel(this.#core, channelId, options);
  }

  /** Unlinks the linked channel (the user of `rest` needs CanLinkLobby). */
  unlinkChannel(options: LobbyUserCallOptions): Promise<void> {
    return linkChannel(this.#core, null, options);
  }

  /** Sends a message as the user of `rest`; `message` fires (origin `local`). */
  sendMessage(
    content: string,
    options: LobbyUserCallOptions & { readonly metadata?: Readonly<Record<string, string>> },
  ): Promise<LobbyMessage> {
    return sendMessage(this.#core, content, options);
  }

  /**
   * The user of `rest` leaves the lobby (Leave Lobby). Pending changes are flushed first; the handle
   * is disposed afterwards.
   */
  leave(options: LobbyUserCallOptions): Promise<void> {
    return leave(this.#core, options);
  }

  /**
   * @internal A message event from a webhook (`attachWebhooks(runtime, receiver)`). A new message fires
   * `message` (origin `remote`) and counts as activity, unless this handle already saw it (sent it,
   * or got it before); edits and deletions fire `messageUpdated` and `messageDeleted`.
   */
  receiveRemoteMessage(change: RemoteMessageChange): void {
    receiveRemoteMessage(this.#core, change);
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
    this.#core.service(now);
  }

  /**
   * @internal `service(now)` threw (a bug of ours): reported as a sync error, and the lobby served
   * again after the first backoff, so that nothing it holds waits for ever.
   */
  serviceFailed(error: unknown, now: number): void {
    const core = this.#core;
    if (core.closed) return;
    const retryAt = now + core.host.backoff(0);
    core.report(error, retryAt);
    core.host.schedule(this, retryAt, !core.queue.isClean);
  }

  /**
   * @internal The runtime's turn for the reconcile this lobby asked for (requestReconcile). False
   * when there is nothing to do any more (refresh() did it meanwhile), so that the turn goes on.
   */
  grantReconcile(): boolean {
    return this.#core.grantReconcile();
  }

  /** @internal Applies an answer that carries the whole lobby (join, adopt again). */
  absorb(wire: LobbyWire, origin: ChangeOrigin): void {
    this.#core.reconcile(wire, undefined, origin);
  }
}
