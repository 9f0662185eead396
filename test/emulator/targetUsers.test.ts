/**
 * Target users of an invite over loopback HTTP: the CSV going in (Update Target Users, Create Channel
 * Invite with a file) and out (Get Target Users), the asynchronous job stepped by the manual clock,
 * and acceptance restricted to the listed users.
 */
import { describe, expect, it } from 'vitest';
import { targetUsersJobTiming } from '../../src/emulator/handlers/invite/targetUsersJob.js';
import { demo } from '../../src/emulator/world/demoSeed.js';
import { useEmulator } from '../support/emulator.js';
import { csvUpload, expectFieldError, multipart } from '../support/inviteFixtures.js';

const emu = useEmulator();
const [alice, bob, carol, dave, erin] = demo.users;
const { general } = demo.channelIds;
const step = targetUsersJobTiming.msPerUser;

interface JobStatus {
  status: number;
  total_users: number;
  processed_users: number;
  created_at: string;
  completed_at: string | null;
  error_message: string | null;
}

async function newInvite(json: unknown = {}): Promise<string> {
  const res = await emu.call<{ code: string }>('POST', `/channels/${general}/invites`, {
    json: { unique: true, ...(json as object) },
  });
  expect(res.status, res.text).toBe(200);
  return res.body.code;
}

const upload = (code: string, csv: string | Buffer) =>
  emu.call('PUT', `/invites/${code}/target-users`, csvUpload(csv));
const jobStatus = async (code: string) => {
  const res = await emu.call<JobStatus>('GET', `/invites/${code}/target-users/job-status`);
  expect(res.status, res.text).toBe(200);
  return res.body;
};
const targetCsv = (code: string) => emu.call<string>('GET', `/invites/${code}/target-users`);
const accept = (code: string, userId: string) =>
  emu.control('POST', `/invites/${code}/accept`, { user_id: userId });
const advance = (ms: number) => emu.emulator.manualClock?.advance(ms);
/** A 404 with the platform's "Unknown …" `code`. */
function expectUnknown(res: { status: number; body: unknown; text: string }, code: number): void {
  expect(res.status, res.text).toBe(404);
  expect((res.body as { code: number }).code).toBe(code);
}

