/**
 * Doctest: every Node example of the README runs as written — a script importing `lobbykit` by name
 * (resolved as the package resolves under Node), against the emulator it starts itself — and exits 0.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RedisServer, startRedisServer } from '../support/redisServer.js';
import { readmeBlocks } from './readmeBlocks.js';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
const blocks = readmeBlocks().filter((block) => !block.browser);

describe("the README's Node examples", () => {
  // The fleet example talks to Redis at REDIS_URL: a redis-server of the test's own.
  let redis: RedisServer | undefined;
  beforeAll(async () => {
    if (blocks.some((block) => block.code.includes("from 'lobbykit/redis'")))
      redis = await startRedisServer();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it('are there, every one importing the package by name', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(7);
    for (const block of blocks)
      expect(block.code, `README.md:${block.line}`).toMatch(/from 'lobbykit(\/\w+)?'/);
  });

  // Two at a time: each is a process of its own, starting its own emulator.
  it.concurrent.each(blocks.map((block) => [block.line, block] as const))(
    'README.md:%i runs to the end',
    async (_line, block) => {
      const result = await run(
        process.execPath,
        ['node_modules/vite-node/vite-node.mjs', '--config', 'test/readme/node.vite.config.ts', block.file],
        {
          cwd: root,
          timeout: 60_000,
          env: { ...process.env, NODE_NO_WARNINGS: '1', ...(redis ? { REDIS_URL: redis.url } : {}) },
        },
      ).catch((error: { stdout?: string; stderr?: string; message: string }) => {
        throw new Error(
          `README.md:${block.line} failed:\n${error.stderr ?? ''}\n${error.stdout ?? error.message}`,
        );
      });
      expect(result.stderr).not.toMatch(/Error/);
    },
    90_000,
  );
});
