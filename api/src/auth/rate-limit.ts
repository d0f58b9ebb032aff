import type { Redis } from 'ioredis';

/** A limit: at most `max` counted events per `windowSeconds`. */
export interface Limit {
  max: number;
  windowSeconds: number;
}

export interface RateLimiter {
  /** Whether every key is still under its limit (counts nothing). */
  allowed(action: string, keys: readonly string[], limit: Limit): Promise<boolean>;
  /** Counts one event against every key. */
  hit(action: string, keys: readonly string[], limit: Limit): Promise<void>;
}

/**
 * Fixed-window counters in Redis, so every api replica shares them. Keys are per IP and per
 * e-mail: a crowd behind one campus NAT is limited per person, one attacker across addresses
 * per e-mail.
 */
export function createRateLimiter(redis: Redis, prefix: string): RateLimiter {
  const keyOf = (action: string, key: string) => `${prefix}:ratelimit:${action}:${key}`;
  return {
    async allowed(action, keys, limit) {
      if (keys.length === 0) return true;
      const counts = await redis.mget(keys.map((key) => keyOf(action, key)));
      return counts.every((count) => Number(count ?? 0) < limit.max);
    },
    async hit(action, keys, limit) {
      const multi = redis.multi();
      for (const key of keys) {
        multi.incr(keyOf(action, key));
        // NX: the window starts at the first event and is not pushed back by later ones.
        multi.expire(keyOf(action, key), limit.windowSeconds, 'NX');
      }
      await multi.exec();
    },
  };
}
