/**
 * The overlay's message-polling schedule: quick while the chat is lively, slower while it is quiet,
 * and backing off on errors, so that an idle tab costs the player's rate limits next to nothing.
 */

/** Options of a {@link PollBackoff}; every delay is in milliseconds. */
export interface PollBackoffOptions {
  /** The delay after a read that brought new messages. @defaultValue `1_000` */
  readonly minMs?: number;
  /** The longest delay between reads of a quiet lobby. @defaultValue `8_000` */
  readonly quietMaxMs?: number;
  /** The longest delay after failed reads. @defaultValue `30_000` */
  readonly errorMaxMs?: number;
  /** How much a quiet read stretches the delay. @defaultValue `1.5` */
  readonly quietFactor?: number;
}

/** The defaults of {@link PollBackoffOptions}. */
export const pollBackoffDefaults = {
  minMs: 1_000,
  quietMaxMs: 8_000,
  errorMaxMs: 30_000,
  quietFactor: 1.5,
} as const;

/**
 * Computes the delay before the next Get Lobby Messages: `minMs` after news, ×`quietFactor` per quiet
 * read up to `quietMaxMs`, doubling per failed read up to `errorMaxMs` (or the platform's
 * `retryAfterMs` when it said how long to wait, if longer). Pure: the caller owns the timer.
 */
export class PollBackoff {
  readonly #min: number;
  readonly #quietMax: number;
  readonly #errorMax: number;
  readonly #factor: number;
  #delay: number;
  #failures = 0;

  constructor(options: PollBackoffOptions = {}) {
    this.#min = options.minMs ?? pollBackoffDefaults.minMs;
    this.#quietMax = Math.max(this.#min, options.quietMaxMs ?? pollBackoffDefaults.quietMaxMs);
    this.#errorMax = Math.max(this.#min, options.errorMaxMs ?? pollBackoffDefaults.errorMaxMs);
    this.#factor = Math.max(1, options.quietFactor ?? pollBackoffDefaults.quietFactor);
    this.#delay = this.#min;
  }

  /** The delay the last outcome chose. */
  get delayMs(): number {
    return this.#delay;
  }

  /** Failed reads in a row. */
  get failures(): number {
    return this.#failures;
  }

  /** A read brought `fresh` new messages: back to the quick pace, or slower while quiet. */
  succeeded(fresh: number): number {
    this.#failures = 0;
    this.#delay = fresh > 0 ? this.#min : Math.min(this.#quietMax, Math.round(this.#delay * this.#factor));
    return this.#delay;
  }

  /** A read failed; `retryAfterMs` is the platform's own wait (a 429), if it gave one. */
  failed(retryAfterMs?: number): number {
    this.#failures++;
    const doubled = Math.min(this.#errorMax, this.#min * 2 ** this.#failures);
    this.#delay = Math.max(doubled, retryAfterMs ?? 0);
    return this.#delay;
  }

  /** Something happened that makes news likely (we sent, the tab came back): read soon. */
  reset(): number {
    this.#failures = 0;
    this.#delay = this.#min;
    return this.#delay;
  }
}
