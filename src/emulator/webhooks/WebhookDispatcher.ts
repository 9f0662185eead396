/**
 * Delivers webhook events as the platform does: every event of the log that belongs to an
 * application (`application_id`) and that the application subscribed to is POSTed to its Webhook
 * Events URL with the outer payload, signed with the application's Ed25519 key (a fresh
 * `X-Signature-Timestamp` and signature on every attempt, the body unchanged), in order per
 * application: the next event waits until the one before is acknowledged or given up.
 *
 * A 2xx answer within `answerTimeoutMs` acknowledges. Anything else is retried with exponential
 * backoff (`retryBaseMs` doubling up to `retryMaxMs`) until `retryWindowMs` after the first attempt,
 * then recorded as failed. After `disableAfterFailures` events in a row failed, the URL is removed
 * (as the platform stops sending and tells the developer) and events still queued are dropped; a
 * new `PUT …/webhook` starts over. Every wait is on the emulator's clock.
 */
import type { Clock, TimerHandle } from '../../clock.js';
import { isWebhookEventType, WebhookType } from '../../spec/schemas/webhookEvent.js';
import type { Snowflake } from '../world/accountRecords.js';
import type { EmulatorEvent, EventLog } from '../world/EventLog.js';
import { toIso } from '../world/time.js';
import type { DeliveryRecord, WebhookStore } from './WebhookStore.js';

/** Timing and failure handling of deliveries. */
export interface WebhookDeliverySettings {
  /** How long an endpoint has to answer. @defaultValue 3000 (the platform's 3 seconds) */
  readonly answerTimeoutMs: number;
  /** First retry delay; doubles per retry. @defaultValue 1000 */
  readonly retryBaseMs: number;
  /** Longest retry delay. @defaultValue 60000 */
  readonly retryMaxMs: number;
  /** Retries stop this long after the first attempt. @defaultValue 600000 (the platform's 10 minutes) */
  readonly retryWindowMs: number;
  /** Events failed in a row after which the URL is removed; 0: never. @defaultValue 3 */
  readonly disableAfterFailures: number;
}

/** The defaults of {@link WebhookDeliverySettings}. */
export const defaultWebhookDeliverySettings: WebhookDeliverySettings = {
  answerTimeoutMs: 3000,
  retryBaseMs: 1000,
  retryMaxMs: 60_000,
  retryWindowMs: 600_000,
  disableAfterFailures: 3,
};

/** Why a handshake refused a URL, or undefined when it passed. */
export type HandshakeOutcome = { ok: true } | { ok: false; reason: string };

interface Delivery {
  readonly seq: number;
  readonly body: Uint8Array;
  readonly record: DeliveryRecord;
  firstAttemptAt: number | undefined;
}

interface AppQueue {
  readonly items: Delivery[];
  busy: boolean;
  timer: TimerHandle | undefined;
  failuresInRow: number;
}

type Answer = { status: number } | { error: string };

/** Sends webhook events and PING handshakes for every application of a world. */
export class WebhookDispatcher {
  readonly #store: WebhookStore;
  readonly #clock: Clock;
  readonly #settings: WebhookDeliverySettings;
  readonly #queues = new Map<Snowflake, AppQueue>();
  readonly #inFlight = new Set<AbortController>();
  readonly #unsubscribe: () => void;
  /** Bumped by reset() and close(): work begun before is dropped. */
  #generation = 0;
  #closed = false;

  constructor(
    events: EventLog,
    store: WebhookStore,
    clock: Clock,
    settings: Partial<WebhookDeliverySettings> = {},
  ) {
    this.#store = store;
    this.#clock = clock;
    this.#settings = { ...defaultWebhookDeliverySettings, ...settings };
    this.#unsubscribe = events.subscribe((event) => this.#take(event));
  }

  /** The settings in force. */
  get settings(): WebhookDeliverySettings {
    return this.#settings;
  }

  /**
   * The portal's check of a new URL: a correctly signed PING must get 204, then a PING with a bad
   * signature must get 401 (an endpoint that skips verification is refused).
   */
  async handshake(applicationId: Snowflake, url: string): Promise<HandshakeOutcome> {
    const body = new TextEncoder().encode(
      JSON.stringify({ version: 1, application_id: applicationId, type: WebhookType.PING }),
    );
    const good = await this.#post(applicationId, url, body, false);
    if ('error' in good)
      return { ok: false, reason: `no answer from ${url} to a signed PING: ${good.error}` };
    if (good.status !== 204)
      return { ok: false, reason: `${url} answered ${good.status} to a signed PING; 204 expected` };
    const bad = await this.#post(applicationId, url, body, true);
    if ('error' in bad)
      return { ok: false, reason: `no answer from ${url} to a badly signed PING: ${bad.error}` };
    if (bad.status !== 401) {
      return {
        ok: false,
        reason: `${url} answered ${bad.status} to a PING with a bad signature; 401 expected (verify X-Signature-Ed25519 on every request)`,
      };
    }
    return { ok: true };
  }

  /** The URL was removed or replaced: events queued for the old one are dropped when removed. */
  removed(applicationId: Snowflake): void {
    const queue = this.#queues.get(applicationId);
    if (!queue) return;
    this.#dropQueued(queue);
  }

