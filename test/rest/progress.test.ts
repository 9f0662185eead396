/**
 * Pagination and progress helpers, on a scripted caller and a ManualClock: no server, no real sleep.
 */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { ApiError } from '../../src/rest/errors/ApiError.js';
import type { RestCaller } from '../../src/rest/facades/facadeTypes.js';
import { iterateGuildBans } from '../../src/rest/paginate/iterateGuildBans.js';
import { iterateGuildMembers } from '../../src/rest/paginate/iterateGuildMembers.js';
import { iterateThreadMembers } from '../../src/rest/paginate/iterateThreadMembers.js';
import { compareSnowflakes, paginate } from '../../src/rest/paginate/paginate.js';
import { bulkBanAll, bulkBanInBatches } from '../../src/rest/progress/bulkBanInBatches.js';
import { updateTargetUsersAndWait } from '../../src/rest/progress/updateTargetUsersAndWait.js';
import { watchTargetUsersJob } from '../../src/rest/progress/watchTargetUsersJob.js';

interface Sent {
  readonly name: string;
  readonly args: Record<string, unknown>;
}

/** A caller answering each operation with `answer`, recording what it was asked. */
function scripted(
  answer: (name: string, args: Record<string, unknown>, index: number) => unknown,
  clock = new ManualClock(),
): RestCaller & { sent: Sent[]; clock: ManualClock } {
  const sent: Sent[] = [];
  return {
    sent,
    clock,
    call: ((name: string, args: Record<string, unknown> = {}) => {
      sent.push({ name, args });
      try {
        return Promise.resolve(answer(name, args, sent.length - 1));
      } catch (error) {
        return Promise.reject(error);
      }
    }) as RestCaller['call'],
  };
}

/** Lets pending promise callbacks run. */
const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const ids = (from: number, n: number) => Array.from({ length: n }, (_, i) => String(1000 + from + i));

describe('compareSnowflakes', () => {
  it('orders numerically, past what a double holds', () => {
    expect(compareSnowflakes('9', '10')).toBeLessThan(0);
    expect(compareSnowflakes('18446744073709551615', '18446744073709551614')).toBeGreaterThan(0);
    expect(compareSnowflakes('123', '123')).toBe(0);
  });
});

describe('paginate', () => {
  const table = ids(0, 5);
  const fetchAfter = (cursor: string | undefined, limit: number) =>
    Promise.resolve(
      table.filter((id) => cursor === undefined || compareSnowflakes(id, cursor) > 0).slice(0, limit),
    );

  it('walks up by the highest id of each page and stops on a short page', async () => {
    const cursors: (string | undefined)[] = [];
    const out: string[] = [];
    for await (const id of paginate({
      fetchPage: (cursor, limit) => {
        cursors.push(cursor);
        // Pages come in any order: the cursor must not depend on it.
        return fetchAfter(cursor, limit).then((p) => [...p].reverse());
      },
      idOf: (id) => id,
      pageSize: 2,
      direction: 'after',
    }))
      out.push(id);
    expect(out.sort()).toEqual(table);
    expect(cursors).toEqual([undefined, '1001', '1003']);
  });

  it('walks down by the lowest id with before', async () => {
    const cursors: (string | undefined)[] = [];
    const out: string[] = [];
    for await (const id of paginate({
      fetchPage: (cursor, limit) => {
        cursors.push(cursor);
        const below = table.filter((i) => cursor === undefined || compareSnowflakes(i, cursor) < 0);
        return Promise.resolve(below.slice(-limit));
      },
      idOf: (id) => id,
      pageSize: 2,
      direction: 'before',
      start: '1005',
    }))
      out.push(id);
    expect(out).toEqual(['1003', '1004', '1001', '1002', '1000']);
    expect(cursors).toEqual(['1005', '1003', '1001']);
  });

  it('fetches lazily, stops when broken out of, and never loops on a cursor that does not move', async () => {
    let fetches = 0;
    const walk = paginate({
      fetchPage: () => {
        fetches++;
        return Promise.resolve(['1', '2']); // ignores the cursor
      },
      idOf: (id) => id,
      pageSize: 2,
      direction: 'after',
    });
    expect(fetches).toBe(0);
    const out: string[] = [];
    for await (const id of walk) out.push(id);
    expect(out).toEqual(['1', '2', '1', '2']);
    expect(fetches).toBe(2);

    fetches = 0;
    for await (const _ of paginate({
      fetchPage: fetchAfter,
      idOf: (id) => id,
      pageSize: 1,
      direction: 'after',
    })) {
      fetches++;
      break;
    }
    expect(fetches).toBe(1);
  });

  it('stops between pages when aborted', async () => {
    const controller = new AbortController();
    const out: string[] = [];
    const walk = paginate({
      fetchPage: fetchAfter,
      idOf: (id) => id,
      pageSize: 2,
      direction: 'after',
      signal: controller.signal,
    });
    await expect(
      (async () => {
        for await (const id of walk) {
          out.push(id);
          if (out.length === 2) controller.abort(new Error('stop'));
        }
      })(),
    ).rejects.toThrow('stop');
    expect(out).toEqual(['1000', '1001']);
  });
});

