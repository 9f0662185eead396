import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

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

export default defineConfig({
  resolve: {
    alias: Object.entries(lobbykitAliases).map(([find, replacement]) => ({
      find: new RegExp(`^${find}$`),
      replacement,
    })),
  },
});
