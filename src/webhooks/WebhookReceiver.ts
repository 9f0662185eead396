/**
 * The receiving end of webhook events: verifies each request before reading it as JSON (body size,
 * the signature headers, the timestamp's distance from now, the Ed25519 signature over the
 * timestamp and the raw bytes, a signature already used), answers at once — 204 for a PING or an
 * event, 401 for anything unverified, 413 for a body too large — and emits verified events, typed.
 *
 * Platform-neutral: WebCrypto and the Fetch API only. `handle(request)` serves any runtime built on
 * the Fetch API (Deno, Bun, Cloudflare Workers, a service worker); `createNodeWebhookHandler` in
 * `webhooks/node` serves node:http and Express.
 */
import { EventEmitter } from 'eventemitter3';
import { type Clock, SystemClock } from '../clock.js';
import { ValidationError } from '../rest/errors/ValidationError.js';
import {
  isWebhookEventType,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  webhookEventDataSchemas,
  type WebhookEventBody,
  type WebhookPayload,
  webhookPayload,
  WebhookType,
} from '../spec/schemas/webhookEvent.js';
import { hexToBytes, importVerifyKey, sha256Hex, verifySignature } from './ed25519.js';
import { ExpiringKeys } from './ExpiringKeys.js';
import { readLimitedBody } from './readLimitedBody.js';
import {
  type KnownWebhookEvent,
  type WebhookEvent,
  type WebhookReceiverEvents,
  type WebhookRefusalReason,
  webhookEventNames,
} from './WebhookEvent.js';

/** Options of {@link createWebhookReceiver}. */
export interface WebhookReceiverOptions {
  /** The application's public key, hex (64 digits), as the developer portal or the emulator shows it. */
  readonly publicKey: string;
  /**
   * How far the signed timestamp may be from now, either way. Each delivery is signed when sent, so
   * this covers transit and clock drift; signatures are remembered this long to refuse replays.
   * @defaultValue 60
   */
  readonly maxSkewSeconds?: number;
  /** Largest body accepted; larger ones get 413 unread. @defaultValue 262144 (256 KiB) */
  readonly maxBodyBytes?: number;
  /**
   * How long an event's body is remembered so that a redelivery is acknowledged and not emitted
   * again (the platform retries for up to 10 minutes). 0: no duplicate check. @defaultValue 900
   */
  readonly dedupeWindowSeconds?: number;
  /** Most signatures and event digests remembered each (the oldest go first). @defaultValue 100000 */
  readonly maxRemembered?: number;
  /** Time for the skew check and the windows. @defaultValue a SystemClock */
  readonly clock?: Clock;
}

/** The defaults of {@link WebhookReceiverOptions}. */
export const webhookReceiverDefaults = {
  maxSkewSeconds: 60,
  maxBodyBytes: 256 * 1024,
  dedupeWindowSeconds: 900,
  maxRemembered: 100_000,
} as const;

/** The signature headers of a request, as sent (null or undefined when absent). */
export interface WebhookSignedBody {
  readonly signature: string | null | undefined;
  readonly timestamp: string | null | undefined;
  /** The raw body, exactly as received. */
  readonly body: Uint8Array;
}

/** What to answer to a request, and what to emit once answered. */
export interface WebhookReceipt {
  /** 204, 400, 401 or 413. */
  readonly status: number;
  /** Why it was refused, when it was. */
  readonly refusal: WebhookRefusalReason | undefined;
  /** Emits what the request carried (or the refusal); call it once the answer is on its way. */
  emit(): void;
}

const noop = (): void => {};

/**
 * Verifies and emits webhook events for one application. Make it with {@link createWebhookReceiver}.
 *
 * @example
 * ```ts
 * const receiver = createWebhookReceiver({ publicKey: process.env.PUBLIC_KEY! });
 * receiver.on('lobbyMessageCreate', ({ data }) => console.log(data.author.username, data.content));
 * Deno.serve((request) => receiver.handle(request));            // any Fetch API runtime
 * http.createServer(createNodeWebhookHandler(receiver));        // Node (lobbykit/node)
 * ```
 */
