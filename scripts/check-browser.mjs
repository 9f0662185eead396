#!/usr/bin/env node
// A real browser: bundles the packed `lobbykit/browser` into a page (esbuild, as a web game's bundler
// would), serves it from one origin and the emulator from another, and drives Debian's Chromium
// headless (playwright-core, pointed at /usr/bin/chromium) with two players in two tabs: join by
// secret, exchange messages, leave — with no bot-only call and no error — then a tab whose
// visibility is emulated hidden (no animation frames) catches its idle countdown up at once when
// shown. Run after `npm run build`; prints its run time. CHROMIUM overrides the executable.
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { chromiumArgs } from './chromiumArgs.mjs';
import { packScratch } from './packScratch.mjs';

const started = performance.now();
const executablePath = process.env.CHROMIUM ?? '/usr/bin/chromium';

/** The page's code: one player per tab, driven from here through `window.lobbykitTest`. */
const pageCode = `
import { bindBrowserLoop, keepaliveTransport, LobbyClient, PlayerRuntime } from 'lobbykit/browser';

const state = { ops: [], errors: [], heard: [], warnings: [] };
window.addEventListener('error', (e) => state.errors.push('error: ' + e.message));
window.addEventListener('unhandledrejection', (e) => state.errors.push('rejection: ' + String(e.reason)));

// Emulated visibility: while hidden, visibilityState says so and no animation frame runs (as in a
// real hidden tab, where the runtime's own timers are off here, so nothing ticks at all).
let hidden = false;
let showing = false;
const held = [];
Object.defineProperty(document, 'visibilityState', { get: () => (hidden ? 'hidden' : 'visible'), configurable: true });
const win = {
  addEventListener: (type, listener) => window.addEventListener(type, listener),
  removeEventListener: (type, listener) => window.removeEventListener(type, listener),
  requestAnimationFrame: (cb) => window.requestAnimationFrame((t) => (hidden ? held.push(cb) : cb(t))),
  cancelAnimationFrame: (id) => window.cancelAnimationFrame(id),
  document,
  navigator,
};

let runtime;
let binding;
let lobby;
window.lobbykitTest = {
  async join(apiUrl, token, secret, idleTimeoutSeconds) {
    binding?.detach();
    const transport = keepaliveTransport();
    const rest = new LobbyClient({ baseUrl: apiUrl, auth: { bearer: token }, transport });
    rest.on('request', (e) => state.ops.push(e.operation));
    runtime = new PlayerRuntime({ rest, timers: false, messagePollMs: 200, idleWarningsMs: [3000] });
    binding = bindBrowserLoop(runtime, { window: win, keepalive: transport, onError: (e) => state.errors.push(String(e)) });
    lobby = await runtime.join(secret, idleTimeoutSeconds ? { idleTimeoutSeconds } : {});
    lobby.on('message', ({ message, origin }) => state.heard.push(origin + ':' + message.content));
    lobby.on('idleWarning', ({ remainingMs }) => state.warnings.push({ remainingMs, onShow: showing }));
    lobby.on('syncError', ({ error }) => state.errors.push('syncError: ' + String(error)));
    return { id: lobby.id, members: [...lobby.members.keys()].sort() };
  },
  send: async (text) => (await lobby.sendMessage(text)).id,
  leave: () => lobby.leave(),
  hide() {
    hidden = true;
    document.dispatchEvent(new Event('visibilitychange'));
  },
  show() {
    hidden = false;
    showing = true;
    document.dispatchEvent(new Event('visibilitychange'));
    showing = false;
    for (const cb of held.splice(0)) window.requestAnimationFrame(cb);
  },
  state: () => ({ ...state, remainingMs: lobby?.idle.remainingMs ?? null }),
};
document.title = 'ready';
`;

