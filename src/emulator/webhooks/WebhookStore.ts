/**
 * What the world keeps about webhook events: each application's Ed25519 signing key, its Webhook
 * Events URL and subscribed event types, and the outcome of every delivery (shown by
 * `GET /_emulator/events`). The {@link WebhookDispatcher} does the sending.
 *
 * Private keys never leave this store: not in the state dump, not in a log, not in an answer.
 */
import { createPrivateKey, createPublicKey, type KeyObject, sign } from 'node:crypto';
import type { WebhookEventType } from '../../spec/schemas/webhookEvent.js';
import type { EpochMs, Snowflake } from '../world/accountRecords.js';

/** PKCS#8 DER prefix of an Ed25519 private key; the 32-byte seed follows. */
const ED25519_PKCS8_PREFIX = Uint8Array.from([
  0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
]);

/** An application's Webhook Events URL and what it subscribed to. */
export interface WebhookConfig {
  url: string;
  event_types: WebhookEventType[];
}

/** Why and when the emulator removed an application's URL after repeated failures. */
export interface WebhookDisabled {
  at: EpochMs;
  url: string;
  reason: string;
}

/** One try at delivering an event. */
export interface DeliveryAttempt {
  at: EpochMs;
  /** The HTTP status answered, if any. */
  status?: number;
  /** Why there was no usable answer (timeout, connection refused, …). */
  error?: string;
}

/** The delivery of one event to one application. */
export interface DeliveryRecord {
  application_id: Snowflake;
  url: string;
  /** `pending` (queued or retrying), `delivered` (a 2xx), `failed` (gave up), `dropped` (URL removed first). */
  status: 'pending' | 'delivered' | 'failed' | 'dropped';
  attempts: DeliveryAttempt[];
  /** When the next retry goes out, while pending after a failure. */
  next_attempt_at?: EpochMs;
}

/** How many events' delivery records are kept (older ones are forgotten, like the event log's). */
const OUTCOMES_KEPT = 10_000;

/** Keys, URLs and delivery outcomes of every application. */
export class WebhookStore {
  readonly #random: (bytes: number) => Uint8Array;
  readonly #keys = new Map<Snowflake, { privateKey: KeyObject; publicKey: string }>();
  readonly configs = new Map<Snowflake, WebhookConfig>();
  readonly disabled = new Map<Snowflake, WebhookDisabled>();
  /** Delivery records by event sequence number. */
  readonly #outcomes = new Map<number, DeliveryRecord[]>();

  constructor(random: (bytes: number) => Uint8Array) {
    this.#random = random;
  }

  /**
   * Makes the application's key pair from a 32-byte seed (64 hex digits; random when absent) and
   * returns the public key as hex (the platform's `verify_key`).
   */
  createKey(applicationId: Snowflake, seedHex?: string): string {
    const seed = seedHex === undefined ? this.#random(32) : hexToBytes(seedHex);
    if (seed.length !== 32) throw new Error('an Ed25519 key seed is 32 bytes (64 hex digits)');
    const der = new Uint8Array(ED25519_PKCS8_PREFIX.length + 32);
    der.set(ED25519_PKCS8_PREFIX);
    der.set(seed, ED25519_PKCS8_PREFIX.length);
    const privateKey = createPrivateKey({ key: Buffer.from(der), format: 'der', type: 'pkcs8' });
    const spki = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
    const publicKey = Buffer.from(spki.subarray(spki.length - 32)).toString('hex');
    this.#keys.set(applicationId, { privateKey, publicKey });
    return publicKey;
  }

  /** The application's public key (hex), or undefined. */
  publicKey(applicationId: Snowflake): string | undefined {
    return this.#keys.get(applicationId)?.publicKey;
  }

  /** Hex Ed25519 signature of `timestamp + body` with the application's key. */
  sign(applicationId: Snowflake, timestamp: string, body: Uint8Array): string {
    const key = this.#keys.get(applicationId);
    if (!key) throw new Error(`no signing key for application ${applicationId}`);
    return sign(null, Buffer.concat([Buffer.from(timestamp, 'utf8'), body]), key.privateKey).toString('hex');
  }

  /** Starts the delivery record of event `seq` to an application. */
  record(seq: number, record: DeliveryRecord): DeliveryRecord {
    let list = this.#outcomes.get(seq);
    if (!list) {
      list = [];
      this.#outcomes.set(seq, list);
      if (this.#outcomes.size > OUTCOMES_KEPT) {
        const oldest = this.#outcomes.keys().next().value;
        if (oldest !== undefined) this.#outcomes.delete(oldest);
      }
    }
    list.push(record);
    return record;
  }

  /** The delivery records of event `seq` (none for events no webhook took). */
  outcomes(seq: number): readonly DeliveryRecord[] | undefined {
    return this.#outcomes.get(seq);
  }

  /** Forgets keys, URLs and outcomes. */
  clear(): void {
    this.#keys.clear();
    this.configs.clear();
    this.disabled.clear();
    this.#outcomes.clear();
  }
}

function hexToBytes(hex: string): Uint8Array {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(hex)) return new Uint8Array(0);
  return Uint8Array.from(Buffer.from(hex, 'hex'));
}
