/**
 * `npm run screenshots`: remakes the samples' screenshots by driving the same headless Chromium as
 * their tests (scripts/launchChromium.ts) — two players in each sample against a fresh emulator —
 * and writes samples/chat-overlay/screenshot.png and samples/web-game/screenshot.png.
 */
import { fileURLToPath } from 'node:url';
import { startEmulator } from 'lobbykit/emulator';
import type { Page } from 'playwright-core';
import { startOverlayServer } from '../samples/chat-overlay/startOverlayServer.js';
import { startWebGame } from '../samples/web-game/startWebGame.js';
import { launchChromium } from './launchChromium.js';

const started = performance.now();
const out = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Types a line in the page's chat box and sends it with Enter. */
async function say(page: Page, text: string): Promise<void> {
  await page.focus('.lk-input');
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

const seen = (page: Page, text: string) =>
  page.waitForSelector(`.lk-message >> text=${text}`, { timeout: 20_000 });

const browser = await launchChromium();
try {
  {
    const emu = await startEmulator({ port: 0, seed: 'demo', rateLimits: 'off', cors: true });
    const overlay = await startOverlayServer({ apiUrl: emu.apiUrl });
    try {
      const pages: Page[] = [];
      for (const name of ['alice', 'bob']) {
        const page = await browser.newPage({ viewport: { width: 420, height: 520 } });
        await page.goto(`${overlay.url}?as=${name}`);
        await page.waitForSelector('.lk-overlay[data-state="ready"]');
        pages.push(page);
      }
      const [alice, bob] = pages as [Page, Page];
      await say(alice, 'ready when you are');
      await seen(bob, 'ready when you are');
      await say(bob, 'blue side, go! <b>not bold</b>');
      await seen(alice, 'blue side, go!');
      await say(alice, 'gl hf');
      await alice.locator('.lk-overlay').screenshot({ path: out('../samples/chat-overlay/screenshot.png') });
      console.log('wrote samples/chat-overlay/screenshot.png (alice, after chatting with bob)');
    } finally {
      await overlay.close();
      await emu.close();
    }
  }
  {
    const emu = await startEmulator({ port: 0, seed: 'demo', rateLimits: 'off', cors: true });
    const game = await startWebGame({ apiUrl: emu.apiUrl, emulatorUrl: emu.url, print: () => {} });
    try {
      const pages: Page[] = [];
      for (const name of ['alice', 'bob']) {
        const page = await browser.newPage({ viewport: { width: 992, height: 632 } });
        await page.goto(`${game.url}?as=${name}`);
        pages.push(page);
      }
      const [alice, bob] = pages as [Page, Page];
      for (const page of pages) {
        await page.waitForFunction(() =>
          document.querySelector('#hud')?.textContent?.startsWith('2 players'),
        );
      }
      await alice.focus('#field');
      await alice.keyboard.down('ArrowDown');
      await new Promise((resolve) => setTimeout(resolve, 500));
      await alice.keyboard.up('ArrowDown');
      await say(bob, 'gl hf');
      await seen(alice, 'gl hf');
      await say(alice, 'see you at the flag');
      await seen(bob, 'see you at the flag');
      await alice.locator('#stage').screenshot({ path: out('../samples/web-game/screenshot.png') });
      console.log('wrote samples/web-game/screenshot.png (alice, with bob in the game)');
    } finally {
      await game.close();
      await emu.close();
    }
  }
} finally {
  await browser.close();
}
console.log(`screenshots: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
