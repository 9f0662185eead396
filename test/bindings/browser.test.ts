// @vitest-environment happy-dom
/**
 * The browser binding under happy-dom with a fake clock and fake animation frames: frames tick the
 * runtime, a tab made visible catches its idle countdown up at once, `pagehide` flushes with
 * `keepalive`, `offline` pauses and `online` resumes, and `detach()` undoes it all.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { bindBrowserLoop } from '../../bindings/browser/bindBrowserLoop.js';
import { keepaliveTransport } from '../../bindings/browser/keepaliveTransport.js';
import { ManualClock } from '../../src/clock.js';
import { LobbyRuntime } from '../../src/lobby/LobbyRuntime.js';
import { LobbyClient } from '../../src/rest/LobbyClient.js';

const wire = { id: '100', application_id: '200', metadata: { mode: 'duel' }, members: [] };

/** Animation frames run only when the test says so. */
function fakeFrames() {
  let next = 1;
  const queue = new Map<number, (time: number) => void>();
  window.requestAnimationFrame = (cb: (time: number) => void) => {
    queue.set(next, cb);
    return next++;
  };
  window.cancelAnimationFrame = (id: number) => void queue.delete(id);
  return {
    run(): void {
      const due = [...queue.values()];
      queue.clear();
      for (const cb of due) cb(0);
    },
    get pending() {
      return queue.size;
    },
  };
}

function setVisibility(state: 'visible' | 'hidden'): void {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

/** A runtime over a keepalive transport whose fetch records each request's init and answers the lobby. */
function setup() {
  const clock = new ManualClock();
  const seen: Array<{ method: string; url: string; keepalive: boolean | undefined }> = [];
  const fetch = (async (url: string, init: RequestInit) => {
    seen.push({ method: String(init.method), url: String(url), keepalive: init.keepalive });
    return new Response(
      JSON.stringify({ ...wire, metadata: JSON.parse(String(init.body ?? '{}')).metadata ?? {} }),
      {
        status: 200,
        headers: { 'content-type': 'application/json' },
      },
    );
  }) as unknown as typeof globalThis.fetch;
  const transport = keepaliveTransport({ fetch });
  const rest = new LobbyClient({
    baseUrl: 'http://platform.test/api/v10',
    auth: { bot: 'b' },
    transport,
    clock,
  });
  const runtime = new LobbyRuntime({ rest, clock, timers: false, reconcileIntervalMs: 0, onIdle: 'none' });
  const lobby = runtime.adopt(wire, { idleTimeoutSeconds: 300 });
  return { clock, seen, transport, runtime, lobby };
}

let detach: (() => void) | undefined;
afterEach(() => {
  detach?.();
  detach = undefined;
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
});

describe('bindBrowserLoop', () => {
  it('ticks the runtime on every animation frame until detached', () => {
    const frames = fakeFrames();
    const { runtime, clock, lobby } = setup();
    const warnings: number[] = [];
    lobby.on('idleWarning', ({ remainingMs }) => warnings.push(remainingMs));
    const binding = bindBrowserLoop(runtime);
    detach = () => binding.detach();
    clock.advance(240_000);
    expect(warnings).toEqual([]); // nothing ticks without a frame (the runtime's timers are off)
    frames.run();
    expect(warnings).toEqual([60_000]);
    expect(frames.pending).toBe(1);
    binding.detach();
    expect(frames.pending).toBe(0);
    expect(binding.attached).toBe(false);
  });

  it('a hidden tab gets no frames; made visible, it catches its idle countdown up at once', () => {
    const frames = fakeFrames();
    const { runtime, clock, lobby } = setup();
    const warnings: number[] = [];
    const idle: number[] = [];
    lobby.on('idleWarning', ({ remainingMs }) => warnings.push(remainingMs));
    lobby.on('idle', () => idle.push(clock.now()));
    detach = bindBrowserLoop(runtime).detach;
    setVisibility('hidden');
    clock.advance(295_000); // the browser ran no frame meanwhile
    expect(warnings).toEqual([]);
    setVisibility('visible');
    expect(warnings).toEqual([5_000]); // the latest warning passed, with the true remaining time
    clock.advance(5_000);
    frames.run();
    expect(idle).toHaveLength(1);
  });

  it('pagehide flushes what is pending with keepalive, then switches keepalive off', async () => {
    fakeFrames();
    const { runtime, lobby, seen, transport } = setup();
    const binding = bindBrowserLoop(runtime, { keepalive: transport });
    detach = binding.detach;
    lobby.setMetadata({ phase: 'over' });
    window.dispatchEvent(new Event('pagehide'));
    expect(transport.keepalive).toBe(true);
    await expect.poll(() => transport.keepalive).toBe(false);
    expect(seen).toEqual([
      { method: 'PATCH', url: 'http://platform.test/api/v10/lobbies/100', keepalive: true },
    ]);
    expect(lobby.pending).toEqual([]);
    lobby.setMetadata({ phase: 'again' });
    await lobby.flush();
    expect(seen[1]?.keepalive).toBeUndefined();
  });

  it('offline pauses the runtime (nothing ticks, nothing is sent); online resumes and catches up', async () => {
    const frames = fakeFrames();
    const { runtime, clock, lobby, seen } = setup();
    detach = bindBrowserLoop(runtime).detach;
    window.dispatchEvent(new Event('offline'));
    expect(runtime.paused).toBe(true);
    lobby.setMetadata({ phase: 'offline' });
    clock.advance(1_000);
    frames.run();
    expect(seen).toEqual([]);
    window.dispatchEvent(new Event('online'));
    expect(runtime.paused).toBe(false);
    await expect.poll(() => seen.length).toBe(1);
    expect(lobby.metadata).toEqual({ mode: 'duel', phase: 'offline' });
  });

  it('manual loop: no frames requested; frame() ticks', () => {
    const frames = fakeFrames();
    const { runtime, clock, lobby } = setup();
    const warnings: number[] = [];
    lobby.on('idleWarning', ({ remainingMs }) => warnings.push(remainingMs));
    const binding = bindBrowserLoop(runtime, { loop: 'manual' });
    detach = binding.detach;
    expect(frames.pending).toBe(0);
    clock.advance(291_000);
    binding.frame();
    expect(warnings).toEqual([9_000]);
  });
});
