/**
 * The samples in a real headless Chromium, each page on its own origin and the emulator on another
 * (CORS): two players chat through the overlay; XSS payloads in a message, a member name and member
 * metadata show as text and run nothing; the idle countdown is shown and moves; the web game starts,
 * a second player joins, and both pages show both players. Run by `.ci/run`
 * (`npm run test:chromium`).
 */
import { type Browser, type Page, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Emulator, startEmulator } from 'lobbykit/emulator';
import { type OverlayServer, startOverlayServer } from '../../samples/chat-overlay/startOverlayServer.js';
import { startWebGame, type WebGame } from '../../samples/web-game/startWebGame.js';
import { launchChromium } from '../../scripts/launchChromium.js';

/** Payloads that would run if inserted as HTML: each sets `window.pwned`. */
const xss = {
  name: '<img src=x onerror=pwned=1>',
  metadata: '<script>pwned=2</script>',
  message: '<img src=x onerror=pwned=3><script>pwned=4</script><b>bold</b>',
};

let browser: Browser;
const pageProblems: string[] = [];
/** Requests a page made for `/x` (what an inserted `<img src=x>` would load). */
const strayRequests: string[] = [];

async function open(url: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 900, height: 640 } });
  page.on('pageerror', (error) => pageProblems.push(String(error)));
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/x') strayRequests.push(request.url());
  });
  await page.goto(url);
  return page;
}

const texts = (page: Page, selector: string) =>
  page.$$eval(selector, (nodes) => nodes.map((n) => n.textContent ?? ''));

beforeAll(async () => {
  browser = await launchChromium();
  expect(chromium.name()).toBe('chromium');
});

afterAll(async () => {
  await browser?.close();
});

