/**
 * Role connections over loopback HTTP: an application's metadata records and a user's connection,
 * with every documented limit on both sides of its boundary, type checks of values, scopes and
 * ownership of the application.
 */
import { describe, expect, it } from 'vitest';
import { demo } from '../../src/emulator/world/demoSeed.js';
import { type CallOptions, useEmulator } from '../support/emulator.js';
import { expectFieldError, expectForbidden } from '../support/inviteFixtures.js';

const emu = useEmulator();
const [alice, bob] = demo.users;
const metadataPath = `/applications/${demo.applicationId}/role-connections/metadata`;
const connectionPath = `/users/@me/applications/${demo.applicationId}/role-connection`;
const asAlice: CallOptions = { auth: { bearer: alice.token } };

const record = (key: string, extra: Record<string, unknown> = {}) => ({
  type: 1,
  key,
  name: 'Name',
  description: 'Description',
  ...extra,
});

const putMetadata = (json: unknown) => emu.call<unknown[]>('PUT', metadataPath, { json });
const putConnection = (json: unknown, options: CallOptions = asAlice) =>
  emu.call<Record<string, unknown>>('PUT', connectionPath, { json, ...options });

/** Declares records of the demo application: level (integer ≥), since (datetime ≤), verified (boolean). */
async function declare(): Promise<void> {
  const res = await putMetadata([
    record('level', { type: 2 }),
    record('since', { type: 5 }),
    record('verified', { type: 7 }),
  ]);
  expect(res.status, res.text).toBe(200);
}

describe('Application Role Connection Metadata (GET / PUT /applications/{id}/role-connections/metadata)', () => {
  it('starts empty, and PUT replaces the whole list', async () => {
    expect((await emu.call('GET', metadataPath)).body).toEqual([]);
    await putMetadata([record('a'), record('b')]);
    const res = await putMetadata([record('c', { name_localizations: { de: 'Zeh' } })]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { type: 1, key: 'c', name: 'Name', description: 'Description', name_localizations: { de: 'Zeh' } },
    ]);
    expect((await emu.call('GET', metadataPath)).body).toEqual(res.body);
  });

  it('takes 5 records and refuses 6', async () => {
    const five = ['a', 'b', 'c', 'd', 'e'].map((k) => record(k));
    expect((await putMetadata(five)).status).toBe(200);
    expectFieldError(await putMetadata([...five, record('f')]), []);
  });

  it('takes keys of 50 characters of a-z0-9_ and refuses 51, other characters and repeats', async () => {
    expect((await putMetadata([record('k'.repeat(50))])).status).toBe(200);
    expectFieldError(await putMetadata([record('k'.repeat(51))]), [0, 'key']);
    expectFieldError(await putMetadata([record('')]), [0, 'key']);
    expectFieldError(await putMetadata([record('Level')]), [0, 'key']);
    expectFieldError(await putMetadata([record('a'), record('a')]), [1, 'key']);
  });

  it('takes names of 1-100 and descriptions of 1-200 characters, refusing one more or empty', async () => {
    expect(
      (await putMetadata([record('a', { name: 'n'.repeat(100), description: 'd'.repeat(200) })])).status,
    ).toBe(200);
    expectFieldError(await putMetadata([record('a', { name: 'n'.repeat(101) })]), [0, 'name']);
    expectFieldError(await putMetadata([record('a', { name: '' })]), [0, 'name']);
    expectFieldError(await putMetadata([record('a', { description: 'd'.repeat(201) })]), [0, 'description']);
    expectFieldError(await putMetadata([record('a', { description: '' })]), [0, 'description']);
  });

  it('takes types 1-8 and refuses 0 and 9', async () => {
    expect((await putMetadata([record('a', { type: 8 })])).status).toBe(200);
    expectFieldError(await putMetadata([record('a', { type: 9 })]), [0, 'type']);
    expectFieldError(await putMetadata([record('a', { type: 0 })]), [0, 'type']);
  });

  it('belongs to the caller’s own application: 403 50001 for another, 404 10002 for an unknown one', async () => {
    const other = await emu.control<{ id: string }>('POST', '/applications', { name: 'Other' });
    expectForbidden(await emu.call('GET', `/applications/${other.body.id}/role-connections/metadata`), 50001);
    const unknown = await emu.call('GET', '/applications/1/role-connections/metadata');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 10002 });
  });

  it('needs a bot token', async () => {
    expectForbidden(await emu.call('GET', metadataPath, asAlice), 50001);
  });
});

