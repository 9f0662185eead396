/**
 * A set of keys that each expire at a given time, bounded in size: the replay guard (signatures
 * seen within the skew window) and the duplicate guard (events seen within the redelivery window).
 */
export class ExpiringKeys {
  readonly #maxEntries: number;
  /** Key → expiry (ms); insertion order is roughly expiry order, which pruning relies on. */
  readonly #entries = new Map<string, number>();

  /** Holds at most `maxEntries` keys; past that the oldest are forgotten first. */
  constructor(maxEntries: number) {
    this.#maxEntries = maxEntries;
  }

  /** Number of keys held (expired ones included until pruned). */
  get size(): number {
    return this.#entries.size;
  }

  /** Whether `key` is held and not expired at `now`. */
  has(key: string, now: number): boolean {
    const expiry = this.#entries.get(key);
    if (expiry === undefined) return false;
    if (expiry > now) return true;
    this.#entries.delete(key);
    return false;
  }

  /** Holds `key` until `expiresAt`; forgets what expired by `now` and what exceeds the bound. */
  add(key: string, expiresAt: number, now: number): void {
    this.#entries.delete(key);
    this.#entries.set(key, expiresAt);
    for (const [oldest, expiry] of this.#entries) {
      if (expiry > now && this.#entries.size <= this.#maxEntries) break;
      this.#entries.delete(oldest);
    }
  }
}
