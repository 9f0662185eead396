/**
 * Cursor pagination over id-ordered listings (guild members, bans, thread members): asks for one
 * page at a time and moves the cursor to the page's highest id (`after`) or lowest (`before`), so
 * that the order the platform sends a page in does not matter.
 */
import { throwIfAborted } from '../util/abortableSleep.js';

/** How {@link paginate} walks a listing. */
export interface PaginateOptions<T> {
  /** Fetches the page that starts past `cursor` (undefined: from the start), at most `limit` items. */
  readonly fetchPage: (cursor: string | undefined, limit: number) => Promise<readonly T[]>;
  /** The id the cursor moves by; items without one do not move it. */
  readonly idOf: (item: T) => string | undefined;
  /** Items per request: a short page is the last one. */
  readonly pageSize: number;
  /** `after` walks up the ids (the cursor becomes the page's highest id), `before` down. */
  readonly direction: 'after' | 'before';
  /** The cursor to start from. */
  readonly start?: string | undefined;
  /** Stops the walk between pages and in flight (the page fetch gets it too). */
  readonly signal?: AbortSignal | undefined;
}

/** Orders two snowflakes (decimal strings of up to 64 bits) numerically, without BigInt. */
export function compareSnowflakes(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Yields every item of a listing, fetching pages lazily: nothing is fetched until the first item is
 * asked for, and breaking out of `for await` stops fetching. Ends on a short or empty page, or when a
 * page would not move the cursor (a platform that ignores it must not make this loop forever).
 */
export async function* paginate<T>(options: PaginateOptions<T>): AsyncGenerator<T, void, undefined> {
  const { fetchPage, idOf, pageSize, direction, signal } = options;
  let cursor = options.start;
  for (;;) {
    throwIfAborted(signal);
    const page = await fetchPage(cursor, pageSize);
    let next: string | undefined;
    for (const item of page) {
      const id = idOf(item);
      if (id === undefined) continue;
      if (next === undefined) next = id;
      else {
        const order = compareSnowflakes(id, next);
        if (direction === 'after' ? order > 0 : order < 0) next = id;
      }
    }
    yield* page;
    if (page.length < pageSize || next === undefined || next === cursor) return;
    cursor = next;
  }
}
