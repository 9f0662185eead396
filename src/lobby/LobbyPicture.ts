/**
 * The local picture of one lobby — metadata, members, linked channel — and the only code that
 * changes it. Every change fires its event with its origin and tells the owner (activity for the
 * idle countdown); reconciling with a server answer keeps what is pending locally on top.
 */
import type { EventEmitter } from 'eventemitter3';
import type { Channel } from '../spec/schemas/channel.js';
import type { Lobby as LobbyWire } from '../spec/schemas/lobby.js';
import { diffMetadata } from './diffMetadata.js';
import type { ChangeOrigin, LobbyEvents } from './LobbyEvents.js';
import {
  freezeMetadata,
  type LobbyMemberView,
  type Metadata,
  memberFromWire,
  sameMember,
} from './LobbyMemberView.js';

/** Why a member missing from a bulk answer is assumed dropped (the platform does not say). */
const SILENT_DROP =
  'the platform dropped the member silently: the user failed a permission check, or is already a member of the maximum number of lobbies of this application';

/** The things the server refused, whose corrections are reported with origin `server`. */
export interface Corrections {
  readonly ids: ReadonlySet<string>;
  readonly metadata: boolean;
}

/** Both sets of corrections at once (either may be undefined). */
export function mergeCorrections(a: Corrections | undefined, b: Corrections): Corrections {
  if (a === undefined) return b;
  return { ids: new Set([...a.ids, ...b.ids]), metadata: a.metadata || b.metadata };
}

/** Who owns a picture: fires its events and hears of every change. */
export interface PictureOwner extends Pick<EventEmitter<LobbyEvents>, 'emit'> {
  /**
   * Something changed (`origin`: who changed it): activity for the idle countdown. Called before the
   * event fires.
   */
  pictureChanged(linkedChannelChanged: boolean, origin: ChangeOrigin): void;
}

/** What is pending locally, so that a server answer does not overwrite it. */
export interface PendingView {
  isMemberPending(id: string): boolean;
  readonly isMetadataPending: boolean;
}

/** One lobby's metadata, members and linked channel. */
export class LobbyPicture {
  #metadata: Metadata;
  readonly #members = new Map<string, LobbyMemberView>();
  #linkedChannel: Channel | null;
  readonly #owner: PictureOwner;

  constructor(wire: LobbyWire, owner: PictureOwner) {
    this.#owner = owner;
    this.#metadata = freezeMetadata(wire.metadata);
    for (const m of wire.members) this.#members.set(m.id, memberFromWire(m));
    this.#linkedChannel = wire.linked_channel ?? null;
  }

  get metadata(): Metadata {
    return this.#metadata;
  }

  get members(): ReadonlyMap<string, LobbyMemberView> {
    return this.#members;
  }

  get linkedChannel(): Channel | null {
    return this.#linkedChannel;
  }

  /** Sets the metadata map; false when nothing changed. */
  setMetadata(next: Metadata, origin: ChangeOrigin): boolean {
    const diff = diffMetadata(this.#metadata, next);
    if (!diff) return false;
    this.#metadata = next;
    this.#owner.pictureChanged(false, origin);
    this.#owner.emit('metadataChanged', { ...diff, metadata: next, origin });
    return true;
  }

  /** Adds or replaces a member; false when nothing changed. */
  setMember(member: LobbyMemberView, origin: ChangeOrigin): boolean {
    const previous = this.#members.get(member.id);
    if (previous && sameMember(previous, member)) return false;
    this.#members.set(member.id, member);
    this.#owner.pictureChanged(false, origin);
    if (previous) this.#owner.emit('memberUpdated', { member, previous, origin });
    else this.#owner.emit('memberAdded', { member, origin });
    return true;
  }

  /** Removes a member; the member removed, or undefined when there was none. */
  removeMember(id: string, origin: ChangeOrigin): LobbyMemberView | undefined {
    const member = this.#members.get(id);
    if (!member) return undefined;
    this.#members.delete(id);
    this.#owner.pictureChanged(false, origin);
    this.#owner.emit('memberRemoved', { member, origin });
    return member;
  }

  /** A member the platform dropped silently: rejected, then removed (origin `server`). */
  rejectMember(member: LobbyMemberView, explanation: string = SILENT_DROP): void {
    if (this.#members.get(member.id) !== member) return;
    this.#members.delete(member.id);
    this.#owner.pictureChanged(false, 'server');
    this.#owner.emit('memberRejected', { member, reason: 'silently-dropped', explanation, origin: 'server' });
    this.#owner.emit('memberRemoved', { member, origin: 'server' });
  }

  /** Sets the linked channel (compared by id); false when nothing changed. */
  setLinkedChannel(channel: Channel | null, origin: ChangeOrigin): boolean {
    const previous = this.#linkedChannel;
    if ((previous?.id ?? null) === (channel?.id ?? null)) return false;
    this.#linkedChannel = channel;
    this.#owner.pictureChanged(true, origin);
    this.#owner.emit('linkedChannelChanged', { channel, previous, origin });
    return true;
  }

  /**
   * Makes the picture the server's `wire`, except for what is pending locally (dirty or in flight),
   * which stays on top. Fires an event for each difference: origin `server` for what `corrected`
   * names (the server refused our change), `origin` for the rest.
   */
  applyServer(
    wire: LobbyWire,
    pending: PendingView,
    corrected: Corrections | undefined,
    origin: ChangeOrigin,
  ): void {
    if (!pending.isMetadataPending) {
      this.setMetadata(freezeMetadata(wire.metadata), corrected?.metadata ? 'server' : origin);
    }
    const seen = new Set<string>();
    for (const m of wire.members) {
      seen.add(m.id);
      if (pending.isMemberPending(m.id)) continue;
      this.setMember(memberFromWire(m), corrected?.ids.has(m.id) ? 'server' : origin);
    }
    for (const id of [...this.#members.keys()]) {
      if (seen.has(id) || pending.isMemberPending(id)) continue;
      this.removeMember(id, corrected?.ids.has(id) ? 'server' : origin);
    }
    this.setLinkedChannel(wire.linked_channel ?? null, origin);
  }
}
