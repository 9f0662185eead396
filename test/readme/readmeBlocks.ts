/**
 * The README's TypeScript examples, as a user pastes them: every ```ts block, whole. Shared by the
 * doctests, which run each one (the Node ones as scripts, the browser one in a DOM) against the
 * emulator, so that the README cannot drift from the package.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** One example: where it starts in README.md, its code, and where it is written to run. */
export interface ReadmeBlock {
  readonly line: number;
  readonly code: string;
  readonly file: string;
  /** Imports `lobbykit/browser`: a page's code, run in a DOM. */
  readonly browser: boolean;
}

const root = resolve(import.meta.dirname, '../..');

/** Extracts every ```ts block of README.md and writes each to its own module file. */
export function readmeBlocks(): ReadmeBlock[] {
  const lines = readFileSync(join(root, 'README.md'), 'utf8').split('\n');
  const dir = join(root, 'node_modules/.cache/readme-blocks');
  mkdirSync(dir, { recursive: true });
  const blocks: ReadmeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]?.trim() !== '```ts') continue;
    const start = i + 1;
    const end = lines.indexOf('```', start);
    if (end < 0) throw new Error(`README.md:${start}: a \`\`\`ts block is not closed`);
    const code = `${lines.slice(start, end).join('\n')}\n`;
    const file = join(dir, `readme-line-${start}.ts`);
    writeFileSync(file, code);
    blocks.push({ line: start, code, file, browser: code.includes("from 'lobbykit/browser'") });
    i = end;
  }
  return blocks;
}
