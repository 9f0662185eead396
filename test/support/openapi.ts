/**
 * The platform's official OpenAPI document, loaded from `../shared/reference/` (never copied into
 * the project) and compiled with ajv's 2020-12 build. The document's known faults (paths.md) are
 * patched in memory so that both the documented and the real wire shapes validate.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';

/** Where the document lives, relative to this repository. */
export const openApiPath = fileURLToPath(
  new URL('../../../shared/reference/discord-openapi.json', import.meta.url),
);

/** Whether the document is present: conformance tests skip, visibly, when it is not. */
export const hasOpenApi = existsSync(openApiPath);

/**
 * `.ci/run` sets this when the document is beside the repository: then a conformance suite that
 * would skip fails instead, so that a conformance test can never skip silently in CI.
 */
const required = process.env.LOBBYKIT_REQUIRE_OPENAPI === '1';

/**
 * The one gate of conformance suites: `describe` when the document is present; otherwise a visible
 * skip (a warning naming the suite and the missing file) — or, where `LOBBYKIT_REQUIRE_OPENAPI=1`,
 * a failing test. Use it instead of `if (hasOpenApi)` inside tests, which would skip assertions silently.
 */
export function describeConformance(title: string, body: () => void): void {
  if (hasOpenApi) {
    describe(title, body);
    return;
  }
  if (required) {
    describe(title, () => {
      it('needs the OpenAPI document', () => {
        expect.fail(`LOBBYKIT_REQUIRE_OPENAPI=1 but the OpenAPI document is absent at ${openApiPath}`);
      });
    });
    return;
  }
  console.warn(`conformance SKIPPED (${title}): the OpenAPI document is absent at ${openApiPath}`);
  describe.skip(title, body);
}

const warned = new Set<string>();

/**
 * Whether conformance assertions can run: false (with a visible warning, once per subject) where
 * the document is absent; a failure instead where `LOBBYKIT_REQUIRE_OPENAPI=1`. The gate of a check
 * inside a test that also asserts other things; a whole suite uses {@link describeConformance}.
 */
export function documentAvailable(what: string): boolean {
  if (hasOpenApi) return true;
  if (required)
    expect.fail(`LOBBYKIT_REQUIRE_OPENAPI=1 but the OpenAPI document is absent at ${openApiPath}`);
  if (!warned.has(what)) {
    warned.add(what);
    console.warn(`conformance check SKIPPED (${what}): the OpenAPI document is absent at ${openApiPath}`);
  }
  return false;
}

/** An answer as the tests' emulator helpers return it. */
export interface AnswerLike {
  readonly status: number;
  readonly body?: unknown;
  readonly text?: string;
}

/**
 * Asserts that an answer is what the OpenAPI document declares for the operation: its status is one
 * the operation documents (a 4xx may fall under `4XX`), and its JSON body validates against that
 * status's schema — or, for a 204, that there is no body. The one response check of the test suite.
 */
export function expectConforms(method: string, template: string, res: AnswerLike): void {
  if (!documentAvailable(`${method} ${template}`)) return;
  const label = `${method} ${template} ${res.status}`;
  const op = findOperation(method, template);
  expect(op, `${method} ${template} is an operation of the document`).toBeDefined();
  const responses = (op?.responses ?? {}) as Json;
  const documented =
    String(res.status) in responses || (res.status >= 400 && res.status < 500 && '4XX' in responses);
  expect(documented, `${label} is a documented status (${Object.keys(responses).join(', ')})`).toBe(true);
  if (res.status === 204) {
    expect(res.text ?? '', `${label} has no body`).toBe('');
    return;
  }
  const validate = responseValidator(method, template, res.status);
  expect(validate, `${label} has a schema`).not.toBeNull();
  if (validate) expect(validate(res.body), `${label}: ${describeErrors(validate)}`).toBe(true);
}

/** Asserts that a request body validates against the operation's documented request schema. */
export function expectRequestConforms(method: string, template: string, body: unknown): void {
  if (!documentAvailable(`${method} ${template}`)) return;
  const validate = requestValidator(method, template);
  expect(validate, `${method} ${template} documents a request body`).not.toBeNull();
  if (validate)
    expect(validate(body), `${method} ${template} request: ${describeErrors(validate)}`).toBe(true);
}

type Json = Record<string, unknown>;

interface OpenApiDoc {
  paths: Record<string, Record<string, Json>>;
  components: { schemas: Record<string, Json> };
}

let cached: { doc: OpenApiDoc; ajv: Ajv2020 } | undefined;

