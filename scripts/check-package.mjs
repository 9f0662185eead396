#!/usr/bin/env node
// Checks the built package as a user gets it: packs the tarball, installs it in a scratch folder,
// imports it as ESM and as CJS under Node (where the `node` condition must give the undici default
// transport), and bundles the core entry for browsers, failing on any Node built-in or undici that
// the `browser` condition would pull in and checking that the bundle's default transport is fetch.
// Run after `npm run build`.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import commonjs from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import { rollup } from 'rollup';

const root = resolve(import.meta.dirname, '..');
const scratch = mkdtempSync(join(tmpdir(), 'lobbykit-pack-'));
const run = (cmd, args, cwd) =>
  execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });

try {
  const tarball = run('npm', ['pack', '--silent', '--pack-destination', scratch], root)
    .trim()
    .split('\n')
    .pop();
  const app = join(scratch, 'app');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'scratch', private: true }));
  run(
    'npm',
    ['install', '--silent', '--no-audit', '--no-fund', '--prefer-offline', join(scratch, tarball)],
    app,
  );

  // ESM and CJS under Node (the `node` condition: undici transport).
  // Under Node the exports map's `node` condition must lead to dist/node-core, built with undici.
  const probe =
    "const n = Object.keys(m.routes).length; if (n !== 79) throw new Error('routes: ' + n);" +
    " if (m.defaultTransportKind !== 'undici') throw new Error('node default transport: ' + m.defaultTransportKind);";
  run(
    'node',
    [
      '--input-type=module',
      '-e',
      `const m = await import('lobbykit'); ${probe} console.log('esm ok', n, m.defaultTransportKind);`,
    ],
    app,
  );
  run(
    'node',
    ['-e', `const m = require('lobbykit'); ${probe} console.log('cjs ok', n, m.defaultTransportKind);`],
    app,
  );
  console.log('node: lobbykit imports as ESM and as CJS, default transport undici');

  // The browser condition: bundle the core and refuse any Node built-in or undici.
  const forbidden = new Set([...builtinModules, 'undici']);
  const entry = join(app, 'browser-entry.js');
  writeFileSync(entry, "export * from 'lobbykit';\n");
  const offenders = [];
  const bundle = await rollup({
    input: entry,
    onwarn: () => {},
    plugins: [
      {
        name: 'no-node-in-browser',
        resolveId(source, importer) {
          const bare = source.replace(/^node:/, '').split('/')[0];
          if (source.startsWith('node:') || forbidden.has(bare)) {
            offenders.push(`${source} (imported by ${importer})`);
            return { id: source, external: true };
          }
          return null;
        },
      },
      nodeResolve({
        browser: true,
        exportConditions: ['browser', 'import', 'default'],
        preferBuiltins: false,
      }),
      // As browser bundlers do: eventemitter3's ESM wrapper imports its CommonJS build.
      commonjs(),
    ],
  });
  const { output } = await bundle.generate({ format: 'es' });
  await bundle.close();
  if (offenders.length > 0) {
    console.error(`browser: the core entry pulls in Node-only modules:\n  ${offenders.join('\n  ')}`);
    process.exit(1);
  }
  const bytes = output.reduce((n, chunk) => n + (chunk.type === 'chunk' ? chunk.code.length : 0), 0);

  // Run the browser bundle (it needs nothing Node lacks at import time): its default transport is fetch.
  const entryChunk = output.find((chunk) => chunk.type === 'chunk' && chunk.isEntry);
  const bundled = join(app, 'browser-bundle.mjs');
  writeFileSync(bundled, entryChunk.code);
  const browserKind = run(
    'node',
    [
      '--input-type=module',
      '-e',
      `const m = await import(${JSON.stringify(pathToFileURL(bundled).href)}); console.log(m.defaultTransportKind);`,
    ],
    app,
  ).trim();
  if (browserKind !== 'fetch') {
    console.error(`browser: the bundle's default transport is ${browserKind}, not fetch`);
    process.exit(1);
  }
  console.log(
    `browser: core bundles with no Node built-in and no undici, default transport fetch (${(bytes / 1024).toFixed(0)} KiB unminified)`,
  );
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
