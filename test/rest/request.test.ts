import { describe, expect, it } from 'vitest';
import { isValidationError } from '../../src/rest/errors/guards.js';
import { buildPath, encodePathSegment } from '../../src/rest/request/buildPath.js';
import { buildQuery } from '../../src/rest/request/buildQuery.js';
import { encodeMultipart, makeBoundary } from '../../src/rest/request/encodeMultipart.js';
import { parseCsvIds } from '../../src/rest/request/parseCsvIds.js';

describe('buildPath', () => {
  it('fills placeholders, percent-encoding each value', () => {
    expect(buildPath('/lobbies/{lobby_id}/members/{user_id}', { lobby_id: '1', user_id: '2' })).toBe(
      '/lobbies/1/members/2',
    );
    expect(buildPath('/invites/{code}', { code: 'a/b?c#d e' })).toBe('/invites/a%2Fb%3Fc%23d%20e');
    expect(buildPath('/invites/{code}', { code: 'ünï' })).toBe('/invites/%C3%BCn%C3%AF');
  });

  it('keeps literal segments such as @me', () => {
    expect(buildPath('/lobbies/{lobby_id}/members/@me', { lobby_id: '7' })).toBe('/lobbies/7/members/@me');
  });

  it('cannot be made to climb out of a segment', () => {
    expect(encodePathSegment('..')).toBe('%2E%2E');
    expect(encodePathSegment('.')).toBe('%2E');
    expect(buildPath('/invites/{code}', { code: '..' })).toBe('/invites/%2E%2E');
  });

  it('names every missing parameter', () => {
    try {
      buildPath('/a/{x}/b/{y}', { y: '' }, 'op');
      expect.unreachable();
    } catch (error) {
      expect(isValidationError(error)).toBe(true);
      expect((error as { issues: { field: string }[] }).issues.map((i) => i.field)).toEqual([
        'params.x',
        'params.y',
      ]);
    }
  });
});

describe('buildQuery', () => {
  it('skips absent values, repeats arrays, writes scalars as text', () => {
    expect(buildQuery(undefined)).toBe('');
    expect(buildQuery({})).toBe('');
    expect(buildQuery({ limit: 5, after: undefined, with_counts: true, ids: ['1', '2'], q: 'a b&c' })).toBe(
      '?limit=5&with_counts=true&ids=1&ids=2&q=a%20b%26c',
    );
  });
});

describe('parseCsvIds', () => {
  it('parses the target-users CSV into ids', () => {
    expect(parseCsvIds('user_id\n123\n456\n')).toEqual(['123', '456']);
    expect(parseCsvIds('user_id\r\n"123"\r\n\r\n456,extra\r\n')).toEqual(['123', '456']);
    expect(parseCsvIds('')).toEqual([]);
    expect(parseCsvIds('user_id\n')).toEqual([]);
    expect(parseCsvIds('789\n')).toEqual(['789']);
  });
});

describe('encodeMultipart', () => {
  const decode = (b: Uint8Array) => new TextDecoder().decode(b);

  it('encodes payload_json and files from strings, bytes and Blobs', async () => {
    const out = await encodeMultipart(
      { max_age: 60 },
      {
        a_users_file: 'user_id\n1\n',
        b: new Uint8Array([104, 105]),
        c: new Blob(['blob!'], { type: 'text/plain' }),
        d: { data: 'x', filename: 'list.csv' },
      },
      'BOUNDARY',
    );
    expect(out.repeatable).toBe(true);
    expect(out.contentType).toBe('multipart/form-data; boundary=BOUNDARY');
    const text = decode(out.body as Uint8Array);
    expect(text).toBe(
      [
        '--BOUNDARY',
        'Content-Disposition: form-data; name="payload_json"',
        'Content-Type: application/json',
        '',
        '{"max_age":60}',
        '--BOUNDARY',
        'Content-Disposition: form-data; name="a_users_file"; filename="a_users_file.csv"',
        'Content-Type: text/csv',
        '',
        'user_id\n1\n',
        '--BOUNDARY',
        'Content-Disposition: form-data; name="b"; filename="b"',
        'Content-Type: application/octet-stream',
        '',
        'hi',
        '--BOUNDARY',
        'Content-Disposition: form-data; name="c"; filename="c"',
        'Content-Type: text/plain',
        '',
        'blob!',
        '--BOUNDARY',
        'Content-Disposition: form-data; name="d"; filename="list.csv"',
        'Content-Type: text/csv',
        '',
        'x',
        '--BOUNDARY--',
        '',
      ].join('\r\n'),
    );
  });

  it('streams when a file is a stream, and says it cannot be repeated', async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode('user_id\n'));
        c.enqueue(new TextEncoder().encode('42\n'));
        c.close();
      },
    });
    const out = await encodeMultipart(undefined, { target_users_file: stream }, 'B');
    expect(out.repeatable).toBe(false);
    const text = await new Response(out.body as ReadableStream<Uint8Array>).text();
    expect(text).toBe(
      '--B\r\nContent-Disposition: form-data; name="target_users_file"; filename="target_users_file.csv"\r\n' +
        'Content-Type: text/csv\r\n\r\nuser_id\n42\n\r\n--B--\r\n',
    );
  });

  it('streams from any async iterable (an async generator, a Node Readable), strings and Buffers alike', async () => {
    const { Readable } = await import('node:stream');
    async function* lines(): AsyncGenerator<string | Uint8Array> {
      yield 'user_id\n';
      yield new TextEncoder().encode('42\n');
    }
    const expected =
      '--B\r\nContent-Disposition: form-data; name="target_users_file"; filename="target_users_file.csv"\r\n' +
      'Content-Type: text/csv\r\n\r\nuser_id\n42\n\r\n--B--\r\n';
    for (const data of [lines(), Readable.from([Buffer.from('user_id\n'), Buffer.from('42\n')])]) {
      const out = await encodeMultipart(undefined, { target_users_file: data }, 'B');
      expect(out.repeatable).toBe(false);
      expect(await new Response(out.body as ReadableStream<Uint8Array>).text()).toBe(expected);
    }
    // A Buffer is bytes: sent whole, repeatable.
    const whole = await encodeMultipart(undefined, { target_users_file: Buffer.from('user_id\n42\n') }, 'B');
    expect(whole.repeatable).toBe(true);
    expect(decode(whole.body as Uint8Array)).toBe(expected);
  });

  it('escapes quotes and line breaks in names', async () => {
    const out = await encodeMultipart(undefined, { f: { data: 'x', filename: 'a"b\r\nc.txt' } }, 'B');
    expect(decode(out.body as Uint8Array)).toContain('filename="a%22b  c.txt"');
  });

  it('makes boundaries from the random source', () => {
    expect(makeBoundary(() => 0)).toBe(`----lobbykit${'0'.repeat(24)}`);
  });
});
