/**
 * src/rest runs in browsers: no module imports a Node built-in or undici, except the undici
 * transport (and the Node default transport that wraps it, swapped in under the `node` condition).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../src/rest');
const allowed = new Set(['transport/undiciTransport.ts', 'transport/defaultTransport.node.ts']);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

const IMPORT_RE = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const NODE_BUILTINS = new Set([
  'fs',
  'path',
  'http',
  'https',
  'net',
  'events',
  'stream',
  'buffer',
  'crypto',
  'util',
  'os',
  'url',
  'zlib',
  'tls',
  'dns',
]);

describe('src/rest is platform-neutral', () => {
  for (const file of files(root)) {
    const name = relative(root, file).replaceAll('\\', '/');
    it(`${name} imports no Node built-in${allowed.has(name) ? ' (undici allowed)' : ' and no undici'}`, () => {
      const text = readFileSync(file, 'utf8');
      const specifiers = [...text.matchAll(IMPORT_RE)].map((m) => m[1] ?? m[2] ?? '');
      for (const s of specifiers) {
        expect(s.startsWith('node:') || NODE_BUILTINS.has(s), `${name} imports ${s}`).toBe(false);
        if (!allowed.has(name))
          expect(s === 'undici' || s.startsWith('undici/'), `${name} imports ${s}`).toBe(false);
      }
      expect(
        /\b(Buffer|process|require)\s*[.(]/.test(text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')),
        `${name} uses a Node global`,
      ).toBe(false);
    });
  }

  it('the client engine obtains its default transport only from ./transport/defaultTransport.js', () => {
    const client = readFileSync(join(root, 'RouteEngine.ts'), 'utf8');
    expect(client).toContain("from './transport/defaultTransport.js'");
    expect(client).not.toContain('undiciTransport');
    expect(client).not.toContain('fetchTransport');
  });

  it('both default transports export the same names', async () => {
    const a = await import('../../src/rest/transport/defaultTransport.js');
    const b = await import('../../src/rest/transport/defaultTransport.node.js');
    expect(Object.keys(a).sort()).toEqual(Object.keys(b).sort());
    expect(a.defaultTransportKind).toBe('fetch');
    expect(b.defaultTransportKind).toBe('undici');
  });
});
