import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@campus/shared/dev/free-port';
import { startRedisServer } from '@campus/shared/dev/redis-server';
import { DEMO_PEOPLE } from '@campus/shared/server/db/seed';
import { DEMO_ACCOUNTS_FILE, readDemoAccounts } from '@campus/shared/server/demo-accounts-file';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine } from '../../support/database';
import { spawnEntry } from '../../support/process';
import { testQueuePrefix, testRedisUrl } from '../../support/redis';

// The all-in-one process is the same whatever engine a project tests, so it runs once.
describe.runIf(engine === 'pglite')('npm start (all-in-one process)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'campus-start-'));
    mkdirSync(join(dir, 'dist'));
    writeFileSync(join(dir, 'dist', 'index.html'), '<!doctype html><div id="root"></div>');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // HOST unset: only this machine may connect (its default).
  const env = async (extra: Record<string, string> = {}) => ({
    DATA_DIR: join(dir, 'data'),
    PORT: String(await freePort()),
    REDIS_URL: testRedisUrl(),
    QUEUE_PREFIX: testQueuePrefix(),
    WEB_DIST_DIR: join(dir, 'dist'),
    LOG_LEVEL: 'warn',
    ...extra,
  });

  it('serves the app with demo data, is ready, reuses its data on a second start and stops on Ctrl-C', async () => {
    const metricsToken = 'metrics-token-for-the-test-0123456789abcdef';
    const first = spawnEntry('scripts/all-in-one.ts', await env({ METRICS_TOKEN: metricsToken }));
    const url = (await first.waitFor(/running at (http:\/\/\S+)/, 60_000)).split('at ')[1];
    await first.waitFor(/Press Ctrl-C to stop/);
    expect(first.output()).toContain('(demo data added)');
    // Passwords made for this install, printed once and kept in the data folder for its owner.
    const kept = readDemoAccounts(join(dir, 'data'));
    expect(kept.map((account) => account.email)).toEqual(DEMO_PEOPLE.map((p) => p.email));
    for (const account of kept) {
      expect(account.password).toMatch(/^[\w-]{12}$/);
      expect(first.output()).toContain(`${account.email} / ${account.password}`);
    }
    expect(statSync(join(dir, 'data', DEMO_ACCOUNTS_FILE)).mode & 0o777).toBe(0o600);
    // Listening on 127.0.0.1 only: this machine's other addresses are refused.
    const port = new URL(url as string).port;
    const outward = Object.values(networkInterfaces())
      .flat()
      .find((address) => address?.family === 'IPv4' && !address.internal);
    if (outward) {
      await expect(fetch(`http://${outward.address}:${port}/readyz`)).rejects.toThrow();
    }

    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(200);
    const page = await fetch(`${url}/restaurants`);
    expect(await page.text()).toContain('<div id="root">');
    // Prometheus reads the process's metrics, the pipeline's gauges among them, with the token.
    const metrics = await fetch(`${url}/metrics`, {
      headers: { authorization: `Bearer ${metricsToken}` },
    });
    expect(metrics.status).toBe(200);
    const scraped = await metrics.text();
    expect(scraped).toMatch(/^process_cpu_seconds_total /m);
    expect(scraped).toMatch(/^campus_queue_jobs\{queue="sheets",state="waiting"\} \d+$/m);
    expect((await fetch(`${url}/metrics`)).status).toBe(401);

    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);

    const second = spawnEntry('scripts/all-in-one.ts', await env());
    await second.waitFor(/Press Ctrl-C to stop/, 60_000);
    expect(second.output()).not.toContain('demo data added');
    expect(second.output()).toContain(`${join(dir, 'data', DEMO_ACCOUNTS_FILE)}.`);
    expect(second.output()).not.toContain(kept[0]?.password);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 120_000);

  it('refuses a Redis whose eviction policy could drop jobs, and says why', async () => {
    const redisDir = mkdtempSync(join(tmpdir(), 'campus-lru-'));
    const lru = await startRedisServer({ dir: redisDir, maxmemoryPolicy: 'allkeys-lru' });
    try {
      const run = spawnEntry('scripts/all-in-one.ts', await env({ REDIS_URL: lru.url }));
      expect(await run.exited).toBe(1);
      expect(run.output()).toMatch(/maxmemory-policy allkeys-lru/);
      expect(run.output()).toMatch(/noeviction/);
    } finally {
      await lru.stop();
      rmSync(redisDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses a bad configuration, listing every problem', async () => {
    const run = spawnEntry(
      'scripts/all-in-one.ts',
      await env({ PORT: 'eighty', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x' }),
    );
    expect(await run.exited).toBe(1);
    const output = run.output();
    expect(output).toContain('Invalid configuration');
    expect(output).toMatch(/PORT:/);
    expect(output).toMatch(/LOG_LEVEL:/);
    expect(output).toMatch(/DATABASE_URL: must start with postgres:\/\/ or postgresql:\/\//);
  }, 30_000);
});
