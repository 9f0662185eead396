/**
 * Helpers shared by the guild tests: the demo ids, event reading, a seed with an extra application
 * whose bot can be given exactly the permissions a test needs, and OpenAPI checks.
 */
import { expect } from 'vitest';
import type { SeedObject } from '../../src/emulator/world/seed.js';
import { demo, demoSeed } from '../../src/emulator/world/demoSeed.js';
import { combinePermissions, type PermissionName } from '../../src/spec/permissions.js';
import type { EmulatorHandle } from '../support/emulator.js';

export { eventsAfter, type LoggedEvent, lastSeq } from '../support/eventLog.js';
export { expectError, expectFieldError } from '../support/platformAssertions.js';

/** The demo guild's id and its path prefix. */
export const G = demo.guildId;
export const GP = `/guilds/${G}`;

/** The extra application whose bot ("tester") holds exactly the roles a test gives it. */
export const tester = {
  applicationId: '1400000000000000001',
  botUserId: '1400000000000000002',
  botToken: 'tester-bot-token',
  auth: { bot: 'tester-bot-token' },
} as const;

/** One role per permission the matrix needs, by permission name (ids 1400000000000000100 +). */
export const permissionNames = ['MANAGE_GUILD', 'MANAGE_CHANNELS', 'MANAGE_ROLES', 'ADMINISTRATOR'] as const;
export const roleFor: Readonly<Record<(typeof permissionNames)[number], string>> = {
  MANAGE_GUILD: '1400000000000000100',
  MANAGE_CHANNELS: '1400000000000000101',
  MANAGE_ROLES: '1400000000000000102',
  ADMINISTRATOR: '1400000000000000103',
};

/** The demo world plus the tester application, whose bot is a guild member with no role. */
export function testerSeed(): SeedObject {
  const seed = structuredClone(demoSeed) as SeedObject & {
    applications: unknown[];
    guilds: Array<{ roles: unknown[]; members: unknown[] }>;
  };
  seed.applications.push({
    id: tester.applicationId,
    name: 'Tester',
    bot_user_id: tester.botUserId,
    bot_token: tester.botToken,
  });
  const guild = seed.guilds[0] as { roles: unknown[]; members: unknown[] };
  permissionNames.forEach((name, index) => {
    guild.roles.push({
      id: roleFor[name],
      name: `only ${name}`,
      permissions: combinePermissions(name as PermissionName),
      position: 5 + index,
    });
  });
  guild.members.push({ user_id: tester.botUserId, roles: [] });
  return seed;
}

/** Gives the tester bot exactly these roles. */
export async function giveTester(
  emu: EmulatorHandle,
  names: ReadonlyArray<(typeof permissionNames)[number]>,
): Promise<void> {
  const res = await emu.control('PUT', `/guilds/${G}/members/${tester.botUserId}`, {
    roles: names.map((n) => roleFor[n]),
  });
  expect(res.status, res.text).toBeLessThan(300);
}
