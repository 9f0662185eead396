/**
 * Drives a lobby runtime from a browser page: every animation frame (or the game's own loop), at once
 * when the tab becomes visible again, a keepalive flush on `pagehide`, and a pause while offline.
 */
import type { KeepaliveTransport } from './keepaliveTransport.js';

/** What the binding drives: a `LobbyRuntime` or a `PlayerRuntime`. */
export interface DrivenRuntime {
  tick(now?: number): number;
  flushAll(): Promise<void>;
  pause(): void;
  resume(): void;
}

/** The parts of `window` the binding uses (a test passes its own). */
export interface BrowserWindowLike {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
  requestAnimationFrame?(callback: (time: number) => void): number;
  cancelAnimationFrame?(handle: number): void;
  readonly document?: {
    readonly visibilityState?: string;
    addEventListener(type: string, listener: () => void): void;
    removeEventListener(type: string, listener: () => void): void;
  };
  readonly navigator?: { readonly onLine?: boolean };
}

/** Options of {@link bindBrowserLoop}. */
export interface BrowserLoopOptions {
  /** The window to listen on. @defaultValue `globalThis` */
  readonly window?: BrowserWindowLike;
  /**
   * `'raf'`: tick on every animation frame (browsers stop frames in hidden tabs; the runtime's own
   * clock timers still run, throttled, and the visible tab catches up at once). `'manual'`: the game
   * calls `binding.frame()` (or `runtime.tick()`) from its own loop. @defaultValue `'raf'`
   */
  readonly loop?: 'raf' | 'manual';
  /** The transport to switch to `keepalive` for the flush on `pagehide`. */
  readonly keepalive?: KeepaliveTransport;
  /** Pause while `offline`, resume on `online` (retries would only burn). @defaultValue `true` */
  readonly pauseOffline?: boolean;
  /** Where a failed `pagehide` flush is reported. @defaultValue nothing */
  readonly onError?: (error: unknown) => void;
}

/** A binding: `frame()` ticks once; `detach()` removes every listener and stops the frames. */
export interface BrowserLoopBinding {
  frame(): number;
  /** Flushes now, with `keepalive` on while it runs (what `pagehide` does). */
  flushForUnload(): Promise<void>;
  detach(): void;
  readonly attached: boolean;
}

/**
 * Binds `runtime` to the page: ticks it every animation frame (or when the game calls `frame()`), at
 * once on `visibilitychange` to visible (a hidden tab's idle countdown catches up exactly: it is
 * computed from wall time), flushes with `fetch(..., { keepalive: true })` on `pagehide`, and pauses
 * sync while `offline`. `detach()` undoes all of it.
 *
 * @example
 * ```ts
 * const transport = keepaliveTransport();
 * const rest = new LobbyClient({ auth: { bearer: accessToken }, transport });
 * const player = new PlayerRuntime({ rest });
 * const binding = bindBrowserLoop(player, { keepalive: transport });
 * ```
 */
export function bindBrowserLoop(
  runtime: DrivenRuntime,
  options: BrowserLoopOptions = {},
): BrowserLoopBinding {
  const win = options.window ?? (globalThis as unknown as BrowserWindowLike);
  const doc = win.document;
  const loop = options.loop ?? 'raf';
  const onError = options.onError ?? (() => {});
  let attached = true;
  let raf: number | undefined;
  let unloading: Promise<void> | undefined;

  const frame = (): number => (attached ? runtime.tick() : 0);
  const onFrame = (): void => {
    raf = undefined;
    if (!attached) return;
    frame();
    raf = win.requestAnimationFrame?.(onFrame);
  };
  const onVisibility = (): void => {
    if (doc?.visibilityState === 'visible') frame();
  };
  const flushForUnload = (): Promise<void> => {
    unloading ??= (async () => {
      if (options.keepalive) options.keepalive.keepalive = true;
      try {
        await runtime.flushAll();
      } finally {
        if (options.keepalive) options.keepalive.keepalive = false;
        unloading = undefined;
      }
    })();
    return unloading;
  };
  const onPagehide = (): void => {
    flushForUnload().catch(onError);
  };
  const onOffline = (): void => runtime.pause();
  const onOnline = (): void => runtime.resume();
  const pauseOffline = options.pauseOffline ?? true;

  doc?.addEventListener('visibilitychange', onVisibility);
  win.addEventListener('pagehide', onPagehide);
  if (pauseOffline) {
    win.addEventListener('offline', onOffline);
    win.addEventListener('online', onOnline);
    if (win.navigator?.onLine === false) runtime.pause();
  }
  if (loop === 'raf' && win.requestAnimationFrame) raf = win.requestAnimationFrame(onFrame);

  return {
    frame,
    flushForUnload,
    get attached() {
      return attached;
    },
    detach(): void {
      if (!attached) return;
      attached = false;
      if (raf !== undefined) win.cancelAnimationFrame?.(raf);
      raf = undefined;
      doc?.removeEventListener('visibilitychange', onVisibility);
      win.removeEventListener('pagehide', onPagehide);
      if (pauseOffline) {
        win.removeEventListener('offline', onOffline);
        win.removeEventListener('online', onOnline);
      }
    },
  };
}
