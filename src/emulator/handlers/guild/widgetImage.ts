/**
 * Draws the guild widget image (widget.png) in each of the platform's five styles, as real PNG
 * bytes: shield (online count beside the platform mark), banner1 (large: icon, name, online count,
 * powered-by footer), banner2 (smaller, the mark split off on the right), banner3 (large, mark on the
 * left and a chat prompt on the right of the footer) and banner4 (large mark on top, join button at
 * the bottom). Text uses a 3×5 pixel font, upper-case only; the emulator aims for a valid, telling
 * image, not the platform's artwork.
 */
import type { WidgetStyle } from '../../../spec/flags.js';
import type { GuildRecord } from '../../world/guildRecords.js';
import { encodePng } from '../../world/widgetPng.js';

/** Each style's size in pixels. */
export const widgetImageSizes: Readonly<Record<WidgetStyle, { width: number; height: number }>> = {
  shield: { width: 145, height: 20 },
  banner1: { width: 300, height: 120 },
  banner2: { width: 300, height: 60 },
  banner3: { width: 300, height: 100 },
  banner4: { width: 300, height: 160 },
};

type Rgb = readonly [number, number, number];
const BLURPLE: Rgb = [0x58, 0x65, 0xf2];
const DARK: Rgb = [0x23, 0x27, 0x2a];
const GREY: Rgb = [0x55, 0x55, 0x55];
const WHITE: Rgb = [0xff, 0xff, 0xff];
const GREEN: Rgb = [0x3b, 0xa5, 0x5c];

/** 3×5 glyphs, rows top to bottom. */
const FONT: Readonly<Record<string, string>> = {
  '0': '111101101101111',
  '1': '010110010010111',
  '2': '111001111100111',
  '3': '111001111001111',
  '4': '101101111001001',
  '5': '111100111001111',
  '6': '111100111101111',
  '7': '111001001001001',
  '8': '111101111101111',
  '9': '111101111001111',
  A: '010101111101101',
  B: '110101110101110',
  C: '011100100100011',
  D: '110101101101110',
  E: '111100110100111',
  F: '111100110100100',
  G: '011100101101011',
  H: '101101111101101',
  I: '111010010010111',
  J: '001001001101010',
  K: '101101110101101',
  L: '100100100100111',
  M: '101111111101101',
  N: '110101101101101',
  O: '010101101101010',
  P: '110101110100100',
  Q: '010101101110011',
  R: '110101110101101',
  S: '011100010001110',
  T: '111010010010010',
  U: '101101101101111',
  V: '101101101101010',
  W: '101101111111101',
  X: '101101010101101',
  Y: '101101010010010',
  Z: '111001010100111',
  '-': '000000111000000',
};

/** An RGBA canvas with the few drawing operations the styles need. */
class Canvas {
  readonly pixels: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Uint8Array(width * height * 4);
  }

  rect(x: number, y: number, w: number, h: number, [r, g, b]: Rgb): void {
    for (let yy = Math.max(0, y); yy < Math.min(this.height, y + h); yy++) {
      for (let xx = Math.max(0, x); xx < Math.min(this.width, x + w); xx++) {
        const i = (yy * this.width + xx) * 4;
        this.pixels[i] = r;
        this.pixels[i + 1] = g;
        this.pixels[i + 2] = b;
        this.pixels[i + 3] = 0xff;
      }
    }
  }

  /** Writes upper-cased text at a pixel scale, clipped to `maxWidth`; unknown characters are blanks. */
  text(x: number, y: number, value: string, scale: number, color: Rgb, maxWidth = this.width - x): void {
    const advance = 4 * scale;
    const fits = Math.max(0, Math.floor((maxWidth + scale) / advance));
    [...value.toUpperCase()].slice(0, fits).forEach((ch, index) => {
      const glyph = FONT[ch];
      if (glyph === undefined) return;
      for (let bit = 0; bit < 15; bit++) {
        if (glyph[bit] !== '1') continue;
        this.rect(
          x + index * advance + (bit % 3) * scale,
          y + Math.floor(bit / 3) * scale,
          scale,
          scale,
          color,
        );
      }
    });
  }

  /** The platform mark: a rounded-looking square with two eyes. */
  mark(x: number, y: number, size: number, color: Rgb, eyes: Rgb): void {
    const cut = Math.max(1, Math.floor(size / 6));
    this.rect(x + cut, y, size - 2 * cut, size, color);
    this.rect(x, y + cut, size, size - 2 * cut, color);
    const eye = Math.max(1, Math.floor(size / 5));
    this.rect(x + Math.floor(size / 4), y + Math.floor(size / 3), eye, eye, eyes);
    this.rect(x + size - Math.floor(size / 4) - eye, y + Math.floor(size / 3), eye, eye, eyes);
  }
}

/** The widget image of `guild` in `style`, with `online` members online, as PNG bytes. */
export function renderWidgetImage(guild: GuildRecord, style: WidgetStyle, online: number): Uint8Array {
  const { width, height } = widgetImageSizes[style];
  const c = new Canvas(width, height);
  const count = `${online} ONLINE`;
  const initial = guild.name.trim().charAt(0) || '?';
  switch (style) {
    case 'shield':
      c.rect(0, 0, width, height, GREY);
      c.mark(4, 3, 14, WHITE, GREY);
      c.rect(22, 0, width - 22, height, BLURPLE);
      c.text(28, 5, count, 2, WHITE);
      break;
    case 'banner1':
      c.rect(0, 0, width, height, BLURPLE);
      c.rect(12, 12, 56, 56, DARK);
      c.text(30, 28, initial, 5, WHITE, 30);
      c.text(80, 16, guild.name, 3, WHITE);
      c.text(80, 44, count, 2, WHITE);
      c.rect(0, height - 28, width, 28, DARK);
      c.mark(10, height - 22, 16, WHITE, DARK);
      c.text(34, height - 18, 'POWERED BY DISCORD', 2, WHITE);
      break;
    case 'banner2':
      c.rect(0, 0, width, height, WHITE);
      c.text(10, 12, guild.name, 3, DARK, width - 80);
      c.text(10, 36, count, 2, GREY, width - 80);
      c.rect(width - 64, 0, 64, height, BLURPLE);
      c.mark(width - 50, 16, 28, WHITE, BLURPLE);
      break;
    case 'banner3':
      c.rect(0, 0, width, height, BLURPLE);
      c.text(12, 14, guild.name, 3, WHITE);
      c.text(12, 40, count, 2, WHITE);
      c.rect(0, height - 32, width, 32, DARK);
      c.mark(10, height - 26, 20, WHITE, DARK);
      c.text(width - 94, height - 21, 'CHAT NOW', 2, WHITE);
      break;
    case 'banner4':
      c.rect(0, 0, width, height, BLURPLE);
      c.mark(Math.floor(width / 2) - 24, 10, 48, WHITE, BLURPLE);
      c.text(12, 68, guild.name, 3, WHITE);
      c.text(12, 92, count, 2, WHITE);
      c.rect(12, height - 40, width - 24, 30, GREEN);
      c.text(Math.floor(width / 2) - 54, height - 30, 'JOIN MY SERVER', 2, WHITE);
      break;
  }
  return encodePng({ width, height, pixels: c.pixels });
}
