/**
 * A small, strict, streaming multipart/form-data parser (RFC 7578). Feed it chunks as they arrive
 * with {@link MultipartParser.push} and call {@link MultipartParser.end}; it never holds more than one
 * delimiter's worth of unparsed bytes beyond the current part, enforces limits on parts, header
 * size, field and file sizes, and refuses anything malformed with a {@link MultipartError} (the
 * pipeline answers 400). Parts need `Content-Disposition: form-data; name="…"`; a part with a
 * `filename` is a file, any other part a text field (UTF-8).
 */
import { limits } from '../../spec/limits.js';

/** Why a multipart body was refused. */
export class MultipartError extends Error {
  override readonly name = 'MultipartError';
}

/** A file part over the per-file upload limit: the platform answers it 413, not 400. */
export class MultipartFileTooLargeError extends MultipartError {
  /** The form field of the file. */
  readonly field: string;
  constructor(field: string, max: number) {
    super(`multipart part "${field}" exceeds ${max} bytes`);
    this.field = field;
  }
}

/** Limits of {@link MultipartParser}. */
export interface MultipartLimits {
  /** @defaultValue 50 */
  readonly maxParts: number;
  /** Bytes of one part's header block. @defaultValue 8192 */
  readonly maxHeaderBytes: number;
  /** Bytes of one text field. @defaultValue 1 MiB */
  readonly maxFieldBytes: number;
  /** Bytes of one file. @defaultValue 10 MiB (the platform's per-attachment limit) */
  readonly maxFileBytes: number;
}

/** The defaults of {@link MultipartLimits}. */
export const defaultMultipartLimits: MultipartLimits = {
  maxParts: 50,
  maxHeaderBytes: 8192,
  maxFieldBytes: 1024 * 1024,
  maxFileBytes: limits.messages.uploadMaxBytes,
};

/** One parsed part. */
export interface MultipartPart {
  readonly name: string;
  /** Present for files. */
  readonly filename?: string;
  readonly contentType: string;
  readonly data: Buffer;
}

/** The boundary of a `multipart/form-data` Content-Type, or undefined when absent or invalid. */
export function multipartBoundary(contentType: string): string | undefined {
  const [type, ...params] = contentType.split(';');
  if (type?.trim().toLowerCase() !== 'multipart/form-data') return undefined;
  for (const param of params) {
    const match = /^\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^\s";]{1,70}))\s*$/i.exec(param);
    if (match) return match[1] ?? match[2];
  }
  return undefined;
}

type State = 'preamble' | 'afterDelimiter' | 'headers' | 'body' | 'done';

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

/** Parses one multipart body, chunk by chunk. */
export class MultipartParser {
  readonly #delimiter: Buffer;
  readonly #limits: MultipartLimits;
  // The body is read as if preceded by CRLF, so that a delimiter at the very start is found too.
  #buffer: Buffer = CRLF;
  #state: State = 'preamble';
  #parts: MultipartPart[] = [];
  #current:
    | { name: string; filename?: string; contentType: string; chunks: Buffer[]; size: number }
    | undefined;

  constructor(boundary: string, limits: Partial<MultipartLimits> = {}) {
    if (!/^[0-9A-Za-z'()+_,\-./:=? ]{1,70}$/.test(boundary) || boundary.endsWith(' ')) {
      throw new MultipartError('invalid multipart boundary');
    }
    this.#delimiter = Buffer.from(`\r\n--${boundary}`);
    this.#limits = { ...defaultMultipartLimits, ...limits };
  }

  /** Parses as much of `chunk` as can be parsed now. */
  push(chunk: Buffer): void {
    if (this.#state === 'done') return; // the epilogue is ignored, as RFC 2046 says
    this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk]);
    this.#run();
  }