describe('the listings', () => {
  it('iterateGuildMembers pages with after and limit, by user id', async () => {
    const members = ids(0, 5).map((id) => ({ user: { id }, roles: [] }));
    const caller = scripted((_, args) => {
      const q = args.query as { after?: string; limit: number };
      return members.filter((m) => q.after === undefined || m.user.id > q.after).slice(0, q.limit);
    });
    const out: string[] = [];
    const signal = new AbortController().signal;
    for await (const m of iterateGuildMembers(caller, { guild_id: '9' }, { pageSize: 2, signal }))
      out.push(m.user?.id ?? '');
    expect(out).toEqual(ids(0, 5));
    expect(caller.sent.map((s) => s.args)).toEqual([
      { signal, params: { guild_id: '9' }, query: { limit: 2 } },
      { signal, params: { guild_id: '9' }, query: { limit: 2, after: '1001' } },
      { signal, params: { guild_id: '9' }, query: { limit: 2, after: '1003' } },
    ]);
  });

  it('iterateGuildBans pages up with after, or down with before', async () => {
    const bans = ids(0, 3).map((id) => ({ user: { id }, reason: null }));
    const caller = scripted((_, args) => {
      const q = args.query as { after?: string; before?: string; limit: number };
      if (q.before !== undefined) return bans.filter((b) => b.user.id < (q.before as string)).slice(-q.limit);
      return bans.filter((b) => q.after === undefined || b.user.id > q.after).slice(0, q.limit);
    });
    const up: string[] = [];
    for await (const b of iterateGuildBans(caller, { guild_id: '9' }, { pageSize: 2 })) up.push(b.user.id);
    expect(up).toEqual(ids(0, 3));
    const down: string[] = [];
    for await (const b of iterateGuildBans(caller, { guild_id: '9' }, { pageSize: 2, before: '1003' }))
      down.push(b.user.id);
    expect(down).toEqual(['1001', '1002', '1000']);
    expect(caller.sent.slice(-2).map((s) => s.args.query)).toEqual([
      { limit: 2, before: '1003' },
      { limit: 2, before: '1001' },
    ]);
  });

  it('iterateThreadMembers asks for the guild members (the platform pages only then)', async () => {
    const caller = scripted((_, __, i) => (i === 0 ? [{ user_id: '1', id: '5' }] : []));
    const out = [];
    for await (const m of iterateThreadMembers(caller, { channel_id: '5' })) out.push(m);
    expect(out).toHaveLength(1);
    expect(caller.sent[0]?.args.query).toEqual({ with_member: true, limit: 100 });
  });
});

