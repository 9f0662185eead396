/**
 * The JSON text of lobby members as answers carry them, written directly: exactly
 * `JSON.stringify(members.map(renderLobbyMember))`, without a wire object per member and without
 * building the text piece by piece. A string built piece by piece is a tree of some 600 small
 * strings for the 25 members of a bulk update (15 KB of garbage per answer, more than every other
 * step of the request together); here the text is written as UTF-8 bytes into a scratch buffer that
 * is reused, and the answer is one string read from them. It stays a string, not the bytes: a
 * string body goes out with its headers as one write, where bytes would be a second chunk through
 * the socket's stream, which costs more than the read (the bulk update of 5 members was slower so).
 *
 * Printable ASCII strings without a quote or backslash (ids, most keys and values) are copied as
 * they are; any other string is written as `JSON.stringify` writes it. Anything this writer does not
 * model — a value that is not a string where the records hold strings, a number that is not finite,
 * a `toJSON` anywhere — is left to `JSON.stringify`, member by member (the text of an array is its
 * elements' texts joined by commas), so the bytes are the same in every case.
 */
import type { LobbyMemberRecord } from './lobbyRecords.js';
import { renderLobbyMember } from './renderLobby.js';

/**
 * Room kept free past every string written: the writer's own punctuation and a number, written
 * between two strings (at most some 70 bytes: `,"metadata":null,"flags":`, a number of at most 25
 * characters, `,"additional_name":`), need no test of room of their own.
 */
const SLACK = 128;

// The keys' text as bytes, and punctuation as byte codes: copied from bytes rather than read from
// strings character by character (a fifth of the writer's time).
const ID_OPEN = Buffer.from('{"id":');
const METADATA = Buffer.from(',"metadata":');
const FLAGS = Buffer.from(',"flags":');
const NAME = Buffer.from(',"additional_name":');
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const COMMA = 0x2c;
const COLON = 0x3a;

/** The scratch buffer answers are written into (grown as needed, never shrunk). */
let scratch = Buffer.allocUnsafeSlow(8192);

/** `JSON.stringify(members.map(renderLobbyMember))`, written directly. */
export function lobbyMembersJson(members: readonly LobbyMemberRecord[]): string {
  // A toJSON every object or array inherits would change every element, and keys every object
  // inherits would be walked below: JSON.stringify decides.
  if (
    typeof toJsonOf(Object.prototype) === 'function' ||
    typeof toJsonOf(Array.prototype) === 'function' ||
    Object.keys(Object.prototype).length > 0
  ) {
    return JSON.stringify(members.map(renderLobbyMember));
  }
  let at = ascii(scratch, 0, '[');
  for (let i = 0; i < members.length; i += 1) {
    const member = members[i] as LobbyMemberRecord;
    if (i > 0) at = ascii(scratch, at, ',');
    const end = putMember(at, member);
    at = end >= 0 ? end : putText(at, JSON.stringify(renderLobbyMember(member)));
  }
  at = ascii(scratch, at, ']');
  // The bytes are UTF-8 of a string without lone surrogates (JSON.stringify escapes them): read
  // back, they are that string.
  return scratch.toString('utf8', 0, at);
}

function toJsonOf(value: object): unknown {
  return (value as { toJSON?: unknown }).toJSON;
}

/**
 * One member's bytes from `at`, in renderLobbyMember's key order: where they end, or -1 when
 * JSON.stringify must say (whatever was written from `at` is then written over).
 */
function putMember(start: number, member: LobbyMemberRecord): number {
  const {
    id,
    metadata,
    flags,
    additional_name: name,
  } = member as {
    id: unknown;
    metadata: unknown;
    flags: unknown;
    additional_name: unknown;
  };
  if (typeof id !== 'string') return -1;
  if (typeof flags !== 'number' || !Number.isFinite(flags)) return -1;
  let at = reserve(start, 0);
  at = bytes(scratch, at, ID_OPEN);
  at = putString(at, id);
  at = bytes(scratch, at, METADATA);
  if (metadata === null) at = ascii(scratch, at, 'null');
  else {
    if (typeof metadata !== 'object' || Array.isArray(metadata)) return -1;
    const proto: unknown = Object.getPrototypeOf(metadata);
    if ((proto !== null && proto !== Object.prototype) || typeof toJsonOf(metadata) === 'function') {
      return -1;
    }
    // Own keys only, in Object.keys' order (JSON.stringify's): nothing is inherited (checked above).
    const record = metadata as Record<string, unknown>;
    let first = true;
    for (const key in record) {
      const value = record[key];
      if (typeof value !== 'string') return -1;
      scratch[at++] = first ? OPEN_BRACE : COMMA;
      first = false;
      at = putString(at, key);
      scratch[at++] = COLON;
      at = putString(at, value);
    }
    if (first) scratch[at++] = OPEN_BRACE;
    scratch[at++] = CLOSE_BRACE;
  }
  // A finite number's text is the same in JSON and in String() (-0 included: "0").
  at = bytes(scratch, at, FLAGS);
  at = ascii(scratch, at, String(flags));
  if (name !== null) {
    if (typeof name !== 'string') return -1;
    at = bytes(scratch, at, NAME);
    at = putString(at, name);
  }
  scratch[at++] = CLOSE_BRACE;
  return at;
}

/** `at`, once {@link scratch} has room for `bytes` more bytes and the slack after them. */
function reserve(at: number, bytes: number): number {
  const needed = at + bytes + SLACK;
  if (needed > scratch.length) {
    const bigger = Buffer.allocUnsafeSlow(Math.max(needed, scratch.length * 2));
    bigger.set(new Uint8Array(scratch.buffer, scratch.byteOffset, at));
    scratch = bigger;
  }
  return at;
}

/** Text known to be ASCII and to fit (the writer's punctuation, a number), copied as it is. */
function ascii(buffer: Buffer, at: number, text: string): number {
  let next = at;
  for (let i = 0; i < text.length; i += 1) buffer[next++] = text.charCodeAt(i);
  return next;
}

/** Bytes known to fit (the keys' text), copied. */
function bytes(buffer: Buffer, at: number, piece: Uint8Array): number {
  let next = at;
  for (let i = 0; i < piece.length; i += 1) buffer[next++] = piece[i] as number;
  return next;
}

/**
 * A string as JSON writes it, quoted: copied byte for byte when every character is printable ASCII
 * other than a quote or a backslash (what JSON leaves as it is, and UTF-8 writes as one byte each),
 * else JSON.stringify's text of it (escapes, and UTF-8 for the rest).
 */
function putString(start: number, text: string): number {
  const length = text.length;
  let at = reserve(start, length + 2);
  const buffer = scratch;
  buffer[at++] = 0x22;
  for (let i = 0; i < length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x22 || code === 0x5c || code > 0x7f) {
      return putText(start, JSON.stringify(text));
    }
    buffer[at++] = code;
  }
  buffer[at++] = 0x22;
  return at;
}

/** Any text, as UTF-8, from `at`: where it ends. */
function putText(start: number, text: string): number {
  // UTF-8 takes at most 3 bytes per UTF-16 unit (a surrogate pair, 2 units, takes 4).
  const at = reserve(start, text.length * 3);
  return at + scratch.write(text, at, 'utf8');
}
