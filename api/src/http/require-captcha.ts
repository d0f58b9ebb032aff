import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { invalidField } from './body';

/** Refuses with `message` on the captcha field unless the payload is a fresh, solved challenge. */
export async function requireCaptcha(
  c: Context<AppEnv>,
  payload: string,
  message: string,
): Promise<void> {
  if (!(await c.get('accounts').captcha.verify(payload))) throw invalidField('captcha', message);
}
