/** The deadline heap against a sorted-array model. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DeadlineEntry, DeadlineHeap } from '../../src/lobby/DeadlineHeap.js';

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

  it('matches a sorted list under random pushes, updates, removals and pops', () => {
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
        let next = 0;
        for (const o of ops) {
          if (o.op === 'push') live.push(heap.push(next++, o.at));
          else if (o.op === 'pop') {
            const min = Math.min(...live.map((e) => e.at));
            const popped = heap.pop();
            if (live.length === 0) expect(popped).toBeUndefined();
            else {
              expect(popped?.at).toBe(min);
              live.splice(live.indexOf(popped!), 1);
            }
          } else if (live.length > 0) {
            const entry = live[o.pick % live.length]!;
            if (o.op === 'update') heap.update(entry, o.at);
            else {
              heap.remove(entry);
              live.splice(live.indexOf(entry), 1);
            }
          }
          expect(heap.size).toBe(live.length);
          if (live.length > 0) expect(heap.peek()?.at).toBe(Math.min(...live.map((e) => e.at)));
        }
      }),
      { numRuns: 200 },
    );
  });
});
