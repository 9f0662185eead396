/**
 * What a route engine does beyond JSON bodies and answers and the core of the rate limits: multipart
 * bodies with files, CSV answers, a memo of accepted inputs for zod schemas, per-lobby buckets and
 * development limits. Each part is handed to the engine by the client that needs it (`allExtras` for
 * `RouteClient` and `RestClient`), so that a client that needs none of them — `LobbyClient`: JSON
 * only, lean schemas, a player's rate limits — does not carry their code into a bundle.
 */
import type { ClientRouteDef } from '../../spec/route.js';
import type { RateLimitParts } from '../ratelimit/RateLimitManager.js';
import type { RandomSource } from '../util/backoff.js';
import type { fileFieldIssues } from './fileFieldIssues.js';
import type { PreparedRequest } from './prepareRequest.js';

/** Sending files: when a call goes multipart, its encoding, and the check of its file fields. */
export interface MultipartSupport {
  /** Whether a call of `route` (a route with file fields) with these files goes as multipart/form-data. */
  readonly goesMultipart: (
    route: ClientRouteDef,
    files: Readonly<Record<string, unknown>> | undefined,
  ) => boolean;
  /** Encodes a multipart call's body and files into `prepared` (body, content type, repeatability). */
  readonly encodeInto: (
    prepared: PreparedRequest,
    body: unknown,
    files: Readonly<Record<string, unknown>>,
    random: RandomSource,
  ) => Promise<PreparedRequest>;
  readonly checkFiles: typeof fileFieldIssues;
}

/**
 * Inputs a schema accepted before, taken as accepted without parsing again (a call's ids repeat from
 * call to call, and zod's object parse costs far more than a lookup).
 */
export interface InputMemo {
  /** Whether `value` is known to pass `schema`. */
  knows(schema: ClientRouteDef['params'], value: unknown): boolean;
  /** Records that `value` just passed `schema`. */
  remember(schema: ClientRouteDef['params'], value: unknown): void;
}

/** The optional parts of an engine; a client gives its engine every part its table's routes need. */
export interface EngineExtras {
  readonly multipart?: MultipartSupport;
  /** Reads a CSV answer (Get Target Users) into ids. */
  readonly csv?: (text: string) => string[];
  readonly inputMemo?: InputMemo;
  /** The rate-limit parts beyond the core: per-lobby buckets, development limits. */
  readonly rateLimits?: RateLimitParts;
}
