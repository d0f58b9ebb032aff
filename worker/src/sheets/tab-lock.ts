import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

// Longer than the slowest sheet call (the adapters time out at 20 s), so a lock never expires
// under a live writer; short enough that a killed worker's tab is free again within a minute.
const LOCK_TTL_MS = 60_000;
const WAIT_STEP_MS = 150;
const MAX_WAIT_MS = 30_000;

const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/** Raised when the tab stayed locked longer than a job should wait; the job retries later. */
export class TabBusyError extends Error {
  constructor(tab: string) {
    super(`Sheet tab ${tab} stayed busy for ${MAX_WAIT_MS / 1000} s`);
    this.name = 'TabBusyError';
  }
}

/**
 * Runs `work` while holding the tab's lock, shared by every worker through Redis: one writer per
 * tab at a time, so rows of one tab are never written twice by two batches.
 */
export async function withTabLock<T>(
  redis: Redis,
  key: string,
  tab: string,
  work: () => Promise<T>,
): Promise<T> {
  const token = randomUUID();
  const giveUpAt = Date.now() + MAX_WAIT_MS;
  while ((await redis.set(key, token, 'PX', LOCK_TTL_MS, 'NX')) !== 'OK') {
    if (Date.now() > giveUpAt) throw new TabBusyError(tab);
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
  }
  try {
    return await work();
  } finally {
    await redis.eval(RELEASE, 1, key, token);
  }
}
