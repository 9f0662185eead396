// The API report: for every package entry, API Extractor reads the published types (dist/*.d.ts,
// after `npm run build`) and writes what the entry exports, with every signature, to
// api/<entry>.api.md. The reports are committed, so every change of the public surface shows in a
// diff and is deliberate.
//
//   node scripts/api-report.mjs           check: fails when a report differs from the committed one
//   node scripts/api-report.mjs --write   update the reports (then commit them)
//
// A public signature that names a type the entry does not export (ae-forgotten-export: a user could
// not name it) is written into the report as a warning line, so that it too is seen and deliberate.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';

const write = process.argv.includes('--write');
const root = resolve(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8'));
const entries = Object.keys(pkg.exports)
  .filter((key) => key !== './package.json')
  .map((key) => (key === '.' ? 'index' : key.slice(2)));

mkdirSync(resolve(root, 'api'), { recursive: true });
const temp = resolve(root, 'node_modules/.cache/api-report');
let failed = false;

for (const entry of entries) {
  const dts = resolve(root, `dist/${entry}.d.ts`);
  if (!existsSync(dts)) {
    console.error(`api-report: dist/${entry}.d.ts is missing: run npm run build first`);
    process.exit(1);
  }
  const reportName = entry === 'index' ? 'lobbykit' : `lobbykit-${entry}`;
  const config = ExtractorConfig.prepare({
    configObject: {
      projectFolder: root,
      mainEntryPointFilePath: dts,
      compiler: {
        overrideTsconfig: {
          compilerOptions: { strict: true, skipLibCheck: true, types: ['node'], lib: ['ES2023', 'DOM'] },
          files: [dts],
        },
      },
      apiReport: {
        enabled: true,
        reportFileName: `${reportName}.api.md`,
        reportFolder: resolve(root, 'api'),
        reportTempFolder: temp,
      },
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      messages: {
        compilerMessageReporting: { default: { logLevel: 'warning' } },
        extractorMessageReporting: {
          default: { logLevel: 'none' },
          'ae-forgotten-export': { logLevel: 'none', addToApiReportFile: true },
        },
        tsdocMessageReporting: { default: { logLevel: 'none' } },
      },
    },
    configObjectFullPath: resolve(root, 'api/api-extractor.json'),
    packageJsonFullPath: resolve(root, 'package.json'),
  });
  const result = Extractor.invoke(config, { localBuild: write, showVerboseMessages: false });
  const changed = result.apiReportChanged;
  console.log(
    `${entry.padEnd(9)} ${result.succeeded ? 'ok' : 'FAILED'}${changed ? (write ? ' (report updated)' : ' (report differs: run node scripts/api-report.mjs --write and commit api/)') : ''}; ${result.errorCount} errors, ${result.warningCount} warnings`,
  );
  if (!result.succeeded || (changed && !write)) failed = true;
}
process.exit(failed ? 1 : 0);
