/** The dedicated-server sample, run for a bounded number of simulated steps on a manual clock. */
import { setImmediate as yieldToIo } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { runDedicatedServer } from '../../samples/dedicated-server/index.js';
import { useLobbyEmulator } from './lobbySupport.js';

const emu = useLobbyEmulator();

describe('samples/dedicated-server', () => {
  it('opens lobbies per match, prints their events and the idle countdown, and flushes on the way out', async () => {
    const clock = new ManualClock();
    const lines: string[] = [];
    const report = await runDedicatedServer({
      apiUrl: emu.emulator.apiUrl,
      clock,
      steps: 60,
      // Simulated time: move the clock a step, then let loopback answers in.
      sleep: async (ms) => {
        clock.advance(ms);
        for (let i = 0; i < 5; i++) await yieldToIo();
      },
      print: (line) => lines.push(line),
    });
    const text = lines.join('\n');
    expect(report.steps).toBe(60);
    expect(report.matchesOpened).toBeGreaterThanOrEqual(3); // matches end and new ones open
    expect(text).toMatch(/match-1: opened lobby \d+/);
    expect(text).toMatch(/\+ \w+ joins team (red|blue) \(local\)/);
    expect(text).toMatch(/- \w+ leaves \(local\)/);
    expect(text).toMatch(/metadata phase=playing/);
    expect(text).toMatch(/metadata phase=ended winner=/);
    expect(text).toMatch(/synced in \d call\(s\): bulkUpdateLobbyMembers \(\d+ change\(s\)\)/);
    expect(text).toMatch(/idle in \d+\.\ds/);
    expect(text).toMatch(/idle warning: 10s left/);
    expect(text).toMatch(/idle: policy delete/);
    expect(text).toMatch(/stopping: flushing \d+ lobbies/);
    expect(text).not.toMatch(/sync error/);
    // Lobbies of ended matches were deleted when idle; the demo lobby and the running matches remain.
    const live = [...emu.emulator.world.lobbies.all()].length;
    expect(report.lobbiesDeleted).toBeGreaterThanOrEqual(1);
    expect(live).toBe(1 + report.matchesOpened - report.lobbiesDeleted);
  });
});