describe('User Role Connection (GET / PUT /users/@me/applications/{id}/role-connection)', () => {
  it('reads an empty connection before any update', async () => {
    const res = await emu.call('GET', connectionPath, asAlice);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ platform_name: null, platform_username: null, metadata: {} });
  });

  it('stores names and metadata (numbers as strings) per user, keeping omitted fields', async () => {
    await declare();
    const res = await putConnection({
      platform_name: 'Demo Game',
      platform_username: 'alice_the_great',
      metadata: { level: 12, since: '2024-03-01', verified: '1' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      platform_name: 'Demo Game',
      platform_username: 'alice_the_great',
      metadata: { level: '12', since: '2024-03-01', verified: '1' },
    });
    const renamed = await putConnection({ platform_username: null });
    expect(renamed.body).toEqual({
      platform_name: 'Demo Game',
      platform_username: null,
      metadata: { level: '12', since: '2024-03-01', verified: '1' },
    });
    const bobs = await emu.call('GET', connectionPath, { auth: { bearer: bob.token } });
    expect(bobs.body).toEqual({ platform_name: null, platform_username: null, metadata: {} });
  });

  it('takes platform_name of 50 and platform_username of 100 characters, refusing one more', async () => {
    expect(
      (await putConnection({ platform_name: 'p'.repeat(50), platform_username: 'u'.repeat(100) })).status,
    ).toBe(200);
    expectFieldError(await putConnection({ platform_name: 'p'.repeat(51) }), ['platform_name']);
    expectFieldError(await putConnection({ platform_username: 'u'.repeat(101) }), ['platform_username']);
  });

  it('takes metadata values of 1-100 characters, refusing 101 and empty', async () => {
    await putMetadata([record('title', { type: 3 })]);
    // Type 3 is INTEGER_EQUAL: a 100-digit integer string is an integer.
    expect((await putConnection({ metadata: { title: '9'.repeat(100) } })).status).toBe(200);
    expectFieldError(await putConnection({ metadata: { title: '9'.repeat(101) } }), ['metadata', 'title']);
    expectFieldError(await putConnection({ metadata: { title: '' } }), ['metadata', 'title']);
  });

  it('takes 5 metadata entries and refuses 6', async () => {
    await putMetadata(['a', 'b', 'c', 'd', 'e'].map((k) => record(k)));
    const entries = (n: number) =>
      Object.fromEntries(['a', 'b', 'c', 'd', 'e', 'f'].slice(0, n).map((k) => [k, '1']));
    expect((await putConnection({ metadata: entries(5) })).status).toBe(200);
    expectFieldError(await putConnection({ metadata: entries(6) }), ['metadata']);
  });

  it('refuses keys the application did not declare and values that do not fit their type', async () => {
    await declare();
    expectFieldError(await putConnection({ metadata: { rank: '1' } }), ['metadata', 'rank']);
    expectFieldError(await putConnection({ metadata: { level: 'high' } }), ['metadata', 'level']);
    expectFieldError(await putConnection({ metadata: { since: 'yesterday' } }), ['metadata', 'since']);
    expectFieldError(await putConnection({ metadata: { verified: '2' } }), ['metadata', 'verified']);
    expect((await emu.call('GET', connectionPath, asAlice)).body).toMatchObject({ metadata: {} });
  });

  it('needs a bearer token with role_connections.write, for the token’s own application', async () => {
    expectForbidden(await emu.call('GET', connectionPath), 50001);
    const user = await emu.control<{ access_token: string }>('POST', '/users', {
      username: 'scoped',
      scopes: ['identify'],
    });
    expectForbidden(
      await emu.call('GET', connectionPath, { auth: { bearer: user.body.access_token } }),
      50001,
    );
    expectForbidden(await putConnection({}, { auth: { bearer: user.body.access_token } }), 50001);
    const other = await emu.control<{ id: string }>('POST', '/applications', { name: 'Other' });
    expectForbidden(
      await emu.call('GET', `/users/@me/applications/${other.body.id}/role-connection`, asAlice),
      50001,
    );
  });
});
