import { describe, expect, it } from 'vitest';
import {
  combinePermissions,
  hasPermissions,
  parsePermissions,
  permissionNames,
  Permissions,
  permissionsToNames,
  removePermissions,
} from '../../src/spec/permissions.js';

describe('permission bits', () => {
  it('has the bit positions the specification and paths.md give', () => {
    expect(Permissions.CREATE_INSTANT_INVITE).toBe(1n);
    expect(Permissions.ADMINISTRATOR).toBe(8n);
    expect(Permissions.MANAGE_GUILD).toBe(32n);
    expect(Permissions.MANAGE_THREADS).toBe(1n << 34n);
    expect(Permissions.MODERATE_MEMBERS).toBe(1n << 40n);
    expect(Permissions.CREATE_GUILD_EXPRESSIONS).toBe(1n << 43n);
    expect(Permissions.CREATE_EVENTS).toBe(1n << 44n);
    expect(Permissions.SET_VOICE_CHANNEL_STATUS).toBe(1n << 48n);
    expect(Permissions.USE_EXTERNAL_APPS).toBe(1n << 50n);
    expect(Permissions.PIN_MESSAGES).toBe(1n << 51n);
    expect(Permissions.BYPASS_SLOWMODE).toBe(1n << 52n);
  });

  it('gives every name its own bit', () => {
    const bits = permissionNames.map((name) => Permissions[name]);
    expect(new Set(bits).size).toBe(bits.length);
    for (const bit of bits) expect(bit & (bit - 1n)).toBe(0n);
  });
});

describe('permission helpers', () => {
  it('combines names, strings and bigints into a decimal string', () => {
    expect(combinePermissions('KICK_MEMBERS', 'BAN_MEMBERS')).toBe('6');
    expect(combinePermissions('8', 1n << 52n)).toBe(String(8n | (1n << 52n)));
    expect(combinePermissions()).toBe('0');
  });

  it('tests membership above 2^53 without losing precision', () => {
    const value = combinePermissions('BYPASS_SLOWMODE', 'MANAGE_GUILD');
    expect(hasPermissions(value, 'BYPASS_SLOWMODE', 'MANAGE_GUILD')).toBe(true);
    expect(hasPermissions(value, 'PIN_MESSAGES')).toBe(false);
    expect(permissionsToNames(value)).toEqual(['MANAGE_GUILD', 'BYPASS_SLOWMODE']);
  });

  it('removes permissions', () => {
    expect(removePermissions('6', 'KICK_MEMBERS')).toBe('4');
  });

  it('rejects strings that are not 64-bit decimal bitfields', () => {
    expect(() => parsePermissions('-1')).toThrow(RangeError);
    expect(() => parsePermissions('0x10')).toThrow(/not a permission bitfield/);
    expect(parsePermissions('18446744073709551615')).toBe((1n << 64n) - 1n);
    expect(() => parsePermissions('18446744073709551616')).toThrow(/64 bits/);
  });
});
