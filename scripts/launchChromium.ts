/**
 * Launches Debian's Chromium headless through playwright-core (no browser is downloaded), as
 * scripts/check-browser.mjs does: the samples' browser tests and `npm run screenshots` share it.
 * CHROMIUM overrides the executable.
 */
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { chromiumArgs } from './chromiumArgs.mjs';

/** Where Chromium is: `CHROMIUM`, else Debian's `/usr/bin/chromium`; undefined when neither exists. */
export function chromiumPath(): string | undefined {
  const path = process.env.CHROMIUM ?? '/usr/bin/chromium';
  return existsSync(path) ? path : undefined;
}

/** Starts headless Chromium with the flags a quiet, sandbox-less CI container needs. */
export async function launchChromium(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (executablePath === undefined) {
    throw new Error('Chromium not found: install it (apt-get install chromium) or set CHROMIUM');
  }
  return chromium.launch({ executablePath, args: [...chromiumArgs] });
}