  /** Finishes; returns every part, or throws when the body ended early. */
  end(): MultipartPart[] {
    this.#run();
    if (this.#state !== 'done') throw new MultipartError('multipart body ended before its closing delimiter');
    return this.#parts;
  }

  #run(): void {
    for (;;) {
      switch (this.#state) {
        case 'preamble': {
          const at = this.#buffer.indexOf(this.#delimiter);
          if (at < 0) {
            // Keep only what could still be the start of a delimiter.
            this.#buffer = this.#buffer.subarray(
              Math.max(0, this.#buffer.length - this.#delimiter.length + 1),
            );
            return;
          }
          this.#buffer = this.#buffer.subarray(at + this.#delimiter.length);
          this.#state = 'afterDelimiter';
          break;
        }
        case 'afterDelimiter': {
          if (this.#buffer.length < 2) return;
          const next = this.#buffer.subarray(0, 2).toString('latin1');
          this.#buffer = this.#buffer.subarray(2);
          if (next === '--') {
            this.#state = 'done';
            this.#buffer = Buffer.alloc(0);
            return;
          }
          if (next !== '\r\n') throw new MultipartError('malformed multipart delimiter line');
          if (this.#parts.length >= this.#limits.maxParts) {
            throw new MultipartError(`too many multipart parts (at most ${this.#limits.maxParts})`);
          }
          this.#state = 'headers';
          break;
        }
        case 'headers': {
          if (this.#buffer.length >= 2 && this.#buffer.subarray(0, 2).equals(CRLF)) {
            throw new MultipartError('multipart part without headers');
          }
          const at = this.#buffer.indexOf(HEADER_END);
          if (
            at > this.#limits.maxHeaderBytes ||
            (at < 0 && this.#buffer.length > this.#limits.maxHeaderBytes)
          ) {
            throw new MultipartError('multipart part headers too large');
          }
          if (at < 0) return;
          this.#current = {
            ...parsePartHeaders(this.#buffer.subarray(0, at).toString('utf8')),
            chunks: [],
            size: 0,
          };
          this.#buffer = this.#buffer.subarray(at + HEADER_END.length);
          this.#state = 'body';
          break;
        }
        case 'body': {
          const at = this.#buffer.indexOf(this.#delimiter);
          if (at < 0) {
            const safe = this.#buffer.length - this.#delimiter.length + 1;
            if (safe > 0) {
              this.#append(this.#buffer.subarray(0, safe));
              this.#buffer = this.#buffer.subarray(safe);
            }
            return;
          }
          this.#append(this.#buffer.subarray(0, at));
          this.#finishPart();
          this.#buffer = this.#buffer.subarray(at + this.#delimiter.length);
          this.#state = 'afterDelimiter';
          break;
        }
        case 'done':
          return;
      }
    }
  }

  #append(data: Buffer): void {
    const part = this.#current;
    if (!part || data.length === 0) return;
    part.size += data.length;
    if (part.filename !== undefined && part.size > this.#limits.maxFileBytes)
      throw new MultipartFileTooLargeError(part.name, this.#limits.maxFileBytes);
    const max = this.#limits.maxFieldBytes;
    if (part.filename === undefined && part.size > max)
      throw new MultipartError(`multipart part "${part.name}" exceeds ${max} bytes`);
    // Copy: the chunk's memory belongs to the socket and the buffer view is reused.
    part.chunks.push(Buffer.from(data));
  }

  #finishPart(): void {
    const part = this.#current;
    if (!part) return;
    const data = Buffer.concat(part.chunks, part.size);
    this.#parts.push(
      part.filename === undefined
        ? { name: part.name, contentType: part.contentType, data }
        : { name: part.name, filename: part.filename, contentType: part.contentType, data },
    );
    this.#current = undefined;
  }
}

function parsePartHeaders(block: string): { name: string; filename?: string; contentType: string } {
  let disposition: string | undefined;
  let contentType = 'text/plain';
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new MultipartError('malformed multipart part header');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'content-disposition') disposition = value;
    else if (name === 'content-type') contentType = value;
  }
  if (disposition === undefined) throw new MultipartError('multipart part without Content-Disposition');
  const [kind, ...rest] = splitParams(disposition);
  if (kind?.toLowerCase() !== 'form-data') throw new MultipartError('multipart part is not form-data');
  const params = new Map<string, string>();
  for (const param of rest) {
    const eq = param.indexOf('=');
    if (eq <= 0) throw new MultipartError('malformed Content-Disposition parameter');
    const key = param.slice(0, eq).trim().toLowerCase();
    let value = param.slice(eq + 1).trim();
    if (value.startsWith('"')) {
      if (!value.endsWith('"') || value.length < 2) throw new MultipartError('unterminated quoted parameter');
      value = value.slice(1, -1).replace(/\\(.)/g, '$1');
    }
    params.set(key, value);
  }
  const name = params.get('name');
  if (name === undefined || name === '') throw new MultipartError('multipart part without a name');
  const filename = params.get('filename');
  return filename === undefined ? { name, contentType } : { name, filename, contentType };
}

/** Splits `a; b="x;y"; c` on semicolons outside quotes. */
function splitParams(value: string): string[] {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    const ch = value[i] as string;
    if (ch === '\\' && quoted && i + 1 < value.length) {
      current += ch + value[++i];
      continue;
    }
    if (ch === '"') quoted = !quoted;
    if (ch === ';' && !quoted) {
      out.push(current.trim());
      current = '';
    } else current += ch;
  }
  if (quoted) throw new MultipartError('unterminated quoted parameter');
  out.push(current.trim());
  return out.filter((p) => p !== '');
}
