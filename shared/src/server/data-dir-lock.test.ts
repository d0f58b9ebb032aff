import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock';

describe('lockDataDir', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'campus-lock-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('lets one process at a time use the data folder', () => {
    const release = lockDataDir(dir);
    // Our own parent process stands in for another live CampusBucket.
    writeFileSync(join(dir, 'campusbucket.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(`Another CampusBucket process (pid ${process.ppid})`);
    writeFileSync(join(dir, 'campusbucket.lock'), String(process.pid));
    release();
    const again = lockDataDir(dir);
    again();
  });

  it('takes over a lock left by a process that is gone', () => {
    // Far above any pid_max: no such process.
    writeFileSync(join(dir, 'campusbucket.lock'), '999999999');
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, 'campusbucket.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(join(dir, 'campusbucket.lock'))).toBe(false);
  });
});
