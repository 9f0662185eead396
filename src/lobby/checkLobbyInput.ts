/**
 * Synchronous checks of local changes against the specification's own schemas and limits, so that
 * an invalid change throws at the call that made it and never reaches the sync queue.
 */
import { ValidationError } from '../rest/errors/ValidationError.js';
import { lobbyLimits } from '../spec/limitAreas.js';
// The lean schemas: the same verdicts as the zod ones of spec/schemas, without zod in a browser bundle.
import {
  bulkLobbyMemberEntry,
  idleTimeoutSeconds,
  lobbyMetadata,
  snowflake,
} from '../spec/lean/leanLobby.js';
import { type LobbyMemberView, memberToEntry } from './LobbyMemberView.js';

/** Throws {@link ValidationError} unless `map` is valid lobby or member metadata. */
export function checkMetadata(
  map: Readonly<Record<string, string>>,
  field: readonly (string | number)[],
): void {
  const result = lobbyMetadata.safeParse(map);
  if (!result.success) throw ValidationError.fromIssues(result.error.issues, field);
}

/** Throws {@link ValidationError} unless `member` is a valid bulk entry (id, metadata, flags, name). */
export function checkMember(member: LobbyMemberView): void {
  const result = bulkLobbyMemberEntry.safeParse(memberToEntry(member));
  if (!result.success) throw ValidationError.fromIssues(result.error.issues, ['members', member.id]);
}

/** Throws {@link ValidationError} unless `id` is a snowflake. */
export function checkSnowflake(id: string, field: string): void {
  const result = snowflake.safeParse(id);
  if (!result.success) throw ValidationError.fromIssues(result.error.issues, [field]);
}

/** Throws {@link ValidationError} unless `seconds` is a valid idle timeout. */
export function checkIdleTimeout(seconds: number): void {
  const result = idleTimeoutSeconds.safeParse(seconds);
  if (!result.success) throw ValidationError.fromIssues(result.error.issues, ['idleTimeoutSeconds']);
}

/** Throws {@link ValidationError} when a lobby of `count` members cannot take one more. */
export function checkRoomForMember(count: number, id: string): void {
  if (count < lobbyLimits.maxMembers) return;
  throw new ValidationError([
    {
      path: ['members', id],
      field: `members.${id}`,
      code: 'too_big',
      message: `a lobby holds at most ${lobbyLimits.maxMembers} members`,
    },
  ]);
}

/** Throws {@link ValidationError} unless `perSecond` is a positive number (`Infinity` allowed). */
export function checkReconcileCeiling(perSecond: number): void {
  if (typeof perSecond === 'number' && perSecond > 0) return;
  throw new ValidationError([
    {
      path: ['maxReconcilesPerSecond'],
      field: 'maxReconcilesPerSecond',
      code: 'too_small',
      message: `must be a number above 0 (Infinity: no ceiling), got ${String(perSecond)}`,
    },
  ]);
}
