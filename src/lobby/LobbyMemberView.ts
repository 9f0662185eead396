/**
 * A lobby member as the Lobby handle shows it (camelCase, never null metadata), and the conversions
 * between it and the wire's snake_case shapes.
 */
import type { BulkLobbyMemberEntry, LobbyMember as LobbyMemberWire } from '../spec/schemas/lobby.js';

/** String pairs stored on a lobby or a member. */
export type Metadata = Readonly<Record<string, string>>;

/** One member of a lobby: a snapshot, replaced (never mutated) when the member changes. */
export interface LobbyMemberView {
  /** The user's id. */
  readonly id: string;
  /** The member's metadata; `{}` when the platform says none (null). */
  readonly metadata: Metadata;
  /** Lobby member flags (CanLinkLobby = 1); 0 when absent. */
  readonly flags: number;
  /** The member's additional name, or null when unset. */
  readonly additionalName: string | null;
}

/** The fields {@link Lobby.upsertMember} may set; an omitted field keeps its value. */
export interface LobbyMemberPatch {
  /** Replaces the member's metadata (the platform keeps no keys of the old map). */
  readonly metadata?: Metadata | null;
  /** Replaces the member's flags. */
  readonly flags?: number | null;
  /** Sets the additional name (1-80 characters); null clears it. */
  readonly additionalName?: string | null;
}

/** Shared empty metadata, so that members without metadata cost no object of their own. */
export const EMPTY_METADATA: Metadata = Object.freeze({});

/** Freezes a metadata map, sharing {@link EMPTY_METADATA} for empty ones. */
export function freezeMetadata(map: Readonly<Record<string, string>> | null | undefined): Metadata {
  if (!map) return EMPTY_METADATA;
  for (const _ in map) return Object.freeze({ ...map });
  return EMPTY_METADATA;
}

/** A member from the wire. */
export function memberFromWire(wire: LobbyMemberWire): LobbyMemberView {
  return Object.freeze({
    id: wire.id,
    metadata: freezeMetadata(wire.metadata),
    flags: wire.flags ?? 0,
    additionalName: wire.additional_name ?? null,
  });
}

/** `current` (or a new member `id`) with `patch` applied; omitted fields keep their value. */
export function patchMember(
  id: string,
  current: LobbyMemberView | undefined,
  patch: LobbyMemberPatch,
): LobbyMemberView {
  return Object.freeze({
    id,
    metadata:
      patch.metadata !== undefined ? freezeMetadata(patch.metadata) : (current?.metadata ?? EMPTY_METADATA),
    flags: patch.flags !== undefined ? (patch.flags ?? 0) : (current?.flags ?? 0),
    additionalName:
      patch.additionalName !== undefined ? patch.additionalName : (current?.additionalName ?? null),
  });
}

/**
 * The bulk entry that makes the platform's member equal `member`, every field spelled out: after a
 * removal and a re-add the platform must not keep old values, so nothing is left to "omitted keeps".
 * No flags go as `null`, not `0`: the platform's OpenAPI document allows a member's `flags` to be
 * null or CanLinkLobby (1) only.
 */
export function memberToEntry(member: LobbyMemberView): BulkLobbyMemberEntry {
  return {
    id: member.id,
    metadata: { ...member.metadata },
    flags: member.flags === 0 ? null : member.flags,
    additional_name: member.additionalName,
  };
}

/** Whether two metadata maps hold the same pairs. */
export function sameMetadata(a: Metadata, b: Metadata): boolean {
  if (a === b) return true;
  let count = 0;
  for (const key in a) {
    if (b[key] !== a[key] || !Object.hasOwn(b, key)) return false;
    count++;
  }
  for (const _ in b) count--;
  return count === 0;
}

/** Whether two member snapshots are equal field by field. */
export function sameMember(a: LobbyMemberView, b: LobbyMemberView): boolean {
  return (
    a === b ||
    (a.id === b.id &&
      a.flags === b.flags &&
      a.additionalName === b.additionalName &&
      sameMetadata(a.metadata, b.metadata))
  );
}
