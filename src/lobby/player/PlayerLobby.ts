/**
 * A player's view of one lobby: what a bearer token may do there (messages, channel linking, the
 * linked-channel invite for self, leaving) and nothing else, so that no bot-only call can be made.
 */
import { EventEmitter } from 'eventemitter3';
import type { LinkedChannelInvite, LobbyMessage } from '../../spec/schemas/lobby.js';
import type { Lobby } from '../Lobby.js';
import type { LobbyCallOptions, LobbyIdleState } from '../lobbyCallOptions.js';
import type { LobbyEvents } from '../LobbyEvents.js';
import type { LobbyMemberView, Metadata } from '../LobbyMemberView.js';
import type { LobbyRest } from '../LobbyRest.js';

/** The handle's events a player sees (all of them: a player's lobby never syncs, so `synced` never fires). */
const forwarded = [
  'memberAdded',
  'memberUpdated',
  'memberRemoved',
  'metadataChanged',
  'linkedChannelChanged',
  'message',
  'idleWarning',
  'idle',
  'deleted',
  'syncError',
] as const satisfies readonly (keyof LobbyEvents)[];

/** What a {@link PlayerLobby} needs of its runtime. */
export interface PlayerLobbyHost {
  readonly rest: LobbyRest;
  /** The lobby was let go (left, disposed or deleted). */
  released(lobby: PlayerLobby): void;
}

/** Compares two snowflakes (decimal strings) by value. */
function compareIds(a: string, b: string): number {
  return a.length === b.length ? (a < b ? -1 : a > b ? 1 : 0) : a.length - b.length;
}

/**
 * One lobby as a player holds it: the picture the platform answered when joining or linking
 * (`metadata`, `members`, `linkedChannel`), the idle countdown, messages (sent here, and others'
 * read with Get Lobby Messages), linking, the linked-channel invite for self, and leaving. Events are
 * the handle's: `message` (origin `local` for ours, `remote` for others' read by polling),
 * `idleWarning`, `idle`, `linkedChannelChanged`, member and metadata events when an answer shows a
 * change, `deleted`.
 */
export class PlayerLobby extends EventEmitter<LobbyEvents> {
  readonly #handle: Lobby;
  readonly #host: PlayerLobbyHost;
  /** The newest message id seen (sent here or read); polling reports only newer ones. */
  #newest = '';
  #polling: Promise<LobbyMessage[]> | undefined;
  #released = false;

  /**
   * @internal Made by {@link PlayerRuntime}. (A static factory, so that the published types show a
   * private constructor.)
   */
  static create(handle: Lobby, host: PlayerLobbyHost): PlayerLobby {
    return new PlayerLobby(handle, host);
  }

  private constructor(handle: Lobby, host: PlayerLobbyHost) {
    super();
    this.#handle = handle;
    this.#host = host;
    for (const name of forwarded) {
      const forward = (event: unknown) => this.emit(name, event as never);
      handle.on(name, forward as never);
    }
    handle.on('deleted', () => this.#release());
  }

  /** The lobby's id. */
  get id(): string {
    return this.#handle.id;
  }

  /** The application the lobby belongs to. */
  get applicationId(): string {
    return this.#handle.applicationId;
  }

  /** The lobby's metadata as last answered. */
  get metadata(): Metadata {
    return this.#handle.metadata;
  }

  /** The members as last answered (joining and linking answer the whole lobby). */
  get members(): ReadonlyMap<string, LobbyMemberView> {
    return this.#handle.members;
  }

  /** The linked channel, or null. */
  get linkedChannel(): Lobby['linkedChannel'] {
    return this.#handle.linkedChannel;
  }

  /** The idle countdown (computed from wall time: a hidden tab catches up on the next tick). */
  get idle(): LobbyIdleState {
    return this.#handle.idle;
  }

  /** Whether the lobby was left, disposed or deleted. */
  get released(): boolean {
    return this.#released;
  }

  /** Sends a message as the player; `message` fires (origin `local`). */
  async sendMessage(
    content: string,
    options: LobbyCallOptions & { readonly metadata?: Readonly<Record<string, string>> } = {},
  ): Promise<LobbyMessage> {
    const message = await this.#handle.sendMessage(content, { ...options, rest: this.#host.rest });
    if (compareIds(message.id, this.#newest) > 0) this.#newest = message.id;
    return message;
  }

  /**
   * Reads the lobby's latest messages (Get Lobby Messages) and fires `message` (origin `remote`) for
   * each one newer than any seen, oldest first; resolves to those. One read at a time: a call while
   * one is in flight shares it. New messages count as activity for the idle countdown.
   */
  pollMessages(options: LobbyCallOptions & { readonly limit?: number } = {}): Promise<LobbyMessage[]> {
    this.#polling ??= this.#poll(options).finally(() => {
      this.#polling = undefined;
    });
    return this.#polling;
  }

  async #poll(options: LobbyCallOptions & { readonly limit?: number }): Promise<LobbyMessage[]> {
    const answer = await this.#host.rest.call('getLobbyMessages', {
      params: { lobby_id: this.id },
      ...(options.limit === undefined ? {} : { query: { limit: options.limit } }),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    if (this.#released) return [];
    const fresh = answer
      .filter((m) => compareIds(m.id, this.#newest) > 0)
      .sort((a, b) => compareIds(a.id, b.id));
    const last = fresh.at(-1);
    if (last === undefined) return fresh;
    this.#newest = last.id;
    this.#handle.touch();
    for (const message of fresh) this.emit('message', { message, origin: 'remote' });
    return fresh;
  }

  /** Links guild text channel `channelId` (the player needs CanLinkLobby). */
  linkChannel(channelId: string, options: LobbyCallOptions = {}): Promise<void> {
    return this.#handle.linkChannel(channelId, { ...options, rest: this.#host.rest });
  }

  /** Unlinks the linked channel (the player needs CanLinkLobby). */
  unlinkChannel(options: LobbyCallOptions = {}): Promise<void> {
    return this.#handle.unlinkChannel({ ...options, rest: this.#host.rest });
  }

  /**
   * A single-use, one-hour invite for the player to the linked channel (Create Linked-Channel Invite
   * for Self).
   */
  createInvite(options: LobbyCallOptions = {}): Promise<LinkedChannelInvite> {
    return this.#host.rest.call('createLinkedChannelInviteForSelf', {
      params: { lobby_id: this.id },
      ...(options.signal ? { signal: options.signal } : {}),
    });
  }

  /** Counts as activity for the idle countdown (nothing is sent). */
  touch(): void {
    this.#handle.touch();
  }

  /** The player leaves the lobby (Leave Lobby); the lobby is then let go. */
  async leave(options: LobbyCallOptions = {}): Promise<void> {
    await this.#handle.leave({ ...options, rest: this.#host.rest });
    this.#release();
  }

  /** Lets the lobby go here; the player stays a member on the platform. */
  async dispose(): Promise<void> {
    await this.#handle.dispose();
    this.#release();
  }

  /** @internal The runtime's tick: the handle's idle countdown is serviced by the runtime. */
  get handle(): Lobby {
    return this.#handle;
  }

  #release(): void {
    if (this.#released) return;
    this.#released = true;
    this.#host.released(this);
  }
}
