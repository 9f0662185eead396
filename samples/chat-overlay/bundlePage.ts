/**
 * Bundles a sample's page script for the browser with esbuild, resolving `lobbykit` and its entries
 * to this repository's sources through the same alias map vite and vitest use (`lobbykitAliases` in
 * vite.config.ts). A game outside this repository bundles the installed package instead: the
 * imports are the same (`lobbykit/browser`), only the resolution differs.
 */
import { build, type Plugin } from 'esbuild';
import { lobbykitAliases } from '../../vite.config.js';

/** Resolves the package's names exactly (`lobbykit/browser`, not a prefix of it) to their sources. */
const lobbykitSources: Plugin = {
  name: 'lobbykit-sources',
  setup(b) {
    const aliases: Readonly<Record<string, string>> = lobbykitAliases;
    b.onResolve({ filter: /^lobbykit(\/[a-z]+)?$/ }, (args) => {
      const path = aliases[args.path];
      return path === undefined ? undefined : { path };
    });
  },
};

/** Bundles `entry` (a TypeScript file) into one ES module for current browsers; returns its code. */
export async function bundlePage(
  entry: string,
  options: { readonly minify?: boolean } = {},
): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: options.minify ?? false,
    sourcemap: 'inline',
    write: false,
    logLevel: 'silent',
    plugins: [lobbykitSources],
  });
  const file = result.outputFiles[0];
  if (file === undefined) throw new Error(`esbuild wrote nothing for ${entry}`);
  return file.text;
}
