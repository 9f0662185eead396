/**
 * Sample payloads for the conformance tests: realistic requests and responses for one operation.
 * Each must be accepted both by the official OpenAPI document's schema and by ours.
 */
export interface RouteSamples {
  /** Request bodies (JSON routes) or the non-file form fields (multipart routes). */
  readonly request?: readonly unknown[];
  /** Success response bodies (JSON routes only). */
  readonly response?: readonly unknown[];
}

/** Samples keyed by route name. */
export type SampleSet = Readonly<Record<string, RouteSamples>>;
