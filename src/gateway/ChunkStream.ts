/**
 * An async iterator fed by pushes: the chunks of one Request Guild Members answer. Ends after the
 * chunk whose `chunk_index` is the last of `chunk_count`, or fails with the error given to `fail`.
 */
import type { GuildMembersChunkEvent } from '../spec/schemas/gateway.js';

/** The chunks of one request, as an async iterator. */
export class ChunkStream implements AsyncIterableIterator<GuildMembersChunkEvent> {
  #buffer: GuildMembersChunkEvent[] = [];
  #waiting: ((r: IteratorResult<GuildMembersChunkEvent>) => void) | undefined;
  #failWaiting: ((e: unknown) => void) | undefined;
  #received = 0;
  #done = false;
  #error: unknown;
  readonly #onEnd: () => void;

  /** `onEnd` runs once when the stream ends (done, failed or left by the consumer). */
  constructor(onEnd: () => void) {
    this.#onEnd = onEnd;
  }

  /** Whether the last chunk arrived or the stream failed. */
  get finished(): boolean {
    return this.#done || this.#error !== undefined;
  }

  /** Adds a chunk; the stream ends after the last one. */
  push(chunk: GuildMembersChunkEvent): void {
    if (this.finished) return;
    this.#received += 1;
    if (this.#received >= chunk.chunk_count) this.#end();
    if (this.#waiting) {
      const resolve = this.#waiting;
      this.#waiting = undefined;
      this.#failWaiting = undefined;
      resolve({ value: chunk, done: false });
    } else this.#buffer.push(chunk);
  }

  /** Ends the stream with `error` (after any buffered chunks). */
  fail(error: unknown): void {
    if (this.finished) return;
    this.#error = error;
    this.#onEnd();
    if (this.#failWaiting) {
      const reject = this.#failWaiting;
      this.#waiting = undefined;
      this.#failWaiting = undefined;
      reject(error);
    }
  }

  next(): Promise<IteratorResult<GuildMembersChunkEvent>> {
    const chunk = this.#buffer.shift();
    if (chunk) return Promise.resolve({ value: chunk, done: false });
    if (this.#error !== undefined) return Promise.reject(this.#error);
    if (this.#done) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve, reject) => {
      this.#waiting = resolve;
      this.#failWaiting = reject;
    });
  }

  return(): Promise<IteratorResult<GuildMembersChunkEvent>> {
    this.#buffer = [];
    if (!this.finished) this.#end();
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  #end(): void {
    this.#done = true;
    this.#onEnd();
  }
}
