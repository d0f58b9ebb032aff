import type { Logger } from 'pino';
import { tooManyAttempts } from '../http/errors';
import { needsRedis } from './needs-redis';
import type { Limit, RateLimiter } from './rate-limit';

// Per e-mail tight (one person's account), per IP loose (a campus shares few public addresses).
const LIMITS = {
  signUp: { email: { max: 5, windowSeconds: 60 * 60 }, ip: { max: 50, windowSeconds: 60 * 60 } },
  passwordReset: {
    email: { max: 3, windowSeconds: 60 * 60 },
    ip: { max: 30, windowSeconds: 60 * 60 },
  },
  captcha: { ip: { max: 600, windowSeconds: 10 * 60 } },
  newPassword: { ip: { max: 30, windowSeconds: 60 * 60 } },
} satisfies Record<string, { email?: Limit; ip: Limit }>;

/** The account actions whose attempts are counted. */
export type AttemptName = keyof typeof LIMITS;

/** An attempt counted against the limits, and how to take it back (a sign-in that succeeded). */
export type Attempt = { refund(): Promise<void> };

const FIFTEEN_MINUTES = 15 * 60;
// Failed sign-ins: tight per (e-mail, address), so that one client cannot guess and others cannot
// lock a person out with five wrong passwords; looser per e-mail (guessing from many addresses),
// loose per address (a campus NAT). A browser where the person signed in recently counts against
// its own tight limit instead, and is kept out by none of the others (README, Security).
const SIGN_IN_FAILURES = {
  emailAndIp: { max: 5, windowSeconds: FIFTEEN_MINUTES },
  email: { max: 20, windowSeconds: FIFTEEN_MINUTES },
  ip: { max: 100, windowSeconds: FIFTEEN_MINUTES },
  knownDevice: { max: 5, windowSeconds: FIFTEEN_MINUTES },
} satisfies Record<string, Limit>;

/**
 * Counts a sign-in against its limits (SIGN_IN_FAILURES), refusing with the spec's 429 once one is
 * over; `knownDevice` is the id of the browser's known-device cookie for this e-mail, if any.
 */
export function consumeSignInAttempt(
  deps: { rateLimiter: RateLimiter; log: Logger },
  who: { ip: string; email: string; knownDevice: string | null },
): Promise<Attempt> {
  const counted: Array<[string, Limit]> = who.knownDevice
    ? [[`device:${who.knownDevice}`, SIGN_IN_FAILURES.knownDevice]]
    : [
        [`email-ip:${who.email}:${who.ip}`, SIGN_IN_FAILURES.emailAndIp],
        [`email:${who.email}`, SIGN_IN_FAILURES.email],
        [`ip:${who.ip}`, SIGN_IN_FAILURES.ip],
      ];
  return countAttempt(deps, 'signInFailures', counted);
}

/**
 * Counts one attempt against the per-IP and per-e-mail limits, refusing with the spec's 429 once
 * either is over, and with a 503 while Redis is away (a limit is never skipped).
 */
export function consumeAttempt(
  deps: { rateLimiter: RateLimiter; log: Logger },
  name: AttemptName,
  who: { ip: string; email?: string },
): Promise<Attempt> {
  const limits: { email?: Limit; ip: Limit } = LIMITS[name];
  const counted: Array<[string, Limit]> = [[`ip:${who.ip}`, limits.ip]];
  if (who.email && limits.email) counted.push([`email:${who.email}`, limits.email]);
  return countAttempt(deps, name, counted);
}

/** Counts one attempt of `action` under each key against its limit; any over it is a 429. */
async function countAttempt(
  deps: { rateLimiter: RateLimiter; log: Logger },
  action: string,
  counted: Array<[key: string, limit: Limit]>,
): Promise<Attempt> {
  const { rateLimiter } = deps;
  const under = await needsRedis(deps.log, () =>
    Promise.all(counted.map(([key, limit]) => rateLimiter.consume(action, [key], limit))),
  );
  if (!under.every(Boolean)) throw tooManyAttempts();
  const keys = counted.map(([key]) => key);
  return { refund: () => rateLimiter.refund(action, keys) };
}

// A verification link goes to one address at most once per 10 minutes, sign-up's included.
const VERIFICATION_MAIL: Limit = { max: 1, windowSeconds: 10 * 60 };

/**
 * Counts a verification mail to `email`: false when one went there in the last 10 minutes, and
 * this one must then not go. A 503 while Redis is away, as for the attempts.
 */
export function countVerificationMail(
  deps: { rateLimiter: RateLimiter; log: Logger },
  email: string,
): Promise<boolean> {
  return needsRedis(deps.log, () =>
    deps.rateLimiter.consume('verificationMail', [`email:${email}`], VERIFICATION_MAIL),
  );
}
