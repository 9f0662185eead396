/** `call` over the platform's lobby table: arguments and results come from the real schemas. */
import { describe, expectTypeOf, it } from 'vitest';
import type { RouteClient } from '../../src/rest/RouteClient.js';
import type { lobbyRoutes } from '../../src/spec/routes/lobbyRoutes.js';

declare const client: RouteClient<typeof lobbyRoutes>;

describe('call over the lobby routes', () => {
  it('types answers from the response schemas', async () => {
    const lobby = await client.call('getLobby', { params: { lobby_id: '1' } });
    expectTypeOf(lobby.id).toEqualTypeOf<string>();
    expectTypeOf(client.call('leaveLobby', { params: { lobby_id: '1' } })).resolves.toEqualTypeOf<void>();
    const members = await client.call('bulkUpdateLobbyMembers', {
      params: { lobby_id: '1' },
      body: [{ id: '2' }],
    });
    expectTypeOf(members).toBeArray();
  });

  it('types arguments from the request schemas', () => {
    // @ts-expect-error secret is required
    client.call('createOrJoinLobby', { body: {} });
    client.call('createOrJoinLobby', { body: { secret: 's' } });
    // @ts-expect-error lobby_id is required
    client.call('getLobby', { params: {} });
    // @ts-expect-error the content must be a string
    client.call('sendLobbyMessage', { params: { lobby_id: '1' }, body: { content: 1 } });
  });
});