describe('chat overlay in Chromium', () => {
  let emu: Emulator;
  let overlay: OverlayServer;

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, seed: 'demo', rateLimits: 'off', cors: true });
    overlay = await startOverlayServer({ apiUrl: emu.apiUrl });
    // A player whose name and team are XSS payloads.
    const made = await fetch(`${emu.url}/_emulator/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: xss.name }),
    });
    const mallory = (await made.json()) as { id: string; access_token: string };
    overlay.addPlayer('mallory', {
      token: mallory.access_token,
      userId: mallory.id,
      memberMetadata: { team: xss.metadata, color: 'red;background:url(/x)' },
    });
  });

  afterAll(async () => {
    await overlay?.close();
    await emu?.close();
  });

  it('two players exchange messages; payloads show as text and run nothing; the countdown moves', async () => {
    expect(new URL(overlay.url).origin).not.toBe(new URL(emu.url).origin);
    const alice = await open(`${overlay.url}?as=alice`);
    const bob = await open(`${overlay.url}?as=bob`);
    for (const page of [alice, bob]) await page.waitForSelector('.lk-overlay[data-state="ready"]');

    // One's message appears in the other's, newest at the bottom.
    await alice.fill('.lk-input', 'hello bob');
    await alice.press('.lk-input', 'Enter');
    await bob.waitForSelector('.lk-message >> text=hello bob', { timeout: 15_000 });
    await bob.focus('.lk-input');
    await bob.keyboard.type('hi alice');
    await bob.keyboard.press('Enter');
    await alice.waitForSelector('.lk-message >> text=hi alice', { timeout: 15_000 });
    expect(await texts(alice, '.lk-message .lk-text')).toEqual(['hello bob', 'hi alice']);
    expect(await texts(bob, '.lk-message .lk-text')).toEqual(['hello bob', 'hi alice']);
    // bob joined after alice: alice learns of him from his message.
    expect(await texts(alice, '.lk-member-name')).toEqual(['Alice (you)', 'Bob']);

    // XSS: a member name, member metadata and a message.
    const mallory = await open(`${overlay.url}?as=mallory`);
    await mallory.waitForSelector('.lk-overlay[data-state="ready"]');
    await mallory.fill('.lk-input', xss.message);
    await mallory.press('.lk-input', 'Enter');
    for (const page of [alice, bob]) {
      await page.waitForFunction(
        (text) => Array.from(document.querySelectorAll('.lk-text')).some((n) => n.textContent === text),
        xss.message,
        { timeout: 15_000 },
      );
      expect(await texts(page, '.lk-author')).toContain(xss.name);
      expect(await texts(page, '.lk-member-name')).toContain(xss.name);
    }
    expect(await texts(mallory, '.lk-member-team')).toEqual([xss.metadata, 'red', 'blue']);
    for (const page of [alice, bob, mallory]) {
      expect(await page.$$('.lk-overlay img, .lk-overlay script, .lk-overlay b')).toHaveLength(0);
      expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    }
    // The colour that tried to smuggle CSS was refused (no inline style with it).
    const swatch = await mallory.$eval('.lk-member .lk-swatch', (n) => (n as HTMLElement).style.cssText);
    expect(swatch).not.toContain('url');
    expect(strayRequests).toEqual([]);

    // The idle countdown is visible and moves.
    const idle = () => bob.textContent('.lk-idle');
    const first = await idle();
    expect(first).toMatch(/^Idle in \d+:\d\d$/);
    const seconds = (text: string | null) => {
      const [, m, s] = /(\d+):(\d\d)/.exec(text ?? '') ?? [];
      return Number(m) * 60 + Number(s);
    };
    // Below the first reading: activity (a message polled in) may set it back up meanwhile, so wait
    // for a lower figure rather than for any change.
    await bob.waitForFunction(
      (before) => {
        const [, m, s] = /(\d+):(\d\d)/.exec(document.querySelector('.lk-idle')?.textContent ?? '') ?? [];
        return Number(m) * 60 + Number(s) < before;
      },
      seconds(first),
      { timeout: 10_000 },
    );
    expect(seconds(await idle())).toBeLessThan(seconds(first));

    // "Link the game channel" (alice holds CanLinkLobby) then "Join the server": the invite shows.
    await alice.click('.lk-link');
    await alice.waitForSelector('.lk-channel-name >> text=Linked channel: #lobby-chat');
    await alice.waitForSelector('.lk-idle >> text=Never idles: a channel is linked');
    await alice.click('.lk-join');
    await alice.waitForSelector('.lk-invite-link');
    expect(await alice.textContent('.lk-invite-link')).toMatch(/^discord\.gg\/\w+$/);
    expect(pageProblems).toEqual([]);
  });
});

describe('web game in Chromium', () => {
  let emu: Emulator;
  let game: WebGame;

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, seed: 'demo', rateLimits: 'off', cors: true });
    game = await startWebGame({ apiUrl: emu.apiUrl, emulatorUrl: emu.url, print: () => {} });
  });

  afterAll(async () => {
    await game?.close();
    await emu?.close();
  });

  it('starts, a second player joins, both pages show both players and chat is relayed', async () => {
    const hud = (page: Page, prefix: string) =>
      page.waitForFunction((p) => document.querySelector('#hud')?.textContent?.startsWith(p), prefix, {
        timeout: 15_000,
      });
    const alice = await open(`${game.url}?as=alice`);
    await hud(alice, '1 player: alice');
    const bob = await open(`${game.url}?as=bob`);
    for (const page of [alice, bob]) {
      await hud(page, '2 players');
      await page.waitForFunction(() => document.querySelectorAll('.lk-member').length === 2);
      expect((await page.textContent('#hud'))?.split(': ')[1]?.split(', ').sort()).toEqual(['alice', 'bob']);
      expect((await texts(page, '.lk-member-team')).sort()).toEqual(['blue', 'red']);
    }
    // The server owns the lobby: both are members, with the teams it gave them.
    const teams = [...(game.lobby?.members.values() ?? [])].map((m) => m.metadata.team).sort();
    expect(teams).toEqual(['blue', 'red']);

    // Chat reaches the other page through the server (webhook event → WebSocket), not by polling.
    await bob.keyboard.press('Enter');
    await bob.keyboard.type('gl hf');
    await bob.keyboard.press('Enter');
    await alice.waitForSelector('.lk-message >> text=gl hf', { timeout: 15_000 });

    // The arrow keys move alice in the server's game (which every page draws).
    const aliceX = () => game.players().find((p) => p.name === 'alice')?.x ?? Number.NaN;
    const before = aliceX();
    await alice.focus('#field');
    await alice.keyboard.down(before > 0.5 ? 'ArrowLeft' : 'ArrowRight');
    await new Promise((resolve) => setTimeout(resolve, 400));
    await alice.keyboard.up(before > 0.5 ? 'ArrowLeft' : 'ArrowRight');
    expect(Math.abs(aliceX() - before)).toBeGreaterThan(0.02);
    expect(pageProblems).toEqual([]);
  });
});
