/** Every {@link EngineExtras} part: what `RouteClient` (and so `RestClient`) is built with. */
import type { EngineExtras } from './EngineExtras.js';
import { multipartSupport } from './multipartSupport.js';
import { parseCsvIds } from './parseCsvIds.js';
import { zodInputMemo } from './zodInputMemo.js';

/** Multipart bodies, CSV answers and the zod input memo. */
export const allExtras: EngineExtras = {
  multipart: multipartSupport,
  csv: parseCsvIds,
  inputMemo: zodInputMemo,
};
