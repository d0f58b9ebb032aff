import type { Logger } from 'pino';
import { unavailable } from '../http/errors';
import type { Limit, RateLimiter } from './rate-limit';

/**
 * Rate limits and queues live in Redis. Without it a request that needs them refuses
 * (never skips a limit) and says the service is unavailable rather than 'Internal server error'.
 */
export async function needsRedis<T>(log: Logger, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    log.error({ err: error }, 'Redis did not answer');
    throw unavailable({ cause: error });
  }
}

/**
 * Counts one of a signed-in person's actions against their limit: false when over it. Checkout
 * and its screenshot upload go on while Redis is away (the order is the business; its jobs wait
 * in the outbox), so a limiter that does not answer lets the action through, logged: every order
 * still costs a solved captcha and names the person who placed it.
 */
export async function withinPersonLimit(
  deps: { rateLimiter: RateLimiter; log: Logger },
  action: string,
  userId: string,
  limit: Limit,
): Promise<boolean> {
  try {
    return await deps.rateLimiter.consume(action, [`user:${userId}`], limit);
  } catch (error) {
    deps.log.warn({ err: error, action }, 'rate limit not checked: Redis did not answer');
    return true;
  }
}
