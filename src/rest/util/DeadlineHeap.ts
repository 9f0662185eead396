/**
 * A binary min-heap of deadlines with O(1) peek and O(log n) insert, update and removal; entries due
 * at the same time come out in the order they were pushed (or last moved). The lobby runtime keeps one
 * entry per lobby here, so that a tick with nothing due reads one number instead of walking every
 * lobby; a REST client's per-attempt timeouts share one timer through it ({@link DeadlineList}).
 */

/** One scheduled item: its value and the time it falls due. Owned by the heap that made it. */
export interface DeadlineEntry<T> {
  /** The scheduled value. */
  readonly value: T;
  /** When it falls due (any monotonic number, usually epoch milliseconds). */
  readonly at: number;
}

interface Slot<T> extends DeadlineEntry<T> {
  at: number;
  /** Push (or move) order: breaks ties between equal times, first in first out. */
  seq: number;
  /** Position in the heap's array; -1 once removed. */
  index: number;
}

/** Whether `a` comes out before `b`. */
function before(a: Slot<unknown>, b: Slot<unknown>): boolean {
  return a.at < b.at || (a.at === b.at && a.seq < b.seq);
}

/**
 * A min-heap of {@link DeadlineEntry}s ordered by `at`. Entries are handles: keep the one
 * {@link DeadlineHeap.push} returns to {@link DeadlineHeap.update} or {@link DeadlineHeap.remove} it.
 */
export class DeadlineHeap<T> {
  readonly #slots: Slot<T>[] = [];
  #seq = 0;

  /** Number of entries. */
  get size(): number {
    return this.#slots.length;
  }

  /** The earliest entry, or undefined when empty. */
  peek(): DeadlineEntry<T> | undefined {
    return this.#slots[0];
  }

  /** Adds `value` due at `at` and returns its entry. */
  push(value: T, at: number): DeadlineEntry<T> {
    const slot: Slot<T> = { value, at, seq: this.#seq++, index: this.#slots.length };
    this.#slots.push(slot);
    this.#up(slot.index);
    return slot;
  }

  /** Removes and returns the earliest entry. */
  pop(): DeadlineEntry<T> | undefined {
    const top = this.#slots[0];
    if (top) this.remove(top);
    return top;
  }

  /** Moves `entry` to time `at`. */
  update(entry: DeadlineEntry<T>, at: number): void {
    const slot = this.#own(entry);
    const earlier = at < slot.at;
    slot.at = at;
    slot.seq = this.#seq++;
    if (earlier) this.#up(slot.index);
    else this.#down(slot.index);
  }

  /** Removes `entry`; removing an entry twice is harmless. */
  remove(entry: DeadlineEntry<T>): void {
    const slot = entry as Slot<T>;
    if (slot.index < 0 || this.#slots[slot.index] !== slot) return;
    const last = this.#slots.pop()!;
    const at = slot.index;
    slot.index = -1;
    if (last === slot) return;
    this.#slots[at] = last;
    last.index = at;
    this.#up(at);
    this.#down(last.index);
  }

  /** Whether `entry` is still in the heap. */
  has(entry: DeadlineEntry<T>): boolean {
    const slot = entry as Slot<T>;
    return slot.index >= 0 && this.#slots[slot.index] === slot;
  }

  #own(entry: DeadlineEntry<T>): Slot<T> {
    if (!this.has(entry)) throw new Error('DeadlineHeap: the entry is not in this heap');
    return entry as Slot<T>;
  }

  #up(index: number): void {
    const slots = this.#slots;
    const slot = slots[index]!;
    while (index > 0) {
      const parentIndex = (index - 1) >> 1;
      const parent = slots[parentIndex]!;
      if (!before(slot, parent)) break;
      slots[index] = parent;
      parent.index = index;
      index = parentIndex;
    }
    slots[index] = slot;
    slot.index = index;
  }

  #down(index: number): void {
    const slots = this.#slots;
    const n = slots.length;
    const slot = slots[index]!;
    for (;;) {
      const left = 2 * index + 1;
      if (left >= n) break;
      const right = left + 1;
      const child = right < n && before(slots[right]!, slots[left]!) ? right : left;
      const c = slots[child]!;
      if (!before(c, slot)) break;
      slots[index] = c;
      c.index = index;
      index = child;
    }
    slots[index] = slot;
    slot.index = index;
  }
}
