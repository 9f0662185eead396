// The flags headless Chromium needs in a quiet, sandbox-less CI container: one list for the
// packed-package check (check-browser.mjs), the samples' browser tests and the screenshots.
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--font-render-hinting=none',
];
