/** Every {@link EngineExtras} part: what `RouteClient` (and so `RestClient`) is built with. */
import type { EngineExtras } from './EngineExtras.js';
import { encodeMultipart, makeBoundary } from './encodeMultipart.js';
import { fileFieldIssues } from './fileFieldIssues.js';
import { parseCsvIds } from './parseCsvIds.js';
import { zodInputMemo } from './zodInputMemo.js';

/** Multipart bodies, CSV answers and the zod input memo. */
export const allExtras: EngineExtras = {
  multipart: { encode: encodeMultipart, boundary: makeBoundary, checkFiles: fileFieldIssues },
  csv: parseCsvIds,
  inputMemo: zodInputMemo,
};
