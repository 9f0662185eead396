/**
 * Helpers of the invite-area tests: multipart bodies (the target-users file), the event log, and a
 * small world for permission checks where every permission the invite operations check lives on a
 * role of its own.
 */
import { expect } from 'vitest';
import type { SeedObject } from '../../src/emulator/world/seed.js';
import { combinePermissions } from '../../src/spec/permissions.js';
import type { CallOptions, CallResult, EmulatorHandle } from './emulator.js';
import { expectError } from './platformAssertions.js';

export { eventsAfter, type LoggedEvent, lastSeq } from './eventLog.js';
export { expectFieldError } from './platformAssertions.js';

/** One file part of a multipart body. */
export interface FilePart {
  readonly field: string;
  readonly filename?: string;
  readonly contentType?: string;
  readonly data: string | Buffer;
}

/** A multipart/form-data body with text fields and files, and the headers to send it with. */
export function multipart(
  fields: Readonly<Record<string, string>>,
  files: readonly FilePart[],
): Pick<CallOptions, 'body' | 'headers'> {
  const boundary = `----lobbykit-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename ?? 'users.csv'}"\r\nContent-Type: ${file.contentType ?? 'text/csv'}\r\n\r\n`,
      ),
      Buffer.isBuffer(file.data) ? file.data : Buffer.from(file.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A target-users CSV multipart body (field `target_users_file`). */
export function csvUpload(csv: string | Buffer, fields: Readonly<Record<string, string>> = {}) {
  return multipart(fields, [{ field: 'target_users_file', data: csv }]);
}

/** Asserts a 403 with the platform code `code` (50013 Missing Permissions, 50001 Missing Access). */
export function expectForbidden(res: CallResult, code: 50013 | 50001): void {
  expectError(res, 403, code);
}

/** Ids and tokens of {@link permissionWorld}. */
export const perm = {
  appId: '2000000000000000001',
  botId: '2000000000000000002',
  botToken: 'perm-bot-token',
  adminAppId: '2000000000000000003',
  adminBotId: '2000000000000000004',
  adminBotToken: 'admin-bot-token',
  ownerId: '2000000000000000005',
  guestId: '2000000000000000006',
  guildId: '2000000000000000010',
  adminRole: '2000000000000000011',
  textChannel: '2000000000000000020',
  voiceChannel: '2000000000000000021',
  /** One role per permission, each holding only that permission. */
  roles: {
    CREATE_INSTANT_INVITE: '2000000000000000031',
    MANAGE_CHANNELS: '2000000000000000032',
    MANAGE_GUILD: '2000000000000000033',
    VIEW_AUDIT_LOG: '2000000000000000034',
    SET_VOICE_CHANNEL_STATUS: '2000000000000000035',
    MANAGE_ROLES: '2000000000000000036',
  },
} as const;

/** The permissions a role of {@link perm}.roles holds. */
export type PermRole = keyof typeof perm.roles;

/**
 * A guild whose @everyone may only view channels and connect; one role per permission the invite
 * operations check; the test bot (`perm-bot-token`) a member without roles; an administrator bot
 * (`admin-bot-token`) to make invites with.
 */
export function permissionWorld(): SeedObject {
  const roleEntries = Object.entries(perm.roles).map(([name, id], index) => ({
    id,
    name,
    permissions: combinePermissions(name),
    position: index + 1,
  }));
  return {
    applications: [
      { id: perm.appId, name: 'Perm App', bot_user_id: perm.botId, bot_token: perm.botToken },
      { id: perm.adminAppId, name: 'Admin App', bot_user_id: perm.adminBotId, bot_token: perm.adminBotToken },
    ],
    users: [
      { id: perm.ownerId, username: 'owner' },
      { id: perm.guestId, username: 'guest' },
    ],
    guilds: [
      {
        id: perm.guildId,
        name: 'Permission Guild',
        owner_id: perm.ownerId,
        everyone_permissions: combinePermissions('VIEW_CHANNEL', 'CONNECT'),
        roles: [
          ...roleEntries,
          {
            id: perm.adminRole,
            name: 'Admin',
            permissions: combinePermissions('ADMINISTRATOR'),
            position: 20,
          },
        ],
        channels: [
          { id: perm.textChannel, name: 'text', type: 0 },
          { id: perm.voiceChannel, name: 'voice', type: 2 },
        ],
        members: [
          { user_id: perm.ownerId },
          { user_id: perm.botId },
          { user_id: perm.adminBotId, roles: [perm.adminRole] },
        ],
      },
    ],
  };
}

/** Gives the test bot of {@link permissionWorld} exactly `roles`. */
export async function setBotRoles(emu: EmulatorHandle, roles: readonly PermRole[]): Promise<void> {
  const res = await emu.control('PUT', `/guilds/${perm.guildId}/members/${perm.botId}`, {
    roles: roles.map((r) => perm.roles[r]),
  });
  expect(res.status, res.text).toBe(200);
}

/** The member an accepted invite answers with, as the control API sends it. */
export interface AcceptedInvite {
  readonly guild_id: string;
  readonly new_member: boolean;
  readonly member: { roles: string[]; flags: number };
}

/** `POST /_emulator/invites/{code}/accept`: `userId` accepts the invite `code`. */
export function acceptInvite(emu: EmulatorHandle, code: string, userId: string) {
  return emu.control<AcceptedInvite>('POST', `/invites/${code}/accept`, { user_id: userId });
}
