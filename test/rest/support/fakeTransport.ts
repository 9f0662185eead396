/**
 * A scripted in-memory transport for unit tests of the client's logic (with a ManualClock): each
 * request is answered by a handler; the transport records requests and the highest concurrency seen.
 * Protocol behaviour over real sockets is tested separately against loopback servers.
 */
import type {
  Transport,
  TransportRequest,
  TransportResponse,
} from '../../../src/rest/transport/Transport.js';
import { headersFromRecord } from '../../../src/rest/transport/Transport.js';

/** What the handler answers: a response, `'drop'` (connection failure), or `'stall'` (no answer until aborted). */
export type FakeAnswer =
  | {
      readonly status: number;
      readonly headers?: Readonly<Record<string, string>>;
      readonly body?: unknown;
    }
  | 'drop'
  | 'stall';

export interface RecordedRequest extends TransportRequest {
  readonly bodyText: string | undefined;
}

export interface FakeTransport extends Transport {
  readonly requests: RecordedRequest[];
  inFlight: number;
  maxInFlight: number;
}

function bodyBytes(body: unknown): Uint8Array {
  if (body === undefined) return new Uint8Array();
  if (body instanceof Uint8Array) return body;
  return new TextEncoder().encode(typeof body === 'string' ? body : JSON.stringify(body));
}

/** A transport answering with `handler`; `hold` (if given) is awaited before each answer. */
export function fakeTransport(
  handler: (req: RecordedRequest, index: number) => FakeAnswer | Promise<FakeAnswer>,
): FakeTransport {
  const t: FakeTransport = {
    requests: [],
    inFlight: 0,
    maxInFlight: 0,
    async request(req: TransportRequest): Promise<TransportResponse> {
      const bodyText =
        typeof req.body === 'string'
          ? req.body
          : req.body instanceof Uint8Array
            ? new TextDecoder().decode(req.body)
            : undefined;
      const recorded: RecordedRequest = { ...req, bodyText };
      const index = t.requests.push(recorded) - 1;
      t.inFlight++;
      t.maxInFlight = Math.max(t.maxInFlight, t.inFlight);
      try {
        if (req.signal.aborted) throw req.signal.reason;
        const answer = await Promise.race([
          Promise.resolve(handler(recorded, index)),
          new Promise<never>((_, reject) =>
            req.signal.addEventListener('abort', () => reject(req.signal.reason), { once: true }),
          ),
        ]);
        if (answer === 'drop') throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
        if (answer === 'stall') {
          await new Promise<never>((_, reject) => {
            if (req.signal.aborted) reject(req.signal.reason);
            req.signal.addEventListener('abort', () => reject(req.signal.reason), { once: true });
          });
        }
        const a = answer as Exclude<FakeAnswer, 'drop' | 'stall'>;
        const bytes = bodyBytes(a.body);
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(a.headers ?? {})) headers[k.toLowerCase()] = v;
        return {
          status: a.status,
          headers: headersFromRecord(headers),
          body: {
            text: async () => new TextDecoder().decode(bytes),
            json: async () => (bytes.length ? JSON.parse(new TextDecoder().decode(bytes)) : undefined),
            bytes: async () => bytes,
            discard: async () => undefined,
          },
        };
      } finally {
        t.inFlight--;
      }
    },
  };
  return t;
}

/** Rate-limit headers of a bucket. */
export function rl(
  bucket: string,
  limit: number,
  remaining: number,
  resetAfterSeconds: number,
  reset = '1767225600.000',
): Record<string, string> {
  return {
    'x-ratelimit-bucket': bucket,
    'x-ratelimit-limit': String(limit),
    'x-ratelimit-remaining': String(remaining),
    'x-ratelimit-reset-after': String(resetAfterSeconds),
    'x-ratelimit-reset': reset,
  };
}

/** Lets pending promise chains and immediates run. */
export async function flush(times = 5): Promise<void> {
  for (let i = 0; i < times; i++) await new Promise<void>((r) => setImmediate(r));
}