describe('Update Target Users (PUT /invites/{code}/target-users)', () => {
  it('answers 204 and starts a PROCESSING job that the clock steps user by user to COMPLETED', async () => {
    const code = await newInvite();
    const started = emu.emulator.clock.now();
    const res = await upload(code, `user_id\n${erin.id}\n${carol.id}\n${dave.id}\n`);
    expect(res.status, res.text).toBe(204);
    expect(res.text).toBe('');
    expect(await jobStatus(code)).toEqual({
      status: 1,
      total_users: 3,
      processed_users: 0,
      created_at: new Date(started).toISOString().replace('Z', '+00:00'),
      completed_at: null,
      error_message: null,
    });
    advance(step);
    expect(await jobStatus(code)).toMatchObject({ status: 1, processed_users: 1 });
    advance(step);
    expect(await jobStatus(code)).toMatchObject({ status: 1, processed_users: 2 });
    advance(step - 1);
    expect(await jobStatus(code)).toMatchObject({ status: 1, processed_users: 2 });
    advance(1);
    const done = await jobStatus(code);
    expect(done).toMatchObject({ status: 2, processed_users: 3, total_users: 3, error_message: null });
    expect(Date.parse(done.completed_at ?? '')).toBe(started + 3 * step);
  });

  it('puts the new list in force only when the job completes', async () => {
    const code = await newInvite();
    await upload(code, `${erin.id}\n`);
    advance(step);
    expect((await targetCsv(code)).text).toBe(`user_id\n${erin.id}\n`);
    await upload(code, `${carol.id}\n${dave.id}\n`);
    expect((await targetCsv(code)).text).toBe(`user_id\n${erin.id}\n`);
    advance(2 * step);
    expect((await targetCsv(code)).text).toBe(`user_id\n${carol.id}\n${dave.id}\n`);
  });

  it("refuses a file with bad lines: 400 with the specification's body, one string per bad line", async () => {
    const code = await newInvite();
    const res = await upload(
      code,
      `user_id\n${erin.id}\nabc\n${carol.id},${dave.id}\n\n123456789012345678901\n`,
    );
    expect(res.status, res.text).toBe(400);
    // The error table: "an object keyed target_users_file whose value is an array of strings".
    const body = res.body as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['target_users_file']);
    const messages = body.target_users_file as string[];
    expect(messages).toHaveLength(3);
    expect(messages[0]).toMatch(/^line 3: "abc" is not a user id/);
    expect(messages[1]).toMatch(/^line 4: expected a single column/);
    expect(messages[2]).toMatch(/^line 6: /);
    // Nothing changed: the invite still has no job.
    expectUnknown(await emu.call('GET', `/invites/${code}/target-users/job-status`), 10124);
  });

  it('refuses a missing file and a file of no ids, naming target_users_file', async () => {
    const code = await newInvite();
    expectFieldError(await emu.call('PUT', `/invites/${code}/target-users`, multipart({}, [])), [
      'target_users_file',
    ]);
    expectFieldError(await emu.call('PUT', `/invites/${code}/target-users`), ['target_users_file']);
    expectFieldError(await upload(code, 'user_id\n'), ['target_users_file']);
  });

  it('refuses a JSON body (the route takes multipart/form-data)', async () => {
    const code = await newInvite();
    const res = await emu.call('PUT', `/invites/${code}/target-users`, {
      json: { target_users_file: erin.id },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 50035 });
  });

  it('accepts a file of exactly 10 MiB (the per-file upload limit) and refuses one byte more', async () => {
    const code = await newInvite();
    const id = erin.id;
    const padded = (size: number) => Buffer.from(`${' '.repeat(size - id.length - 1)}${id}\n`);
    const atLimit = padded(10 * 1024 * 1024);
    expect(atLimit.byteLength).toBe(10 * 1024 * 1024);
    expect((await upload(code, atLimit)).status).toBe(204);
    // The multipart reader enforces the per-file limit as the platform does: 413 code 40005.
    const over = await upload(code, padded(10 * 1024 * 1024 + 1));
    expect(over.status).toBe(413);
    expect(over.body).toMatchObject({ code: 40005 });
    expect(over.text).toContain('target_users_file');
  });

  it('fails the job at the first unknown user and keeps the previous list', async () => {
    const code = await newInvite();
    await upload(code, `${erin.id}\n`);
    advance(step);
    await upload(code, `user_id\n${carol.id}\n9999999999999999999\n${dave.id}\n`);
    advance(step);
    expect(await jobStatus(code)).toMatchObject({ status: 1, processed_users: 1 });
    advance(step);
    const failed = await jobStatus(code);
    expect(failed).toMatchObject({ status: 3, processed_users: 1, total_users: 3, completed_at: null });
    expect(failed.error_message).toMatch(/9999999999999999999 on line 3/);
    advance(10 * step);
    expect((await jobStatus(code)).status).toBe(3);
    expect((await targetCsv(code)).text).toBe(`user_id\n${erin.id}\n`);
  });

  it('answers 404 10006 for an unknown invite', async () => {
    const res = await upload('nosuchcode', `${erin.id}\n`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 10006 });
  });
});

describe('Get Target Users (GET /invites/{code}/target-users)', () => {
  it('answers text/csv with the header user_id and one id per line, in file order, each once', async () => {
    const code = await newInvite();
    await upload(code, `\uFEFFUSER_ID\r\n"${dave.id}"\r\n ${erin.id} \r\n${dave.id}\r\n`);
    advance(2 * step);
    const res = await targetCsv(code);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.text).toBe(`user_id\n${dave.id}\n${erin.id}\n`);
  });

  it('answers 404 10129 for an invite without target users, until its first job completes', async () => {
    const code = await newInvite();
    expectUnknown(await targetCsv(code), 10129);
    expect((await upload(code, `${dave.id}\n`)).status).toBe(204);
    // The job runs: the invite has no list yet.
    expectUnknown(await targetCsv(code), 10129);
    advance(step);
    expect((await targetCsv(code)).text).toBe(`user_id\n${dave.id}\n`);
  });
});