describe('watchTargetUsersJob and updateTargetUsersAndWait', () => {
  const status = (s: number, processed: number, total = 4) => ({
    status: s,
    total_users: total,
    processed_users: processed,
    created_at: '2026-01-01T00:00:00.000Z',
    completed_at: s === 2 ? '2026-01-01T00:00:01.000Z' : null,
    error_message: s === 3 ? 'Unknown user 5 on line 3' : null,
  });

  it('polls on the clock, yielding each status until COMPLETED', async () => {
    const script = [status(1, 0), status(1, 2), status(2, 4)];
    const caller = scripted((_, __, i) => script[i]);
    const seen: number[] = [];
    const done = (async () => {
      for await (const job of watchTargetUsersJob(caller, { code: 'abc' }, { pollIntervalMs: 500 }))
        seen.push(job.processed_users);
    })();
    await flush();
    expect(seen).toEqual([0]);
    caller.clock.advance(499);
    await flush();
    expect(seen).toEqual([0]);
    caller.clock.advance(1);
    await flush();
    expect(seen).toEqual([0, 2]);
    caller.clock.advance(500);
    await done;
    expect(seen).toEqual([0, 2, 4]);
    expect(caller.sent.map((s) => s.name)).toEqual(Array(3).fill('getTargetUsersJobStatus'));
    expect(caller.clock.pending).toBe(0);
  });

  it('rejects at once when aborted during a wait, leaving no timer', async () => {
    const caller = scripted(() => status(1, 1));
    const controller = new AbortController();
    const walk = watchTargetUsersJob(caller, { code: 'abc' }, { signal: controller.signal });
    await walk.next();
    const next = walk.next();
    await flush();
    expect(caller.clock.pending).toBe(1);
    controller.abort(new Error('user cancelled'));
    await expect(next).rejects.toThrow('user cancelled');
    expect(caller.clock.pending).toBe(0);
  });

  it('gives up after maxWaitMs with JOB_WAIT_TIMEOUT', async () => {
    const caller = scripted(() => status(1, 1));
    const walk = watchTargetUsersJob(caller, { code: 'abc' }, { pollIntervalMs: 400, maxWaitMs: 1000 });
    const drained = (async () => {
      for await (const _ of walk);
    })().catch((error: unknown) => error);
    for (let i = 0; i < 5; i++) {
      await flush();
      caller.clock.advance(400);
    }
    expect(await drained).toMatchObject({ code: 'JOB_WAIT_TIMEOUT' });
    expect(caller.sent).toHaveLength(3); // at 0, 400 and 800 ms
  });

  it('uploads, then reports progress and resolves to the final status', async () => {
    const script = [undefined, status(1, 1), status(2, 4)];
    const caller = scripted((_, __, i) => script[i]);
    const progress: string[] = [];
    const result = updateTargetUsersAndWait(
      caller,
      { code: 'abc' },
      {
        files: { target_users_file: 'user_id\n1\n' },
        pollIntervalMs: 100,
        onProgress: (job) => progress.push(`${job.processed_users}/${job.total_users}`),
      },
    );
    await flush();
    caller.clock.advance(100);
    await expect(result).resolves.toMatchObject({ status: 2, processed_users: 4 });
    expect(progress).toEqual(['1/4', '4/4']);
    expect(caller.sent.map((s) => s.name)).toEqual([
      'updateTargetUsers',
      'getTargetUsersJobStatus',
      'getTargetUsersJobStatus',
    ]);
    expect(caller.sent[0]?.args).toEqual({
      params: { code: 'abc' },
      files: { target_users_file: 'user_id\n1\n' },
    });
  });

  it('rejects with TARGET_USERS_JOB_FAILED and the platform reason when the job fails', async () => {
    const caller = scripted((_, __, i) => (i === 0 ? undefined : status(3, 2)));
    await expect(
      updateTargetUsersAndWait(caller, { code: 'abc' }, { files: { target_users_file: 'user_id\n1\n' } }),
    ).rejects.toMatchObject({ code: 'TARGET_USERS_JOB_FAILED', message: expect.stringContaining('line 3') });
  });
});

