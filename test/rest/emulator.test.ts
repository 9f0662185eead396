/**
 * The client against the real emulator over loopback: the demo world's lobby operations, answers
 * checked by the response schemas, and the platform's errors as ApiError.
 */
import { describe, expect, it } from 'vitest';
import { demoBotClient, useEmulator } from '../support/emulator.js';

/** Ids and tokens of the emulator's demo world (docs/emulator.md). */
const demo = {
  botToken: 'demo-bot-token',
  alice: { id: '1323802873036931074', token: 'demo-user-1-token' },
  bob: { id: '1323802873036931075', token: 'demo-user-2-token' },
  carol: { id: '1323802873036931076', token: 'demo-user-3-token' },
  lobbyId: '1323802873036931091',
};

describe('the client against the emulator', () => {
  const emu = useEmulator();
  const client = () => demoBotClient(emu.emulator, { validateResponses: true });

  it('creates a lobby with nothing but defaults, the body left out', async () => {
    const c = client();
    const lobby = await c.lobbies.create();
    expect(lobby.members).toEqual([]);
    await expect(c.lobbies.get({ lobby_id: lobby.id })).resolves.toMatchObject({ id: lobby.id });
    await c.lobbies.delete({ lobby_id: lobby.id });
  });

  it('runs a lobby through its life', async () => {
    const c = client();
    const lobby = await c.call('createLobby', {
      body: { metadata: { mode: 'duel' }, members: [{ id: demo.alice.id, metadata: { seat: '1' } }] },
    });
    expect(lobby.metadata).toEqual({ mode: 'duel' });
    const params = { lobby_id: lobby.id };
    await expect(c.call('getLobby', { params })).resolves.toMatchObject({ id: lobby.id });
    await c.call('modifyLobby', { params, body: { metadata: { mode: 'ffa' } } });
    await c.call('addLobbyMember', {
      params: { ...params, user_id: demo.bob.id },
      body: { metadata: { team: 'red' } },
    });
    const upserted = await c.call('bulkUpdateLobbyMembers', { params, body: [{ id: demo.carol.id }] });
    expect(upserted.map((m) => m.id)).toEqual([demo.carol.id]);
    const message = await c.call('sendLobbyMessage', {
      params,
      body: { content: 'gg' },
      auth: { bearer: demo.alice.token },
    });
    expect(message.content).toBe('gg');
    const messages = await c.call('getLobbyMessages', {
      params,
      query: { limit: 10 },
      auth: { bearer: demo.bob.token },
    });
    expect(messages.map((m) => m.id)).toContain(message.id);
    await expect(c.call('leaveLobby', { params, auth: { bearer: demo.bob.token } })).resolves.toBeUndefined();
    await c.call('removeLobbyMember', { params: { ...params, user_id: demo.carol.id } });
    await c.call('deleteLobby', { params });
    await expect(c.call('deleteLobby', { params })).resolves.toBeUndefined(); // idempotent
    await c.close();
  });

  it('turns the platform errors into ApiError with the request', async () => {
    const c = client();
    const error = await c.call('getLobby', { params: { lobby_id: '1' } }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: 'ApiError',
      status: 404,
      platformCode: 10031,
      method: 'GET',
      route: '/lobbies/{lobby_id}',
      path: '/lobbies/1',
    });
    await c.close();
  });

  it('flattens the 50035 envelope when client-side validation is off', async () => {
    const c = demoBotClient(emu.emulator, { validate: false });
    const error = (await c
      .call('createLobby', { body: { idle_timeout_seconds: 1, members: [{ id: 'nope' }] } })
      .catch((e: unknown) => e)) as {
      status: number;
      platformCode: number;
      fieldErrors: Record<string, string[]>;
    };
    expect(error).toMatchObject({ name: 'ApiError', status: 400, platformCode: 50035 });
    expect(Object.keys(error.fieldErrors)).toEqual(
      expect.arrayContaining(['idle_timeout_seconds', 'members[0].id']),
    );
    await c.close();
  });

  it("surfaces Update Target Users' bad lines in ApiError", async () => {
    const c = client();
    const invite = await c.channels.createInvite({ channel_id: '1323802873036931085' }, { body: {} });
    const error = (await c.invites
      .updateTargetUsers(
        { code: invite.code },
        { files: { target_users_file: `user_id\n${demo.bob.id}\nabc\n` } },
      )
      .catch((e: unknown) => e)) as {
      status: number;
      fieldErrors: Record<string, string[]>;
      message: string;
    };
    expect(error).toMatchObject({ name: 'ApiError', status: 400 });
    expect(error.fieldErrors.target_users_file).toEqual([
      expect.stringMatching(/^line 3: "abc" is not a user id/),
    ]);
    expect(error.message).toContain('target_users_file: line 3');
    await c.close();
  });

  it('refuses bad input before sending, listing every field', async () => {
    const c = client();
    const error = await c
      .call('createLobby', { body: { idle_timeout_seconds: 1, members: [{ id: 'nope' }] } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ValidationError' });
    expect((error as { issues: { field: string }[] }).issues.map((i) => i.field)).toEqual(
      expect.arrayContaining(['body.idle_timeout_seconds', 'body.members[0].id']),
    );
    await c.close();
  });

  it('fails fast on the wrong kind of token, naming the operation', async () => {
    const c = client();
    await expect(c.call('createOrJoinLobby', { body: { secret: 's' } })).rejects.toMatchObject({
      name: 'TokenKindError',
      required: 'bearer',
      given: 'bot',
    });
    await expect(
      c.call('createOrJoinLobby', { body: { secret: 's' }, auth: { bearer: demo.alice.token } }),
    ).resolves.toMatchObject({ id: expect.any(String) });
    await c.close();
  });
});
