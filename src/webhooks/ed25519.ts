/**
 * Ed25519 verification over WebCrypto (`crypto.subtle`, in Node 20+, Deno, Bun and current
 * browsers): no dependency, no Node built-in.
 */

const HEX_RE = /^[0-9a-fA-F]*$/;

/** Bytes of a hex string of `bytes` bytes, or undefined when it is not one. */
export function hexToBytes(hex: string, bytes: number): Uint8Array | undefined {
  if (hex.length !== bytes * 2 || !HEX_RE.test(hex)) return undefined;
  const out = new Uint8Array(bytes);
  for (let i = 0; i < bytes; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** Imports a raw 32-byte Ed25519 public key for verifying. */
export function importVerifyKey(publicKey: Uint8Array): Promise<CryptoKey> {
  return globalThis.crypto.subtle.importKey(
    'raw',
    publicKey as Uint8Array<ArrayBuffer>,
    { name: 'Ed25519' },
    false,
    ['verify'],
  );
}

/** Whether `signature` is the key's Ed25519 signature of `timestamp` (UTF-8) followed by `body`. */
export function verifySignature(
  key: CryptoKey,
  signature: Uint8Array,
  timestamp: string,
  body: Uint8Array,
): Promise<boolean> {
  const stamp = new TextEncoder().encode(timestamp);
  const message = new Uint8Array(stamp.length + body.length);
  message.set(stamp);
  message.set(body, stamp.length);
  return globalThis.crypto.subtle.verify(
    { name: 'Ed25519' },
    key,
    signature as Uint8Array<ArrayBuffer>,
    message,
  );
}

/** SHA-256 of `bytes` as hex. */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(
    await globalThis.crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>),
  );
  let hex = '';
  for (const byte of digest) hex += byte.toString(16).padStart(2, '0');
  return hex;
}
