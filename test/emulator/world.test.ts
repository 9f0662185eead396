import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { dumpWorld } from '../../src/emulator/world/dumpWorld.js';
import { demo, demoSeed } from '../../src/emulator/world/demoSeed.js';
import { applySeed } from '../../src/emulator/world/seed.js';
import {
  PLATFORM_EPOCH_MS,
  SnowflakeGenerator,
  snowflakeTime,
} from '../../src/emulator/world/SnowflakeGenerator.js';
import { World } from '../../src/emulator/world/World.js';

describe('SnowflakeGenerator', () => {
  it('makes timestamp-based ids that decode to the clock time', () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    const ids = new SnowflakeGenerator(clock);
    expect(snowflakeTime(ids.next())).toBe(Date.UTC(2026, 0, 1));
    clock.advance(5000);
    expect(snowflakeTime(ids.next())).toBe(Date.UTC(2026, 0, 1) + 5000);
  });

  it('is strictly increasing when the clock stands still or goes back', () => {
    let now = PLATFORM_EPOCH_MS + 1000;
    const ids = new SnowflakeGenerator(() => now);
    const made = Array.from({ length: 5000 }, () => BigInt(ids.next()));
    now -= 500;
    made.push(BigInt(ids.next()));
    for (let i = 1; i < made.length; i++) expect(made[i]! > made[i - 1]!).toBe(true);
  });

  it('stays above ids it has observed', () => {
    const ids = new SnowflakeGenerator(() => PLATFORM_EPOCH_MS);
    ids.observe('999999999999999999');
    expect(BigInt(ids.next())).toBe(1000000000000000000n);
  });
});

describe('the demo world', () => {
  it('has fixed ids and the documented shape', () => {
    const world = new World({ clock: new ManualClock() });
    applySeed(world, demoSeed);
    expect(demo.applicationId).toBe('1323802873036931072');
    expect(world.applicationByBotToken('demo-bot-token')?.name).toBe('Demo Game');
    expect(demo.users.map((u) => world.bearerTokens.get(u.token)?.user_id)).toEqual(
      demo.users.map((u) => u.id),
    );
    const guild = world.guilds.get(demo.guildId)!;
    expect(guild.roles.get(guild.id)?.name).toBe('@everyone');
    expect([...guild.channels.values()].map((c) => c.type).sort((a, b) => a - b)).toEqual([
      0, 0, 2, 4, 11, 13, 15,
    ]);
    expect(guild.members.has(demo.botUserId)).toBe(true);
    expect(guild.members.has(demo.users[4].id)).toBe(false);
    expect(guild.members.get(demo.users[3].id)?.voice_channel_id).toBe(demo.channelIds.voice);
    expect(world.events.after(0)).toEqual([]);
  });

  it('makes later ids greater than the seeded ones', () => {
    const world = new World({ clock: new ManualClock(Date.UTC(2024, 0, 1)) });
    applySeed(world, demoSeed);
    expect(BigInt(world.ids.next()) > BigInt(demo.lobbyId)).toBe(true);
  });
});

describe('LobbyStore', () => {
  it('keeps the per-user lobby count in step with membership changes and deletes', () => {
    const world = new World({ clock: new ManualClock() });
    const a = world.lobbies.create({ application_id: '1' });
    const b = world.lobbies.create({ application_id: '1' });
    const other = world.lobbies.create({ application_id: '2' });
    world.lobbies.upsertMember(a, '10', {});
    world.lobbies.upsertMember(a, '10', { flags: 1 });
    world.lobbies.upsertMember(b, '10', {});
    world.lobbies.upsertMember(other, '10', {});
    expect(world.lobbies.lobbyCount('1', '10')).toBe(2);
    expect(world.lobbies.lobbyCount('2', '10')).toBe(1);
    world.lobbies.removeMember(a, '10');
    expect(world.lobbies.lobbyCount('1', '10')).toBe(1);
    world.lobbies.delete(b.id);
    expect(world.lobbies.lobbyCount('1', '10')).toBe(0);
  });

  it('finds lobbies by application and secret', () => {
    const world = new World({ clock: new ManualClock() });
    const lobby = world.lobbies.create({ application_id: '1', secret: 's' });
    expect(world.lobbies.bySecret('1', 's')).toBe(lobby);
    expect(world.lobbies.bySecret('2', 's')).toBeUndefined();
    world.lobbies.delete(lobby.id);
    expect(world.lobbies.bySecret('1', 's')).toBeUndefined();
  });
});

describe('dumpWorld', () => {
  it('is plain JSON with maps as objects', () => {
    const world = new World({ clock: new ManualClock() });
    applySeed(world, demoSeed);
    const dump = JSON.parse(JSON.stringify(dumpWorld(world))) as Record<
      string,
      Record<string, Record<string, unknown>>
    >;
    expect(Object.keys(dump.guilds?.[demo.guildId]?.members ?? {})).toContain(demo.users[0].id);
    expect(dump.lobbies?.[demo.lobbyId]?.members).toHaveProperty(demo.users[0].id);
    expect(dump.applications?.[demo.applicationId]?.bot_token).toBe('demo-bot-token');
  });
});
