/** The dedicated-server sample, run for a bounded number of simulated steps on a manual clock. */
import { setImmediate as yieldToIo } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { registerWithEmulator, runDedicatedServer } from '../../samples/dedicated-server/index.js';
import { demo, useLobbyEmulator } from './lobbySupport.js';

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

  it("registers its webhook endpoint at start and prints the players' messages as they arrive", async () => {
    const clock = new ManualClock();
    const lines: string[] = [];
    const report = await runDedicatedServer({
      apiUrl: emu.emulator.apiUrl,
      clock,
      steps: 40,
      chatChance: 0.6,
      sleep: async (ms) => {
        clock.advance(ms);
        for (let i = 0; i < 10; i++) await yieldToIo();
      },
      print: (line) => lines.push(line),
      webhooks: {
        publicKey: demo.webhookPublicKey,
        // The signed timestamps are the emulator's (a manual clock here), not the game's.
        clock: emu.emulator.clock,
        register: (url) => registerWithEmulator(emu.emulator.url, demo.applicationId, url),
      },
    });
    const text = lines.join('\n');
    expect(text).toMatch(/webhook events: listening on http:\/\/127\.0\.0\.1:\d+\/webhooks \(registered/);
    expect(report.messagesSent).toBeGreaterThan(0);
    expect(report.messagesHeard).toBeGreaterThan(0);
    expect(report.messagesHeard).toBeLessThanOrEqual(report.messagesSent);
    expect(text).toMatch(/match-\d: (alice|bob|carol|dave|erin) says "[^"]+" \(remote\)/);
    expect(text).not.toMatch(/refused/);
    expect(text).not.toMatch(/sync error/);
    const registered = await fetch(
      `${emu.emulator.url}/_emulator/applications/${demo.applicationId}/webhook`,
    );
    expect(((await registered.json()) as { url: string }).url).toMatch(/\/webhooks$/);
  });

  it('stops at start when the emulator refuses the endpoint', async () => {
    await expect(
      runDedicatedServer({
        apiUrl: emu.emulator.apiUrl,
        steps: 1,
        print: () => {},
        webhooks: {
          // Another key: the endpoint refuses the emulator's signed PING with 401.
          publicKey: 'a'.repeat(64),
          clock: emu.emulator.clock,
          register: (url) => registerWithEmulator(emu.emulator.url, demo.applicationId, url),
        },
      }),
    ).rejects.toThrow(/answered 401 to a signed PING; 204 expected/);
  });
});
