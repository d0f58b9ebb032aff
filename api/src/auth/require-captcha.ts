import { invalidField } from '../http/errors';
import type { Captcha } from './captcha';

/** Refuses with `message` on the captcha field unless the payload is a fresh, solved challenge. */
export async function requireCaptcha(
  captcha: Captcha,
  payload: string,
  message: string,
): Promise<void> {
  if (!(await captcha.verify(payload))) throw invalidField('captcha', message);
}
