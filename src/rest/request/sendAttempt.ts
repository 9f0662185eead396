/**
 * One attempt of a request: send it through the transport under the per-attempt timeout (and the
 * caller's signal), read the whole answer, and tell the rate limiter what the answer said. Throws
 * {@link AttemptFailure} when no answer arrived, or the signal's reason when the caller aborted.
 */
import {
  parseRateLimitHeaders,
  type RateLimitInfo,
  rateLimitVerdict,
} from '../ratelimit/parseRateLimitHeaders.js';
import type { RateLimitStore } from '../ratelimit/RateLimitStore.js';
import type { Transport, TransportResponse } from '../transport/Transport.js';
import { abortReason } from '../util/abortableSleep.js';
import { AttemptSignal } from '../util/AttemptSignal.js';
import type { DeadlineList } from '../util/DeadlineList.js';
import { subscribeAbort } from '../util/subscribeAbort.js';
import type { PreparedRequest } from './prepareRequest.js';
import { type RawBody, readsBytes } from './readAnswer.js';

/** An attempt that got no answer: a connection failure or the per-attempt timeout. */
export class AttemptFailure {
  constructor(
    readonly kind: 'network' | 'timeout',
    readonly cause: unknown,
  ) {}
}

/** An answer, read whole. */
export interface Answer {
  readonly status: number;
  readonly info: RateLimitInfo;
  readonly raw: RawBody;
}

/** The body as JSON when it parses, else its text (undefined when empty or binary). */
export function parseMaybeJson(raw: RawBody): unknown {
  if (raw.kind !== 'text' || raw.text.length === 0) return undefined;
  try {
    return JSON.parse(raw.text);
  } catch {
    return raw.text;
  }
}

/** What an attempt that got no answer throws: the caller's abort reason, or an {@link AttemptFailure}. */
function failure(error: unknown, signal: AbortSignal | undefined, attempt: AttemptSignal): unknown {
  if (signal?.aborted) return abortReason(signal);
  return new AttemptFailure(attempt.timedOut ? 'timeout' : 'network', error);
}

/**
 * Sends one attempt and reads its answer. The per-attempt timeout is a deadline in the client's
 * `deadlines` (one shared timer) rather than a timer of its own.
 */
export async function sendAttempt(
  transport: Transport,
  deadlines: DeadlineList,
  limits: RateLimitStore,
  p: PreparedRequest,
  permit: object,
  signal: AbortSignal | undefined,
  timeoutMs: number,
): Promise<Answer> {
  const attemptSignal = new AttemptSignal();
  const deadline = timeoutMs > 0 ? deadlines.add(timeoutMs, attemptSignal) : undefined;
  const unsubscribe =
    signal === undefined ? undefined : subscribeAbort(signal, () => attemptSignal.abort(abortReason(signal)));
  try {
    let res: TransportResponse;
    try {
      res = await transport.request({
        method: p.route.method,
        url: p.url,
        headers: p.headers,
        body: p.body,
        signal: attemptSignal,
      });
    } catch (error) {
      limits.release(permit);
      throw failure(error, signal, attemptSignal);
    }
    const info = parseRateLimitHeaders(res.headers);
    let raw: RawBody;
    try {
      if (readsBytes(p.route, res.status)) {
        raw = { kind: 'bytes', bytes: await res.body.bytes() };
      } else if (p.route.responseKind === 'empty' && res.status >= 200 && res.status < 300) {
        await res.body.discard();
        raw = { kind: 'text', text: '' };
      } else {
        raw = { kind: 'text', text: await res.body.text() };
      }
    } catch (error) {
      limits.complete(permit, res.status, info);
      throw failure(error, signal, attemptSignal);
    }
    if (res.status === 429) {
      limits.complete(permit, 429, info, rateLimitVerdict(info, parseMaybeJson(raw)));
    } else {
      limits.complete(permit, res.status, info);
    }
    return { status: res.status, info, raw };
  } finally {
    if (deadline !== undefined) deadlines.remove(deadline);
    unsubscribe?.();
  }
}
