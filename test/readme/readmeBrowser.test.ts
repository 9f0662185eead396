// @vitest-environment happy-dom
/**
 * Doctest: the README's browser example runs as written in a DOM (happy-dom: `window`, animation
 * frames, visibility, fetch), against the emulator at the address it names.
 */
import { describe, expect, it } from 'vitest';
import { demo, startEmulator } from '../../src/emulator/index.js';
import { readmeBlocks } from './readmeBlocks.js';

const blocks = readmeBlocks().filter((block) => block.browser);

describe("the README's browser example", () => {
  it('is there', () => {
    expect(blocks).toHaveLength(1);
  });

  it.each(blocks.map((block) => [block.line, block] as const))(
    'README.md:%i runs to the end',
    async (_line, block) => {
      const port = Number(/http:\/\/127\.0\.0\.1:(\d+)/.exec(block.code)?.[1]);
      expect(port, 'the example names the emulator it talks to').toBeGreaterThan(0);
      const emu = await startEmulator({ port });
      try {
        await import(/* @vite-ignore */ block.file);
        // What the platform saw: alice's message in the lobby she joined by secret; then she left it.
        const events = (await (await fetch(`${emu.url}/_emulator/events`)).json()) as {
          type: string;
          data: { content?: string; lobby_id?: string; author?: { username?: string } };
        }[];
        const message = events.find((event) => event.type === 'LOBBY_MESSAGE_CREATE')?.data;
        expect(message).toMatchObject({ content: 'gg', author: { username: 'alice' } });
        const lobby = await fetch(`${emu.apiUrl}/lobbies/${message?.lobby_id}`, {
          headers: { authorization: 'Bot demo-bot-token' },
        });
        const members =
          lobby.status === 200 ? ((await lobby.json()) as { members: { id: string }[] }).members : [];
        expect(members.map((member) => member.id)).not.toContain(demo.users[0].id);
      } finally {
        await emu.close();
      }
    },
  );
});
