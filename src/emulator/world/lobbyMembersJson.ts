/**
 * The JSON of lobby members as answers carry them, written directly as UTF-8 bytes: exactly
 * `Buffer.from(JSON.stringify(members.map(renderLobbyMember)))`, without a wire object per member
 * and without building the text as a string first. A string built piece by piece is a tree of some
 * 600 small strings for the 25 members of a bulk update (15 KB of garbage per answer, more than
 * every other step of the request together), which is then flattened and encoded again to be
 * sent; here the bytes go into a scratch buffer that is reused, and the answer is one copy of them.
 *
 * Printable ASCII strings without a quote or backslash (ids, most keys and values) are copied as
 * they are; any other string is written as `JSON.stringify` writes it. Anything this writer does not
 * model — a value that is not a string where the records hold strings, a number that is not finite,
 * a `toJSON` anywhere — is left to `JSON.stringify`, member by member (the text of an array is its
 * elements' texts joined by commas), so the bytes are the same in every case.
 */
import type { LobbyMemberRecord } from './lobbyRecords.js';
import { renderLobbyMember } from './renderLobby.js';

/** The scratch buffer answers are written into (grown as needed, never shrunk). */
let scratch = Buffer.allocUnsafeSlow(8192);

/** `Buffer.from(JSON.stringify(members.map(renderLobbyMember)))`, written directly. */
export function lobbyMembersJson(members: readonly LobbyMemberRecord[]): Buffer {
  // A toJSON every object or array inherits would change every element, and keys every object
  // inherits would be walked below: JSON.stringify decides.
  if (
    typeof toJsonOf(Object.prototype) === 'function' ||
    typeof toJsonOf(Array.prototype) === 'function' ||
    Object.keys(Object.prototype).length > 0
  ) {
    return Buffer.from(JSON.stringify(members.map(renderLobbyMember)));
  }
  const writer: Writer = { at: 0 };
  putAscii(writer, '[');
  for (let i = 0; i < members.length; i += 1) {
    const member = members[i] as LobbyMemberRecord;
    if (i > 0) putAscii(writer, ',');
    const start = writer.at;
    if (!putMember(writer, member)) {
      writer.at = start;
      putText(writer, JSON.stringify(renderLobbyMember(member)));
    }
  }
  putAscii(writer, ']');
  return Buffer.from(scratch.subarray(0, writer.at));
}

/** Where the next byte goes in {@link scratch}. */
interface Writer {
  at: number;
}

function toJsonOf(value: object): unknown {
  return (value as { toJSON?: unknown }).toJSON;
}

/**
 * One member's bytes, in renderLobbyMember's key order; false (with some bytes written) when
 * JSON.stringify must say.
 */
function putMember(writer: Writer, member: LobbyMemberRecord): boolean {
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
  if (typeof id !== 'string') return false;
  if (typeof flags !== 'number' || !Number.isFinite(flags)) return false;
  putAscii(writer, '{"id":');
  putString(writer, id);
  putAscii(writer, ',"metadata":');
  if (metadata === null) putAscii(writer, 'null');
  else {
    if (typeof metadata !== 'object' || Array.isArray(metadata)) return false;
    const proto: unknown = Object.getPrototypeOf(metadata);
    if ((proto !== null && proto !== Object.prototype) || typeof toJsonOf(metadata) === 'function') {
      return false;
    }
    // Own keys only, in Object.keys' order (JSON.stringify's): nothing is inherited (checked above).
    const record = metadata as Record<string, unknown>;
    let first = true;
    for (const key in record) {
      const value = record[key];
      if (typeof value !== 'string') return false;
      putAscii(writer, first ? '{' : ',');
      first = false;
      putString(writer, key);
      putAscii(writer, ':');
      putString(writer, value);
    }
    putAscii(writer, first ? '{}' : '}');
  }
  // A finite number's text is the same in JSON and in String() (-0 included: "0").
  putAscii(writer, ',"flags":');
  putAscii(writer, String(flags));
  if (name !== null) {
    if (typeof name !== 'string') return false;
    putAscii(writer, ',"additional_name":');
    putString(writer, name);
  }
  putAscii(writer, '}');
  return true;
}

/** Makes room for `bytes` more bytes in {@link scratch}. */
function reserve(writer: Writer, bytes: number): void {
  const needed = writer.at + bytes;
  if (needed <= scratch.length) return;
  const bigger = Buffer.allocUnsafeSlow(Math.max(needed, scratch.length * 2));
  scratch.copy(bigger, 0, 0, writer.at);
  scratch = bigger;
}

/** Text known to be ASCII (the writer's own punctuation and numbers), copied as it is. */
function putAscii(writer: Writer, text: string): void {
  reserve(writer, text.length);
  const buffer = scratch;
  let at = writer.at;
  for (let i = 0; i < text.length; i += 1) buffer[at++] = text.charCodeAt(i);
  writer.at = at;
}

/**
 * A string as JSON writes it, quoted: copied byte for byte when every character is printable ASCII
 * other than a quote or a backslash (what JSON leaves as it is, and UTF-8 writes as one byte each),
 * else JSON.stringify's text of it (escapes, and UTF-8 for the rest).
 */
function putString(writer: Writer, text: string): void {
  const length = text.length;
  reserve(writer, length + 2);
  const buffer = scratch;
  const start = writer.at;
  let at = start;
  buffer[at++] = 0x22;
  for (let i = 0; i < length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x22 || code === 0x5c || code > 0x7f) {
      writer.at = start;
      putText(writer, JSON.stringify(text));
      return;
    }
    buffer[at++] = code;
  }
  buffer[at++] = 0x22;
  writer.at = at;
}

/** Any text, as UTF-8. */
function putText(writer: Writer, text: string): void {
  // UTF-8 takes at most 3 bytes per UTF-16 unit (a surrogate pair, 2 units, takes 4).
  reserve(writer, text.length * 3);
  writer.at += scratch.write(text, writer.at, 'utf8');
}
