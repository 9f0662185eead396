/** The emulator's PNG encoder (world/widgetPng.ts), without a server: CRC-32, layout and errors. */
import { crc32 as zlibCrc32, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32, encodePng, PNG_SIGNATURE } from '../../src/emulator/world/widgetPng.js';

describe('crc32', () => {
  it('gives the standard check value and agrees with node:zlib', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array(0))).toBe(0);
    const bytes = Buffer.from('IHDR and friends');
    expect(crc32(bytes)).toBe(zlibCrc32(bytes));
  });
});

describe('encodePng', () => {
  it('writes signature, IHDR, IDAT and IEND with the pixels row by row', () => {
    // 2×1: one red pixel, one half-transparent blue one.
    const png = Buffer.from(
      encodePng({ width: 2, height: 1, pixels: Uint8Array.of(255, 0, 0, 255, 0, 0, 255, 128) }),
    );
    expect(png.subarray(0, 8)).toEqual(Buffer.from(PNG_SIGNATURE));
    expect(png.readUInt32BE(8)).toBe(13);
    expect(png.toString('latin1', 12, 16)).toBe('IHDR');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([2, 1]);
    const idatLength = png.readUInt32BE(33);
    expect(png.toString('latin1', 37, 41)).toBe('IDAT');
    const raw = inflateSync(png.subarray(41, 41 + idatLength));
    expect([...raw]).toEqual([0, 255, 0, 0, 255, 0, 0, 255, 128]);
    expect(png.subarray(-12)).toEqual(
      Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]),
    );
  });

  it('refuses a wrong buffer size and a non-positive size', () => {
    expect(() => encodePng({ width: 2, height: 2, pixels: new Uint8Array(15) })).toThrow(RangeError);
    expect(() => encodePng({ width: 0, height: 1, pixels: new Uint8Array(0) })).toThrow(RangeError);
    expect(() => encodePng({ width: 1.5, height: 1, pixels: new Uint8Array(6) })).toThrow(RangeError);
  });
});
