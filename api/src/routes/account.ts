import type {
  TAllowedDomainsResponse,
  TMessageResponse,
  TSessionResponse,
  TSignInResponse,
  TSignOutResponse,
} from '@campus/shared/domain/account-api';
import { AppError } from '@campus/shared/domain/app-error';
import {
  AUTH_MESSAGES,
  createSignupSchema,
  ZLoginForm,
  ZNewPasswordForm,
  ZPasswordResetForm,
} from '@campus/shared/domain/auth-forms';
import { isIdText } from '@campus/shared/domain/text';
import { type Context, Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { requestPasswordReset } from '../accounts/request-password-reset';
import { setNewPassword } from '../accounts/set-new-password';
import { signIn } from '../accounts/sign-in';
import { signOut } from '../accounts/sign-out';
import { signUp } from '../accounts/sign-up';
import { verifyEmail } from '../accounts/verify-email';
import type { AppEnv } from '../app-env';
import { campusAllowedDomains, campusDomainNames } from '../auth/allowed-domains';
import {
  type AttemptName,
  consumeAttempt,
  consumeSignInAttempt,
  countVerificationMail,
} from '../auth/attempt-limits';
import type { Guards } from '../auth/guards';
import { KNOWN_DEVICE_COOKIE, KNOWN_DEVICE_DAYS } from '../auth/known-devices';
import { requireCaptcha } from '../auth/require-captcha';
import type { AccountServices } from '../auth/services';
import type { StreamRevoker } from '../events/live-events';
import { idQuery, jsonBody, parseWith } from '../http/body';
import { clientIp } from '../http/client-ip';

/** Passes better-auth's Set-Cookie headers on to the browser. */
function sendCookies(c: Context, cookies: readonly string[]) {
  for (const cookie of cookies) c.header('Set-Cookie', cookie, { append: true });
}

/**
 * Sign-up, sign-in, sign-out, password reset and e-mail verification (docs/product.md §2, §4, §5).
 */
export function accountRoutes(accounts: AccountServices, guards: Guards, streams: StreamRevoker) {
  const { db, auth, captcha } = accounts;

  /** Counts an attempt of this client (and e-mail) against its limits: see attempt-limits.ts. */
  const attempt = (c: Context<AppEnv>, name: AttemptName, email?: string) =>
    consumeAttempt({ ...accounts, log: c.get('log') }, name, {
      ip: clientIp(c, accounts.trustProxy),
      email,
    });

  /** The headers better-auth sees: the cookie, the browser and the address we trust. */
  const authHeaders = (c: Context<AppEnv>) => {
    const headers = new Headers();
    const cookie = c.req.header('cookie');
    if (cookie) headers.set('cookie', cookie);
    headers.set('user-agent', c.req.header('user-agent') ?? '');
    headers.set('x-forwarded-for', clientIp(c, accounts.trustProxy));
    return headers;
  };

  return new Hono<AppEnv>()
    .use(async (c, next) => {
      await next();
      c.header('Cache-Control', 'no-store');
    })
    .get('/session', async (c) => {
      const body: TSessionResponse = { ok: true, user: await guards.currentUser(c) };
      return c.json(body);
    })
    .get('/captcha', async (c) => {
      // Each challenge costs a key derivation: a loose per-address limit keeps that cheap. While
      // Redis is away it is skipped (logged), since checkout goes on without Redis.
      await attempt(c, 'captcha').catch((error: unknown) => {
        if (!(error instanceof AppError && error.code === 'unavailable')) throw error;
      });
      return c.json(await captcha.challenge());
    })
    .get('/allowed-domains', async (c) => {
      const domains = await campusDomainNames(db, idQuery(c, 'campusId'));
      const body: TAllowedDomainsResponse = { ok: true, domains };
      return c.json(body);
    })
    .post('/sign-up', async (c) => {
      const body = await jsonBody(c);
      const campusId = String((body as { campusId?: unknown } | null)?.campusId ?? '');
      // A campus id of no valid form has no domains; the form's rule then refuses it.
      const domains = isIdText(campusId) ? await campusAllowedDomains(db, campusId) : [];
      const values = parseWith(createSignupSchema({ allowedDomains: domains }), body);
      await requireCaptcha(captcha, values.captcha, AUTH_MESSAGES.captchaRequired);
      await attempt(c, 'signUp', values.email);
      await signUp(accounts, values, authHeaders(c));
      // Its verification mail went: a sign-in in the next 10 minutes sends no other.
      await countVerificationMail({ ...accounts, log: c.get('log') }, values.email);
      const answer: TMessageResponse = { ok: true, message: AUTH_MESSAGES.signupSuccess };
      return c.json(answer, 201);
    })
    .post('/sign-in', async (c) => {
      const values = parseWith(ZLoginForm, await jsonBody(c));
      await requireCaptcha(captcha, values.captcha, AUTH_MESSAGES.captchaRequired);
      const deps = { ...accounts, log: c.get('log') };
      const { knownDevices } = accounts;
      const counted = await consumeSignInAttempt(deps, {
        ip: clientIp(c, accounts.trustProxy),
        email: values.email,
        knownDevice: knownDevices.deviceOf(getCookie(c, KNOWN_DEVICE_COOKIE), values.email),
      });
      const { cookies, ...signedIn } = await signIn(deps, values, authHeaders(c), counted);
      sendCookies(c, cookies);
      setCookie(c, KNOWN_DEVICE_COOKIE, knownDevices.issue(values.email), {
        path: '/api/account',
        httpOnly: true,
        sameSite: 'Lax',
        secure: accounts.secureCookies,
        maxAge: KNOWN_DEVICE_DAYS * 24 * 60 * 60,
      });
      const body: TSignInResponse = { ok: true, ...signedIn };
      return c.json(body);
    })
    .post('/sign-out', async (c) => {
      const user = await guards.currentUser(c);
      sendCookies(c, await signOut(auth, authHeaders(c)));
      if (user) await streams.revokePerson(user.uid);
      const body: TSignOutResponse = { ok: true };
      return c.json(body);
    })
    .post('/password-reset', async (c) => {
      const values = parseWith(ZPasswordResetForm, await jsonBody(c));
      await requireCaptcha(captcha, values.captcha, AUTH_MESSAGES.captchaRequired);
      await attempt(c, 'passwordReset', values.email);
      await requestPasswordReset(accounts, values.email);
      const body: TMessageResponse = { ok: true, message: AUTH_MESSAGES.resetEmailSent };
      return c.json(body);
    })
    .post('/new-password', async (c) => {
      const body = await jsonBody(c);
      await attempt(c, 'newPassword');
      await setNewPassword(auth, parseWith(ZNewPasswordForm, body));
      const answer: TMessageResponse = { ok: true, message: AUTH_MESSAGES.passwordChanged };
      return c.json(answer);
    })
    .get('/verify-email', async (c) => {
      const verified = await verifyEmail(auth, c.req.query('token') ?? '');
      return c.redirect(`/login?verified=${verified ? 1 : 0}`, 302);
    });
}
