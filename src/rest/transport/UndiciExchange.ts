/**
 * One request and its answer over undici's `dispatch`, read whole into memory: the handler undici
 * calls back, the transport's answer and its body in one object.
 *
 * Why not undici's `request`: it wraps every answer in a Node stream (a `Readable`, consumed again to
 * read it as text), runs its callback in an `AsyncResource`, and, given a signal, adds two closures
 * and a `close` listener per request. Answers of this API are small JSON documents read whole, so
 * collecting the chunks directly costs a fraction of that; and aborting goes through the controller
 * undici hands the handler, so no signal has to be passed to undici at all.
 */
import {
  decodeUtf8,
  headersFromRecord,
  parseJsonText,
  type TransportHeaders,
  type TransportResponse,
  type TransportResponseBody,
  type TransportSignal,
} from './Transport.js';

/** Where the exchange is: waiting for the head, receiving the body, done, or failed. */
const Phase = { Head: 0, Body: 1, Done: 2, Failed: 3 } as const;
type Phase = (typeof Phase)[keyof typeof Phase];

/** How the caller is reading the body, once it asked. */
const Read = { None: 0, Text: 1, Bytes: 2, Discard: 3 } as const;
type Read = (typeof Read)[keyof typeof Read];

const empty = new Uint8Array(0);

/**
 * What the exchange uses of undici's dispatch controller. Declared here rather than imported, so that
 * only the transport module itself depends on undici.
 */
interface DispatchController {
  abort(reason: Error): void;
}

/**
 * A dispatch handler that resolves {@link UndiciExchange.answer} with the status and headers, and
 * serves the body (text, bytes, or discarded) once it is complete. Aborted by `signal`, whatever the
 * phase: before the head the answer rejects with the signal's reason at once; while the body arrives,
 * the body read rejects with it.
 */
export class UndiciExchange implements TransportResponse, TransportResponseBody {
  /** Resolves once the head arrived (with this object); rejects when no answer arrived. */
  readonly answer: Promise<TransportResponse>;
  /** The answer's status, once the head arrived. */
  status = 0;
  /** The answer's headers, once the head arrived. */
  headers: TransportHeaders = noHeaders;
  #phase: Phase = Phase.Head;
  #signal: TransportSignal;
  #controller: DispatchController | undefined;
  #resolveAnswer!: (res: TransportResponse) => void;
  #rejectAnswer!: (error: unknown) => void;
  /** One chunk (the usual case) or several. */
  #chunks: Uint8Array | Uint8Array[] | undefined;
  #length = 0;
  #error: unknown;
  #read: Read = Read.None;
  #resolveRead: ((value: never) => void) | undefined;
  #rejectRead: ((error: unknown) => void) | undefined;
  readonly #onAbort = (): void => this.#abort(this.#signal.reason);