describe('Get Target Users Job Status (GET /invites/{code}/target-users/job-status)', () => {
  it('answers 404 10124 for an invite that never had a job, and the job once there is one', async () => {
    const code = await newInvite();
    expectUnknown(await emu.call('GET', `/invites/${code}/target-users/job-status`), 10124);
    expect((await upload(code, `${dave.id}\n`)).status).toBe(204);
    expect(await jobStatus(code)).toMatchObject({ status: 1, total_users: 1, processed_users: 0 });
  });

  it('answers 10006 for an unknown invite, before anything about its target users', async () => {
    expectUnknown(await emu.call('GET', '/invites/nosuchcode/target-users/job-status'), 10006);
    expectUnknown(await targetCsv('nosuchcode'), 10006);
  });
});

describe('Create Channel Invite with target_users_file (multipart)', () => {
  it('makes the invite, processes the file, and then only the listed users may accept', async () => {
    const res = await emu.call<{ code: string; max_uses: number; roles: Array<{ id: string }> }>(
      'POST',
      `/channels/${general}/invites`,
      csvUpload(`user_id\n${erin.id}\n`, {
        max_uses: '5',
        role_ids: JSON.stringify([demo.roleIds.player]),
      }),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.max_uses).toBe(5);
    expect(res.body.roles.map((r) => r.id)).toEqual([demo.roleIds.player]);
    const code = res.body.code;
    expect((await jobStatus(code)).status).toBe(1);
    // Nobody may accept while the job runs.
    expect((await accept(code, erin.id)).status).toBe(403);
    advance(step);
    expect((await jobStatus(code)).status).toBe(2);
    const stranger = await emu.control<{ id: string }>('POST', '/users', { username: 'stranger' });
    const refused = await accept(code, stranger.body.id);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 50001 });
    const joined = await accept(code, erin.id);
    expect(joined.status).toBe(201);
    expect(joined.body).toMatchObject({ member: { roles: [demo.roleIds.player] } });
  });

  it('takes the fields from payload_json too', async () => {
    const res = await emu.call<{ max_age: number }>(
      'POST',
      `/channels/${general}/invites`,
      multipart({ payload_json: JSON.stringify({ max_age: 120 }) }, [
        { field: 'target_users_file', data: `${erin.id}\n` },
      ]),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.max_age).toBe(120);
  });

  it('refuses bad lines with the other bad fields in one answer, creating nothing', async () => {
    const before = emu.emulator.world.invites.list().length;
    const res = await emu.call('POST', `/channels/${general}/invites`, {
      ...csvUpload(`user_id\nnope\n`, { role_ids: JSON.stringify(['1']) }),
    });
    expect(expectFieldError(res, ['target_users_file'])[0]).toMatch(/^line 2:/);
    expectFieldError(res, ['role_ids', 0]);
    expect(emu.emulator.world.invites.list()).toHaveLength(before);
  });

  it('refuses a max_age over the limit in a multipart body, naming max_age', async () => {
    expectFieldError(
      await emu.call(
        'POST',
        `/channels/${general}/invites`,
        csvUpload(`${erin.id}\n`, { max_age: '604801' }),
      ),
      ['max_age'],
    );
  });
});

describe('Accepting an invite with target users', () => {
  it('lets in listed users only, even those who are members already', async () => {
    const code = await newInvite();
    await upload(code, `${alice.id}\n${erin.id}\n`);
    advance(2 * step);
    expect((await accept(code, bob.id)).status).toBe(403);
    expect((await accept(code, alice.id)).status).toBe(200);
    expect((await accept(code, erin.id)).status).toBe(201);
  });
});
