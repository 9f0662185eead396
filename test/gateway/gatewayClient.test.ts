/**
 * GatewayClient against the emulator's gateway over loopback: Ready, events from changes, resume
 * after a killed connection and after missed ACKs, a fresh identify after Invalid Session, typed
 * fatal errors, opcode 8 and 43, intents, shards. One ManualClock drives both sides.
 */
import { describe, expect, it } from 'vitest';
import { demo } from '../../src/emulator/world/demoSeed.js';
import { GatewayCloseError, GatewayRateLimitError } from '../../src/gateway/gatewayErrors.js';
import type { GatewayDispatch } from '../../src/gateway/gatewayClientOptions.js';
import { runShards } from '../../src/gateway/runShards.js';
import { wsWebSocket } from '../../src/gateway/wsWebSocket.js';
import { ApiError } from '../../src/rest/errors/ApiError.js';
import { RestClient } from '../../src/rest/RestClient.js';
import { shardOf } from '../../src/spec/gateway.js';
import { tick, useGatewayKit } from './gatewayKit.js';

const [alice, bob, carol, , erin] = demo.users;
const G = demo.guildId;

function record(client: { on(e: 'dispatch', l: (d: GatewayDispatch) => void): unknown }): GatewayDispatch[] {
  const seen: GatewayDispatch[] = [];
  client.on('dispatch', (d) => seen.push(d));
  return seen;
}

