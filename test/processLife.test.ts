/**
 * What keeps a Node process running (the Clock seam's `ref`): a wait that a caller awaits holds the
 * process, so that a script is not ended by Node with its request unsent; housekeeping nobody awaits
 * does not, so that a script that is done ends. Each case runs `support/processLifeChild.ts` in a
 * child process against this file's emulator (over loopback, rate limits of the platform on).
 */
import { describe, expect, it } from 'vitest';
import { SystemClock } from '../src/clock.js';
import { useEmulator } from './support/emulator.js';
import { runTsScript } from './support/runTsScript.js';

const emu = useEmulator({ clock: 'system', rateLimits: 'development' });

/** Runs one case of the child script to its end. */
const runChild = (which: string) =>
  runTsScript('test/support/processLifeChild.ts', {
    LOBBYKIT_CASE: which,
    LOBBYKIT_API_URL: emu.emulator.apiUrl,
  });

describe('SystemClock timers and the process', () => {
  it('hold the process by default and not with { ref: false }', () => {
    const clock = new SystemClock();
    const held = clock.setTimeout(() => {}, 60_000) as NodeJS.Timeout;
    const background = clock.setTimeout(() => {}, 60_000, { ref: false }) as NodeJS.Timeout;
    try {
      expect(held.hasRef()).toBe(true);
      expect(background.hasRef()).toBe(false);
    } finally {
      clock.clearTimeout(held);
      clock.clearTimeout(background);
    }
  });
});

describe('a Node script', () => {
  it('is not ended while its calls wait out a 429: every call is answered', async () => {
    const ended = await runChild('rest-429');
    expect(ended.stderr).not.toMatch(/Error/);
    expect(ended.exit).toBe(0);
    // Without a held wait, Node ended the script after the 429s with exit code 0 and no report.
    const report = ended.report as { answered: number; limited: number } | undefined;
    expect(report).toBeDefined();
    expect(report?.answered).toBe(80);
    expect(report?.limited).toBeGreaterThan(0);
  }, 60_000);

  it('keeps running while a runFixedStep loop runs, until the loop stops', async () => {
    const ended = await runChild('fixed-step');
    expect(ended.exit).toBe(0);
    expect(ended.report).toEqual({ steps: 5 });
  }, 60_000);

  it('ends by itself when only a runtime’s housekeeping is left (no dispose)', async () => {
    const ended = await runChild('housekeeping');
    expect(ended.exit).toBe(0);
    expect(ended.report).toEqual({ created: true, idleCounting: true });
  }, 60_000);

  it('keeps running until its local changes are on the platform, then ends (no flush, no dispose)', async () => {
    const ended = await runChild('unsynced');
    expect(ended.exit).toBe(0);
    const lobbyId = (ended.report as { lobbyId?: string } | undefined)?.lobbyId;
    expect(typeof lobbyId).toBe('string');
    // Before, Node ended the script during the flush delay and the change was lost.
    const read = await emu.call<{ metadata: Record<string, string> }>('GET', `/lobbies/${String(lobbyId)}`);
    expect(read.status).toBe(200);
    expect(read.body.metadata).toEqual({ map: 'dust', round: '2' });
  }, 60_000);
});
