/** Lobby channel linking, messages, moderation metadata and linked-channel invites over HTTP. */
import { describe, expect, it } from 'vitest';
import { demo } from '../../src/emulator/world/demoSeed.js';
import { useEmulator } from '../support/emulator.js';

const emu = useEmulator();
const [alice, bob, carol, , erin] = demo.users;
const bearer = (user: { token: string }) => ({ bearer: user.token });
const linking = `/lobbies/${demo.lobbyId}/channel-linking`;

interface LobbyWire {
  id: string;
  linked_channel?: { id: string; type: number; guild_id: string; name: string };
}

describe('Link / Unlink Channel (PATCH /lobbies/{id}/channel-linking)', () => {
  it('links for a member with CanLinkLobby and answers the lobby with linked_channel', async () => {
    const res = await emu.call<LobbyWire>('PATCH', linking, {
      auth: bearer(alice),
      json: { channel_id: demo.channelIds.lobbyChat },
    });
    expect(res.status).toBe(200);
    expect(res.body.linked_channel).toMatchObject({
      id: demo.channelIds.lobbyChat,
      type: 0,
      guild_id: demo.guildId,
      name: 'lobby-chat',
    });
    const got = await emu.call<LobbyWire>('GET', `/lobbies/${demo.lobbyId}`);
    expect(got.body.linked_channel?.id).toBe(demo.channelIds.lobbyChat);
  });

  it('unlinks with channel_id omitted, null, or an empty body, answering the lobby without linked_channel', async () => {
    for (const init of [{ json: {} }, { json: { channel_id: null } }, {}]) {
      await emu.call('PATCH', linking, {
        auth: bearer(alice),
        json: { channel_id: demo.channelIds.lobbyChat },
      });
      const res = await emu.call<LobbyWire>('PATCH', linking, { auth: bearer(alice), ...init });
      expect(res.status).toBe(200);
      expect(res.body).not.toHaveProperty('linked_channel');
    }
  });

  it('refuses a member without CanLinkLobby (403 50013) and a non-member (403 50001)', async () => {
    const noFlag = await emu.call('PATCH', linking, {
      auth: bearer(bob),
      json: { channel_id: demo.channelIds.lobbyChat },
    });
    expect(noFlag.status).toBe(403);
    expect(noFlag.body).toEqual({ code: 50013, message: 'Missing Permissions' });
    const unlinkNoFlag = await emu.call('PATCH', linking, { auth: bearer(bob), json: {} });
    expect(unlinkNoFlag.body).toMatchObject({ code: 50013 });
    const stranger = await emu.call('PATCH', linking, {
      auth: bearer(erin),
      json: { channel_id: demo.channelIds.lobbyChat },
    });
    expect(stranger.body).toEqual({ code: 50001, message: 'Missing Access' });
  });

  it('needs a bearer token', async () => {
    expect(
      (await emu.call('PATCH', linking, { json: { channel_id: demo.channelIds.lobbyChat } })).body,
    ).toMatchObject({ code: 50001 });
  });

  it('needs MANAGE_CHANNELS, VIEW_CHANNEL and SEND_MESSAGES in the channel', async () => {
    // carol is a Player: no MANAGE_CHANNELS.
    await emu.call('PUT', `/lobbies/${demo.lobbyId}/members/${carol.id}`, { json: { flags: 1 } });
    const res = await emu.call('PATCH', linking, {
      auth: bearer(carol),
      json: { channel_id: demo.channelIds.lobbyChat },
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 50013 });
  });

  it('links only an existing guild text channel, not NSFW, not linked to another lobby', async () => {
    const unknown = await emu.call('PATCH', linking, { auth: bearer(alice), json: { channel_id: '1' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 10003 });
    const voice = await emu.call('PATCH', linking, {
      auth: bearer(alice),
      json: { channel_id: demo.channelIds.voice },
    });
    expect(voice.status).toBe(400);
    expect(voice.body).toMatchObject({ code: 50035, errors: { channel_id: expect.anything() } });

    emu.emulator.world.guilds.findChannel(demo.channelIds.general)!.channel.nsfw = true;
    expect(
      (
        await emu.call('PATCH', linking, {
          auth: bearer(alice),
          json: { channel_id: demo.channelIds.general },
        })
      ).status,
    ).toBe(400);

    const other = await emu.call<LobbyWire>('POST', '/lobbies', {
      json: { members: [{ id: alice.id, flags: 1 }] },
    });
    await emu.call('PATCH', linking, {
      auth: bearer(alice),
      json: { channel_id: demo.channelIds.lobbyChat },
    });
    const taken = await emu.call('PATCH', `/lobbies/${other.body.id}/channel-linking`, {
      auth: bearer(alice),
      json: { channel_id: demo.channelIds.lobbyChat },
    });
    expect(taken.status).toBe(400);
  });

  it('answers 404 10031 for an unknown lobby', async () => {
    expect(
      (await emu.call('PATCH', '/lobbies/1/channel-linking', { auth: bearer(alice), json: {} })).body,
    ).toMatchObject({ code: 10031 });
  });
});

interface MessageWire {
  id: string;
  type: number;
  content: string;
  lobby_id: string;
  channel_id: string;
  author: { id: string; username: string };
  metadata?: Record<string, string>;
  moderation_metadata?: Record<string, string>;
  flags: number;
  application_id: string;
}

const messages = `/lobbies/${demo.lobbyId}/messages`;
const send = (content: string, user = alice, extra: Record<string, unknown> = {}) =>
  emu.call<MessageWire>('POST', messages, { auth: bearer(user), json: { content, ...extra } });

describe('Send Lobby Message and Get Lobby Messages', () => {
  it('sends a message (201) and records a LOBBY_MESSAGE_CREATE event', async () => {
    const res = await send('gg', alice, { metadata: { kind: 'chat' } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^\d+$/),
      type: 0,
      content: 'gg',
      lobby_id: demo.lobbyId,
      channel_id: demo.lobbyId,
      author: expect.objectContaining({ id: alice.id, username: 'alice' }),
      metadata: { kind: 'chat' },
      flags: 0,
      application_id: demo.applicationId,
    });
    const events = await emu.control<Array<{ type: string; data: { id: string } }>>('GET', '/events');
    expect(events.body.filter((e) => e.type === 'LOBBY_MESSAGE_CREATE').map((e) => e.data.id)).toEqual([
      res.body.id,
    ]);
  });

  it('refuses empty content, non-members and bot tokens', async () => {
    const empty = await send('');
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: 50035, errors: { content: expect.anything() } });
    expect((await send('hi', erin)).body).toMatchObject({ code: 50001 });
    expect((await emu.call('POST', messages, { json: { content: 'x' } })).status).toBe(403);
    expect(
      (await emu.call('POST', '/lobbies/1/messages', { auth: bearer(alice), json: { content: 'x' } })).body,
    ).toMatchObject({ code: 10031 });
  });

  it('lists messages newest first, 50 by default, with limit 1-200', async () => {
    for (let i = 0; i < 60; i++)
      emu.emulator.world.lobbies.addMessage(emu.emulator.world.lobbies.get(demo.lobbyId)!, {
        author_id: bob.id,
        content: `m${i}`,
        metadata: null,
        moderation_metadata: null,
        flags: 0,
        application_id: demo.applicationId,
      });
    const list = await emu.call<MessageWire[]>('GET', messages, { auth: bearer(alice) });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(50);
    expect(list.body[0]?.content).toBe('m59');
    expect(
      (await emu.call<MessageWire[]>('GET', messages, { auth: bearer(alice), query: { limit: 1 } })).body.map(
        (m) => m.content,
      ),
    ).toEqual(['m59']);
    expect(
      (await emu.call<MessageWire[]>('GET', messages, { auth: bearer(alice), query: { limit: 200 } })).body,
    ).toHaveLength(60);
    for (const limit of [0, 201, 'x']) {
      const res = await emu.call('GET', messages, { auth: bearer(alice), query: { limit } });
      expect(res.status, String(limit)).toBe(400);
      expect(res.body).toMatchObject({ code: 50035, errors: { limit: expect.anything() } });
    }
    expect((await emu.call('GET', messages, { auth: bearer(erin) })).body).toMatchObject({ code: 50001 });
  });
});

