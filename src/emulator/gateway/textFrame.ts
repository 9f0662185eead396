/**
 * Encodes a WebSocket text message as one unmasked, unfragmented frame (RFC 6455 §5.2: FIN and
 * opcode 1, then the payload length in 7, 7+16 or 7+64 bits), header and UTF-8 payload in one
 * Buffer. The gateway writes such frames to the TCP socket itself, so that one event's frame is
 * built once and the same bytes go to every session at that sequence number; `ws` frames the rest
 * (close frames, pongs) on the same socket, between whole frames.
 */

/** The frame carrying `text`. */
export function textFrame(text: string): Buffer {
  const length = Buffer.byteLength(text);
  const headerBytes = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerBytes + length);
  frame[0] = 0x81;
  if (headerBytes === 2) frame[1] = length;
  else if (headerBytes === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeUInt32BE(Math.floor(length / 2 ** 32), 2);
    frame.writeUInt32BE(length >>> 0, 6);
  }
  frame.write(text, headerBytes, 'utf8');
  return frame;
}
