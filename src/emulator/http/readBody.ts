/**
 * Reads a request body up to a size limit. A declared Content-Length over the limit is refused before
 * reading; a body that grows past it while streaming is refused as soon as it does. Either way the
 * answer is the platform's 413 `{code: 40005, message: 'Request entity too large'}`. A connection
 * that fails before the body is whole rejects with {@link ClientGoneError}.
 */
import type { IncomingMessage } from 'node:http';
import { ErrorCode } from '../../spec/codes.js';
import { PlatformError } from '../PlatformError.js';

/**
 * The client went away before its request body arrived whole (it aborted, or the connection was
 * closed for taking too long). Nobody is left to answer, and it is no bug of the emulator's: the
 * pipeline drops the request without a word.
 */
export class ClientGoneError extends Error {
  override readonly name = 'ClientGoneError';
  constructor() {
    super('the client went away before its request body arrived whole');
  }
}

/** The 413 answer. */
export function tooLarge(): PlatformError {
  return new PlatformError(413, ErrorCode.REQUEST_ENTITY_TOO_LARGE, 'Request entity too large');
}

/** What {@link collectBody} calls once: with the error, or with the whole body. */
export type BodyCallback = (error: unknown, body: Buffer | undefined) => void;

/**
 * Collects the body, feeding each chunk to `onChunk` as it arrives (the multipart parser works while
 * the upload streams). Rejects with {@link tooLarge} past `limit` bytes.
 */
export function readBody(
  req: IncomingMessage,
  limit: number,
  onChunk?: (chunk: Buffer) => void,
): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    collectBody(req, limit, onChunk, (error, body) => {
      if (body === undefined) reject(error);
      else resolve(body);
    });
  });
}

/**
 * {@link readBody} without a promise: `done` is called exactly once, from the request's own `end`
 * (or error) event, so that a JSON request is answered in the same turn as its last chunk arrives,
 * with no promise or microtask in between.
 */
export function collectBody(
  req: IncomingMessage,
  limit: number,
  onChunk: ((chunk: Buffer) => void) | undefined,
  done: BodyCallback,
): void {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit) {
    done(tooLarge(), undefined);
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let settled = false;
  const fail = (error: unknown): void => {
    if (settled) return;
    settled = true;
    // Stop collecting but keep draining, so that the client can read the answer.
    chunks.length = 0;
    done(error, undefined);
  };
  req.on('data', (chunk: Buffer) => {
    if (settled) return;
    size += chunk.length;
    if (size > limit) return fail(tooLarge());
    if (onChunk !== undefined) {
      try {
        onChunk(chunk);
      } catch (error) {
        return fail(error);
      }
    }
    chunks.push(chunk);
  });
  req.on('end', () => {
    if (settled) return;
    settled = true;
    // A body that came in one chunk (most do) is that chunk: no copy.
    done(undefined, chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size));
  });
  // A request stream fails only when its connection does: the client is gone.
  req.on('error', () => fail(new ClientGoneError()));
  req.on('aborted', () => fail(new ClientGoneError()));
}
