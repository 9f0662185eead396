/**
 * Reads and decodes a request body as the route's `bodyKind` says: JSON (`application/json`),
 * multipart/form-data (a `payload_json` field and text fields make the body; files go aside), or
 * either. A body of the wrong content type is a 400 50035 with a root `CONTENT_TYPE_INVALID` error;
 * malformed JSON a 400 50109; a body over the size limit, or a file over the per-file limit, a 413; a malformed multipart body a 400
 * 50035 naming the problem. Routes without a body schema ignore whatever body is sent.
 */
import type { IncomingMessage } from 'node:http';
import type { RouteDef } from '../../spec/route.js';
import type { UploadedFile } from '../handlers/handlerTypes.js';
import { ErrorCode } from '../../spec/codes.js';
import { PlatformError } from '../PlatformError.js';
import {
  MultipartError,
  MultipartFileTooLargeError,
  MultipartParser,
  multipartBoundary,
} from './MultipartParser.js';
import { harden, parseCheckedJson, parseJsonBody } from './parseJsonBody.js';
import { collectBody, readBody } from './readBody.js';

/** Size limits of request bodies. */
export interface BodyLimits {
  /** Bytes of a JSON body. @defaultValue 10 MiB (image data travels inside JSON) */
  readonly maxJsonBytes: number;
  /** Bytes of a whole multipart body. @defaultValue 11 MiB (one 10 MiB file plus fields) */
  readonly maxMultipartBytes: number;
}

/** The defaults of {@link BodyLimits}. */
export const defaultBodyLimits: BodyLimits = {
  maxJsonBytes: 10 * 1024 * 1024,
  maxMultipartBytes: 11 * 1024 * 1024,
};

/** A decoded body: the JSON value (or undefined when empty) and any uploaded files. */
export interface DecodedBody {
  readonly value: unknown;
  readonly files: ReadonlyMap<string, UploadedFile>;
  /**
   * False for a JSON body whose objects do not have their null prototypes yet (`parseCheckedJson`):
   * `validateRequest` gives them before anything but a fast path that needs none sees the value.
   */
  readonly hardened: boolean;
}

const NO_FILES: ReadonlyMap<string, UploadedFile> = new Map();
const NO_BODY: DecodedBody = { value: undefined, files: NO_FILES, hardened: true };

function contentTypeError(expected: readonly string[]): PlatformError {
  const list = expected.map((t) => `'${t}'`).join(', ');
  return PlatformError.field(
    [],
    'CONTENT_TYPE_INVALID',
    `Expected "Content-Type" header to be one of {${list}}.`,
  );
}

/** The body of a route that takes none: whatever is sent is drained and ignored. */
export function readNoBody(req: IncomingMessage): DecodedBody {
  req.resume();
  return NO_BODY;
}

/** What {@link readRequestBody} calls once: with the error to answer, or with the decoded body. */
export type DecodedBodyCallback = (error: unknown, decoded: DecodedBody | undefined) => void;

/**
 * Reads the body of a request to `route` and calls `done` once. A JSON body (nearly every request)
 * is decoded in the request's own `end` event and handed on at once: no promise, no microtask.
 */
export function readRequestBody(
  req: IncomingMessage,
  route: RouteDef,
  limits: BodyLimits,
  done: DecodedBodyCallback,
): void {
  if (route.body === undefined) {
    done(undefined, readNoBody(req));
    return;
  }
  const kind = route.bodyKind ?? 'json';
  const contentType = req.headers['content-type'] ?? '';
  const mediaType = mediaTypeOf(contentType);
  const acceptsJson = kind === 'json' || kind === 'json-or-multipart';
  const acceptsMultipart = kind === 'multipart' || kind === 'json-or-multipart';

  if (acceptsMultipart && mediaType === 'multipart/form-data') {
    readMultipart(req, contentType, limits).then(
      (decoded) => done(undefined, decoded),
      (error: unknown) => done(error, undefined),
    );
    return;
  }
  collectBody(req, limits.maxJsonBytes, undefined, (error, raw) => {
    if (raw === undefined) return done(error, undefined);
    let decoded: DecodedBody;
    try {
      decoded = decodeJson(raw, acceptsJson, acceptsMultipart, mediaType);
    } catch (failure) {
      return done(failure, undefined);
    }
    done(undefined, decoded);
  });
}

