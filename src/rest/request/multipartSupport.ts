/**
 * The engine's multipart support, handed in by the clients whose tables have file fields
 * (`RouteClient`, `RestClient`): when a call goes as multipart/form-data, its encoding, and the check
 * of its file fields. A client without file routes (`LobbyClient`) carries none of it.
 */
import type { ClientRouteDef } from '../../spec/route.js';
import type { RandomSource } from '../util/backoff.js';
import type { MultipartSupport } from './EngineExtras.js';
import { encodeMultipart, makeBoundary } from './encodeMultipart.js';
import { fileFieldIssues } from './fileFieldIssues.js';
import type { PreparedRequest } from './prepareRequest.js';

/** Whether a call of `route` (a route with file fields) goes multipart: always, or when given a file. */
function goesMultipart(route: ClientRouteDef, files: Readonly<Record<string, unknown>> | undefined): boolean {
  if (route.bodyKind === 'multipart') return true;
  for (const key in files) if (files[key] !== undefined) return true;
  return false;
}

/** Encodes a multipart call's body and files into `prepared`: its body, content type and whether it repeats. */
async function encodeInto(
  prepared: PreparedRequest,
  body: unknown,
  files: Readonly<Record<string, unknown>>,
  random: RandomSource,
): Promise<PreparedRequest> {
  const encoded = await encodeMultipart(body, files as never, makeBoundary(random));
  // The request is still being prepared: its headers and body are this call's own.
  const target = prepared as { -readonly [K in keyof PreparedRequest]: PreparedRequest[K] };
  (target.headers as Record<string, string>)['content-type'] = encoded.contentType;
  target.body = encoded.body;
  target.repeatable = encoded.repeatable;
  return prepared;
}

/** Multipart bodies with files: what a client whose table has file fields gives its engine. */
export const multipartSupport: MultipartSupport = {
  goesMultipart,
  encodeInto,
  checkFiles: fileFieldIssues,
};
