import { AppError } from '@campus/shared/domain/app-error';
import { CODE_MESSAGES } from '@campus/shared/domain/error-catalogue';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';

/**
 * Limits, used captchas and queues live in Redis. Without it a request that needs them refuses
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

/** Refuses with `message` on the captcha field unless the payload is a fresh, solved challenge. */
export async function requireCaptcha(
  c: Context<AppEnv>,
  payload: string,
  message: string,
): Promise<void> {
  const { captcha } = c.get('accounts');
  if (!(await needsRedis(c, () => captcha.verify(payload)))) {
    throw new AppError({
      code: 'invalid-argument',
      status: 400,
      userMessage: message,
      fields: { captcha: message },
    });
  }
}