export class WebhookReceiver extends EventEmitter<WebhookReceiverEvents> {
  /** The largest body accepted, in bytes. */
  readonly maxBodyBytes: number;
  readonly #publicKey: Uint8Array;
  readonly #skewMs: number;
  readonly #dedupeMs: number;
  readonly #clock: Clock;
  readonly #signatures: ExpiringKeys;
  readonly #bodies: ExpiringKeys;
  #key: Promise<CryptoKey> | undefined;

  constructor(options: WebhookReceiverOptions) {
    super();
    const key = typeof options.publicKey === 'string' ? hexToBytes(options.publicKey, 32) : undefined;
    const issues = [];
    if (!key) issues.push(issue(['publicKey'], 'must be an Ed25519 public key: 64 hex digits'));
    const skew = options.maxSkewSeconds ?? webhookReceiverDefaults.maxSkewSeconds;
    if (!(skew > 0 && Number.isFinite(skew)))
      issues.push(issue(['maxSkewSeconds'], 'must be a positive number'));
    const maxBody = options.maxBodyBytes ?? webhookReceiverDefaults.maxBodyBytes;
    if (!(Number.isInteger(maxBody) && maxBody > 0))
      issues.push(issue(['maxBodyBytes'], 'must be a positive integer'));
    const dedupe = options.dedupeWindowSeconds ?? webhookReceiverDefaults.dedupeWindowSeconds;
    if (!(dedupe >= 0 && Number.isFinite(dedupe)))
      issues.push(issue(['dedupeWindowSeconds'], 'must be 0 or more'));
    const remembered = options.maxRemembered ?? webhookReceiverDefaults.maxRemembered;
    if (!(Number.isInteger(remembered) && remembered > 0))
      issues.push(issue(['maxRemembered'], 'must be a positive integer'));
    if (issues.length > 0) throw new ValidationError(issues, { operation: 'createWebhookReceiver' });
    this.#publicKey = key as Uint8Array;
    this.#skewMs = skew * 1000;
    this.#dedupeMs = dedupe * 1000;
    this.maxBodyBytes = maxBody;
    this.#clock = options.clock ?? new SystemClock();
    this.#signatures = new ExpiringKeys(remembered);
    this.#bodies = new ExpiringKeys(remembered);
  }

  /**
   * Resolves once the public key is imported; rejects when this runtime's WebCrypto has no Ed25519
   * (then every request would be answered 500). Optional: requests import the key themselves.
   */
  async ready(): Promise<void> {
    await this.#verifyKey();
  }

  /**
   * Answers a Fetch API request: 204 (PING or event, emitted right after the answer is decided),
   * 401 (unverified), 413 (too large), 405 (not a POST), 400 (verified but not a payload). Listeners
   * never change the answer and are not awaited.
   */
  async handle(request: Request): Promise<Response> {
    if (request.method !== 'POST') {
      this.#refused('method', 405);
      return new Response(null, { status: 405, headers: { Allow: 'POST' } });
    }
    const declared = Number(request.headers.get('content-length') ?? Number.NaN);
    const read =
      declared > this.maxBodyBytes
        ? ({ tooLarge: true } as const)
        : await readLimitedBody(request.body, this.maxBodyBytes);
    if ('tooLarge' in read) {
      await request.body?.cancel().catch(noop);
      this.#refused('size', 413);
      return answer(413);
    }
    const receipt = await this.receive({
      signature: request.headers.get(WEBHOOK_SIGNATURE_HEADER),
      timestamp: request.headers.get(WEBHOOK_TIMESTAMP_HEADER),
      body: read.bytes,
    });
    receipt.emit();
    return answer(receipt.status);
  }

