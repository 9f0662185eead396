/**
 * Encodes a multipart/form-data body by hand, so that every transport sends the same bytes and large
 * files can stream: the JSON fields go as one `payload_json` part (the platform's convention), each
 * file as its own part. Without streams the result is one byte array (repeatable); with a stream (a
 * web ReadableStream or any async iterable, such as a Node Readable) it is a ReadableStream that
 * pulls the file chunk by chunk (sent once).
 */
import type { RandomSource } from '../util/backoff.js';
import { type FileData, type FileInput, isFileData, isStreamData } from './fileInput.js';

/** An encoded multipart body. */
export interface EncodedMultipart {
  readonly contentType: string;
  readonly body: Uint8Array | ReadableStream<Uint8Array>;
  /** Whether the body can be sent again (false when it streams). */
  readonly repeatable: boolean;
}

const encoder = /* @__PURE__ */ new TextEncoder();

const MIME_BY_EXTENSION: Readonly<Record<string, string>> = {
  csv: 'text/csv',
  txt: 'text/plain',
  json: 'application/json',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

function quoteHeaderValue(value: string): string {
  return value.replace(/[\r\n]/g, ' ').replace(/"/g, '%22');
}

/** A boundary that cannot be confused with ordinary content. */
export function makeBoundary(random: RandomSource): string {
  let s = '';
  for (let i = 0; i < 24; i++) s += Math.floor(random() * 36).toString(36);
  return `----lobbykit${s}`;
}

interface FilePart {
  readonly field: string;
  readonly filename: string;
  readonly contentType: string;
  readonly data: FileData;
}

function describeFile(field: string, input: FileInput): FilePart {
  const data = isFileData(input) ? input : input.data;
  const descriptor = isFileData(input) ? undefined : input;
  const blobName = typeof File !== 'undefined' && data instanceof File ? data.name : undefined;
  const filename =
    descriptor?.filename ?? blobName ?? (field.endsWith('users_file') ? `${field}.csv` : field);
  const blobType = typeof Blob !== 'undefined' && data instanceof Blob && data.type ? data.type : undefined;
  const extension = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase();
  const contentType =
    descriptor?.contentType ??
    blobType ??
    (extension ? MIME_BY_EXTENSION[extension] : undefined) ??
    'application/octet-stream';
  return { field, filename, contentType, data };
}

/** Encodes `payload` (as `payload_json`, when given) and `files` with `boundary`. */
export async function encodeMultipart(
  payload: unknown,
  files: Readonly<Record<string, FileInput | undefined>>,
  boundary: string,
): Promise<EncodedMultipart> {
  const head: Uint8Array[] = [];
  if (payload !== undefined) {
    head.push(
      encoder.encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="payload_json"\r\n` +
          `Content-Type: application/json\r\n\r\n${JSON.stringify(payload)}\r\n`,
      ),
    );
  }
  const parts: FilePart[] = [];
  for (const [field, input] of Object.entries(files))
    if (input !== undefined) parts.push(describeFile(field, input));
  const contentType = `multipart/form-data; boundary=${boundary}`;
  const partHead = (p: FilePart): Uint8Array =>
    encoder.encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="${quoteHeaderValue(p.field)}"; ` +
        `filename="${quoteHeaderValue(p.filename)}"\r\nContent-Type: ${quoteHeaderValue(p.contentType)}\r\n\r\n`,
    );
  const crlf = encoder.encode('\r\n');
  const tail = encoder.encode(`--${boundary}--\r\n`);
  const streaming = parts.some((p) => isStreamData(p.data));

  if (!streaming) {
    const chunks = [...head];
    for (const p of parts) {
      chunks.push(partHead(p), await toBytes(p.data), crlf);
    }
    chunks.push(tail);
    return { contentType, body: concat(chunks), repeatable: true };
  }

  async function* generate(): AsyncGenerator<Uint8Array> {
    for (const chunk of head) yield chunk;
    for (const p of parts) {
      yield partHead(p);
      if (typeof ReadableStream !== 'undefined' && p.data instanceof ReadableStream) {
        const reader = p.data.getReader();
        try {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            yield typeof value === 'string' ? encoder.encode(value) : value;
          }
        } finally {
          reader.releaseLock();
        }
      } else if (isStreamData(p.data)) {
        // Any async iterable of chunks: a Node Readable, an async generator, …
        for await (const chunk of p.data as AsyncIterable<Uint8Array | string>)
          yield typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
      } else {
        yield await toBytes(p.data);
      }
      yield crlf;
    }
    yield tail;
  }
  const iterator = generate();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await iterator.next();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    async cancel(reason) {
      void reason;
      await iterator.return(undefined).catch(() => undefined);
    },
  });
  return { contentType, body, repeatable: false };
}

async function toBytes(data: FileData): Promise<Uint8Array> {
  if (typeof data === 'string') return encoder.encode(data);
  if (data instanceof Uint8Array) return data;
  if (typeof Blob !== 'undefined' && data instanceof Blob) return new Uint8Array(await data.arrayBuffer());
  throw new TypeError('toBytes: a stream cannot be read into bytes here');
}

function concat(chunks: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const c of chunks) length += c.byteLength;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}
