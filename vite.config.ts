import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

/**
 * In this repository, `lobbykit` and its subpath entries resolve to their sources, so samples, tests
 * and benches import the package by name exactly as a user does (never `src/…`), without a build.
 * tsconfig.json's `paths` say the same to the type checker. The packed package is checked separately
 * (scripts/check-package.mjs, scripts/check-size.mjs, scripts/check-browser.mjs).
 */
export const lobbykitAliases = {
  'lobbykit/browser': fileURLToPath(new URL('./bindings/browser/index.ts', import.meta.url)),
  'lobbykit/node': fileURLToPath(new URL('./bindings/node/index.ts', import.meta.url)),
  'lobbykit/emulator': fileURLToPath(new URL('./src/emulator/index.ts', import.meta.url)),
  'lobbykit/redis': fileURLToPath(new URL('./src/redis/index.ts', import.meta.url)),
  lobbykit: fileURLToPath(new URL('./src/index.ts', import.meta.url)),
};

/**
 * The modules the package chooses per environment (package.json `"imports"`: `#transport`,
 * `#websocket`). Sources import the platform-neutral default; under Node the published package
 * resolves the `.node` variant. {@link nodeConditions} does the same for sources, for code that must
 * see what a Node user of the package sees (the README's examples).
 */
const conditionalModules = ['src/rest/transport/defaultTransport', 'src/gateway/defaultWebSocket'].map(
  (file) => fileURLToPath(new URL(`./${file}`, import.meta.url)),
);

/** A Vite plugin: imports of a conditional module resolve to its Node variant, as the `node` condition does. */
export function nodeConditions(): Plugin {
  return {
    name: 'lobbykit-node-conditions',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !source.startsWith('.')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const base = resolved?.id.replace(/\.ts$/, '');
      return base && conditionalModules.includes(base) ? `${base}.node.ts` : null;
    },
  };
}

export default defineConfig({
  resolve: {
    alias: Object.entries(lobbykitAliases).map(([find, replacement]) => ({
      find: new RegExp(`^${find}$`),
      replacement,
    })),
  },
});
