// Packs the package as npm publishes it and installs the tarball in a scratch project, as a user's
// project gets it. Shared by the package, size and browser checks. Run after `npm run build`.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The repository's root. */
export const root = resolve(import.meta.dirname, '..');

/** Runs a command, returning its standard output (standard error goes to ours). */
export const run = (cmd, args, cwd) =>
  execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });

/**
 * Packs the package into a fresh scratch folder and installs the tarball in `<scratch>/app`.
 * Returns `{ scratch, app, tarball, dispose() }`; `dispose()` removes the folder.
 */
export function packScratch(prefix = 'lobbykit-pack-') {
  const scratch = mkdtempSync(join(tmpdir(), prefix));
  try {
    const tarball = run('npm', ['pack', '--silent', '--pack-destination', scratch], root)
      .trim()
      .split('\n')
      .pop();
    const app = join(scratch, 'app');
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'scratch', private: true }));
    run(
      'npm',
      ['install', '--silent', '--no-audit', '--no-fund', '--prefer-offline', join(scratch, tarball)],
      app,
    );
    return {
      scratch,
      app,
      tarball: join(scratch, tarball),
      dispose: () => rmSync(scratch, { recursive: true, force: true }),
    };
  } catch (error) {
    rmSync(scratch, { recursive: true, force: true });
    throw error;
  }
}
