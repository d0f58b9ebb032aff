import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@campus/shared/dev/free-port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine } from '../../support/database';
import { type Spawned, spawnEntry } from '../../support/process';
import { testQueuePrefix, testRedisUrl } from '../../support/redis';

// Two processes on one data folder each answered orders and one's were lost at the end. Six
// `npm start`s launched together against a stale lock (its pid now a live, unrelated process's):
// exactly one runs, the five others stop and say why.

const BUSY = /Another CampusBucket process.* is using|Another process has the embedded database/;

describe.runIf(engine === 'pglite')('the data folder lock of npm start', () => {
  let dir: string;
  const starters: Spawned[] = [];

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'campus-lock-race-'));
    mkdirSync(join(dir, 'dist'));
    writeFileSync(join(dir, 'dist', 'index.html'), '<!doctype html><div id="root"></div>');
    const data = join(dir, 'data');
    mkdirSync(data);
    // A holder that stopped refreshing its lock a minute ago; its pid is now our test runner's.
    const lock = join(data, '.campusbucket.lock');
    mkdirSync(lock);
    const minuteAgo = new Date(Date.now() - 60_000);
    utimesSync(lock, minuteAgo, minuteAgo);
    writeFileSync(join(data, 'campusbucket.pid'), String(process.pid));
    writeFileSync(join(data, 'campusbucket.lock'), String(process.pid));
  });

  afterAll(async () => {
    for (const starter of starters) {
      if (starter.child.exitCode === null && starter.child.signalCode === null) {
        starter.child.kill('SIGKILL');
        await starter.exited;
      }
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('lets exactly one of six simultaneous starters run; the others exit with the reason', async () => {
    const envs = await Promise.all(
      Array.from({ length: 6 }, async () => ({
        DATA_DIR: join(dir, 'data'),
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        REDIS_URL: testRedisUrl(),
        QUEUE_PREFIX: testQueuePrefix(),
        WEB_DIST_DIR: join(dir, 'dist'),
        SEED_DEMO_DATA: 'false',
        LOG_LEVEL: 'warn',
      })),
    );
    starters.push(...envs.map((env) => spawnEntry('scripts/all-in-one.ts', env)));
    const outcomes = await Promise.all(
      starters.map((starter) =>
        Promise.race([
          starter.waitFor(/Press Ctrl-C to stop/, 120_000).then(() => 'running' as const),
          starter.exited.then((code) => `exited ${code}` as const),
        ]),
      ),
    );
    const report = starters.map((starter, n) => `${outcomes[n]}: ${starter.output()}`).join('\n');
    expect(
      outcomes.filter((outcome) => outcome === 'running'),
      report,
    ).toHaveLength(1);
    starters.forEach((starter, n) => {
      if (outcomes[n] === 'running') return;
      expect(outcomes[n], report).toBe('exited 1');
      expect(starter.output(), report).toMatch(BUSY);
    });

    const winner = starters[outcomes.indexOf('running')] as Spawned;
    winner.child.kill('SIGTERM');
    expect(await winner.exited).toBe(0);
  }, 180_000);
});