describe('GatewayClient against the emulator', () => {
  const kit = useGatewayKit();

  it('identifies, gets Ready with the bot and its guilds, then GUILD_CREATE, and counts a session start', async () => {
    const client = kit.client();
    const guildCreate = kit.next(client, 'GUILD_CREATE');
    const ready = await kit.drive(client.connect());
    expect(ready.user.id).toBe(demo.botUserId);
    expect(ready.guilds).toEqual([{ id: G, unavailable: true }]);
    expect(ready.resume_gateway_url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/gateway$/);
    const [guild] = await kit.drive(guildCreate);
    expect(guild.id).toBe(G);
    expect(guild.member_count).toBe(5);
    expect(guild.channels.length).toBeGreaterThan(0);
    expect(client.state).toBe('ready');
    const bot = await kit.rest.gateway.getBot();
    expect(bot.session_start_limit.remaining).toBe(999);
  });

  it('receives a control-API member add, a role change and a ban as the right events', async () => {
    const client = kit.client();
    await kit.drive(client.connect());
    const added = kit.next(client, 'GUILD_MEMBER_ADD');
    await fetch(`${kit.emulator.url}/_emulator/guilds/${G}/members/${erin?.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pending: false }),
    });
    const [add] = await kit.drive(added);
    expect(add.guild_id).toBe(G);
    expect(add.user?.id).toBe(erin?.id);

    const updated = kit.next(client, 'GUILD_MEMBER_UPDATE', (m) => m.user?.id === carol?.id);
    await kit.rest.guilds.addMemberRole({
      guild_id: G,
      user_id: carol?.id ?? '',
      role_id: demo.roleIds.moderator,
    });
    const [update] = await kit.drive(updated);
    expect(update.roles).toContain(demo.roleIds.moderator);

    const banned = kit.next(client, 'GUILD_BAN_ADD');
    await kit.rest.guilds.createBan({ guild_id: G, user_id: erin?.id ?? '' });
    const [ban] = await kit.drive(banned);
    expect(ban).toMatchObject({ guild_id: G, user: { id: erin?.id } });
  });

  it('resumes after a killed connection with no event lost or doubled', async () => {
    const client = kit.client();
    await kit.drive(client.connect());
    const seen = record(client);
    const sessionId = client.sessionId as string;
    const resumed = kit.next(client, 'resumed');
    expect(kit.emulator.gateway.disconnect(sessionId, null)).toBe(true);
    // Changes while the connection is down: the session buffers them for the resume.
    const guild = kit.emulator.world.guilds.require(G);
    kit.emulator.world.guilds.addMember(guild, erin?.id ?? '');
    kit.emulator.world.guilds.createRole(guild, { name: 'while-down' });
    await kit.drive(resumed);
    kit.emulator.world.guilds.createRole(guild, { name: 'after' });
    await kit.drive(kit.next(client, 'GUILD_ROLE_CREATE', (r) => r.role.name === 'after'));
    expect(client.sessionId).toBe(sessionId);
    const types = seen.map((d) => d.t);
    expect(types).toEqual(['GUILD_MEMBER_ADD', 'GUILD_ROLE_CREATE', 'RESUMED', 'GUILD_ROLE_CREATE']);
    const seqs = seen.map((d) => d.s);
    expect(new Set(seqs).size).toBe(seqs.length);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
  });

  it('takes missing heartbeat ACKs for a zombie connection and resumes', async () => {
    const client = kit.client();
    await kit.drive(client.connect());
    const sessionId = client.sessionId as string;
    kit.emulator.gateway.setHeartbeatAcks(sessionId, false);
    const reconnecting = kit.next(client, 'reconnecting');
    const [info] = await kit.drive(reconnecting, 5_000);
    expect(info).toMatchObject({ mode: 'resume' });
    expect(info.reason).toMatch(/zombie/);
    kit.emulator.gateway.setHeartbeatAcks(sessionId, true);
    await kit.drive(kit.next(client, 'resumed'));
    expect(client.sessionId).toBe(sessionId);
  });

  it('identifies anew after Invalid Session (not resumable)', async () => {
    const client = kit.client();
    await kit.drive(client.connect());
    const first = client.sessionId as string;
    const ready = kit.next(client, 'ready');
    kit.emulator.gateway.invalidate(first, false);
    const [again] = await kit.drive(ready);
    expect(again.session_id).not.toBe(first);
    expect((await kit.rest.gateway.getBot()).session_start_limit.remaining).toBe(998);
  });

  it('ends with a typed error, and no reconnect loop, on a bad token', async () => {
    const client = kit.client({
      token: 'not-a-token',
      url: `ws://127.0.0.1:${kit.emulator.port}/gateway`,
    });
    let reconnects = 0;
    client.on('reconnecting', () => {
      reconnects += 1;
    });
    const error = await kit.drive(client.connect()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayCloseError);
    expect((error as GatewayCloseError).closeCode).toBe(4004);
    expect(JSON.stringify((error as GatewayCloseError).toJSON())).not.toContain('not-a-token');
    for (let i = 0; i < 10; i++) await tick();
    kit.clock.advance(120_000);
    expect(reconnects).toBe(0);
    expect(client.state).toBe('closed');
    expect(kit.emulator.gateway.sessions()).toEqual([]);
  });

  it('ends, without a reconnect loop, when Get Gateway Bot refuses the token', async () => {
    const rest = new RestClient({ baseUrl: kit.emulator.apiUrl, auth: { bot: 'wrong-token' } });
    const client = kit.client({ token: 'wrong-token', rest });
    let reconnects = 0;
    client.on('reconnecting', () => {
      reconnects += 1;
    });
    const error = await kit.drive(client.connect()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    kit.clock.advance(120_000);
    expect(reconnects).toBe(0);
    expect(client.state).toBe('closed');
  });

  it('ends with a typed error on a privileged intent the application was not granted', async () => {
    const made = await (
      await fetch(`${kit.emulator.url}/_emulator/applications`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Plain', privileged_intents: [] }),
      })
    ).json();
    const client = kit.client({ token: made.bot_token, intents: ['GUILDS', 'GUILD_MEMBERS'] });
    const error = await kit.drive(client.connect()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayCloseError);
    expect((error as GatewayCloseError).closeCode).toBe(4014);
    expect(client.state).toBe('closed');
  });

  it('streams Request Guild Members as chunks, and a second all-members request within 30 s is RATE_LIMITED', async () => {
    const client = kit.client();
    await kit.drive(client.connect());
    const ids: string[] = [];
    for await (const chunk of client.requestGuildMembers({ guildId: G })) {
      expect(chunk).toMatchObject({ guild_id: G, chunk_index: 0, chunk_count: 1 });
      ids.push(...chunk.members.map((m) => m.user?.id ?? ''));
    }
    expect(ids.sort()).toEqual([demo.botUserId, alice?.id, bob?.id, carol?.id, demo.users[3].id].sort());
    kit.clock.advance(10_000);
    const second = client.requestGuildMembers({ guildId: G });
    const error = await kit.drive(second.next()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayRateLimitError);
    expect((error as GatewayRateLimitError).retryAfter).toBeCloseTo(20, 1);
    // A query for a prefix is not the all-members request: not limited.
    const found: string[] = [];
    for await (const chunk of client.requestGuildMembers({
      guildId: G,
      userIds: [alice?.id ?? '', erin?.id ?? ''],
    })) {
      found.push(...chunk.members.map((m) => m.user?.id ?? ''));
      expect(chunk.not_found).toEqual([erin?.id]);
    }
    expect(found).toEqual([alice?.id]);
  });

  it('answers Request Channel Info with the voice channels status', async () => {
    const client = kit.client();
    await kit.drive(client.connect());
    await kit.rest.channels.setVoiceStatus(
      { channel_id: demo.channelIds.voice },
      { body: { status: 'raid night' } },
    );
    const info = await kit.drive(client.requestChannelInfo({ guildId: G }));
    expect(info.guild_id).toBe(G);
    const voice = info.channels.find((c) => c.id === demo.channelIds.voice);
    expect(voice?.status).toBe('raid night');
    expect(typeof voice?.voice_start_time).toBe('number');
    expect(info.channels.find((c) => c.id === demo.channelIds.stage)?.voice_start_time).toBeNull();
  });

  it('receives only what its intents allow', async () => {
    const client = kit.client({ intents: ['GUILDS'] });
    await kit.drive(client.connect());
    const seen = record(client);
    const guild = kit.emulator.world.guilds.require(G);
    kit.emulator.world.guilds.addMember(guild, erin?.id ?? '');
    kit.emulator.world.guilds.createRole(guild, { name: 'marker' });
    await kit.drive(kit.next(client, 'GUILD_ROLE_CREATE'));
    expect(seen.map((d) => d.t)).toEqual(['GUILD_ROLE_CREATE']);
  });

  it('runs two shards that each receive only their guilds', async () => {
    const world = kit.emulator.world;
    const guilds: string[] = [];
    for (let i = 0; i < 12 && new Set(guilds.map((g) => shardOf(g, 2))).size < 2; i++) {
      kit.clock.advance(1);
      const g = world.guilds.create({ name: `g${i}`, owner_id: alice?.id ?? '' });
      world.guilds.addMember(g, demo.botUserId);
      guilds.push(g.id);
    }
    const onShard = (s: number) => [G, ...guilds].filter((g) => shardOf(g, 2) === s).sort();
    const clients = await kit.drive(
      runShards({
        token: demo.botToken,
        intents: ['GUILDS'],
        rest: kit.rest,
        clock: kit.clock,
        random: () => 0.5,
        webSocket: wsWebSocket,
        shardCount: 2,
      }),
      1000,
    );
    try {
      expect(clients.map((c) => c.shard)).toEqual([
        [0, 2],
        [1, 2],
      ]);
      const seen = clients.map(record);
      for (const g of [G, ...guilds]) world.guilds.createRole(world.guilds.require(g), { name: `r-${g}` });
      const last = [...guilds].pop() as string;
      await kit.drive(
        Promise.all(
          clients.map((c, s) =>
            onShard(s).length > 0
              ? kit.next(c, 'GUILD_ROLE_CREATE', (r) => r.guild_id === onShard(s).at(-1))
              : [],
          ),
        ),
      );
      for (const s of [0, 1]) {
        const got = (seen[s] ?? []).map((d) => (d.d as { guild_id: string }).guild_id).sort();
        expect(got, `shard ${s}`).toEqual(onShard(s));
      }
      expect(last).toBeDefined();
    } finally {
      for (const c of clients) c.close();
    }
  });
});
