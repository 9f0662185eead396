/** UndiciExchange: the undici transport's dispatch handler, driven by hand (no network). */
import { describe, expect, it, vi } from 'vitest';
import { UndiciExchange } from '../../src/rest/transport/UndiciExchange.js';
import { AttemptSignal } from '../../src/rest/util/AttemptSignal.js';

const bytes = (text: string) => new TextEncoder().encode(text);

function started(signal = new AttemptSignal()) {
  const exchange = new UndiciExchange(signal);
  const controller = { abort: vi.fn() };
  exchange.onRequestStart(controller);
  return { exchange, controller, signal };
}

describe('UndiciExchange', () => {
  it('answers at the head (after any 1xx) and serves the body whole, joined and without a BOM', async () => {
    const { exchange, controller, signal } = started();
    exchange.onResponseStart(controller, 100, {});
    exchange.onResponseStart(controller, 200, { 'x-ratelimit-bucket': 'b', 'set-cookie': ['a', 'b'] });
    const res = await exchange.answer;
    expect(res.status).toBe(200);
    expect(res.headers.get('X-RateLimit-Bucket')).toBe('b');
    expect(res.headers.get('set-cookie')).toBe('a, b');
    expect(res.headers.get('absent')).toBeNull();
    const text = res.body.text();
    exchange.onResponseData(controller, new Uint8Array([0xef, 0xbb, 0xbf, ...bytes('{"id":')]));
    exchange.onResponseData(controller, bytes('"1é"}'));
    exchange.onResponseEnd();
    await expect(text).resolves.toBe('{"id":"1é"}');
    expect(signal.listenerCount).toBe(0);
    await expect(res.body.text()).rejects.toThrow('already read');
  });

  it('reads a body already complete, as JSON, bytes (a copy) or nothing', async () => {
    for (const read of ['json', 'bytes', 'discard', 'empty'] as const) {
      const { exchange, controller } = started();
      exchange.onResponseStart(controller, 200, {});
      const chunk = bytes('{"a":1}');
      if (read !== 'empty') exchange.onResponseData(controller, chunk);
      exchange.onResponseEnd();
      const res = await exchange.answer;
      if (read === 'json') await expect(res.body.json()).resolves.toEqual({ a: 1 });
      if (read === 'discard') await expect(res.body.discard()).resolves.toBeUndefined();
      if (read === 'empty') await expect(res.body.json()).resolves.toBeUndefined();
      if (read === 'bytes') {
        const out = await res.body.bytes();
        expect(out).toEqual(chunk);
        expect(out).not.toBe(chunk);
        expect(Object.getPrototypeOf(out)).toBe(Uint8Array.prototype);
      }
    }
  });

  it('aborted before the head: rejects at once with the reason, and aborts once undici starts it', async () => {
    const signal = new AttemptSignal();
    const exchange = new UndiciExchange(signal);
    const reason = new DOMException('The attempt timed out', 'TimeoutError');
    signal.abort(reason);
    await expect(exchange.answer).rejects.toBe(reason);
    expect(signal.listenerCount).toBe(0);
    const controller = { abort: vi.fn() };
    exchange.onRequestStart(controller);
    expect(controller.abort).toHaveBeenCalledWith(reason);
    // undici then reports the abort as an error: ignored.
    exchange.onResponseError(controller, reason);
  });

  it('aborted in flight: aborts through the controller; a non-Error reason becomes an Error for undici', async () => {
    const { exchange, controller, signal } = started();
    signal.abort('user gave up');
    await expect(exchange.answer).rejects.toBe('user gave up');
    expect(controller.abort).toHaveBeenCalledTimes(1);
    expect(controller.abort.mock.calls[0]?.[0]).toBeInstanceOf(Error);
  });

  it('aborted while the body arrives: the read rejects with the reason; a discard resolves', async () => {
    for (const read of ['text', 'discard'] as const) {
      const { exchange, controller, signal } = started();
      exchange.onResponseStart(controller, 200, {});
      const res = await exchange.answer;
      exchange.onResponseData(controller, bytes('{"partial'));
      const pending = read === 'text' ? res.body.text() : res.body.discard();
      const reason = new Error('stop');
      signal.abort(reason);
      if (read === 'text') await expect(pending).rejects.toBe(reason);
      else await expect(pending).resolves.toBeUndefined();
      expect(controller.abort).toHaveBeenCalledWith(reason);
      expect(signal.listenerCount).toBe(0);
    }
  });

  it('a connection error rejects the answer, or the body read when it comes after the head', async () => {
    const early = started();
    const error = new Error('socket hang up');
    early.exchange.onResponseError(early.controller, error);
    await expect(early.exchange.answer).rejects.toBe(error);
    expect(early.signal.listenerCount).toBe(0);

    const late = started();
    late.exchange.onResponseStart(late.controller, 200, {});
    const res = await late.exchange.answer;
    late.exchange.onResponseError(late.controller, error);
    await expect(res.body.text()).rejects.toBe(error);

    const failedBeforeDispatch = new UndiciExchange(new AttemptSignal());
    failedBeforeDispatch.fail(new Error('closed'));
    await expect(failedBeforeDispatch.answer).rejects.toThrow('closed');
  });

  it('an abort after the body is complete changes nothing', async () => {
    const { exchange, controller, signal } = started();
    exchange.onResponseStart(controller, 200, {});
    exchange.onResponseData(controller, bytes('ok'));
    exchange.onResponseEnd();
    signal.abort(new Error('late'));
    await expect((await exchange.answer).body.text()).resolves.toBe('ok');
    expect(controller.abort).not.toHaveBeenCalled();
  });
});