describe('bulkBanInBatches', () => {
  const users = ids(0, 450);

  it('splits into calls of 200, one after another, with progress', async () => {
    let inFlight = 0;
    const caller = scripted((_, args) => {
      inFlight++;
      expect(inFlight).toBe(1);
      inFlight--;
      const body = args.body as { user_ids: string[] };
      return { banned_users: body.user_ids.slice(1), failed_users: body.user_ids.slice(0, 1) };
    });
    const progress: string[] = [];
    const result = await bulkBanAll(
      caller,
      { guild_id: '9' },
      {
        body: { user_ids: users, delete_message_seconds: 60 },
        reason: 'raid',
        onProgress: (p) => progress.push(`${p.batch}/${p.batches} ${p.done}/${p.total}`),
      },
    );
    expect(caller.sent.map((s) => (s.args.body as { user_ids: string[] }).user_ids.length)).toEqual([
      200, 200, 50,
    ]);
    expect(caller.sent[0]?.args).toMatchObject({ reason: 'raid', body: { delete_message_seconds: 60 } });
    expect(progress).toEqual(['1/3 200/450', '2/3 400/450', '3/3 450/450']);
    expect(result.banned_users).toHaveLength(447);
    expect(result.failed_users).toEqual(['1000', '1200', '1400']);
  });

  it('counts a batch refused with 500000 as failed and goes on', async () => {
    const caller = scripted((_, args, i) => {
      if (i === 0) {
        throw new ApiError({
          operation: 'bulkGuildBan',
          method: 'POST',
          route: '/guilds/{guild_id}/bulk-ban',
          path: '/guilds/9/bulk-ban',
          status: 400,
          body: { code: 500000, message: 'Failed to ban users' },
        });
      }
      return { banned_users: (args.body as { user_ids: string[] }).user_ids, failed_users: [] };
    });
    const result = await bulkBanAll(caller, { guild_id: '9' }, { body: { user_ids: users.slice(0, 250) } });
    expect(result.failed_users).toHaveLength(200);
    expect(result.banned_users).toHaveLength(50);
  });

  it('keeps batch sizes between 1 and the platform maximum of 200 on both sides', async () => {
    const sizesFor = async (count: number, batchSize?: number): Promise<number[]> => {
      const caller = scripted((_, args) => ({
        banned_users: (args.body as { user_ids: string[] }).user_ids,
        failed_users: [],
      }));
      const ids = Array.from({ length: count }, (_, i) => String(1_000_000 + i));
      await bulkBanAll(
        caller,
        { guild_id: '9' },
        { body: { user_ids: ids }, ...(batchSize === undefined ? {} : { batchSize }) },
      );
      return caller.sent.map((s) => (s.args.body as { user_ids: string[] }).user_ids.length);
    };
    expect(await sizesFor(200)).toEqual([200]);
    expect(await sizesFor(201)).toEqual([200, 1]);
    expect(await sizesFor(3, 0)).toEqual([1, 1, 1]);
    expect(await sizesFor(3, 1)).toEqual([1, 1, 1]);
    expect(await sizesFor(3, 2)).toEqual([2, 1]);
    expect(await sizesFor(250, Number.NaN)).toEqual([200, 50]);
  });

  it('stops at any other error, earlier batches done, nothing repeated', async () => {
    const caller = scripted((_, args, i) => {
      if (i === 1) throw new Error('network down');
      return { banned_users: (args.body as { user_ids: string[] }).user_ids, failed_users: [] };
    });
    const walk = bulkBanInBatches(caller, { guild_id: '9' }, { body: { user_ids: users }, batchSize: 1000 });
    const first = await walk.next();
    expect(first.value).toMatchObject({ batch: 1, batches: 3, done: 200 });
    await expect(walk.next()).rejects.toThrow('network down');
    expect(caller.sent).toHaveLength(2);
  });
});
