#!/usr/bin/env node
// The size budget: bundles the packed package as a user's bundler would (esbuild, minified, browser
// platform and conditions, ESM) and prints each figure in min+gz with the largest inputs; exits 1
// when an entry is over its budget. Run after `npm run build`. `--report` prints without failing.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { packScratch } from './packScratch.mjs';

const KB = 1024;
/**
 * What a user imports, the most it may cost (min+gz bytes; Infinity: a figure only; over it the check
 * fails) and the target it aims at (printed). lobbykit/browser's budget was a ratchet near each day's
 * figure until it met its 25 KB target (see README, Size). Raised once, 35.5 → 35.7 KB, for the
 * rate-limit store seam, the Lobby handle's split and the platform's error codes in the spec (issues
 * 15 and 16), each measured; lowered to 33.7 KB when the entry fell to 33.6 KB (issue 11: schema
 * construction the bundle never reads dropped, the lobby client's table without summaries), then to
 * 25.9 KB when it fell to 25.8 KB (the lobby client's lean checks: no zod; the route summaries out of
 * the tables; the lobby client's engine without multipart, CSV and the zod input memo), then to the
 * 25 KB target when it fell to 24.98 KB (attachWebhooks out of LobbyRuntime; the per-lobby buckets
 * and development limits out of LobbyClient; all file handling in the multipart support; duplicates
 * removed). It is not to move up again without the same account. `node scripts/size-sources.mjs`
 * shows what is inside the figure, by source module.
 */
const cases = [
  {
    name: 'lobbykit/browser, everything',
    code: "export * from 'lobbykit/browser';",
    budget: 25 * KB,
    target: 25 * KB,
    needs: 'browser',
  },
  {
    name: 'lobbykit/browser: a player web game (PlayerRuntime, LobbyClient, bindBrowserLoop, keepaliveTransport)',
    code: "export { bindBrowserLoop, keepaliveTransport, LobbyClient, PlayerRuntime } from 'lobbykit/browser';",
    budget: Number.POSITIVE_INFINITY,
    needs: 'browser',
  },
  { name: 'lobbykit, everything (browser)', code: "export * from 'lobbykit';", budget: 60 * KB },
  {
    name: 'lobbykit: LobbyRuntime + RestClient',
    code: "export { LobbyRuntime, RestClient } from 'lobbykit';",
    budget: Number.POSITIVE_INFINITY,
  },
];
const report = process.argv.includes('--report');
const pack = packScratch('lobbykit-size-');
let over = 0;
try {
  for (const c of cases) {
    if (c.needs && !existsSync(join(pack.app, 'node_modules/lobbykit/dist', `${c.needs}.js`))) {
      console.log(`${c.name}: no such entry yet`);
      continue;
    }
    const entry = join(pack.app, 'size-entry.js');
    writeFileSync(entry, `${c.code}\n`);
    const result = await build({
      entryPoints: [entry],
      absWorkingDir: pack.app,
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const code = result.outputFiles[0].contents;
    const gz = gzipSync(code, { level: 9 }).length;
    const fits = gz <= c.budget;
    if (!fits) over++;
    const target =
      c.target === undefined
        ? ''
        : `, target ${(c.target / KB).toFixed(0)} KB: ${gz <= c.target ? 'met' : 'not met'}`;
    const budget = Number.isFinite(c.budget)
      ? ` (budget ${+(c.budget / KB).toFixed(1)} KB: ${fits ? 'ok' : 'OVER'}${target})`
      : '';
    console.log(
      `${c.name}: ${(gz / KB).toFixed(2)} KB min+gz, ${(code.length / KB).toFixed(1)} KB min${budget}`,
    );
    const inputs = Object.entries(Object.values(result.metafile.outputs)[0].inputs)
      .map(([path, v]) => [path.replace(/^.*node_modules\//, ''), v.bytesInOutput])
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8);
    for (const [path, bytes] of inputs)
      console.log(`  ${(bytes / KB).toFixed(1).padStart(6)} KB min  ${path}`);
  }
} finally {
  pack.dispose();
}
if (over > 0 && !report) {
  console.error(`size: ${over} entr${over === 1 ? 'y is' : 'ies are'} over budget`);
  process.exit(1);
}
