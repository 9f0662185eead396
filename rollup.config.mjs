// Builds every package entry as ESM (.js) and CJS (.cjs) with bundled type declarations.
// The core entry is built twice: the default build uses fetch; the `node` build swaps in the undici
// transport (src/rest/transport/defaultTransport.node.ts) so that browsers never see undici.
import { existsSync } from 'node:fs';
import { builtinModules } from 'node:module';
import typescript from '@rollup/plugin-typescript';
import { dts } from 'rollup-plugin-dts';

const pkg = JSON.parse(await import('node:fs').then((fs) => fs.readFileSync('./package.json', 'utf8')));
const external = [
  ...Object.keys(pkg.dependencies ?? {}),
  ...builtinModules,
  ...builtinModules.map((m) => `node:${m}`),
].map((name) => new RegExp(`^${name.replace(/[/.]/g, '\\$&')}(/.*)?$`));

/** Entries: name → source. Entries whose source does not exist yet are left out. */
const entries = {
  index: 'src/index.ts',
  emulator: 'src/emulator/index.ts',
  cli: 'src/cli.ts',
  node: 'bindings/node/index.ts',
  browser: 'bindings/browser/index.ts',
};
const present = Object.fromEntries(Object.entries(entries).filter(([, file]) => existsSync(file)));

/** Redirects the default transport to its undici variant. */
function nodeTransport() {
  return {
    name: 'lobbykit-node-transport',
    async resolveId(source, importer, options) {
      if (!source.endsWith('/defaultTransport.js')) return null;
      const resolved = await this.resolve(source.replace(/\.js$/, '.node.js'), importer, options);
      return resolved ?? null;
    },
  };
}

const ts = (outDir = 'dist') =>
  typescript({
    tsconfig: './tsconfig.build.json',
    outDir,
    // rollup resolves the modules; TypeScript only strips types (NodeNext is for tsc and the tests).
    module: 'esnext',
    moduleResolution: 'bundler',
    declaration: false,
    declarationMap: false,
    sourceMap: false,
  });

export default [
  {
    input: present,
    external,
    plugins: [ts()],
    output: [
      { dir: 'dist', format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
      {
        dir: 'dist',
        format: 'cjs',
        entryFileNames: '[name].cjs',
        chunkFileNames: 'chunks/[name]-[hash].cjs',
      },
    ],
  },
  {
    input: { index: 'src/index.ts' },
    external,
    plugins: [nodeTransport(), ts('dist/node-core')],
    output: [
      {
        dir: 'dist/node-core',
        format: 'es',
        entryFileNames: '[name].js',
        chunkFileNames: '[name]-[hash].js',
      },
      {
        dir: 'dist/node-core',
        format: 'cjs',
        entryFileNames: '[name].cjs',
        chunkFileNames: '[name]-[hash].cjs',
      },
    ],
  },
  ...Object.entries(present)
    .filter(([name]) => name !== 'cli')
    .flatMap(([name, file]) =>
      ['d.ts', 'd.cts'].map((ext) => ({
        input: file,
        external,
        plugins: [dts({ tsconfig: './tsconfig.build.json' })],
        output: { file: `dist/${name}.${ext}`, format: 'es' },
      })),
    ),
];
