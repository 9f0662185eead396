/** src/webhooks runs everywhere: no module imports a Node built-in or uses a Node global (node/ included). */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../src/webhooks');
const IMPORT_RE = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('src/webhooks is platform-neutral', () => {
  for (const file of files(root)) {
    const name = relative(root, file).replaceAll('\\', '/');
    it(`${name} imports no Node built-in and uses no Node global`, () => {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(IMPORT_RE)) {
        const specifier = m[1] ?? m[2] ?? '';
        expect(
          specifier.startsWith('node:') ||
            (!specifier.startsWith('.') && specifier !== 'eventemitter3' && specifier !== 'zod'),
          `${name} imports ${specifier}`,
        ).toBe(false);
      }
      const code = text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      expect(/\b(Buffer|process|require)\s*[.(]/.test(code), `${name} uses a Node global`).toBe(false);
    });
  }
});
