import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import {
  ALL_PERMISSIONS,
  computeBasePermissions,
  computeChannelPermissions,
} from '../../src/emulator/permissions/computePermissions.js';
import { hasPermission, satisfies } from '../../src/emulator/permissions/requirePermissions.js';
import { World } from '../../src/emulator/world/World.js';
import { combinePermissions, Permissions } from '../../src/spec/permissions.js';

function setup() {
  const clock = new ManualClock(Date.UTC(2026, 0, 1));
  const world = new World({ clock });
  const owner = world.createUser({ username: 'owner' });
  const alice = world.createUser({ username: 'alice' });
  const guild = world.guilds.create({
    name: 'Guild',
    owner_id: owner.id,
    everyone_permissions: combinePermissions('VIEW_CHANNEL'),
  });
  const mods = world.guilds.createRole(guild, {
    name: 'mods',
    permissions: combinePermissions('KICK_MEMBERS', 'MANAGE_CHANNELS'),
  });
  const admins = world.guilds.createRole(guild, {
    name: 'admins',
    permissions: combinePermissions('ADMINISTRATOR'),
  });
  const member = world.guilds.addMember(guild, alice.id, { roles: [mods.id] });
  const channel = world.guilds.createChannel(guild, { name: 'text', type: 0 });
  return { clock, world, owner, alice, guild, mods, admins, member, channel };
}

describe('guild-level permissions', () => {
  it('are @everyone OR every role of the member', () => {
    const { guild, member } = setup();
    const bits = computeBasePermissions(guild, member, 0);
    expect(bits).toBe(Permissions.VIEW_CHANNEL | Permissions.KICK_MEMBERS | Permissions.MANAGE_CHANNELS);
  });

  it('give the owner and ADMINISTRATOR everything', () => {
    const { guild, member, admins, owner } = setup();
    expect(computeBasePermissions(guild, guild.members.get(owner.id)!, 0)).toBe(ALL_PERMISSIONS);
    member.roles.push(admins.id);
    expect(computeBasePermissions(guild, member, 0)).toBe(ALL_PERMISSIONS);
  });

  it('shrink to viewing while timed out (not for administrators) and while pending', () => {
    const { guild, member, clock, admins } = setup();
    member.communication_disabled_until = clock.now() + 1000;
    expect(computeBasePermissions(guild, member, clock.now())).toBe(Permissions.VIEW_CHANNEL);
    expect(computeBasePermissions(guild, member, clock.now() + 1000)).not.toBe(Permissions.VIEW_CHANNEL);
    member.roles.push(admins.id);
    expect(computeBasePermissions(guild, member, clock.now())).toBe(ALL_PERMISSIONS);
    member.roles.pop();
    member.communication_disabled_until = null;
    member.pending = true;
    expect(computeBasePermissions(guild, member, clock.now())).toBe(Permissions.VIEW_CHANNEL);
  });
});

describe('channel permissions', () => {
  it('apply @everyone, then role overwrites together, then the member overwrite', () => {
    const { guild, member, channel, mods } = setup();
    channel.permission_overwrites = [
      { id: guild.id, type: 0, allow: '0', deny: String(Permissions.VIEW_CHANNEL) },
      {
        id: mods.id,
        type: 0,
        allow: String(Permissions.VIEW_CHANNEL),
        deny: String(Permissions.KICK_MEMBERS),
      },
    ];
    let bits = computeChannelPermissions(guild, member, channel, 0);
    expect(bits & Permissions.VIEW_CHANNEL).toBe(Permissions.VIEW_CHANNEL);
    expect(bits & Permissions.KICK_MEMBERS).toBe(0n);
    channel.permission_overwrites.push({
      id: member.user_id,
      type: 1,
      allow: String(Permissions.KICK_MEMBERS),
      deny: String(Permissions.VIEW_CHANNEL),
    });
    bits = computeChannelPermissions(guild, member, channel, 0);
    expect(bits & Permissions.VIEW_CHANNEL).toBe(0n);
    expect(bits & Permissions.KICK_MEMBERS).toBe(Permissions.KICK_MEMBERS);
  });

  it('of a thread are those of its parent', () => {
    const { world, guild, member, channel } = setup();
    channel.permission_overwrites = [
      { id: guild.id, type: 0, allow: '0', deny: String(Permissions.VIEW_CHANNEL) },
    ];
    const thread = world.guilds.createChannel(guild, { name: 't', type: 11, parent_id: channel.id });
    expect(computeChannelPermissions(guild, member, thread, 0) & Permissions.VIEW_CHANNEL).toBe(0n);
  });

  it('never limit owners and administrators', () => {
    const { guild, owner, channel } = setup();
    channel.permission_overwrites = [{ id: guild.id, type: 0, allow: '0', deny: String(ALL_PERMISSIONS) }];
    expect(computeChannelPermissions(guild, guild.members.get(owner.id)!, channel, 0)).toBe(ALL_PERMISSIONS);
  });
});

describe('rules', () => {
  it('need every allOf and one anyOf', () => {
    const bits = Permissions.MANAGE_GUILD | Permissions.KICK_MEMBERS;
    expect(satisfies(bits, { allOf: ['MANAGE_GUILD', 'KICK_MEMBERS'] })).toBe(true);
    expect(satisfies(bits, { allOf: ['MANAGE_GUILD', 'BAN_MEMBERS'] })).toBe(false);
    expect(satisfies(bits, { anyOf: ['BAN_MEMBERS', 'KICK_MEMBERS'] })).toBe(true);
    expect(satisfies(bits, { anyOf: ['BAN_MEMBERS', 'VIEW_AUDIT_LOG'] })).toBe(false);
  });

  it('fail for non-members and respect the scope', () => {
    const { world, guild, alice, channel } = setup();
    const stranger = world.createUser({ username: 'stranger' });
    expect(hasPermission(world, stranger.id, { allOf: ['VIEW_CHANNEL'], scope: 'guild' }, { guild })).toBe(
      false,
    );
    channel.permission_overwrites = [
      { id: alice.id, type: 1, allow: '0', deny: String(Permissions.MANAGE_CHANNELS) },
    ];
    const rule = { allOf: ['MANAGE_CHANNELS'] as const, scope: 'channel' as const };
    expect(hasPermission(world, alice.id, rule, { guild, channel })).toBe(false);
    expect(hasPermission(world, alice.id, { ...rule, scope: 'guild' }, { guild, channel })).toBe(true);
  });
});
