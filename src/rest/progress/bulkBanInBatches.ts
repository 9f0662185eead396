/**
 * Bulk Guild Ban for any number of users: splits the list into calls of at most 200 (the platform's
 * limit), one after another, and reports progress after each.
 */
import type { z } from 'zod';
import { ErrorCode } from '../../spec/codes.js';
import { banLimits } from '../../spec/limitAreas.js';
import type { Routes } from '../../spec/routes.js';
import type { CommonCallArgs } from '../callTypes.js';
import { ApiError } from '../errors/ApiError.js';
import type { FacadeParams, FacadeResult, RestCaller } from '../facades/facadeTypes.js';

type BulkBanBody = z.input<Routes['bulkGuildBan']['body']>;

/** Bulk Guild Ban's answer: who was banned and who was not (snake_case, as on the wire). */
export type BulkBanResult = Awaited<FacadeResult<'bulkGuildBan'>>;

/** The body of a batched bulk ban: Bulk Guild Ban's, with any number of `user_ids`. */
export type BulkBanAllBody = Omit<BulkBanBody, 'user_ids'> & { readonly user_ids: readonly string[] };

/** Progress after one batch. */
export interface BulkBanProgress {
  /** 1-based number of the batch just done. */
  readonly batch: number;
  readonly batches: number;
  /** Users handled so far (banned or not), of `total`. */
  readonly done: number;
  readonly total: number;
  /** This batch's answer (a batch the platform refused with 500000 counts as all failed). */
  readonly result: BulkBanResult;
}

/** Options of {@link bulkBanInBatches}. */
export interface BulkBanInBatchesOptions extends CommonCallArgs {
  readonly body: BulkBanAllBody;
  /** Recorded in the guild's audit log, on every batch. */
  readonly reason?: string;
  /** Users per call (1-200). @defaultValue `200` */
  readonly batchSize?: number;
}

/**
 * Bans the users batch by batch and yields progress after each. Bulk Guild Ban is not safe to
 * repeat, so a batch that fails otherwise than with 500000 ("none could be banned") ends the walk
 * with its error; the batches before it stay done.
 */
export async function* bulkBanInBatches(
  client: RestCaller,
  params: FacadeParams<'bulkGuildBan'>,
  options: BulkBanInBatchesOptions,
): AsyncGenerator<BulkBanProgress, BulkBanResult, undefined> {
  const { body, batchSize = banLimits.bulkMaxUsers, ...common } = options;
  // 1 to the platform's 200; a batch size that is no number at all takes the default.
  const wanted = Number.isFinite(batchSize) ? Math.floor(batchSize) : banLimits.bulkMaxUsers;
  const size = Math.max(1, Math.min(banLimits.bulkMaxUsers, wanted));
  const ids = body.user_ids;
  const total = ids.length;
  const batches = Math.ceil(total / size);
  const all: { banned_users: string[]; failed_users: string[] } = { banned_users: [], failed_users: [] };
  for (let batch = 1, start = 0; start < total; batch++, start += size) {
    const user_ids = ids.slice(start, start + size);
    let result: BulkBanResult;
    try {
      result = await client.call('bulkGuildBan', {
        ...common,
        params,
        body: { ...body, user_ids: user_ids as [string, ...string[]] },
      });
    } catch (error) {
      if (!(error instanceof ApiError) || error.platformCode !== ErrorCode.BULK_BAN_FAILED) throw error;
      result = { banned_users: [], failed_users: user_ids };
    }
    all.banned_users.push(...result.banned_users);
    all.failed_users.push(...result.failed_users);
    yield { batch, batches, done: Math.min(total, start + size), total, result };
  }
  return all;
}

/** Runs {@link bulkBanInBatches} to the end; resolves to every batch's answer joined. */
export async function bulkBanAll(
  client: RestCaller,
  params: FacadeParams<'bulkGuildBan'>,
  options: BulkBanInBatchesOptions & { readonly onProgress?: (progress: BulkBanProgress) => void },
): Promise<BulkBanResult> {
  const { onProgress, ...rest } = options;
  const walk = bulkBanInBatches(client, params, rest);
  for (;;) {
    const step = await walk.next();
    if (step.done) return step.value;
    onProgress?.(step.value);
  }
}
