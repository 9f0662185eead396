#!/usr/bin/env node
// Checks the built package as a user gets it: packs the tarball, installs it in a scratch folder,
// imports every entry as ESM and as CJS under Node (where the `node` condition of the `#transport`
// import must give the undici default transport), checks that the core is built once (a class
// exported by two entries is the same object; a ManualClock from `lobbykit` drives the emulator of
// `lobbykit/emulator`), and bundles each browser entry, failing on any Node built-in or undici that
// the `browser` condition would pull in and checking that the bundle's default transport is fetch.
// Run after `npm run build`.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import commonjs from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import { rollup } from 'rollup';
import { packScratch, root, run } from './packScratch.mjs';

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
/** Every entry a user can import, but package.json. */
const entries = Object.keys(pkg.exports)
  .filter((key) => key !== './package.json')
  .map((key) => (key === '.' ? 'lobbykit' : `lobbykit/${key.slice(2)}`));
/** Entries that run in browsers (no Node built-in, default transport fetch). */
const browserEntries = entries.filter((name) => name !== 'lobbykit/emulator' && name !== 'lobbykit/node');

const pack = packScratch();
const { app } = pack;
try {
  // ESM and CJS under Node: every entry loads; the default transport is undici; one copy of each class.
  const probe = (load) => `
    const entries = ${JSON.stringify(entries)};
    const mods = {};
    for (const name of entries) mods[name] = ${load};
    const m = mods.lobbykit;
    const n = Object.keys(m.routes).length;
    if (n !== 79) throw new Error('routes: ' + n);
    if (m.defaultTransportKind !== 'undici') throw new Error('node default transport: ' + m.defaultTransportKind);
    if (m.defaultWebSocketKind !== 'ws') throw new Error('node default WebSocket: ' + m.defaultWebSocketKind);
    if (typeof mods['lobbykit/node'].createNodeWebhookHandler !== 'function') throw new Error('lobbykit/node: no createNodeWebhookHandler');
    // A name exported by two entries must be the same object: the core exists once.
    const seen = new Map();
    let shared = 0;
    for (const [entry, mod] of Object.entries(mods)) {
      for (const [key, value] of Object.entries(mod)) {
        if (typeof value !== 'function' && (typeof value !== 'object' || value === null)) continue;
        const first = seen.get(key);
        if (!first) { seen.set(key, { entry, value }); continue; }
        shared++;
        if (first.value !== value) throw new Error(key + ' differs between ' + first.entry + ' and ' + entry);
      }
    }
    const { startEmulator } = mods['lobbykit/emulator'];
    const clock = new m.ManualClock(Date.UTC(2026, 0, 1));
    const emu = await startEmulator({ port: 0, seed: 'empty', clock });
    try {
      if (emu.manualClock !== clock) throw new Error("the emulator did not take lobbykit's ManualClock");
      const res = await fetch(emu.url + '/_emulator/clock', {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advance_ms: 1000 }),
      });
      const body = await res.json();
      if (res.status !== 200 || body.now !== Date.UTC(2026, 0, 1) + 1000) throw new Error('clock: ' + res.status + ' ' + JSON.stringify(body));
    } finally { await emu.close(); }
    console.log(entries.length + ' entries, ' + shared + ' shared exports identical, ManualClock drives the emulator, transport ' + m.defaultTransportKind + ', WebSocket ' + m.defaultWebSocketKind);
  `;
  writeFileSync(join(app, 'probe.mjs'), probe('await import(name)'));
  writeFileSync(
    join(app, 'probe.cjs'),
    `(async () => {${probe('require(name)')}})().catch((e) => { console.error(e); process.exit(1); });`,
  );
  console.log(`node ESM: ${run('node', ['probe.mjs'], app).trim()}`);
  console.log(`node CJS: ${run('node', ['probe.cjs'], app).trim()}`);

  // The published types, as a user's type checker reads them under each module resolution a project
  // may use (node10 ignores "exports" and needs "typesVersions"; node16 and bundler read "exports"):
  // every entry resolves, with Node's types declared by the entries that need them.
  const usage = `${entries.map((name, i) => `import * as e${i} from '${name}';`).join('\n')}
    const runtime: e0.LobbyRuntime | undefined = undefined;
    const schema: typeof e0.lobbySchema = e0.lobbySchema;
    export const seen = [runtime, schema, ${entries.map((_, i) => `e${i}`).join(', ')}];
  `;
  writeFileSync(join(app, 'types-check.ts'), usage);
  const tsc = join(root, 'node_modules/typescript/bin/tsc');
  const typeRoots = join(root, 'node_modules/@types');
  for (const [module, resolution] of [
    ['commonjs', 'node10'],
    ['node16', 'node16'],
    ['esnext', 'bundler'],
  ]) {
    run(
      'node',
      [
        tsc,
        '--noEmit',
        '--strict',
        '--skipLibCheck',
        'false',
        '--module',
        module,
        '--moduleResolution',
        resolution,
        '--target',
        'es2022',
        '--lib',
        'es2023,dom',
        '--typeRoots',
        typeRoots,
        '--types',
        'node',
        '--esModuleInterop',
        'types-check.ts',
      ],
      app,
    );
    console.log(`types: every entry resolves and type-checks under moduleResolution ${resolution}`);
  }

  // The browser condition: bundle each browser entry and refuse any Node built-in, undici or ws.
  const forbidden = new Set([...builtinModules, 'undici', 'ws']);
  for (const name of browserEntries) {
    const entry = join(app, 'browser-entry.js');
    writeFileSync(entry, `export * from '${name}';\n`);
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
      console.error(`browser: ${name} pulls in Node-only modules:\n  ${offenders.join('\n  ')}`);
      process.exit(1);
    }
    const bytes = output.reduce((n, chunk) => n + (chunk.type === 'chunk' ? chunk.code.length : 0), 0);

    // Run the browser bundle (it needs nothing Node lacks at import time): its default transport is fetch.
    const entryChunk = output.find((chunk) => chunk.type === 'chunk' && chunk.isEntry);
    const bundled = join(app, 'browser-bundle.mjs');
    writeFileSync(bundled, entryChunk.code);
    const kinds = run(
      'node',
      [
        '--input-type=module',
        '-e',
        `const m = await import(${JSON.stringify(pathToFileURL(bundled).href)}); console.log((m.defaultTransportKind ?? 'none') + ' ' + (m.defaultWebSocketKind ?? 'none'));`,
      ],
      app,
    ).trim();
    const [kind, socketKind] = kinds.split(' ');
    if ((kind !== 'fetch' && kind !== 'none') || (socketKind !== 'global' && socketKind !== 'none')) {
      console.error(`browser: ${name}'s bundle has default transport ${kind} and WebSocket ${socketKind}`);
      process.exit(1);
    }
    console.log(
      `browser: ${name} bundles with no Node built-in, undici or ws; default transport ${kind}, WebSocket ${socketKind} (${(bytes / 1024).toFixed(0)} KiB unminified)`,
    );
  }

  // Every JavaScript file in the tarball is reached from what package.json points at: no stale chunk
  // of an earlier build rides along (chunk names carry a content hash).
  const installed = join(app, 'node_modules/lobbykit');
  const targets = (value) =>
    typeof value === 'string' ? [value] : Object.values(value ?? {}).flatMap((v) => targets(v));
  const roots = [pkg.exports, pkg.imports, pkg.bin].flatMap(targets).filter((f) => /\.c?js$/.test(f));
  const reached = new Set();
  const queue = roots.map((f) => join(installed, f));
  while (queue.length > 0) {
    const file = queue.pop();
    if (reached.has(file)) continue;
    reached.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:from\s*|import\(\s*|require\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g))
      queue.push(join(dirname(file), m[1]));
  }
  const packed = readdirSync(join(installed, 'dist'), { recursive: true })
    .filter((f) => /\.c?js$/.test(f))
    .map((f) => join(installed, 'dist', f));
  const stale = packed.filter((f) => !reached.has(f));
  if (stale.length > 0) {
    console.error(`package: ${stale.length} JavaScript files no entry reaches (stale chunks?):`);
    for (const f of stale) console.error(`  ${f.slice(installed.length + 1)}`);
    process.exit(1);
  }
  console.log(`package: all ${packed.length} JavaScript files are reached from an entry`);
} finally {
  pack.dispose();
}
