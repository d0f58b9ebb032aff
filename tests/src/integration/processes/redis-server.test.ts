import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { redisAnswers, startRedisServer } from '@campus/shared/dev/redis-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine } from '../../support/database';

function isRunning(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('redis-server');
  } catch {
    return false;
  }
}

// What `npm start` does on a machine with no Redis; engine-independent, so it runs once.
describe.runIf(engine === 'pglite')('the private redis-server of npm start', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'campus-redis-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps its data in the folder with an append-only file and leaves no process when stopped', async () => {
    const redis = await startRedisServer({ dir });
    const pid = Number(readFileSync(join(dir, 'redis.pid'), 'utf8'));
    expect(isRunning(pid)).toBe(true);
    expect(await redisAnswers(redis.url)).toBe(true);
    expect(existsSync(join(dir, 'appendonlydir'))).toBe(true);

    await redis.stop();
    expect(isRunning(pid)).toBe(false);
    expect(await redisAnswers(redis.url)).toBe(false);
  });

  it('stops a server left behind by a killed run before starting its own', async () => {
    const leftover = await startRedisServer({ dir });
    const leftoverPid = Number(readFileSync(join(dir, 'redis.pid'), 'utf8'));
    const fresh = await startRedisServer({ dir });
    try {
      expect(isRunning(leftoverPid)).toBe(false);
      expect(await redisAnswers(leftover.url)).toBe(false);
      expect(await redisAnswers(fresh.url)).toBe(true);
    } finally {
      await fresh.stop();
    }
  });
});
