import { describe, expect, it } from 'vitest';
import { toAbortSignal } from '../../src/rest/transport/Transport.js';
import { AttemptSignal } from '../../src/rest/util/AttemptSignal.js';

describe('AttemptSignal', () => {
  it('calls each listener once on abort and forgets them', () => {
    const s = new AttemptSignal();
    const calls: string[] = [];
    const a = () => calls.push('a');
    s.addEventListener('abort', a);
    s.addEventListener('abort', () => calls.push('b'));
    s.removeEventListener('abort', a);
    expect(s.listenerCount).toBe(1);
    s.abort(new Error('x'));
    s.abort(new Error('y'));
    expect(calls).toEqual(['b']);
    expect(s.aborted).toBe(true);
    expect((s.reason as Error).message).toBe('x');
    expect(s.listenerCount).toBe(0);
  });

  it('becomes a real AbortSignal for fetch', () => {
    const s = new AttemptSignal();
    const real = toAbortSignal(s);
    expect(real).toBeInstanceOf(AbortSignal);
    expect(real.aborted).toBe(false);
    s.abort('why');
    expect(real.aborted).toBe(true);
    expect(real.reason).toBe('why');
    const already = new AttemptSignal();
    already.abort('before');
    expect(toAbortSignal(already).reason).toBe('before');
    const native = new AbortController().signal;
    expect(toAbortSignal(native)).toBe(native);
  });
});
