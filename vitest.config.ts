import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.js';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      include: ['test/**/*.test.ts'],
      // Property tests run with one fixed seed unless LOBBYKIT_PROPERTY_SEED says otherwise.
      setupFiles: ['test/support/propertySeed.ts'],
      typecheck: {
        enabled: true,
        include: ['test/**/*.test-d.ts'],
        tsconfig: './tsconfig.json',
      },
      // Integration tests start emulators on loopback; keep the pool small on a 2-core CI machine.
      poolOptions: { forks: { maxForks: 2 } },
      testTimeout: 20_000,
    },
  }),
);
