/** Differences between two metadata maps: which keys changed, and what they held before. */
import type { Metadata } from './LobbyMemberView.js';

/** How a metadata map changed. */
export interface MetadataDiff {
  /** Keys added, changed or removed. */
  readonly changed: readonly string[];
  /** The value of each changed key before the change (undefined: it was absent). */
  readonly previous: Readonly<Record<string, string | undefined>>;
}

/** The keys that differ between `before` and `after`, or undefined when none does. */
export function diffMetadata(before: Metadata, after: Metadata): MetadataDiff | undefined {
  if (before === after) return undefined;
  const changed: string[] = [];
  const previous: Record<string, string | undefined> = {};
  for (const key in before) {
    if (!Object.hasOwn(after, key) || after[key] !== before[key]) {
      changed.push(key);
      previous[key] = before[key];
    }
  }
  for (const key in after) {
    if (!Object.hasOwn(before, key)) {
      changed.push(key);
      previous[key] = undefined;
    }
  }
  return changed.length === 0 ? undefined : { changed, previous };
}
