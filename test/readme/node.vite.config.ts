import { defineConfig, mergeConfig } from 'vite';
import viteConfig, { nodeConditions } from '../../vite.config.js';

/** How the README's Node examples run: `lobbykit` by name, resolved as the package resolves under Node. */
export default mergeConfig(viteConfig, defineConfig({ plugins: [nodeConditions()] }));
