/** DeadlineList: many deadlines on one Clock timer, over a ManualClock (nothing sleeps). */
import { describe, expect, it } from 'vitest';
import { type Clock, ManualClock } from '../../src/clock.js';
import { DeadlineList, type Expirable } from '../../src/rest/util/DeadlineList.js';

function recorder(log: string[], name: string): Expirable {
  return { expire: () => log.push(name) };
}

describe('DeadlineList', () => {
  it('expires each deadline exactly when due, never early, in due order', () => {
    const clock = new ManualClock();
    const list = new DeadlineList(clock);
    const log: string[] = [];
    list.add(100, recorder(log, 'a'));
    clock.advance(10);
    list.add(100, recorder(log, 'b')); // due at 110
    list.add(50, recorder(log, 'c')); // due at 60: before both
    expect(clock.pending).toBe(1);
    clock.advance(49);
    expect(log).toEqual([]);
    clock.advance(1);
    expect(log).toEqual(['c']);
    clock.advance(39);
    expect(log).toEqual(['c']);
    clock.advance(1);
    expect(log).toEqual(['c', 'a']);
    clock.advance(10);
    expect(log).toEqual(['c', 'a', 'b']);
    expect(list.size).toBe(0);
    expect(clock.pending).toBe(0);
  });

  it('keeps one timer however many deadlines, and does not move it when its deadline is removed', () => {
    const clock = new ManualClock();
    const list = new DeadlineList(clock);
    const log: string[] = [];
    const first = list.add(1000, recorder(log, 'first'));
    const rest = Array.from({ length: 50 }, (_, i) => {
      clock.advance(1);
      return list.add(1000, recorder(log, `r${i}`));
    });
    expect(clock.pending).toBe(1);
    list.remove(first);
    expect(clock.pending).toBe(1);
    for (const d of rest.slice(0, 49)) list.remove(d);
    expect(list.size).toBe(1);
    // The timer fires at the removed head's time, finds nothing due, and re-arms for the survivor.
    clock.advance(950);
    expect(log).toEqual([]);
    expect(clock.pending).toBe(1);
    clock.advance(49); // r49 was added at 50: due at 1050
    expect(log).toEqual([]);
    clock.advance(1);
    expect(log).toEqual(['r49']);
    expect(clock.pending).toBe(0);
  });

  it('leaves no timer once the list empties, and removing twice or after expiry does nothing', () => {
    const clock = new ManualClock();
    const list = new DeadlineList(clock);
    const log: string[] = [];
    const a = list.add(100, recorder(log, 'a'));
    const b = list.add(200, recorder(log, 'b'));
    list.remove(a);
    list.remove(a);
    expect(clock.pending).toBe(1);
    list.remove(b);
    expect(clock.pending).toBe(0);
    const c = list.add(10, recorder(log, 'c'));
    clock.advance(10);
    list.remove(c);
    expect(log).toEqual(['c']);
    expect(list.size).toBe(0);
    expect(clock.pending).toBe(0);
  });

  it('expires deadlines due at the same time together, in the order they were added', () => {
    const clock = new ManualClock();
    const list = new DeadlineList(clock);
    const log: string[] = [];
    for (const name of ['x', 'y', 'z']) list.add(30, recorder(log, name));
    clock.advance(30);
    expect(log).toEqual(['x', 'y', 'z']);
  });

  it('lets an expiry add or remove deadlines', () => {
    const clock = new ManualClock();
    const list = new DeadlineList(clock);
    const log: string[] = [];
    const later = list.add(20, recorder(log, 'later'));
    list.add(10, {
      expire: () => {
        log.push('first');
        list.remove(later);
        list.add(5, recorder(log, 'added'));
      },
    });
    clock.advance(10);
    expect(log).toEqual(['first']);
    clock.advance(5);
    expect(log).toEqual(['first', 'added']);
    clock.advance(100);
    expect(log).toEqual(['first', 'added']);
    expect(clock.pending).toBe(0);
  });

  it('a throwing expiry does not stop the others', async () => {
    const clock = new ManualClock();
    const list = new DeadlineList(clock);
    const log: string[] = [];
    const thrown: unknown[] = [];
    const original = globalThis.queueMicrotask;
    globalThis.queueMicrotask = (cb) =>
      original(() => {
        try {
          cb();
        } catch (error) {
          thrown.push(error);
        }
      });
    try {
      list.add(10, {
        expire: () => {
          throw new Error('boom');
        },
      });
      list.add(10, recorder(log, 'next'));
      list.add(20, recorder(log, 'after'));
      clock.advance(10);
      expect(log).toEqual(['next']);
      await Promise.resolve();
      expect(thrown).toMatchObject([{ message: 'boom' }]);
      clock.advance(10);
      expect(log).toEqual(['next', 'after']);
    } finally {
      globalThis.queueMicrotask = original;
    }
  });

  it('follows the monotonic reading where the clock has one: a wall-clock step expires nothing early', () => {
    const manual = new ManualClock(1_000);
    let wallStep = 0;
    // Wall time that a correction moves an hour ahead; the monotonic reading and the timers do not.
    const clock: Clock = {
      now: () => manual.now() + wallStep,
      monotonicNow: () => manual.now(),
      setTimeout: (callback, ms) => manual.setTimeout(callback, ms),
      clearTimeout: (handle) => manual.clearTimeout(handle),
    };
    const list = new DeadlineList(clock);
    const log: string[] = [];
    list.add(100, recorder(log, 'a'));
    list.add(1_000, recorder(log, 'b'));
    wallStep = 3_600_000;
    manual.advance(100);
    // Read by wall time, 'b' would look an hour overdue and go with 'a'.
    expect(log).toEqual(['a']);
    manual.advance(899);
    expect(log).toEqual(['a']);
    manual.advance(1);
    expect(log).toEqual(['a', 'b']);
  });
});
