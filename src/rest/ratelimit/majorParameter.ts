/**
 * The parts of a request that split a platform bucket: its "major parameter" (paths.md: "Buckets are
 * split per top-level resource: only channel id, guild id and webhook id (+ token) count as
 * top-level"), the token (per-route limits count per bot or user), and the lobby id on lobby routes.
 *
 * Why the lobby id: lobby routes carry no guild or channel id, so if the platform counted every lobby
 * in one bucket per route, one busy lobby would hold up all the others. The stated rule names only
 * channel, guild and webhook ids, so a bucket is counted across lobbies; a client with the per-lobby
 * part keeps it per lobby once the answers show the platform does (`LobbySplit`).
 */

/** A short, non-reversible fingerprint (FNV-1a, 32 bits), so that webhook tokens stay out of keys. */
export function fingerprint(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** The bucket-splitting parts of one request. */
export interface MajorParameter {
  /** `guild_id=…`, `channel_id=…`, `webhook_id=…:<fingerprint>`, or `global`. */
  readonly major: string;
  /** The lobby id on lobby routes. */
  readonly lobbyId: string | undefined;
  /**
   * An opaque id of the request's token: the platform counts per-route limits per bot or user, so
   * one client acting for several users keeps separate buckets for each.
   */
  readonly auth?: string;
}

/** Past this many ids a memo below starts over. */
const MAJOR_MEMO_LIMIT = 4096;
const guildMajors = new Map<string, string>();
const channelMajors = new Map<string, string>();

/**
 * `prefix + id`, the same string object for the same id: the bucket registry looks buckets up by it
 * on every request, and a string built anew would be flattened and hashed anew each time.
 */
function majorOf(memo: Map<string, string>, prefix: string, value: unknown): string {
  const id = String(value);
  let major = memo.get(id);
  if (major === undefined) {
    if (memo.size >= MAJOR_MEMO_LIMIT) memo.clear();
    major = prefix + id;
    memo.set(id, major);
  }
  return major;
}

/** The major parameter of a request to a route with these path parameters (and `auth`, the token's id). */
export function majorParameter(params: Readonly<Record<string, unknown>>, auth?: string): MajorParameter {
  const lobby = params.lobby_id;
  const lobbyId = lobby === undefined ? undefined : String(lobby);
  let major = 'global';
  if (params.guild_id !== undefined) major = majorOf(guildMajors, 'guild_id=', params.guild_id);
  else if (params.channel_id !== undefined) major = majorOf(channelMajors, 'channel_id=', params.channel_id);
  else if (params.webhook_id !== undefined) {
    const token = params.webhook_token === undefined ? '' : `:${fingerprint(String(params.webhook_token))}`;
    major = `webhook_id=${String(params.webhook_id)}${token}`;
  }
  return auth === undefined ? { major, lobbyId } : { major, lobbyId, auth };
}
