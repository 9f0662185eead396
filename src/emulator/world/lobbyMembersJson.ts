/**
 * The JSON text of lobby members as answers carry them, written directly: exactly what
 * `JSON.stringify(members.map(renderLobbyMember))` writes, for about two thirds of its time and
 * without a wire object per member (the answer of a bulk update of 25 members, whose serialization
 * was a tenth of the emulator's time answering it). Anything this writer does not model — a value
 * that is not a string where the records hold strings, a number that is not finite, a character
 * JSON escapes, a `toJSON` anywhere — is left to `JSON.stringify`, member by member (the text of an
 * array is its elements' texts joined by commas), so the text is the same in every case.
 */
import type { LobbyMemberRecord } from './lobbyRecords.js';
import { renderLobbyMember } from './renderLobby.js';

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
  let text = '[';
  for (let i = 0; i < members.length; i += 1) {
    const member = members[i] as LobbyMemberRecord;
    if (i > 0) text += ',';
    const written = appendMember(text, member);
    text = written === undefined ? text + JSON.stringify(renderLobbyMember(member)) : written;
  }
  return `${text}]`;
}

function toJsonOf(value: object): unknown {
  return (value as { toJSON?: unknown }).toJSON;
}

/**
 * `text` followed by one member's text, in renderLobbyMember's key order; undefined when
 * JSON.stringify must say. One string is extended throughout, for the fewest pieces.
 */
function appendMember(text: string, member: LobbyMemberRecord): string | undefined {
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
  if (typeof id !== 'string' || !plain(id)) return undefined;
  if (typeof flags !== 'number' || !Number.isFinite(flags)) return undefined;
  let out = `${text}{"id":"${id}","metadata":`;
  if (metadata === null) out += 'null';
  else {
    if (typeof metadata !== 'object' || Array.isArray(metadata)) return undefined;
    const proto: unknown = Object.getPrototypeOf(metadata);
    if ((proto !== null && proto !== Object.prototype) || typeof toJsonOf(metadata) === 'function') {
      return undefined;
    }
    // Own keys only, in Object.keys' order (JSON.stringify's): nothing is inherited (checked above).
    const record = metadata as Record<string, unknown>;
    let separator = '{';
    for (const key in record) {
      const value = record[key];
      if (typeof value !== 'string' || !plain(key) || !plain(value)) return undefined;
      out += `${separator}"${key}":"${value}"`;
      separator = ',';
    }
    out += separator === '{' ? '{}' : '}';
  }
  // A finite number's text is the same in JSON and in a template (-0 included: "0").
  out += `,"flags":${flags}`;
  if (name !== null) {
    if (typeof name !== 'string' || !plain(name)) return undefined;
    out += `,"additional_name":"${name}"`;
  }
  return `${out}}`;
}

/**
 * Whether JSON writes `text` as it is between quotes: no control character, quote or backslash
 * (which it escapes), and no surrogate (a lone one is escaped; a pair is left to JSON.stringify
 * too, which is simpler than telling the two apart).
 */
function plain(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x22 || code === 0x5c || (code >= 0xd800 && code <= 0xdfff)) return false;
  }
  return true;
}
