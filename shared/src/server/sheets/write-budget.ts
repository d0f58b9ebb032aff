import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

const WINDOW_MS = 60_000;

// A sliding window of write times: take a slot if fewer than ARGV[1] writes happened in the last
// minute, else answer how long until the oldest leaves the window. The time is Redis's own, the
// one clock every worker shares: a worker whose clock jumps neither bursts past nor stalls on
// the budget. (Redis before 7 needs replicate_commands to write after reading TIME.)
const TAKE = `
if redis.replicate_commands then redis.replicate_commands() end
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], 0, now - ${WINDOW_MS})
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[1]) then
  redis.call('ZADD', KEYS[1], now, ARGV[2])
  redis.call('PEXPIRE', KEYS[1], ${WINDOW_MS})
  return 0
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return tonumber(oldest[2]) + ${WINDOW_MS} - now + 1`;

/**
 * Takes one sheet write from the budget every worker shares (Google allows about 60 writes a
 * minute). Returns 0 when taken, else the milliseconds until a write is free.
 */
export async function takeSheetWrite(
  redis: Redis,
  key: string,
  perMinute: number,
): Promise<number> {
  const wait = await redis.eval(TAKE, 1, key, perMinute, randomUUID());
  return Number(wait);
}
