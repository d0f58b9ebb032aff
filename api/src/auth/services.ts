import type { Db } from '@campus/shared/server/db/client';
import type { Mailer } from '@campus/shared/server/mail/mailer';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { type Auth, createAuth } from './auth';
import { type Captcha, createCaptcha } from './captcha';
import { createKnownDevices, type KnownDevices } from './known-devices';
import { createRateLimiter, type RateLimiter } from './rate-limit';

/** Everything the account routes and the guards use, built once per process. */
export interface AccountServices {
  db: Db;
  auth: Auth;
  captcha: Captcha;
  rateLimiter: RateLimiter;
  mailer: Mailer;
  knownDevices: KnownDevices;
  /** Whether cookies the app sets itself are Secure (PUBLIC_URL is https). */
  secureCookies: boolean;
  /** Take the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy: boolean;
}

export function createAccountServices(options: {
  db: Db;
  redis: Redis;
  keyPrefix: string;
  mailer: Mailer;
  secret: string;
  publicUrl: string;
  trustProxy: boolean;
  log: Logger;
  /** CAPTCHA_COUNTER_MAX; the captcha's default when not given. */
  captchaCounterMax?: number;
}): AccountServices {
  return {
    db: options.db,
    auth: createAuth(options),
    captcha: createCaptcha({
      secret: options.secret,
      db: options.db,
      counterMax: options.captchaCounterMax,
    }),
    rateLimiter: createRateLimiter(options.redis, options.keyPrefix),
    mailer: options.mailer,
    knownDevices: createKnownDevices(options.secret),
    secureCookies: options.publicUrl.startsWith('https:'),
    trustProxy: options.trustProxy,
  };
}