const pack = packScratch('lobbykit-browser-');
let browser;
let site;
let emu;
try {
  const { app } = pack;
  writeFileSync(join(app, 'page.js'), pageCode);
  const bundled = await build({
    entryPoints: [join(app, 'page.js')],
    absWorkingDir: app,
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const script = bundled.outputFiles[0].text;
  const html =
    '<!doctype html><meta charset="utf-8"><title>loading</title><script type="module" src="/page.js"></script>';

  // The emulator from the packed package, on its own origin; the page on another.
  const lobbykit = await import(pathToFileURL(join(app, 'node_modules/lobbykit/dist/index.js')).href);
  const { startEmulator, demo } = await import(
    pathToFileURL(join(app, 'node_modules/lobbykit/dist/emulator.js')).href
  );
  emu = await startEmulator({ port: 0, seed: 'demo', rateLimits: 'off' });
  site = createServer((req, res) => {
    const body = req.url === '/page.js' ? script : html;
    res.writeHead(req.url === '/page.js' || req.url === '/' ? 200 : 404, {
      'content-type': req.url === '/page.js' ? 'text/javascript' : 'text/html',
    });
    res.end(body);
  });
  await new Promise((resolve) => site.listen(0, '127.0.0.1', resolve));
  const pageUrl = `http://127.0.0.1:${site.address().port}/`;
  if (new URL(pageUrl).origin === new URL(emu.url).origin)
    throw new Error('the page and the emulator share an origin');

  browser = await chromium.launch({ executablePath, args: [...chromiumArgs] });
  const context = await browser.newContext();
  const tabs = [];
  const pageErrors = [];
  for (let i = 0; i < 2; i++) {
    const page = await context.newPage();
    page.on('pageerror', (e) => pageErrors.push(String(e)));
    await page.goto(pageUrl);
    await page.waitForFunction(() => document.title === 'ready');
    tabs.push(page);
  }
  const [a, b] = tabs;
  const [alice, bob] = demo.users;
  const call = (page, name, ...args) =>
    page.evaluate(([n, xs]) => window.lobbykitTest[n](...xs), [name, args]);
  const waitHeard = (page, line) =>
    page.waitForFunction((l) => window.lobbykitTest.state().heard.includes(l), line, { timeout: 10_000 });

  // Two players: join by secret, exchange messages, leave.
  const la = await call(a, 'join', emu.apiUrl, alice.token, 'browser-room');
  const lb = await call(b, 'join', emu.apiUrl, bob.token, 'browser-room');
  if (la.id !== lb.id) throw new Error(`two lobbies: ${la.id} and ${lb.id}`);
  if (lb.members.join() !== [alice.id, bob.id].sort().join()) throw new Error(`members: ${lb.members}`);
  await call(a, 'send', 'hello from alice');
  await waitHeard(b, 'remote:hello from alice');
  await call(b, 'send', 'hello from bob');
  await waitHeard(a, 'remote:hello from bob');
  await call(a, 'leave');
  await call(b, 'leave');
  const left = emu.world.lobbies.get(la.id);
  if (left && left.members.size > 0) throw new Error('players still in the lobby after leaving');
  console.log('chromium: two players joined by secret, exchanged messages across origins and left');

  // A hidden tab: no frames for 3.5 s of a 5 s idle countdown warned at 3 s; shown, it catches up.
  await call(a, 'join', emu.apiUrl, alice.token, 'browser-idle-room', 5);
  await call(a, 'hide');
  await new Promise((resolve) => setTimeout(resolve, 3_500));
  const before = (await call(a, 'state')).warnings.length;
  await call(a, 'show');
  const { warnings } = await call(a, 'state');
  const w = warnings[0];
  if (before !== 0 || warnings.length !== 1 || !w.onShow || !(w.remainingMs > 0 && w.remainingMs < 3_000)) {
    throw new Error(`idle catch-up: ${JSON.stringify({ before, warnings })}`);
  }
  console.log(
    `chromium: the hidden tab caught its idle countdown up when shown (${w.remainingMs} ms left, warned at 3000)`,
  );
  await call(a, 'leave');

  // No bot-only call, no error, in either tab.
  const bearerOps = new Set(
    Object.values(lobbykit.routes)
      .filter((r) => r.auth === 'bearer')
      .map((r) => r.name),
  );
  for (const [i, page] of tabs.entries()) {
    const { ops, errors } = await call(page, 'state');
    const botOnly = ops.filter((op) => !bearerOps.has(op));
    if (botOnly.length > 0) throw new Error(`tab ${i}: bot-only calls ${botOnly}`);
    if (errors.length > 0) throw new Error(`tab ${i}: errors ${errors}`);
    console.log(
      `chromium: tab ${i} sent ${ops.length} requests, all bearer operations (${[...new Set(ops)].join(', ')})`,
    );
  }
  if (pageErrors.length > 0) throw new Error(`page errors: ${pageErrors}`);
  console.log(
    `chromium: passed in ${((performance.now() - started) / 1000).toFixed(1)} s (packing included)`,
  );
} finally {
  await browser?.close();
  await emu?.close();
  site?.close();
  pack.dispose();
}