describe('Set Lobby Message Moderation Metadata', () => {
  const path = (id: string) => `/lobbies/${demo.lobbyId}/messages/${id}/moderation-metadata`;

  it('answers 204, shows the metadata on the message and emits LOBBY_MESSAGE_UPDATE', async () => {
    const sent = await send('suspicious');
    const res = await emu.call('PUT', path(sent.body.id), { json: { verdict: 'ok', score: '0.1' } });
    expect(res.status).toBe(204);
    const list = await emu.call<MessageWire[]>('GET', messages, { auth: bearer(alice) });
    expect(list.body[0]?.moderation_metadata).toEqual({ verdict: 'ok', score: '0.1' });
    const events = await emu.control<Array<{ type: string; data: MessageWire }>>('GET', '/events');
    expect(events.body.find((e) => e.type === 'LOBBY_MESSAGE_UPDATE')?.data.moderation_metadata).toEqual({
      verdict: 'ok',
      score: '0.1',
    });
  });

  it('takes at most 5 keys, keys of 1024 and values of 2000 characters', async () => {
    const sent = await send('x');
    const keys = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 'v']));
    expect((await emu.call('PUT', path(sent.body.id), { json: keys(5) })).status).toBe(204);
    expect((await emu.call('PUT', path(sent.body.id), { json: keys(6) })).status).toBe(400);
    expect((await emu.call('PUT', path(sent.body.id), { json: { ['k'.repeat(1024)]: 'v' } })).status).toBe(
      204,
    );
    expect((await emu.call('PUT', path(sent.body.id), { json: { ['k'.repeat(1025)]: 'v' } })).status).toBe(
      400,
    );
    expect((await emu.call('PUT', path(sent.body.id), { json: { k: 'v'.repeat(2000) } })).status).toBe(204);
    expect((await emu.call('PUT', path(sent.body.id), { json: { k: 'v'.repeat(2001) } })).status).toBe(400);
  });

  it('answers 404 for an unknown message or lobby, and needs a bot token', async () => {
    expect((await emu.call('PUT', path('1'), { json: { a: 'b' } })).body).toMatchObject({ code: 10008 });
    expect(
      (await emu.call('PUT', `/lobbies/1/messages/1/moderation-metadata`, { json: { a: 'b' } })).body,
    ).toMatchObject({ code: 10031 });
    expect((await emu.call('PUT', path('1'), { auth: bearer(alice), json: { a: 'b' } })).body).toMatchObject({
      code: 50001,
    });
  });
});

