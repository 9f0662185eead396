import { describe, expect, it } from 'vitest';
import {
  MultipartError,
  MultipartFileTooLargeError,
  MultipartParser,
  multipartBoundary,
} from '../../src/emulator/http/MultipartParser.js';

const B = '----lobbykit7MA4YWxkTrZu0gW';

function body(parts: string[], { preamble = '', epilogue = '' } = {}): string {
  return `${preamble}${parts.map((p) => `--${B}\r\n${p}\r\n`).join('')}--${B}--${epilogue}`;
}

function parseAll(text: string | Buffer, chunkSize = Number.POSITIVE_INFINITY, limits = {}) {
  const parser = new MultipartParser(B, limits);
  const data = typeof text === 'string' ? Buffer.from(text) : text;
  for (let i = 0; i < data.length; i += chunkSize)
    parser.push(data.subarray(i, Math.min(data.length, i + chunkSize)));
  return parser.end();
}

const csvPart =
  'Content-Disposition: form-data; name="target_users_file"; filename="users.csv"\r\nContent-Type: text/csv\r\n\r\nuser_id\r\n1\r\n2';
const fieldPart = 'Content-Disposition: form-data; name="payload_json"\r\n\r\n{"max_age":3600}';

describe('multipartBoundary', () => {
  it('reads plain and quoted boundaries and refuses other types', () => {
    expect(multipartBoundary(`multipart/form-data; boundary=${B}`)).toBe(B);
    expect(multipartBoundary('multipart/form-data; charset=utf-8; boundary="a b"')).toBe('a b');
    expect(multipartBoundary('multipart/form-data')).toBeUndefined();
    expect(multipartBoundary(`multipart/mixed; boundary=${B}`)).toBeUndefined();
  });
});

describe('MultipartParser', () => {
  it('parses fields and files', () => {
    const parts = parseAll(body([fieldPart, csvPart]));
    expect(parts).toHaveLength(2);
    expect(parts[0]).toMatchObject({ name: 'payload_json', contentType: 'text/plain' });
    expect(parts[0]?.data.toString()).toBe('{"max_age":3600}');
    expect(parts[1]).toMatchObject({
      name: 'target_users_file',
      filename: 'users.csv',
      contentType: 'text/csv',
    });
    expect(parts[1]?.data.toString()).toBe('user_id\r\n1\r\n2');
  });

  it('gives the same result whatever the chunking (streaming-safe)', () => {
    const text = body([fieldPart, csvPart], {
      preamble: 'ignored preamble\r\n',
      epilogue: '\r\nignored epilogue',
    });
    const whole = parseAll(text).map((p) => [p.name, p.data.toString()]);
    for (const size of [1, 2, 3, 7, 16, 41])
      expect(parseAll(text, size).map((p) => [p.name, p.data.toString()])).toEqual(whole);
  });

  it('keeps binary data and CRLFs inside a part intact', () => {
    const bytes = Buffer.from([0, 13, 10, 45, 45, 255, 13, 10]);
    const head = Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="f"; filename="b.bin"\r\n\r\n`);
    const tail = Buffer.from(`\r\n--${B}--`);
    const parts = parseAll(Buffer.concat([head, bytes, tail]), 3);
    expect(parts[0]?.data.equals(bytes)).toBe(true);
  });

  it.each([
    ['no closing delimiter', `--${B}\r\n${fieldPart}\r\n`],
    ['a part without headers', `--${B}\r\n\r\nvalue\r\n--${B}--`],
    ['a part without a name', `--${B}\r\nContent-Disposition: form-data\r\n\r\nv\r\n--${B}--`],
    [
      'a part that is not form-data',
      `--${B}\r\nContent-Disposition: attachment; name="a"\r\n\r\nv\r\n--${B}--`,
    ],
    ['a malformed header line', `--${B}\r\nno colon here\r\n\r\nv\r\n--${B}--`],
    ['garbage after a delimiter', `--${B}xx\r\n${fieldPart}\r\n--${B}--`],
    ['an unterminated quote', `--${B}\r\nContent-Disposition: form-data; name="a\r\n\r\nv\r\n--${B}--`],
    ['nothing at all', ''],
  ])('refuses %s', (_name, text) => {
    expect(() => parseAll(text)).toThrow(MultipartError);
  });

  it('enforces the limits on parts, headers, fields and files (both sides)', () => {
    const many = (n: number) =>
      body(Array.from({ length: n }, (_, i) => `Content-Disposition: form-data; name="f${i}"\r\n\r\nv`));
    expect(parseAll(many(3), 5, { maxParts: 3 })).toHaveLength(3);
    expect(() => parseAll(many(4), 5, { maxParts: 3 })).toThrow(/too many/);

    const field = (n: number) => body([`Content-Disposition: form-data; name="f"\r\n\r\n${'x'.repeat(n)}`]);
    expect(parseAll(field(10), 4, { maxFieldBytes: 10 })[0]?.data.length).toBe(10);
    expect(() => parseAll(field(11), 4, { maxFieldBytes: 10 })).toThrow(/exceeds/);

    const file = (n: number) =>
      body([`Content-Disposition: form-data; name="f"; filename="a"\r\n\r\n${'x'.repeat(n)}`]);
    expect(parseAll(file(20), 4, { maxFileBytes: 20 })[0]?.data.length).toBe(20);
    expect(() => parseAll(file(21), 4, { maxFileBytes: 20 })).toThrow(MultipartFileTooLargeError);

    const header = `Content-Disposition: form-data; name="f"\r\nX-Pad: ${'p'.repeat(200)}\r\n\r\nv`;
    expect(() => parseAll(body([header]), 16, { maxHeaderBytes: 100 })).toThrow(/headers too large/);
  });

  it('refuses an invalid boundary', () => {
    expect(() => new MultipartParser('')).toThrow(MultipartError);
    expect(() => new MultipartParser('x'.repeat(71))).toThrow(MultipartError);
  });
});
