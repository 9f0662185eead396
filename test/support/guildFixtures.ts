/**
 * Test helpers for the guild member area: events since a point, a second bot whose permissions a
 * test chooses, and small world set-ups. Worlds are built through the control API only (as a user of
 * the emulator builds them); tests may read the world's records, never write them.
 */
import { expect } from 'vitest';
import { demo } from '../../src/emulator/world/demoSeed.js';
import type { Role } from '../../src/spec/schemas/role.js';
import { combinePermissions, type PermissionName } from '../../src/spec/permissions.js';
import type { EmulatorHandle } from './emulator.js';

export { eventsAfter, type LoggedEvent, lastSeq } from './eventLog.js';
export { expectError, expectFieldError } from './platformAssertions.js';

/** The demo guild's record. */
export function demoGuild(emu: EmulatorHandle) {
  return emu.emulator.world.guilds.require(demo.guildId);
}

/** A bot of its own application, a member of the demo guild with one role the test controls. */
export interface TestBot {
  readonly applicationId: string;
  readonly userId: string;
  readonly token: string;
  /** Its role (position 10: above every demo role), as the control API answered it. */
  readonly role: Role;
  /** `{ bot: token }` for `emu.call`. */
  readonly auth: { readonly bot: string };
  /** Sets the role's permissions (nothing else grants the bot any once @everyone is emptied). */
  grant(...permissions: PermissionName[]): Promise<void>;
}

/**
 * Makes a second application whose bot joins the demo guild with a role at position 10 holding
 * `permissions`. With `emptyEveryone` (default true) @everyone's permissions become 0, so that the
 * role alone decides.
 */
export async function testBot(
  emu: EmulatorHandle,
  permissions: PermissionName[] = [],
  options: { emptyEveryone?: boolean; position?: number } = {},
): Promise<TestBot> {
  const app = await emu.control<{ id: string; bot_user_id: string; bot_token: string }>(
    'POST',
    '/applications',
    { name: 'Test Bot' },
  );
  expect(app.status).toBe(201);
  const G = `/guilds/${demo.guildId}`;
  if (options.emptyEveryone ?? true) {
    const everyone = await emu.control('PATCH', `${G}/roles/${demo.guildId}`, { permissions: '0' });
    expect(everyone.status, everyone.text).toBe(200);
  }
  const bits = (names: PermissionName[]) => (names.length === 0 ? '0' : combinePermissions(...names));
  const made = await emu.control<Role>('POST', `${G}/roles`, {
    name: 'Tester',
    permissions: bits(permissions),
    position: options.position ?? 10,
  });
  expect(made.status, made.text).toBe(201);
  const role = made.body;
  const put = await emu.control('PUT', `/guilds/${demo.guildId}/members/${app.body.bot_user_id}`, {
    roles: [role.id],
  });
  expect(put.status).toBe(201);
  return {
    applicationId: app.body.id,
    userId: app.body.bot_user_id,
    token: app.body.bot_token,
    role,
    auth: { bot: app.body.bot_token },
    grant: async (...names) => {
      const res = await emu.control('PATCH', `${G}/roles/${role.id}`, { permissions: bits(names) });
      expect(res.status, res.text).toBe(200);
    },
  };
}

/** Makes a user (with an access token of `applicationId`, default Demo Game). */
export async function newUser(
  emu: EmulatorHandle,
  username: string,
  options: { applicationId?: string; scopes?: string[] } = {},
): Promise<{ id: string; access_token: string }> {
  const res = await emu.control<{ id: string; access_token: string }>('POST', '/users', {
    username,
    application_id: options.applicationId ?? demo.applicationId,
    ...(options.scopes ? { scopes: options.scopes } : {}),
  });
  expect(res.status).toBe(201);
  return res.body;
}
