import { existsSync, mkdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import lockfile from 'proper-lockfile';
import { writeFileDurably } from './durable-file';

// The data folder is claimed with proper-lockfile: an atomic mkdir, kept fresh by a heartbeat that
// touches it every UPDATE_MS. A holder that crashed stops touching it and its lock goes stale after
// STALE_MS. Sooner than that, a lock is taken over when the pid file names a process of this host
// and pid namespace that no longer runs (after a crash, `npm start` again starts at once); a pid
// that runs may have been given to another process, so only the stale time frees that lock. The
// embedded database refuses a second opener on its own as well (db/exclusive-open.ts), since two
// starters can both judge one lock free at once.
const STALE_MS = 10_000;
const UPDATE_MS = 2_500;
const LOCK_NAME = '.campusbucket.lock';
// The holder's pid and where that pid means something (pidScope), one a line.
const PID_FILE = 'campusbucket.pid';
// The lock file of earlier versions (a pid in a file); it means nothing now.
const LEGACY_LOCK_FILE = 'campusbucket.lock';

/** Thrown when another live process holds the data folder. */
export class DataDirBusyError extends Error {
  constructor(dir: string, holder: string | null) {
    super(
      `Another CampusBucket process${holder ? ` (pid ${holder})` : ''} is using ${dir}. ` +
        'Stop it first, or set DATA_DIR to another folder.',
    );
    this.name = 'DataDirBusyError';
  }
}

/** Where this process's pids mean something: its host and, on Linux, its pid namespace. */
function pidScope(): string {
  try {
    return `${hostname()} ${readlinkSync('/proc/self/ns/pid')}`;
  } catch {
    return hostname();
  }
}

function readHolder(dir: string): { pid: string; scope: string } | null {
  try {
    const [pid = '', scope = ''] = readFileSync(join(dir, PID_FILE), 'utf8').split('\n');
    return pid.trim() ? { pid: pid.trim(), scope: scope.trim() } : null;
  } catch {
    return null;
  }
}

/** Whether the pid file names a process of this host and pid namespace that has ended. */
function holderEnded(dir: string): boolean {
  const holder = readHolder(dir);
  const pid = Number(holder?.pid);
  if (holder?.scope !== pidScope() || !Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Claims the data folder for this process: the embedded database and the private Redis must never
 * be opened by two processes at once. A lock whose holder ended, or stopped refreshing it, is
 * taken over.
 * `onCompromised` hears of a lock that was taken over while this process still ran (it was busy
 * for longer than the stale time). Returns the release function.
 */
export async function lockDataDir(
  dir: string,
  onCompromised: (error: Error) => void = () => {},
): Promise<() => Promise<void>> {
  const absolute = resolve(dir);
  mkdirSync(absolute, { recursive: true });
  const lockfilePath = join(absolute, LOCK_NAME);
  const take = () =>
    lockfile.lock(absolute, {
      lockfilePath,
      realpath: false,
      stale: STALE_MS,
      update: UPDATE_MS,
      retries: 0,
      onCompromised,
    });
  // ENOENT: this starter had just taken a stale lock over when another starter, judging the same
  // stale lock at the same moment, removed it (proper-lockfile also removes the lock it made when
  // that happens, so a crowd of starters can leave none). Trying again after a random pause, so
  // that the crowd does not do it in step, takes a free folder or finds its new holder.
  const takeOver = async (triesLeft: number): Promise<() => Promise<void>> => {
    try {
      return await take();
    } catch (error) {
      const { code } = error as NodeJS.ErrnoException;
      if (triesLeft <= 0) throw error;
      if (code === 'ENOENT') {
        await sleep(Math.random() * 50);
        return takeOver(triesLeft - 1);
      }
      if (code !== 'ELOCKED' || !holderEnded(absolute)) throw error;
      rmSync(lockfilePath, { recursive: true, force: true });
      return takeOver(triesLeft - 1);
    }
  };
  let release: () => Promise<void>;
  try {
    release = await takeOver(3);
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    if (code === 'ELOCKED' || code === 'ENOENT') {
      throw new DataDirBusyError(absolute, readHolder(absolute)?.pid ?? null);
    }
    throw error;
  }
  // Durably: after a power cut, the next start reads whose lock it was (and that it has ended).
  writeFileDurably(join(absolute, PID_FILE), `${process.pid}\n${pidScope()}\n`, 0o644);
  if (existsSync(join(absolute, LEGACY_LOCK_FILE))) rmSync(join(absolute, LEGACY_LOCK_FILE));
  return async () => {
    if (readHolder(absolute)?.pid === String(process.pid))
      rmSync(join(absolute, PID_FILE), { force: true });
    await release().catch(() => {});
  };
}