function load(): { doc: OpenApiDoc; ajv: Ajv2020 } {
  if (cached) return cached;
  const doc = JSON.parse(readFileSync(openApiPath, 'utf8')) as OpenApiDoc;
  patchKnownFaults(doc);
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  ajv.addKeyword('x-discord-union');
  for (const format of ['int32', 'int64', 'double', 'snowflake', 'nonce', 'uri', 'date-time', 'email']) {
    ajv.addFormat(format, true);
  }
  ajv.addSchema({ $id: 'openapi', components: doc.components }, 'openapi');
  cached = { doc, ajv };
  return cached;
}

/** Applies the disagreements paths.md lists, so that both readings validate. */
function patchKnownFaults(doc: OpenApiDoc): void {
  const schemas = doc.components.schemas;
  // The lobby response schema requires `flags`; the documentation's lobby has none.
  const lobby = schemas.LobbyResponse as { required?: string[] } | undefined;
  if (lobby?.required) lobby.required = lobby.required.filter((field) => field !== 'flags');
  // Inner `_errors[].code` is typed integer but is a string on the wire.
  schemas.InnerErrorLeaf = {
    type: 'object',
    properties: { code: { type: ['integer', 'string'] }, message: { type: 'string' } },
    required: ['code', 'message'],
  };
  const inner = schemas.InnerErrors as { properties?: { _errors?: { items?: Json } } } | undefined;
  if (inner?.properties?._errors)
    inner.properties._errors.items = { $ref: '#/components/schemas/InnerErrorLeaf' };
  // A 429 body is valid without `code`.
  const limited = schemas.RatelimitedResponse as { allOf?: Json[] } | undefined;
  if (limited?.allOf) {
    limited.allOf[0] = {
      type: 'object',
      properties: { code: { type: 'integer' }, message: { type: 'string' } },
      required: ['message'],
    };
  }
}

/** Rewrites the document's local `#/components/...` references to the registered `openapi` schema. */
function rebase(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(rebase);
  if (schema && typeof schema === 'object') {
    const out: Json = {};
    for (const [key, value] of Object.entries(schema)) {
      out[key] =
        key === '$ref' && typeof value === 'string' && value.startsWith('#/')
          ? `openapi${value}`
          : rebase(value);
    }
    return out;
  }
  return schema;
}

/** The document's operation for a method and a path template, or undefined. */
export function findOperation(method: string, path: string): Json | undefined {
  const { doc } = load();
  return doc.paths[path]?.[method.toLowerCase()] as Json | undefined;
}

function resolveRef<T>(value: unknown): T {
  const { doc } = load();
  if (value && typeof value === 'object' && '$ref' in value) {
    const ref = (value as { $ref: string }).$ref;
    const parts = ref.replace(/^#\//, '').split('/');
    let node: unknown = doc;
    for (const part of parts) node = (node as Json)[part];
    return resolveRef<T>(node);
  }
  return value as T;
}

const compiled = new Map<string, ValidateFunction | null>();

function compile(key: string, schema: unknown): ValidateFunction | null {
  if (!compiled.has(key)) {
    compiled.set(key, schema === undefined ? null : load().ajv.compile(rebase(schema) as Json));
  }
  return compiled.get(key) ?? null;
}

/** The validator of an operation's JSON (or multipart field) request body, or null when it has none. */
export function requestValidator(method: string, path: string): ValidateFunction | null {
  const op = findOperation(method, path);
  const body = resolveRef<{ content?: Record<string, { schema?: unknown }> } | undefined>(op?.requestBody);
  const content = body?.content?.['application/json'] ?? body?.content?.['multipart/form-data'];
  return compile(`req ${method} ${path}`, content?.schema);
}

/** The validator of an operation's JSON answer for `status` ('4XX' and '429' included), or null. */
export function responseValidator(
  method: string,
  path: string,
  status: number | string,
): ValidateFunction | null {
  const op = findOperation(method, path);
  const responses = (op?.responses ?? {}) as Record<string, unknown>;
  const response = resolveRef<{ content?: Record<string, { schema?: unknown }> } | undefined>(
    responses[String(status)] ??
      (typeof status === 'number' && status >= 400 && status < 500 ? responses['4XX'] : undefined),
  );
  return compile(`res ${method} ${path} ${status}`, response?.content?.['application/json']?.schema);
}

/** The success statuses the document declares for an operation. */
export function documentedStatuses(method: string, path: string): string[] {
  const op = findOperation(method, path);
  return Object.keys((op?.responses ?? {}) as Json).filter((s) => /^2/.test(s));
}

/** ajv's errors as one readable line. */
export function describeErrors(validate: ValidateFunction): string {
  return (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''}`).join('; ');
}
