#!/usr/bin/env node
// Where a bundle's bytes come from, by source module: bundles an entry's TypeScript sources as
// scripts/check-size.mjs bundles the packed package (esbuild, minified, browser platform, ESM, gzip
// level 9) and prints, per source module (dependencies per package), its minified bytes and its
// marginal gzip cost: how much smaller the gzipped bundle gets with that module's output cut out.
// The package check measures rollup's chunks; this says what is inside them. A figure for deciding,
// not a budget (no build needed; it reads src/ directly, within a few tenths of a KB of the check).
//
//   node scripts/size-sources.mjs [entry] [count]   (default: bindings/browser/index.ts 40)
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { root } from './packScratch.mjs';

const entry = process.argv[2] ?? 'bindings/browser/index.ts';
const count = Number(process.argv[3] ?? 40);
const result = await build({
  stdin: { contents: `export * from './${entry}';`, resolveDir: root, loader: 'ts', sourcefile: 'entry.ts' },
  absWorkingDir: root,
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  tsconfig: 'tsconfig.build.json',
  sourcemap: 'external',
  outfile: 'size-sources.js',
  write: false,
  logLevel: 'silent',
});
const js = result.outputFiles.find((f) => f.path.endsWith('.js')).text;
const map = JSON.parse(result.outputFiles.find((f) => f.path.endsWith('.map')).text);
/** Source-map mappings as `[line][segment] = [column, source index?]` (columns and sources are deltas in VLQ). */
function decodeMappings(mappings) {
  const digits = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const state = [0, 0, 0, 0, 0];
  return mappings.split(';').map((line) => {
    state[0] = 0;
    return line
      .split(',')
      .filter(Boolean)
      .map((segment) => {
        const fields = [];
        let value = 0;
        let shift = 0;
        for (const char of segment) {
          const digit = digits.indexOf(char);
          value += (digit & 31) << shift;
          if (digit & 32) shift += 5;
          else {
            fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
            value = 0;
            shift = 0;
          }
        }
        return fields.map((delta, i) => (state[i] += delta));
      });
  });
}

const gz = (text) => gzipSync(text, { level: 9 }).length;
const total = gz(js);

/** A source path as printed: relative to the repository, or the package it comes from. */
const moduleOf = (source) => {
  const dep = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  return dep
    ? `dependency ${dep[1]}`
    : source.replace(/^(\.\.\/)+/, '').replace(/^.*?\/(src|bindings)\//, '$1/');
};

// The output spans of each module, per line of the (nearly one-line) output. The bundle's closing
// `export{…}` has no mapping of its own: it is counted apart, not as the last module's.
const lines = js.split('\n');
const spans = new Map();
const add = (name, line, start, end) => {
  if (end <= start) return;
  if (!spans.has(name)) spans.set(name, []);
  spans.get(name).push([line, start, end]);
};
decodeMappings(map.mappings).forEach((segments, line) => {
  const text = lines[line];
  const exportsAt = text.lastIndexOf('export{');
  const limit = exportsAt >= 0 ? exportsAt : text.length;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    if (segment.length < 2 || segment[0] >= limit) continue;
    const end = Math.min(i + 1 < segments.length ? segments[i + 1][0] : text.length, limit);
    add(moduleOf(map.sources[segment[1]]), line, segment[0], end);
  }
  if (exportsAt >= 0) add("(the entry's export list)", line, exportsAt, text.length);
});

const rows = [];
for (const [name, list] of spans) {
  const cut = lines.slice();
  for (const [line, start, end] of [...list].sort((a, b) => b[1] - a[1])) {
    cut[line] = cut[line].slice(0, start) + cut[line].slice(end);
  }
  const bytes = list.reduce((sum, [, start, end]) => sum + end - start, 0);
  rows.push({ name, bytes, marginal: total - gz(cut.join('\n')) });
}
rows.sort((a, b) => b.marginal - a.marginal);

const kb = (n) => (n / 1024).toFixed(2).padStart(6);
console.log(`${entry}: ${(total / 1024).toFixed(2)} KB min+gz, ${(js.length / 1024).toFixed(1)} KB min`);
console.log('  gz cost     min  module');
for (const row of rows.slice(0, count)) console.log(`  ${kb(row.marginal)}  ${kb(row.bytes)}  ${row.name}`);