  /**
   * The receiver's core, for frameworks that hand over the raw body themselves: verifies, decides
   * the answer and returns it with an `emit()` to call once the answer is sent. A body larger than
   * `maxBodyBytes` is refused with 413 here too.
   */
  async receive(input: WebhookSignedBody): Promise<WebhookReceipt> {
    if (input.body.byteLength > this.maxBodyBytes) return this.#refusal('size', 413);
    const signatureHex = input.signature ?? '';
    const timestamp = input.timestamp ?? '';
    const signature = hexToBytes(signatureHex, 64);
    if (!signature || !/^\d{1,12}$/.test(timestamp)) return this.#refusal('headers', 401);
    const now = this.#clock.now();
    if (Math.abs(now - Number(timestamp) * 1000) > this.#skewMs) return this.#refusal('stale', 401);
    const valid = await verifySignature(await this.#verifyKey(), signature, timestamp, input.body);
    if (!valid) return this.#refusal('signature', 401);
    const payload = parsePayload(input.body);
    if (payload === undefined) return this.#refusal('payload', 400);
    const applicationId = payload.application_id;
    // A PING changes nothing, so a repeated one is answered again (the portal may check a URL twice
    // within a second, and Ed25519 signs the same bytes the same way).
    if (payload.type === WebhookType.PING) return this.#accepted(() => this.emit('ping', { applicationId }));
    // Checked after verifying (only genuine signatures are remembered) and before any other await,
    // so that two copies arriving together cannot both pass.
    const seen = signatureHex.slice(0, 32).toLowerCase();
    const at = this.#clock.now();
    if (this.#signatures.has(seen, at)) return this.#refusal('replay', 401);
    this.#signatures.add(seen, Number(timestamp) * 1000 + this.#skewMs, at);
    return this.#event(applicationId, payload.event!, input.body);
  }

  #verifyKey(): Promise<CryptoKey> {
    this.#key ??= importVerifyKey(this.#publicKey);
    return this.#key;
  }

  async #event(
    applicationId: string,
    eventBody: WebhookEventBody,
    body: Uint8Array,
  ): Promise<WebhookReceipt> {
    const base = { type: eventBody.type, timestamp: eventBody.timestamp, applicationId };
    let event: WebhookEvent;
    if (isWebhookEventType(eventBody.type)) {
      const data = webhookEventDataSchemas[eventBody.type].safeParse(eventBody.data);
      if (!data.success) {
        const issues = data.error.issues.map((i) => `${i.path.join('.') || '(data)'}: ${i.message}`);
        return this.#accepted(() => this.emit('invalidEvent', { ...base, data: eventBody.data, issues }));
      }
      event = { ...base, known: true, data: data.data } as KnownWebhookEvent;
    } else {
      event = { ...base, known: false, data: eventBody.data };
    }
    if (this.#dedupeMs > 0) {
      const digest = await sha256Hex(body);
      const now = this.#clock.now();
      if (this.#bodies.has(digest, now)) return this.#accepted(() => this.emit('duplicate', event));
      this.#bodies.add(digest, now + this.#dedupeMs, now);
    }
    return this.#accepted(() => this.#emitEvent(event));
  }

  #emitEvent(event: WebhookEvent): void {
    if (event.known) {
      // The map pairs each type with its event name; the cast joins what TypeScript sees apart.
      (this.emit as (name: string, e: WebhookEvent) => boolean)(webhookEventNames[event.type], event);
    } else {
      this.emit('unknownEvent', event);
    }
    this.emit('event', event);
  }

  #accepted(emit: () => void): WebhookReceipt {
    return { status: 204, refusal: undefined, emit: () => this.#safely(emit) };
  }

  #refusal(reason: WebhookRefusalReason, status: number): WebhookReceipt {
    return { status, refusal: reason, emit: () => this.#refused(reason, status) };
  }

  #refused(reason: WebhookRefusalReason, status: number): void {
    this.#safely(() => this.emit('refused', { reason, status }));
  }

  /** Runs listeners; one that throws is reported as `error` and never reaches the answer. */
  #safely(emit: () => void): void {
    try {
      emit();
    } catch (error) {
      if (this.listenerCount('error') > 0) this.emit('error', error);
    }
  }
}

/** The verified body as a webhook payload, or undefined when it is not one. */
function parsePayload(body: Uint8Array): WebhookPayload | undefined {
  try {
    const parsed = webhookPayload.safeParse(JSON.parse(new TextDecoder().decode(body)));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function issue(path: string[], message: string) {
  return { path, field: path.join('.'), code: 'custom', message };
}

function answer(status: number): Response {
  if (status === 204) return new Response(null, { status });
  const text =
    status === 413
      ? 'payload too large'
      : status === 400
        ? 'not a webhook payload'
        : 'invalid request signature';
  return new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

/**
 * Makes a receiver of webhook events signed with `publicKey`'s private key. Throws
 * `ValidationError` for a key that is not 64 hex digits or an option out of range.
 */
export function createWebhookReceiver(options: WebhookReceiverOptions): WebhookReceiver {
  return new WebhookReceiver(options);
}
