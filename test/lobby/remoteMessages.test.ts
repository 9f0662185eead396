/** A handle fires `message` once per message, whichever of the REST answer and the webhook comes first. */
import { describe, expect, it } from 'vitest';
import type { RestClient } from '../../src/rest/RestClient.js';
import type { LobbyMessage } from '../../src/spec/schemas/lobby.js';
import { demo, manualRuntime, useLobbyEmulator } from './lobbySupport.js';

const emu = useLobbyEmulator();

const message: LobbyMessage = {
  id: '1400000000000000001',
  type: 0,
  content: 'raced',
  lobby_id: demo.lobbyId,
  channel_id: demo.lobbyId,
  author: { id: demo.users[0].id, username: 'alice' },
  flags: 0,
};

describe('Lobby handle: remote messages', () => {
  it('fires message once when the webhook echo arrives before the REST answer', async () => {
    const { runtime } = manualRuntime(emu.emulator);
    const lobby = await runtime.open(demo.lobbyId);
    const seen: string[] = [];
    lobby.on('message', ({ message: m, origin }) => seen.push(`${m.id} ${origin}`));
    // A client whose answer comes after the webhook delivered the same message.
    const racing = {
      call: async () => {
        lobby.receiveRemoteMessage({ kind: 'create', message });
        return message;
      },
    } as unknown as RestClient;
    await lobby.sendMessage('raced', { rest: racing });
    lobby.receiveRemoteMessage({ kind: 'create', message }); // a redelivery
    expect(seen).toEqual([`${message.id} remote`]);
    await runtime.dispose();
  });

  it('fires updates and deletions every time, and nothing once disposed', async () => {
    const { runtime } = manualRuntime(emu.emulator);
    const lobby = await runtime.open(demo.lobbyId);
    const seen: string[] = [];
    lobby.on('messageUpdated', ({ message: m }) => seen.push(`updated ${m.content}`));
    lobby.on('messageDeleted', ({ messageId, lobbyId }) => seen.push(`deleted ${messageId} ${lobbyId}`));
    lobby.receiveRemoteMessage({ kind: 'update', message: { ...message, content: 'a' } });
    lobby.receiveRemoteMessage({ kind: 'update', message: { ...message, content: 'b' } });
    lobby.receiveRemoteMessage({ kind: 'delete', messageId: message.id });
    expect(seen).toEqual(['updated a', 'updated b', `deleted ${message.id} ${demo.lobbyId}`]);
    await runtime.dispose();
    expect(() => lobby.receiveRemoteMessage({ kind: 'create', message })).not.toThrow();
  });
});