/** The media type of a Content-Type header, lower case, without parameters. */
function mediaTypeOf(contentType: string): string {
  const semicolon = contentType.indexOf(';');
  const type = semicolon < 0 ? contentType : contentType.slice(0, semicolon);
  return type.trim().toLowerCase();
}

/** A whole non-multipart body: empty is absent; otherwise it must be JSON, and valid JSON. */
function decodeJson(
  raw: Buffer,
  acceptsJson: boolean,
  acceptsMultipart: boolean,
  mediaType: string,
): DecodedBody {
  if (raw.length === 0) return NO_BODY;
  if (!acceptsJson || mediaType !== 'application/json') {
    throw contentTypeError([
      ...(acceptsJson ? ['application/json'] : []),
      ...(acceptsMultipart ? ['multipart/form-data'] : []),
    ]);
  }
  return { value: parseCheckedJson(raw.toString('utf8')), files: NO_FILES, hardened: false };
}

async function readMultipart(
  req: IncomingMessage,
  contentType: string,
  limits: BodyLimits,
): Promise<DecodedBody> {
  const boundary = multipartBoundary(contentType);
  if (boundary === undefined) throw multipartError('missing or invalid multipart boundary');
  let parser: MultipartParser;
  try {
    parser = new MultipartParser(boundary);
  } catch (error) {
    throw multipartError(error instanceof Error ? error.message : 'invalid multipart body');
  }
  try {
    await readBody(req, limits.maxMultipartBytes, (chunk) => parser.push(chunk));
    const parts = parser.end();
    const files = new Map<string, UploadedFile>();
    let value = Object.create(null) as Record<string, unknown>;
    const fields: Array<[string, string]> = [];
    for (const part of parts) {
      if (part.filename !== undefined) {
        files.set(part.name, {
          field: part.name,
          filename: part.filename,
          contentType: part.contentType,
          data: part.data,
        });
      } else if (part.name === 'payload_json') {
        const parsed = parseJsonBody(part.data.toString('utf8'));
        if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
          throw PlatformError.field(
            ['payload_json'],
            'DICT_TYPE_CONVERT',
            'Only dictionaries may be used in a DictType',
          );
        }
        value = parsed as Record<string, unknown>;
      } else {
        fields.push([part.name, part.data.toString('utf8')]);
      }
    }
    // Text fields fill what payload_json left out.
    for (const [name, text] of fields) {
      if (name === '__proto__') {
        throw PlatformError.field([name], 'DICT_KEY_INVALID', 'This key is not allowed.');
      }
      if (!(name in value)) value[name] = formFieldValue(text);
    }
    return { value, files, hardened: true };
  } catch (error) {
    // The per-attachment upload limit is the platform's 413, like an oversized body.
    if (error instanceof MultipartFileTooLargeError)
      throw new PlatformError(
        413,
        ErrorCode.REQUEST_ENTITY_TOO_LARGE,
        `Request entity too large: ${error.message}.`,
      );
    if (error instanceof MultipartError) throw multipartError(error.message);
    throw error;
  }
}

/**
 * A text form field's value: JSON numbers, booleans, arrays and objects are decoded (so that
 * `max_age=3600` is the number the schema expects); snowflakes and anything else stay strings.
 */
export function formFieldValue(text: string): unknown {
  if (/^\d{16,20}$/.test(text)) return text;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'string' ? text : harden(parsed);
  } catch {
    return text;
  }
}

function multipartError(message: string): PlatformError {
  return PlatformError.field([], 'MULTIPART_INVALID', `Invalid multipart body: ${message}.`);
}
