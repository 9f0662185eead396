/** subscribeAbort: one listener per signal, removed when the last wait leaves. */
import { describe, expect, it } from 'vitest';
import { subscribeAbort } from '../../src/rest/util/subscribeAbort.js';
import { abortListeners } from './support/listeners.js';

describe('subscribeAbort', () => {
  it('adds one listener for many subscribers and removes it with the last', () => {
    const controller = new AbortController();
    const calls: number[] = [];
    const offs = Array.from({ length: 50 }, (_, i) => subscribeAbort(controller.signal, () => calls.push(i)));
    expect(abortListeners(controller.signal)).toBe(1);
    for (const off of offs) off();
    expect(abortListeners(controller.signal)).toBe(0);
    offs[0]?.(); // twice: nothing
    controller.abort();
    expect(calls).toEqual([]);
  });

  it('calls every subscriber once on abort, in order, and leaves nothing behind', () => {
    const controller = new AbortController();
    const calls: number[] = [];
    const offs = [1, 2, 3].map((i) => subscribeAbort(controller.signal, () => calls.push(i)));
    offs[1]?.();
    controller.abort();
    expect(calls).toEqual([1, 3]);
    expect(abortListeners(controller.signal)).toBe(0);
    for (const off of offs) off(); // after the abort: nothing
    // A new subscription after a settled round gets a fresh listener.
    const again = new AbortController();
    const off = subscribeAbort(again.signal, () => calls.push(9));
    expect(abortListeners(again.signal)).toBe(1);
    off();
    expect(abortListeners(again.signal)).toBe(0);
  });

  it('lets a subscriber settle other waits of the same signal during the abort', () => {
    const controller = new AbortController();
    const calls: string[] = [];
    let offB: () => void = () => {};
    subscribeAbort(controller.signal, () => {
      calls.push('a');
      offB();
    });
    offB = subscribeAbort(controller.signal, () => calls.push('b'));
    controller.abort();
    // b was subscribed when the abort began: it still runs exactly once.
    expect(calls).toEqual(['a', 'b']);
  });
});
