import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@campus/shared/dev/free-port';
import { ensureSystemCommand } from '@campus/shared/dev/system-package';
import { readDemoAccounts } from '@campus/shared/server/demo-accounts-file';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine } from '../../support/database';
import { spawnEntry } from '../../support/process';
import { testQueuePrefix, testRedisUrl } from '../../support/redis';
import { signInCookie } from '../../support/session';

// A power cut right after the first `npm start`: the data folder is on an ext4 file system of its
// own (a loop device), which is shut down the way a power cut stops it (FS_IOC_SHUTDOWN without
// flushing its journal: what was not synced is gone) while the app runs. The next start must find
// its database, its auth secret and its demo accounts whole. Mounting needs root; the embedded
// database is the same whatever engine a project tests, so it runs once.
const isRoot = process.getuid?.() === 0;

describe.runIf(engine === 'pglite' && isRoot)('a power cut after the first start', () => {
  let dir: string;
  let image: string;
  let mounted: string;
  let xfsIo: string;
  const mount = () => execFileSync('mount', ['-o', 'loop', image, mounted]);
  const unmount = () => execFileSync('umount', [mounted]);

  beforeAll(() => {
    xfsIo = ensureSystemCommand({
      command: 'xfs_io',
      debianPackage: 'xfsprogs',
      otherSystems: 'install xfsprogs (its xfs_io shuts a file system down as a power cut would)',
      why: 'The power-cut test needs xfs_io.',
      log: (line) => process.stdout.write(`${line}\n`),
    });
    dir = mkdtempSync(join(tmpdir(), 'campus-power-cut-'));
    image = join(dir, 'disk.img');
    mounted = join(dir, 'disk');
    mkdirSync(mounted);
    // A sparse file of 300 MB: the disk of the data folder.
    writeFileSync(image, '');
    truncateSync(image, 300 * 1024 * 1024);
    execFileSync('mkfs.ext4', ['-q', image]);
    mount();
  });
  afterAll(() => {
    try {
      unmount();
    } catch {
      // Not mounted (a failure between the cut and the second mount).
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts again with the database, auth secret and demo accounts of the first start', async () => {
    const dataDir = join(mounted, 'data');
    const env = async () => ({
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      REDIS_URL: testRedisUrl(),
      QUEUE_PREFIX: testQueuePrefix(),
      LOG_LEVEL: 'warn',
    });
    const first = spawnEntry('scripts/all-in-one.ts', await env());
    await first.waitFor(/Press Ctrl-C to stop/, 90_000);
    expect(first.output()).toContain('(demo data added)');
    const secret = readFileSync(join(dataDir, 'auth-secret'), 'utf8');
    const superAdmin = readDemoAccounts(dataDir).find((account) => account.role === 'superAdmin');

    execFileSync(xfsIo, ['-x', '-c', 'shutdown', mounted]);
    first.child.kill('SIGKILL');
    await first.exited;
    unmount();
    mount();

    expect(readFileSync(join(dataDir, 'auth-secret'), 'utf8')).toBe(secret);
    expect(readDemoAccounts(dataDir).find((a) => a.role === 'superAdmin')).toEqual(superAdmin);
    const second = spawnEntry('scripts/all-in-one.ts', await env());
    try {
      const url = (await second.waitFor(/running at (http:\/\/\S+)/, 90_000)).split('at ')[1];
      await second.waitFor(/Press Ctrl-C to stop/);
      expect(second.output()).not.toContain('demo data added');
      const http = { request: (path: string, init?: RequestInit) => fetch(`${url}${path}`, init) };
      const cookie = await signInCookie(http, `${superAdmin?.email}`, `${superAdmin?.password}`);
      expect(cookie).toContain('session');
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  }, 240_000);
});
