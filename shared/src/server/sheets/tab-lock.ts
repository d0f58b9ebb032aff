import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { SheetStoreError } from './sheet-store';

// A killed worker's tab is free again within LOCK_TTL_MS; a live holder renews the lock every
// RENEW_EVERY_MS, so a long batch (a slow read, then a slow append) never loses it unnoticed.
const LOCK_TTL_MS = 60_000;
const RENEW_EVERY_MS = LOCK_TTL_MS / 3;
const WAIT_STEP_MS = 150;
const MAX_WAIT_MS = 30_000;

const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

const RENEW = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`;

// Both are transient failures of the sheet: nothing was sent, and a later try may succeed. (A
// caller that had marked rows as being written keeps the mark, so the next try reads the tab
// before writing: safe either way.)

/** Raised when the tab stayed locked longer than a caller should wait; try again later. */
export class TabBusyError extends SheetStoreError {
  constructor(tab: string) {
    super('transient', `Sheet tab ${tab} stayed busy for ${MAX_WAIT_MS / 1000} s`);
    this.name = 'TabBusyError';
  }
}

/** Raised before a sheet call once the lock could not be renewed: another writer may own it. */
export class TabLockLostError extends SheetStoreError {
  constructor(tab: string) {
    super('transient', `Lost the lock of sheet tab ${tab}`);
    this.name = 'TabLockLostError';
  }
}

/** The held lock: call assertHeld() right before every sheet call. */
export interface TabLock {
  assertHeld(): void;
}

/**
 * Runs `work` while holding the tab's lock, shared by every worker through Redis: one writer per
 * tab at a time, so rows of one tab are never written twice by two batches.
 */
export async function withTabLock<T>(
  redis: Redis,
  key: string,
  tab: string,
  work: (lock: TabLock) => Promise<T>,
): Promise<T> {
  const token = randomUUID();
  const giveUpAt = Date.now() + MAX_WAIT_MS;
  while ((await redis.set(key, token, 'PX', LOCK_TTL_MS, 'NX')) !== 'OK') {
    if (Date.now() > giveUpAt) throw new TabBusyError(tab);
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
  }
  let lost = false;
  const renewal = setInterval(() => {
    redis
      .eval(RENEW, 1, key, token, LOCK_TTL_MS)
      .then((renewed) => {
        if (Number(renewed) !== 1) lost = true;
      })
      .catch(() => {
        lost = true;
      });
  }, RENEW_EVERY_MS);
  try {
    return await work({
      assertHeld: () => {
        if (lost) throw new TabLockLostError(tab);
      },
    });
  } finally {
    clearInterval(renewal);
    await redis.eval(RELEASE, 1, key, token);
  }
}
