import type { Redis } from 'ioredis';

/** A limit: at most `max` counted events per `windowSeconds`. */
export interface Limit {
  max: number;
  windowSeconds: number;
}

export interface RateLimiter {
  /**
   * Counts one event against every key and says whether all are still within their limit. The
   * count and the check are one atomic step, so parallel requests cannot all slip under it.
   */
  consume(action: string, keys: readonly string[], limit: Limit): Promise<boolean>;
  /** Takes back one event (a sign-in that succeeded is not a failed attempt). */
  refund(action: string, keys: readonly string[]): Promise<void>;
}

// INCR, and start the window on the first event (works on Redis 6, unlike EXPIRE ... NX).
const CONSUME = `
local count = redis.call('INCR', KEYS[1])
if redis.call('TTL', KEYS[1]) < 0 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return count`;

/**
 * Fixed-window counters in Redis, so every api replica shares them. Keys are per IP and per
 * e-mail: a crowd behind one campus NAT is limited per person, one attacker across addresses
 * per e-mail.
 */
export function createRateLimiter(redis: Redis, prefix: string): RateLimiter {
  const keyOf = (action: string, key: string) => `${prefix}:ratelimit:${action}:${key}`;
  return {
    async consume(action, keys, limit) {
      const counts = await Promise.all(
        keys.map((key) => redis.eval(CONSUME, 1, keyOf(action, key), limit.windowSeconds)),
      );
      return counts.every((count) => Number(count) <= limit.max);
    },
    async refund(action, keys) {
      await Promise.all(keys.map((key) => redis.decr(keyOf(action, key))));
    },
  };
}
