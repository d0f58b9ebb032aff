import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import lockfile from 'proper-lockfile';

// The data folder is claimed with proper-lockfile: an atomic mkdir, kept fresh by a heartbeat that
// touches it every UPDATE_MS. A holder that crashed stops touching it and its lock goes stale after
// STALE_MS, whatever pid it had: a pid in a file says nothing once the system has given it to
// another process. The embedded database refuses a second opener on its own as well
// (db/exclusive-open.ts), since two starters can both judge one stale lock stale at once.
const STALE_MS = 10_000;
const UPDATE_MS = 2_500;
const LOCK_NAME = '.campusbucket.lock';
// Only for the message a second starter prints; nothing is decided by it.
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

function readHolder(dir: string): string | null {
  try {
    return readFileSync(join(dir, PID_FILE), 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/**
 * Claims the data folder for this process: the embedded database and the private Redis must never
 * be opened by two processes at once. A lock whose holder stopped refreshing it is taken over.
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
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(absolute, {
      lockfilePath,
      realpath: false,
      stale: STALE_MS,
      update: UPDATE_MS,
      retries: 0,
      onCompromised,
    });
  } catch (error) {
    // ENOENT: this starter had just taken a stale lock over when another starter, judging the same
    // stale lock at the same moment, removed it and took it in turn. That one holds the folder.
    const { code } = error as NodeJS.ErrnoException;
    if (code === 'ELOCKED' || code === 'ENOENT') {
      throw new DataDirBusyError(absolute, readHolder(absolute));
    }
    throw error;
  }
  writeFileSync(join(absolute, PID_FILE), String(process.pid));
  if (existsSync(join(absolute, LEGACY_LOCK_FILE))) rmSync(join(absolute, LEGACY_LOCK_FILE));
  return async () => {
    if (readHolder(absolute) === String(process.pid))
      rmSync(join(absolute, PID_FILE), { force: true });
    await release().catch(() => {});
  };
}
