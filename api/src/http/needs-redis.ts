import { AppError } from '@campus/shared/domain/app-error';
import { CODE_MESSAGES } from '@campus/shared/domain/error-catalogue';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import type { Limit } from '../auth/rate-limit';

/**
 * Rate limits and queues live in Redis. Without it a request that needs them refuses
 * (never skips a limit) and says the service is unavailable rather than 'Internal server error'.
 */
export async function needsRedis<T>(c: Context<AppEnv>, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    c.get('log').error({ err: error }, 'Redis did not answer');
    throw new AppError({
      code: 'unavailable',
      status: 503,
      userMessage: CODE_MESSAGES.unavailable,
    });
  }
}

/**
 * Counts one of a signed-in person's actions against their limit: false when over it. Checkout
 * and its screenshot upload go on while Redis is away (the order is the business; its jobs wait
 * in the outbox), so a limiter that does not answer lets the action through, logged: every order
 * still costs a solved captcha and names the person who placed it.
 */
export async function withinPersonLimit(
  c: Context<AppEnv>,
  action: string,
  userId: string,
  limit: Limit,
): Promise<boolean> {
  try {
    return await c.get('accounts').rateLimiter.consume(action, [`user:${userId}`], limit);
  } catch (error) {
    c.get('log').warn({ err: error, action }, 'rate limit not checked: Redis did not answer');
    return true;
  }
}
