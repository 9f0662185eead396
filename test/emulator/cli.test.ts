import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { parseCliArgs, runCli } from '../../src/emulator/cli.js';
import { demo } from '../../src/emulator/world/demoSeed.js';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l), handleSignals: false },
  };
}

describe('lobbykit emulator (CLI)', () => {
  it('parses every option, with and without "emulator" and "="', async () => {
    expect(await parseCliArgs(['emulator'])).toEqual({
      port: 3210,
      host: '127.0.0.1',
      seed: 'demo',
      clock: 'system',
      rateLimits: 'development',
    });
    expect(
      await parseCliArgs([
        '--port=0',
        '--host',
        '0.0.0.0',
        '--seed',
        'empty',
        '--clock',
        'manual',
        '--rate-limits',
        'off',
      ]),
    ).toEqual({
      port: 0,
      host: '0.0.0.0',
      seed: 'empty',
      clock: 'manual',
      rateLimits: 'off',
    });
    expect(await parseCliArgs(['--help'])).toBe('help');
  });

  it.each([
    [['--port', 'x']],
    [['--port', '70000']],
    [['--clock', 'fast']],
    [['--rate-limits', 'some']],
    [['--bogus', '1']],
    [['--port']],
    [['--seed', '/nonexistent/file.json']],
  ])('refuses %j with exit code 2 and the usage', async (argv) => {
    const { err, io } = capture();
    const result = await runCli(argv, io);
    expect(result.exitCode).toBe(2);
    expect(err.join('\n')).toContain('usage: lobbykit emulator');
  });

  it('starts, prints the address and the demo tokens and ids, and serves', async () => {
    const { out, io } = capture();
    const result = await runCli(['emulator', '--port', '0', '--clock', 'manual'], io);
    try {
      expect(result.exitCode).toBe(0);
      const text = out.join('\n');
      expect(text).toContain(`listening on ${result.emulator?.url}`);
      expect(text).toContain('Authorization: Bot demo-bot-token');
      expect(text).toContain('demo-user-1-token');
      expect(text).toContain(demo.guildId);
      expect(text).toContain(demo.channelIds.lobbyChat);
      const res = await request(`${result.emulator?.apiUrl}/lobbies/${demo.lobbyId}`, {
        headers: { authorization: 'Bot demo-bot-token' },
      });
      expect(res.statusCode).toBe(200);
      await res.body.dump();
    } finally {
      await result.emulator?.close();
    }
  });

  it('seeds from a JSON file, and refuses a bad one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lobbykit-seed-'));
    const good = join(dir, 'world.json');
    await writeFile(
      good,
      JSON.stringify({
        applications: [{ id: '100', name: 'File Game', bot_token: 'file-bot' }],
        users: [{ id: '200', username: 'ann', access_token: 'ann-token' }],
      }),
    );
    const { out, io } = capture();
    const result = await runCli(['--port', '0', '--seed', good], io);
    try {
      expect(out.join('\n')).toContain('Authorization: Bot file-bot');
      expect(out.join('\n')).toContain('ann-token');
    } finally {
      await result.emulator?.close();
    }
    const bad = join(dir, 'bad.json');
    await writeFile(bad, JSON.stringify({ applications: [{ name: 7 }] }));
    const failed = capture();
    expect((await runCli(['--port', '0', '--seed', bad], failed.io)).exitCode).toBe(1);
    expect(failed.err.join('\n')).toContain('could not start');
  });
});