  /** Forgets every queue and in-flight delivery (the world was reset). */
  reset(): void {
    this.#generation++;
    for (const queue of this.#queues.values())
      if (queue.timer !== undefined) this.#clock.clearTimeout(queue.timer);
    this.#queues.clear();
    for (const controller of this.#inFlight) controller.abort();
    this.#inFlight.clear();
  }

  /** Stops delivering for good. */
  close(): void {
    this.#closed = true;
    this.#unsubscribe();
    this.reset();
  }

  #take(event: EmulatorEvent): void {
    const appId = event.application_id;
    if (this.#closed || appId === undefined || !isWebhookEventType(event.type)) return;
    const config = this.#store.configs.get(appId);
    if (!config?.event_types.includes(event.type)) return;
    const payload = {
      version: 1,
      application_id: appId,
      type: WebhookType.EVENT,
      event: { type: event.type, timestamp: toIso(event.at), data: event.data },
    };
    const record = this.#store.record(event.seq, {
      application_id: appId,
      url: config.url,
      status: 'pending',
      attempts: [],
    });
    const body = new TextEncoder().encode(JSON.stringify(payload));
    const queue = this.#queue(appId);
    queue.items.push({ seq: event.seq, body, record, firstAttemptAt: undefined });
    if (!queue.busy && queue.timer === undefined) void this.#pump(appId, queue);
  }

  #queue(appId: Snowflake): AppQueue {
    let queue = this.#queues.get(appId);
    if (!queue) {
      queue = { items: [], busy: false, timer: undefined, failuresInRow: 0 };
      this.#queues.set(appId, queue);
    }
    return queue;
  }

  /** Sends the head of the queue; on failure schedules its retry, on success moves on. */
  async #pump(appId: Snowflake, queue: AppQueue): Promise<void> {
    const generation = this.#generation;
    while (queue.items.length > 0 && generation === this.#generation) {
      const delivery = queue.items[0]!;
      const config = this.#store.configs.get(appId);
      if (!config) {
        this.#dropQueued(queue);
        return;
      }
      delivery.record.url = config.url;
      const now = this.#clock.now();
      delivery.firstAttemptAt ??= now;
      queue.busy = true;
      const answer = await this.#post(appId, config.url, delivery.body, false);
      queue.busy = false;
      if (generation !== this.#generation) return;
      delivery.record.attempts.push({ at: now, ...answer });
      const acknowledged = 'status' in answer && answer.status >= 200 && answer.status < 300;
      if (queue.items[0] !== delivery) {
        // The URL was removed meanwhile and the queue dropped: this answer only completes the record.
        if (acknowledged) delivery.record.status = 'delivered';
        continue;
      }
      if (acknowledged) {
        delivery.record.status = 'delivered';
        delete delivery.record.next_attempt_at;
        queue.failuresInRow = 0;
        queue.items.shift();
        continue;
      }
      const retries = delivery.record.attempts.length - 1;
      const delay = Math.min(this.#settings.retryBaseMs * 2 ** retries, this.#settings.retryMaxMs);
      const at = this.#clock.now() + delay;
      if (at - delivery.firstAttemptAt <= this.#settings.retryWindowMs) {
        delivery.record.next_attempt_at = at;
        queue.timer = this.#clock.setTimeout(
          () => {
            queue.timer = undefined;
            if (generation === this.#generation) void this.#pump(appId, queue);
            // A retry to come does not hold open a process whose emulator is otherwise done.
          },
          delay,
          { ref: false },
        );
        return;
      }
      delivery.record.status = 'failed';
      delete delivery.record.next_attempt_at;
      queue.items.shift();
      queue.failuresInRow++;
      const limit = this.#settings.disableAfterFailures;
      if (limit > 0 && queue.failuresInRow >= limit) {
        this.#store.disabled.set(appId, {
          at: this.#clock.now(),
          url: config.url,
          reason: `${queue.failuresInRow} events in a row were not acknowledged within ${this.#settings.retryWindowMs} ms of retries`,
        });
        this.#store.configs.delete(appId);
        queue.failuresInRow = 0;
        this.#dropQueued(queue);
        return;
      }
    }
  }

  #dropQueued(queue: AppQueue): void {
    if (queue.timer !== undefined) this.#clock.clearTimeout(queue.timer);
    queue.timer = undefined;
    for (const item of queue.items.splice(0)) {
      item.record.status = 'dropped';
      delete item.record.next_attempt_at;
    }
  }

  /** One signed POST; `badSignature` signs with the key but over other bytes (the handshake's probe). */
  async #post(appId: Snowflake, url: string, body: Uint8Array, badSignature: boolean): Promise<Answer> {
    const timestamp = String(Math.floor(this.#clock.now() / 1000));
    const signed = badSignature ? new TextEncoder().encode('not the body that was sent') : body;
    const signature = this.#store.sign(appId, timestamp, signed);
    const controller = new AbortController();
    this.#inFlight.add(controller);
    let timedOut = false;
    const timer = this.#clock.setTimeout(
      () => {
        timedOut = true;
        controller.abort();
      },
      this.#settings.answerTimeoutMs,
      { ref: false },
    );
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'lobbykit-emulator (webhook events)',
          'X-Signature-Ed25519': signature,
          'X-Signature-Timestamp': timestamp,
        },
        body: body as Uint8Array<ArrayBuffer>,
        redirect: 'manual',
        signal: controller.signal,
      });
      await response.arrayBuffer();
      return { status: response.status };
    } catch (error) {
      if (timedOut) return { error: `no answer within ${this.#settings.answerTimeoutMs} ms` };
      return { error: describeFailure(error) };
    } finally {
      this.#clock.clearTimeout(timer);
      this.#inFlight.delete(controller);
    }
  }
}

/** A short reason for a failed request (the cause's code, e.g. ECONNREFUSED), never a header. */
function describeFailure(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  if (cause && typeof cause.code === 'string') return cause.code;
  if (error instanceof Error && error.name === 'AbortError') return 'aborted';
  return error instanceof Error ? error.message.slice(0, 200) : 'request failed';
}
