import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ensureRedisServerBinary,
  type LocalRedis,
  redisAnswers,
  startRedisServer,
} from '@campus/shared/dev/redis-server';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { TEST_QUEUE_PREFIX } from './redis';
import { removeKeysMatching } from './redis-keys';

declare module 'vitest' {
  export interface ProvidedContext {
    redisUrl: string;
    postgresRunId: string;
    /** Every test queue prefix of this run starts with it (see testQueuePrefix). */
    queueRunPrefix: string;
  }
}

const DEFAULT_TEST_REDIS = 'redis://127.0.0.1:6379';

/**
 * Once per run: a real Redis (the local one, or a private redis-server), and a run id under
 * which each PostgreSQL test file creates its own fresh database, all dropped at the end.
 */
export default async function setup(project: TestProject) {
  let local: LocalRedis | undefined;
  let redisDir: string | undefined;
  let redisUrl = process.env.REDIS_URL_TEST ?? DEFAULT_TEST_REDIS;
  if (!(await redisAnswers(redisUrl))) {
    redisDir = mkdtempSync(join(tmpdir(), 'campus-test-redis-'));
    local = await startRedisServer({
      dir: redisDir,
      binary: ensureRedisServerBinary((line) => process.stdout.write(`${line}\n`)),
    });
    redisUrl = local.url;
  }
  const postgresRunId = `campus_test_${Date.now().toString(36)}_${process.pid}`;
  // Only this run's keys are removed at the end: another run on the same Redis (a second
  // terminal, CI beside a developer) keeps its queues.
  const queueRunPrefix = `${TEST_QUEUE_PREFIX}${Date.now().toString(36)}${process.pid}-`;
  project.provide('redisUrl', redisUrl);
  project.provide('postgresRunId', postgresRunId);
  project.provide('queueRunPrefix', queueRunPrefix);

  const runTemp = runTempFolder();

  // Global setup runs in Vitest's main process, where only the project's own env says which
  // engine this project tests.
  const env = project.config.env as Record<string, string | undefined>;
  return async () => {
    if (runTemp) rmSync(runTemp, { recursive: true, force: true });
    await removeTestQueues(redisUrl, queueRunPrefix);
    await local?.stop();
    if (redisDir) rmSync(redisDir, { recursive: true, force: true });
    if (env.TEST_DB_ENGINE === 'postgres' && env.TEST_POSTGRES_ADMIN_URL) {
      await dropRunDatabases(env.TEST_POSTGRES_ADMIN_URL, postgresRunId);
    }
  };
}

/**
 * One temporary folder for the whole run, in which every test file's folders are made (TMPDIR, as
 * the test workers start after this): what a test leaves there goes with the run. Made by the
 * first project's setup, which also removes it; null for the others.
 */
function runTempFolder(): string | null {
  if (process.env.CAMPUS_TEST_RUN_TMP) return null;
  const folder = mkdtempSync(join(tmpdir(), 'campus-vitest-'));
  process.env.CAMPUS_TEST_RUN_TMP = folder;
  process.env.TMPDIR = folder;
  return folder;
}

/** Deletes the keys of this run's test queue prefixes, so a developer's Redis does not fill up. */
async function removeTestQueues(url: string, runPrefix: string) {
  const redis = new Redis(url);
  try {
    await removeKeysMatching(redis, `${runPrefix}*`);
  } finally {
    redis.disconnect();
  }
}

async function dropRunDatabases(adminUrl: string, runId: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`${runId}%`],
    );
    for (const { datname } of rows) {
      await admin.query(`drop database if exists "${datname}" with (force)`);
    }
  } finally {
    await admin.end();
  }
}
