/** The deadline heap against a sorted-array model. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DeadlineEntry, DeadlineHeap } from '../../src/rest/util/DeadlineHeap.js';

describe('DeadlineHeap', () => {
  it('pops in order of time', () => {
    const heap = new DeadlineHeap<string>();
    heap.push('c', 30);
    heap.push('a', 10);
    heap.push('b', 20);
    expect(heap.peek()?.value).toBe('a');
    expect([heap.pop()?.value, heap.pop()?.value, heap.pop()?.value, heap.pop()]).toEqual([
      'a',
      'b',
      'c',
      undefined,
    ]);
  });

  it('updates and removes entries by handle; removing twice is harmless', () => {
    const heap = new DeadlineHeap<string>();
    const a = heap.push('a', 10);
    const b = heap.push('b', 20);
    heap.update(a, 25);
    expect(heap.peek()?.value).toBe('b');
    heap.remove(b);
    heap.remove(b);
    expect(heap.has(b)).toBe(false);
    expect(heap.size).toBe(1);
    expect(() => heap.update(b, 1)).toThrow(/not in this heap/);
  });

  it('gives entries due together in the order they were pushed or last moved', () => {
    const heap = new DeadlineHeap<string>();
    const a = heap.push('a', 10);
    heap.push('b', 10);
    heap.push('c', 10);
    heap.update(a, 10);
    expect([heap.pop()?.value, heap.pop()?.value, heap.pop()?.value]).toEqual(['b', 'c', 'a']);
  });

  it('matches a sorted list under random pushes, updates, removals and pops (ties first in, first out)', () => {
    type Op =
      | { op: 'push'; at: number }
      | { op: 'update'; pick: number; at: number }
      | { op: 'remove'; pick: number }
      | { op: 'pop' };
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ op: fc.constant('push' as const), at: fc.integer({ min: 0, max: 100 }) }),
      fc.record({ op: fc.constant('update' as const), pick: fc.nat(), at: fc.integer({ min: 0, max: 100 }) }),
      fc.record({ op: fc.constant('remove' as const), pick: fc.nat() }),
      fc.record({ op: fc.constant('pop' as const) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200 }), (ops) => {
        const heap = new DeadlineHeap<number>();
        const live: DeadlineEntry<number>[] = [];
        // The model: each live entry's time and the order it was pushed or last moved in.
        const order = new Map<DeadlineEntry<number>, number>();
        let next = 0;
        const first = (): DeadlineEntry<number> | undefined =>
          [...live].sort((x, y) => x.at - y.at || order.get(x)! - order.get(y)!)[0];
        for (const o of ops) {
          if (o.op === 'push') {
            const entry = heap.push(next, o.at);
            order.set(entry, next++);
            live.push(entry);
          } else if (o.op === 'pop') {
            const expected = first();
            const popped = heap.pop();
            expect(popped).toBe(expected);
            if (popped) live.splice(live.indexOf(popped), 1);
          } else if (live.length > 0) {
            const entry = live[o.pick % live.length]!;
            if (o.op === 'update') {
              heap.update(entry, o.at);
              order.set(entry, next++);
            } else {
              heap.remove(entry);
              live.splice(live.indexOf(entry), 1);
            }
          }
          expect(heap.size).toBe(live.length);
          expect(heap.peek()).toBe(first());
        }
      }),
      { numRuns: 200 },
    );
  });
});
