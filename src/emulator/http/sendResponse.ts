/** Writing answers: JSON, raw bytes, empty, and the platform's error envelope. */
import type { ServerResponse } from 'node:http';
import type { ErrorEnvelope } from '../../spec/codes.js';

/** Extra headers of one answer (rate-limit headers, Allow, …). */
export type HeaderMap = Readonly<Record<string, string>>;

/** No extra headers. */
export const NO_HEADERS: HeaderMap = Object.freeze({});

/** `a` and `b` in one map (`b` wins), without copying when either is empty. */
export function mergeHeaders(a: HeaderMap, b: HeaderMap): HeaderMap {
  if (isEmpty(b)) return a;
  if (isEmpty(a)) return b;
  return { ...a, ...b };
}

function isEmpty(headers: HeaderMap): boolean {
  for (const _ in headers) return false;
  return true;
}

/**
 * The header list of `writeHead` in node:http's flat form (name, value, name, value…): no object is
 * built per answer, and node:http writes it as it comes.
 */
function headerList(headers: HeaderMap, contentType: string, length: number): string[] {
  const list = ['Content-Type', contentType, 'Content-Length', String(length)];
  for (const name in headers) list.push(name, headers[name] as string);
  return list;
}

/** Sends a JSON answer. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: HeaderMap = NO_HEADERS,
): void {
  sendJsonText(res, status, JSON.stringify(body), headers);
}

/** Sends a JSON answer whose text is written already. */
export function sendJsonText(
  res: ServerResponse,
  status: number,
  text: string,
  headers: HeaderMap = NO_HEADERS,
): void {
  res.writeHead(status, headerList(headers, 'application/json', Buffer.byteLength(text)));
  res.end(text);
}

/** Sends raw bytes with a content type. */
export function sendBytes(
  res: ServerResponse,
  status: number,
  contentType: string,
  body: Uint8Array,
  headers: HeaderMap = NO_HEADERS,
): void {
  res.writeHead(status, headerList(headers, contentType, body.byteLength));
  res.end(body);
}

/** Sends an answer without a body (204). */
export function sendEmpty(res: ServerResponse, status: number, headers: HeaderMap = NO_HEADERS): void {
  res.writeHead(status, headers);
  res.end();
}

/** Sends the platform's error envelope. */
export function sendError(
  res: ServerResponse,
  status: number,
  envelope: ErrorEnvelope,
  headers: HeaderMap = NO_HEADERS,
): void {
  sendJson(res, status, envelope, headers);
}

/** The platform's 404 for a path it does not serve. */
export const NOT_FOUND: ErrorEnvelope = { message: '404: Not Found', code: 0 };
/** The platform's 405 for a known path with another method. */
export const METHOD_NOT_ALLOWED: ErrorEnvelope = { message: '405: Method Not Allowed', code: 0 };
/** What a bug in the emulator answers (tests assert it never happens for client input). */
export const INTERNAL_ERROR: ErrorEnvelope = { message: '500: Internal Server Error', code: 0 };
