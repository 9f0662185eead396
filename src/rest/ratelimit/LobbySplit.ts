/**
 * Per-lobby buckets, learned from answers: a part of the in-memory rate limits that `RestClient`
 * (and `RouteClient`) have and `LobbyClient` leaves out. The platform documents its top-level
 * resources as channel, guild and webhook ids, so a lobby route's bucket is counted across lobbies
 * at first. If the platform keeps a counter per lobby, one busy lobby would hold up the others for
 * nothing; the answers tell: one counter has one window at a time, so two lobbies showing two
 * different windows open at once mean a counter each. From then on the bucket is kept per lobby,
 * each lobby's bucket seeded with the window its last answer showed; a 429 the per-lobby state did
 * not predict puts it back together.
 */
import type { Clock } from '../../clock.js';
import { Bucket, bucketKey } from './Bucket.js';
import type { MajorParameter } from './majorParameter.js';
import type { RateLimitInfo } from './parseRateLimitHeaders.js';

/**
 * Two windows are taken as open at once only when both reset at least this far ahead (our estimate
 * of a reset is off by up to a round trip).
 */
const OPEN_WINDOW_MARGIN_MS = 250;

/** The last window a lobby's answers showed, per bucket id + major parameter + token. */
interface LobbyWindow {
  readonly reset: string;
  readonly resetAt: number;
  readonly info: RateLimitInfo;
}

/** Makes the per-lobby part of a registry over its clock and its map of buckets by key. */
export type LobbySplitFactory = (clock: Clock, buckets: Map<string, Bucket>) => LobbySplit;

/** Which bucket ids count per lobby, learned from the windows lobbies' answers show. */
export class LobbySplit {
  readonly #clock: Clock;
  readonly #buckets: Map<string, Bucket>;
  /** Bucket ids the platform has shown to count per lobby. */
  readonly #split = new Set<string>();
  /** Per `bucket id|major|token`: each lobby's current window, to spot per-lobby counters. */
  readonly #windows = new Map<string, Map<string, LobbyWindow>>();

  /** @param buckets - the registry's buckets by key: retired and seeded here when a verdict changes */
  constructor(clock: Clock, buckets: Map<string, Bucket>) {
    this.#clock = clock;
    this.#buckets = buckets;
  }

  /** Whether bucket id `hash` is known to count per lobby. */
  has(hash: string): boolean {
    return this.#split.has(hash);
  }

  /**
   * Learns from an answer of bucket `hash` on a lobby route (`userLimited`: a 429 of scope user;
   * `informed`: the request was granted on a known limit). A verdict that changes retires the
   * buckets keyed the other way.
   */
  learn(
    hash: string,
    where: MajorParameter,
    info: RateLimitInfo,
    now: number,
    userLimited: boolean,
    informed: boolean,
  ): void {
    if (this.#split.has(hash)) {
      // A 429 the per-lobby state did not predict: the platform counts the lobbies together after all.
      if (userLimited && informed) this.#set(hash, false);
    } else if (this.#showsPerLobbyWindows(hash, where, info, now)) {
      this.#set(hash, true);
    }
  }

  /** Forgets lobby windows that have closed. */
  sweep(now: number): void {
    for (const [group, windows] of this.#windows) {
      for (const [lobbyId, w] of windows) if (w.resetAt <= now) windows.delete(lobbyId);
      if (windows.size === 0) this.#windows.delete(group);
    }
  }

  /**
   * Records the lobby's window and tells whether two lobbies of one bucket now show two different
   * windows open at the same time.
   */
  #showsPerLobbyWindows(hash: string, where: MajorParameter, info: RateLimitInfo, now: number): boolean {
    if (info.reset === undefined || info.resetAfterMs === undefined || where.lobbyId === undefined)
      return false;
    const group = `${hash}|${where.major}|${where.auth ?? ''}`;
    let windows = this.#windows.get(group);
    if (!windows) {
      windows = new Map();
      this.#windows.set(group, windows);
    }
    const resetAt = now + info.resetAfterMs;
    let split = false;
    for (const [lobbyId, w] of windows) {
      if (w.resetAt <= now) windows.delete(lobbyId);
      else if (
        lobbyId !== where.lobbyId &&
        w.reset !== info.reset &&
        w.resetAt > now + OPEN_WINDOW_MARGIN_MS &&
        resetAt > now + OPEN_WINDOW_MARGIN_MS
      ) {
        split = true;
      }
    }
    windows.set(where.lobbyId, { reset: info.reset, resetAt, info });
    return split;
  }

  /** Starts or stops keeping `hash` per lobby; buckets keyed the other way are retired. */
  #set(hash: string, split: boolean): void {
    if (split) this.#split.add(hash);
    else this.#split.delete(hash);
    for (const [key, bucket] of this.#buckets) {
      if (bucket.hash === hash && (bucket.lobbyId === undefined) === split) {
        bucket.retire();
        this.#buckets.delete(key);
      }
    }
    if (!split) return;
    // Seed each lobby's bucket with the window its last answer showed.
    for (const [group, windows] of this.#windows) {
      if (!group.startsWith(`${hash}|`)) continue;
      const [, major = '', auth = ''] = group.split('|');
      for (const [lobbyId, w] of windows) {
        const where: MajorParameter = auth === '' ? { major, lobbyId } : { major, lobbyId, auth };
        const key = bucketKey(hash, where, lobbyId);
        if (this.#buckets.has(key)) continue;
        const bucket = new Bucket(this.#clock, key, hash, major, lobbyId, where.auth);
        bucket.update(w.info, w.resetAt - (w.info.resetAfterMs ?? 0));
        this.#buckets.set(key, bucket);
      }
    }
  }
}

/** The per-lobby part, for the clients that have it. */
export const lobbySplit: LobbySplitFactory = (clock, buckets) => new LobbySplit(clock, buckets);