  constructor(signal: TransportSignal) {
    this.#signal = signal;
    this.answer = new Promise<TransportResponse>((resolve, reject) => {
      this.#resolveAnswer = resolve;
      this.#rejectAnswer = reject;
    });
    if (signal.aborted) this.#abort(signal.reason);
    else signal.addEventListener('abort', this.#onAbort);
  }

  /** The body as an object of the transport seam (this exchange itself). */
  get body(): TransportResponseBody {
    return this;
  }

  /** undici failed before calling any handler method (e.g. a closed pool). */
  fail(error: unknown): void {
    this.onResponseError(undefined, error);
  }

  // --- Dispatch handler -------------------------------------------------------------------------

  onRequestStart(controller: DispatchController): void {
    this.#controller = controller;
    if (this.#phase === Phase.Failed) controller.abort(toError(this.#error));
  }

  onResponseStart(
    _controller: DispatchController,
    statusCode: number,
    headers: Readonly<Record<string, string | string[] | undefined>>,
  ): void {
    // 1xx informational heads come before the real one.
    if (this.#phase !== Phase.Head || statusCode < 200) return;
    this.#phase = Phase.Body;
    this.status = statusCode;
    this.headers = headersFromRecord(headers);
    this.#resolveAnswer(this);
  }

  onResponseData(_controller: DispatchController, chunk: Uint8Array): void {
    if (this.#phase !== Phase.Body || this.#read === Read.Discard) return;
    const chunks = this.#chunks;
    if (chunks === undefined) this.#chunks = chunk;
    else if (Array.isArray(chunks)) chunks.push(chunk);
    else this.#chunks = [chunks, chunk];
    this.#length += chunk.length;
  }

  onResponseEnd(): void {
    if (this.#phase !== Phase.Body) return;
    this.#phase = Phase.Done;
    this.#signal.removeEventListener('abort', this.#onAbort);
    this.#deliver();
  }

  onResponseError(_controller: DispatchController | undefined, error: unknown): void {
    this.#settleFailed(error);
  }

  // --- Body -------------------------------------------------------------------------------------

  text(): Promise<string> {
    return this.#request(Read.Text) as Promise<string>;
  }

  async json(): Promise<unknown> {
    return parseJsonText(await this.text());
  }

  bytes(): Promise<Uint8Array> {
    return this.#request(Read.Bytes) as Promise<Uint8Array>;
  }

  discard(): Promise<void> {
    return this.#request(Read.Discard) as Promise<void>;
  }

  #request(read: Read): Promise<unknown> {
    if (this.#read !== Read.None) return Promise.reject(new TypeError('The body was already read'));
    this.#read = read;
    if (read === Read.Discard) this.#chunks = undefined;
    if (this.#phase === Phase.Done) return Promise.resolve(this.#value());
    if (this.#phase === Phase.Failed) {
      return read === Read.Discard ? Promise.resolve() : Promise.reject(this.#error);
    }
    return new Promise((resolve, reject) => {
      this.#resolveRead = resolve;
      this.#rejectRead = reject;
    });
  }

  /** The body, as it was asked for. */
  #value(): unknown {
    if (this.#read === Read.Discard) return undefined;
    const bytes = this.#joined();
    this.#chunks = undefined;
    // TextDecoder drops a leading BOM, as undici's `text()` does.
    return this.#read === Read.Text ? decodeUtf8(bytes) : new Uint8Array(bytes);
  }

  #joined(): Uint8Array {
    const chunks = this.#chunks;
    if (chunks === undefined) return empty;
    if (!Array.isArray(chunks)) return chunks;
    const out = new Uint8Array(this.#length);
    let at = 0;
    for (const chunk of chunks) {
      out.set(chunk, at);
      at += chunk.length;
    }
    return out;
  }

  /** Hands the complete body to a read already waiting. */
  #deliver(): void {
    const resolve = this.#resolveRead;
    if (resolve === undefined) return;
    this.#resolveRead = undefined;
    this.#rejectRead = undefined;
    resolve(this.#value() as never);
  }

  // --- Failure ----------------------------------------------------------------------------------

  #abort(reason: unknown): void {
    if (this.#phase === Phase.Done || this.#phase === Phase.Failed) return;
    this.#settleFailed(reason);
    // Before undici called onRequestStart there is no controller: onRequestStart aborts then.
    this.#controller?.abort(toError(reason));
  }

  #settleFailed(error: unknown): void {
    if (this.#phase === Phase.Done || this.#phase === Phase.Failed) return;
    const phase = this.#phase;
    this.#phase = Phase.Failed;
    this.#error = error;
    this.#chunks = undefined;
    this.#signal.removeEventListener('abort', this.#onAbort);
    if (phase === Phase.Head) {
      this.#rejectAnswer(error);
      return;
    }
    const resolve = this.#resolveRead;
    const reject = this.#rejectRead;
    this.#resolveRead = undefined;
    this.#rejectRead = undefined;
    if (this.#read === Read.Discard) resolve?.(undefined as never);
    else reject?.(error);
  }
}

const noHeaders: TransportHeaders = { get: () => null };

/** undici's controller takes an Error; a signal's reason may be anything. */
function toError(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error(String(reason), { cause: reason });
}