describe('Set DM Message Moderation Metadata', () => {
  it('answers 204 for a DM between the two users (either order), 404 otherwise', async () => {
    const dm = await emu.control<{ id: string }>('POST', '/dms', {
      author_id: alice.id,
      recipient_id: bob.id,
      content: 'hey',
    });
    const url = (a: string, b: string, id: string) =>
      `/partner-sdk/dms/${a}/${b}/messages/${id}/moderation-metadata`;
    expect(
      (await emu.call('PUT', url(alice.id, bob.id, dm.body.id), { json: { flag: 'none' } })).status,
    ).toBe(204);
    expect(
      (await emu.call('PUT', url(bob.id, alice.id, dm.body.id), { json: { flag: 'spam' } })).status,
    ).toBe(204);
    expect(emu.emulator.world.dmMessages.get(dm.body.id)?.moderation_metadata[demo.applicationId]).toEqual({
      flag: 'spam',
    });
    expect((await emu.call('PUT', url(alice.id, carol.id, dm.body.id), { json: { flag: 'x' } })).status).toBe(
      404,
    );
    expect((await emu.call('PUT', url(alice.id, bob.id, '1'), { json: { flag: 'x' } })).body).toMatchObject({
      code: 10008,
    });
    const six = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`k${i}`, 'v']));
    expect((await emu.call('PUT', url(alice.id, bob.id, dm.body.id), { json: six })).status).toBe(400);
  });
});

describe('Create Linked-Channel Invite', () => {
  const link = () =>
    emu.call('PATCH', linking, { auth: bearer(alice), json: { channel_id: demo.channelIds.lobbyChat } });

  it('for self: a single-use, one-hour invite to the linked channel for the caller', async () => {
    await link();
    const res = await emu.call<{ code: string }>('POST', `/lobbies/${demo.lobbyId}/members/@me/invites`, {
      auth: bearer(bob),
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: expect.stringMatching(/^[A-Za-z0-9]+$/) });
    const invite = emu.emulator.world.invites.get(res.body.code);
    expect(invite).toMatchObject({
      channel_id: demo.channelIds.lobbyChat,
      guild_id: demo.guildId,
      max_uses: 1,
      max_age: 3600,
      target_user_ids: [bob.id],
    });
  });

  it('for a user (bot): an invite for that lobby member', async () => {
    await link();
    const res = await emu.call<{ code: string }>(
      'POST',
      `/lobbies/${demo.lobbyId}/members/${bob.id}/invites`,
    );
    expect(res.status).toBe(200);
    expect(emu.emulator.world.invites.get(res.body.code)?.target_user_ids).toEqual([bob.id]);
  });

  it('answers 404 10003 without a linked channel, 403 50001 for a non-member', async () => {
    expect(
      (await emu.call('POST', `/lobbies/${demo.lobbyId}/members/@me/invites`, { auth: bearer(bob) })).body,
    ).toMatchObject({ code: 10003 });
    await link();
    expect(
      (await emu.call('POST', `/lobbies/${demo.lobbyId}/members/@me/invites`, { auth: bearer(erin) })).body,
    ).toMatchObject({ code: 50001 });
    expect(
      (await emu.call('POST', `/lobbies/${demo.lobbyId}/members/${erin.id}/invites`)).body,
    ).toMatchObject({ code: 50001 });
    expect(
      (await emu.call('POST', `/lobbies/1/members/@me/invites`, { auth: bearer(bob) })).body,
    ).toMatchObject({ code: 10031 });
  });

  it('expires after one hour and after one use', async () => {
    await link();
    const res = await emu.call<{ code: string }>('POST', `/lobbies/${demo.lobbyId}/members/@me/invites`, {
      auth: bearer(bob),
    });
    emu.emulator.manualClock?.advance(3600 * 1000 - 1);
    expect(emu.emulator.world.invites.get(res.body.code)).toBeDefined();
    emu.emulator.manualClock?.advance(1);
    expect(emu.emulator.world.invites.get(res.body.code)).toBeUndefined();
  });
});
