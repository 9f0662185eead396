// Builds every package entry as ESM (.js) and CJS (.cjs) with bundled type declarations, in ONE
// build: entries share their chunks, so every class of the core exists once whatever entry a user
// imports it through.
//
// What differs by environment is chosen by the package's own `"imports"` map (conditional imports),
// never by a second copy of the core: a source module listed in `conditional` below is imported by
// relative path in src/ (so tsc, vitest and vite-node see the platform-neutral default), and the build
// turns that import into the package-internal specifier (`#transport`), which package.json's
// `"imports"` resolves per environment (`node` → the `.node` variant, `default` → the neutral one).
// Both variants are built as entries of their own. To add one (a `#websocket`, say): write
// `foo.ts` and `foo.node.ts` with the same exports, add a line here and a `#foo` entry in
// package.json's "imports" shaped like `#transport`'s.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { resolve } from 'node:path';
import typescript from '@rollup/plugin-typescript';
import { dts } from 'rollup-plugin-dts';
import { stableNumberUnions } from './scripts/stableNumberUnions.mjs';

const pkg = JSON.parse(readFileSync('./package.json', 'utf8'));

// Every build starts from an empty dist/: chunk names carry a content hash, so the chunks of earlier
// builds would stay beside the new ones and be packed with them (`files: ["dist"]`).
rmSync('dist', { recursive: true, force: true });

const external = [
  ...Object.keys(pkg.dependencies ?? {}),
  ...builtinModules,
  ...builtinModules.map((m) => `node:${m}`),
].map((name) => new RegExp(`^${name.replace(/[/.]/g, '\\$&')}(/.*)?$`));

/** Conditional modules: package-internal specifier → the neutral source (its `.node.ts` sibling is the Node variant). */
const conditional = {
  '#transport': 'src/rest/transport/defaultTransport.ts',
  '#websocket': 'src/gateway/defaultWebSocket.ts',
};
const conditionalEntries = Object.fromEntries(
  Object.entries(conditional).flatMap(([specifier, file]) => {
    const name = specifier.slice(1);
    return [
      [name, file],
      [`${name}.node`, file.replace(/\.ts$/, '.node.ts')],
    ];
  }),
);

/** Entries: name → source. Entries whose source does not exist yet are left out. */
const entries = {
  index: 'src/index.ts',
  emulator: 'src/emulator/index.ts',
  redis: 'src/redis/index.ts',
  cli: 'src/cli.ts',
  node: 'bindings/node/index.ts',
  browser: 'bindings/browser/index.ts',
};
/** Entries whose published types lean on Node's own (`@types/node`, an optional peer dependency). */
const nodeOnly = new Set(['node', 'emulator']);
const present = Object.fromEntries(Object.entries(entries).filter(([, file]) => existsSync(file)));

/** Imports of a conditional module from anywhere but its own variants become its `#` specifier, external. */
function conditionalImports() {
  const bySource = new Map(
    Object.entries(conditional).map(([specifier, file]) => [resolve(file).replace(/\.ts$/, ''), specifier]),
  );
  return {
    name: 'lobbykit-conditional-imports',
    resolveId(source, importer) {
      if (!importer || !source.startsWith('.')) return null;
      const target = resolve(importer, '..', source).replace(/\.(js|ts)$/, '');
      const specifier = bySource.get(target);
      return specifier ? { id: specifier, external: true } : null;
    },
  };
}

const ts = () =>
  typescript({
    tsconfig: './tsconfig.build.json',
    outDir: 'dist',
    // rollup resolves the modules; TypeScript only strips types (NodeNext is for tsc and the tests).
    module: 'esnext',
    moduleResolution: 'bundler',
    declaration: false,
    declarationMap: false,
    sourceMap: false,
  });

export default [
  {
    input: { ...present, ...conditionalEntries },
    external,
    plugins: [conditionalImports(), ts()],
    output: [
      { dir: 'dist', format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
      {
        dir: 'dist',
        format: 'cjs',
        entryFileNames: '[name].cjs',
        chunkFileNames: 'chunks/[name]-[hash].cjs',
        // The bin runs as ESM (`bin` points at cli.js): its CJS twin would be packed and reached by nothing.
        plugins: [
          { name: 'lobbykit-no-cjs-cli', generateBundle: (_, bundle) => void delete bundle['cli.cjs'] },
        ],
      },
    ],
  },
  ...Object.entries(present)
    .filter(([name]) => name !== 'cli')
    .flatMap(([name, file]) =>
      ['d.ts', 'd.cts'].map((ext) => ({
        input: file,
        external,
        // `@internal` members are stripped from the published types.
        plugins: [
          dts({ tsconfig: './tsconfig.build.json', compilerOptions: { stripInternal: true } }),
          stableNumberUnions(),
        ],
        output: {
          file: `dist/${name}.${ext}`,
          format: 'es',
          // These entries' types name Node's (node:http, Buffer): say so, for a user's type checker.
          ...(nodeOnly.has(name) ? { banner: '/// <reference types="node" />' } : {}),
        },
      })),
    ),
];
