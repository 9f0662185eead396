import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.js';

/**
 * The samples in a real Chromium (playwright-core driving Debian's /usr/bin/chromium): run by
 * `.ci/run` and `npm run test:chromium`, not by `npm test` (they start a browser, the emulator and the
 * samples' servers, and `.ci/run` installs Chromium for them).
 */
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      include: ['test/samples/**/*.chromium.ts'],
      fileParallelism: false,
      testTimeout: 60_000,
      hookTimeout: 60_000,
    },
  }),
);
