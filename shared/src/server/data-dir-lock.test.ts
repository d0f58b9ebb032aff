import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirBusyError, lockDataDir } from './data-dir-lock';
import { claimDatabaseDir, DatabaseInUseError } from './db/exclusive-open';

/** A lock left by a holder that stopped refreshing it a minute ago, naming a pid that is alive. */
function staleLock(dir: string, pid: number) {
  const lock = join(dir, '.campusbucket.lock');
  mkdirSync(lock);
  const minuteAgo = new Date(Date.now() - 60_000);
  utimesSync(lock, minuteAgo, minuteAgo);
  writeFileSync(join(dir, 'campusbucket.pid'), String(pid));
  // The lock file of earlier versions, with the same live pid.
  writeFileSync(join(dir, 'campusbucket.lock'), String(pid));
}

/** A process that takes the data folder's lock and is then killed: its lock is still fresh. */
async function crashedHolder(dir: string): Promise<number> {
  const lockModule = new URL('./data-dir-lock.ts', import.meta.url).pathname;
  const code = `const { lockDataDir } = await import(${JSON.stringify(lockModule)});
    await lockDataDir(${JSON.stringify(dir)}); console.log('locked'); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('locked')) resolve();
    });
    child.once('exit', (exitCode) => reject(new Error(`the holder exited (${exitCode})`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  return child.pid as number;
}

describe('lockDataDir', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'campus-lock-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('lets one process at a time use the data folder, and says which holds it', async () => {
    const release = await lockDataDir(dir);
    const second = lockDataDir(dir);
    await expect(second).rejects.toThrow(DataDirBusyError);
    await expect(second).rejects.toThrow(`Another CampusBucket process (pid ${process.pid})`);
    await release();
    const again = await lockDataDir(dir);
    await again();
  });

  it('takes a fresh lock at once when its holder on this host has ended', async () => {
    const pid = await crashedHolder(dir);
    expect(readFileSync(join(dir, 'campusbucket.pid'), 'utf8')).toMatch(new RegExp(`^${pid}\\n`));
    const release = await lockDataDir(dir);
    await release();
  });

  it('leaves a fresh lock alone when its holder ran elsewhere (another host or pid namespace)', async () => {
    const pid = await crashedHolder(dir);
    writeFileSync(join(dir, 'campusbucket.pid'), `${pid}\nanother-host pid:[1]\n`);
    await expect(lockDataDir(dir)).rejects.toThrow(`Another CampusBucket process (pid ${pid})`);
  });

  it('takes over a stale lock even when its pid now belongs to an unrelated live process', async () => {
    // Our parent (the test runner) is alive and is no CampusBucket holder.
    staleLock(dir, process.ppid);
    const release = await lockDataDir(dir);
    await release();
  });

  it('of six claimants at once on a stale lock, exactly one gets the folder and its database', async () => {
    staleLock(dir, process.ppid);
    const pg = join(dir, 'pg');
    mkdirSync(pg);
    const claims = await Promise.allSettled(
      Array.from({ length: 6 }, async () => {
        const release = await lockDataDir(dir);
        try {
          const unclaim = await claimDatabaseDir(pg);
          return async () => {
            await unclaim();
            await release();
          };
        } catch (error) {
          await release();
          throw error;
        }
      }),
    );
    const won = claims.filter((claim) => claim.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const claim of claims) {
      if (claim.status === 'rejected') {
        expect(
          claim.reason instanceof DataDirBusyError || claim.reason instanceof DatabaseInUseError,
          String(claim.reason),
        ).toBe(true);
      }
    }
    await (won[0] as PromiseFulfilledResult<() => Promise<void>>).value();
  });
});

describe('claimDatabaseDir', () => {
  it('refuses a second opener of one database folder while the first holds it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'campus-pg-claim-'));
    try {
      const unclaim = await claimDatabaseDir(dir);
      await expect(claimDatabaseDir(dir)).rejects.toThrow(DatabaseInUseError);
      await unclaim();
      const again = await claimDatabaseDir(dir);
      await again();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
