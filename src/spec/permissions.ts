/**
 * Permission bits and helpers. The platform sends permissions as the decimal string of a 64-bit
 * bitfield; here each bit is a `bigint` and the helpers take and return those strings.
 */
export const Permissions = {
  CREATE_INSTANT_INVITE: 1n << 0n,
  KICK_MEMBERS: 1n << 1n,
  BAN_MEMBERS: 1n << 2n,
  /** Passes every permission check. */
  ADMINISTRATOR: 1n << 3n,
  MANAGE_CHANNELS: 1n << 4n,
  MANAGE_GUILD: 1n << 5n,
  VIEW_AUDIT_LOG: 1n << 7n,
  /** Platform documentation (not in the specification): needed to see a channel. */
  VIEW_CHANNEL: 1n << 10n,
  /** Platform documentation (not in the specification): the onboarding rule counts channels with it. */
  SEND_MESSAGES: 1n << 11n,
  MANAGE_MESSAGES: 1n << 13n,
  READ_MESSAGE_HISTORY: 1n << 16n,
  CONNECT: 1n << 20n,
  MUTE_MEMBERS: 1n << 22n,
  DEAFEN_MEMBERS: 1n << 23n,
  MOVE_MEMBERS: 1n << 24n,
  CHANGE_NICKNAME: 1n << 26n,
  MANAGE_NICKNAMES: 1n << 27n,
  MANAGE_ROLES: 1n << 28n,
  MANAGE_THREADS: 1n << 34n,
  MODERATE_MEMBERS: 1n << 40n,
  CREATE_GUILD_EXPRESSIONS: 1n << 43n,
  CREATE_EVENTS: 1n << 44n,
  SET_VOICE_CHANNEL_STATUS: 1n << 48n,
  /** On by default. */
  USE_EXTERNAL_APPS: 1n << 50n,
  PIN_MESSAGES: 1n << 51n,
  BYPASS_SLOWMODE: 1n << 52n,
} as const;

/** The name of a permission bit. */
export type PermissionName = keyof typeof Permissions;

/** Every permission name, in bit order. */
export const permissionNames = Object.keys(Permissions) as PermissionName[];

const MAX_64 = (1n << 64n) - 1n;

/** Parses a permission string (decimal, 64-bit); throws a `RangeError` naming the bad value. */
export function parsePermissions(value: string): bigint {
  if (!/^\d{1,20}$/.test(value)) throw new RangeError(`not a permission bitfield: "${value.slice(0, 32)}"`);
  const bits = BigInt(value);
  if (bits > MAX_64) throw new RangeError(`permission bitfield exceeds 64 bits: "${value}"`);
  return bits;
}

/** Combines permission names or strings into one permission string. */
export function combinePermissions(...parts: ReadonlyArray<PermissionName | string | bigint>): string {
  let bits = 0n;
  for (const part of parts) bits |= toBits(part);
  return bits.toString();
}

/** True when `value` holds every permission in `required` (ADMINISTRATOR is not special-cased here). */
export function hasPermissions(value: string | bigint, ...required: ReadonlyArray<PermissionName>): boolean {
  const bits = typeof value === 'bigint' ? value : parsePermissions(value);
  return required.every((name) => (bits & Permissions[name]) === Permissions[name]);
}

/** The permission names set in a permission string, in bit order (unknown bits are left out). */
export function permissionsToNames(value: string | bigint): PermissionName[] {
  const bits = typeof value === 'bigint' ? value : parsePermissions(value);
  return permissionNames.filter((name) => (bits & Permissions[name]) !== 0n);
}

/** Removes the permissions in `remove` from `value`. */
export function removePermissions(value: string, ...remove: ReadonlyArray<PermissionName | string>): string {
  let bits = parsePermissions(value);
  for (const part of remove) bits &= ~toBits(part);
  return bits.toString();
}

function toBits(part: PermissionName | string | bigint): bigint {
  if (typeof part === 'bigint') return part;
  if (part in Permissions) return Permissions[part as PermissionName];
  return parsePermissions(part);
}
