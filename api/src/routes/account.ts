import { AppError } from '@campus/shared/domain/app-error';
import {
  AUTH_MESSAGES,
  createSignupSchema,
  ZLoginForm,
  ZNewPasswordForm,
  ZPasswordResetForm,
} from '@campus/shared/domain/auth-forms';
import { CODE_MESSAGES } from '@campus/shared/domain/error-catalogue';
import { signInOutcome } from '@campus/shared/domain/roles';
import { isIdText } from '@campus/shared/domain/text';
import { campuses, universities, users } from '@campus/shared/server/db/schema';
import { APIError } from 'better-auth/api';
import { and, eq, sql } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { campusAllowedDomains } from '../auth/allowed-domains';
import { toProfile } from '../auth/auth';
import { currentUser } from '../auth/guards';
import type { Limit } from '../auth/rate-limit';
import { idQuery, invalidField, jsonBody, parseWith } from '../http/body';
import { clientIp } from '../http/client-ip';
import { needsRedis } from '../http/needs-redis';
import { requireCaptcha } from '../http/require-captcha';

// Per e-mail tight (one person's account), per IP loose (a campus shares few public addresses).
const LIMITS = {
  signInFailures: {
    email: { max: 5, windowSeconds: 15 * 60 },
    ip: { max: 100, windowSeconds: 15 * 60 },
  },
  signUp: { email: { max: 5, windowSeconds: 60 * 60 }, ip: { max: 50, windowSeconds: 60 * 60 } },
  passwordReset: {
    email: { max: 3, windowSeconds: 60 * 60 },
    ip: { max: 30, windowSeconds: 60 * 60 },
  },
  captcha: { ip: { max: 600, windowSeconds: 10 * 60 } },
  newPassword: { ip: { max: 30, windowSeconds: 60 * 60 } },
} satisfies Record<string, { email?: Limit; ip: Limit }>;
type LimitName = keyof typeof LIMITS;

const authError = (code: keyof typeof CODE_MESSAGES, status: number) =>
  new AppError({ code, status, userMessage: CODE_MESSAGES[code] });

/**
 * Counts one attempt against the per-IP and per-e-mail limits, refusing with the spec's 429 once
 * either is over. Returns how to take the attempt back (a sign-in that succeeded).
 */
async function consumeAttempt(c: Context<AppEnv>, name: LimitName, email = '') {
  const { rateLimiter, trustProxy } = c.get('accounts');
  const limits: { email?: Limit; ip: Limit } = LIMITS[name];
  const ipKeys = [`ip:${clientIp(c, trustProxy)}`];
  const emailKeys = email && limits.email ? [`email:${email}`] : [];
  const [underIp, underEmail] = await needsRedis(c, () =>
    Promise.all([
      rateLimiter.consume(name, ipKeys, limits.ip),
      limits.email ? rateLimiter.consume(name, emailKeys, limits.email) : true,
    ]),
  );
  if (!underIp || !underEmail) throw authError('auth/too-many-requests', 429);
  return () => rateLimiter.refund(name, [...ipKeys, ...emailKeys]);
}

/** better-auth's refusals in the spec's words; anything else stays a server error. */
function fromAuthError(error: unknown): unknown {
  if (!(error instanceof APIError)) return error;
  switch (error.body?.code) {
    case 'INVALID_EMAIL':
      return invalidField('email', AUTH_MESSAGES.emailInvalid);
    case 'PASSWORD_TOO_SHORT':
      return invalidField('password', AUTH_MESSAGES.passwordTooShort);
    case 'PASSWORD_TOO_LONG':
      return invalidField('password', AUTH_MESSAGES.passwordTooLong);
    case 'USER_ALREADY_EXISTS':
    case 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL':
      return authError('auth/email-already-in-use', 409);
    default:
      return error;
  }
}

async function userIdByEmail(c: Context<AppEnv>, email: string): Promise<string | null> {
  const [row] = await c
    .get('accounts')
    .db.select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1);
  return row?.id ?? null;
}

/** The headers better-auth sees: the cookie, the browser and the address we trust. */
function authHeaders(c: Context<AppEnv>): Headers {
  const headers = new Headers();
  const cookie = c.req.header('cookie');
  if (cookie) headers.set('cookie', cookie);
  headers.set('user-agent', c.req.header('user-agent') ?? '');
  headers.set('x-forwarded-for', clientIp(c, c.get('accounts').trustProxy));
  return headers;
}

function copyCookies(c: Context, from: Response) {
  for (const cookie of from.headers.getSetCookie())
    c.header('Set-Cookie', cookie, { append: true });
}

/** Sign-up, sign-in, sign-out, password reset and e-mail verification (SPEC §2, §4, §5). */
export function accountRoutes() {
  return new Hono<AppEnv>()
    .use(async (c, next) => {
      await next();
      c.header('Cache-Control', 'no-store');
    })
    .get('/session', async (c) => c.json({ ok: true, user: await currentUser(c) }))
    .get('/captcha', async (c) => {
      // Each challenge costs a key derivation: a loose per-address limit keeps that cheap. While
      // Redis is away it is skipped (logged), since checkout goes on without Redis.
      await consumeAttempt(c, 'captcha').catch((error: unknown) => {
        if (!(error instanceof AppError && error.code === 'unavailable')) throw error;
      });
      return c.json(await c.get('accounts').captcha.challenge());
    })
    .get('/allowed-domains', async (c) => {
      const rows = await campusAllowedDomains(c.get('accounts').db, idQuery(c, 'campusId'));
      return c.json({ ok: true, domains: rows.map((row) => row.domain) });
    })
    .post('/sign-up', async (c) => {
      const { db, auth } = c.get('accounts');
      const body = await jsonBody(c);
      const campusId = String((body as { campusId?: unknown } | null)?.campusId ?? '');
      // A campus id of no valid form has no domains; the form's rule then refuses it.
      const domains = isIdText(campusId)
        ? await campusAllowedDomains(c.get('accounts').db, campusId)
        : [];
      const values = parseWith(createSignupSchema({ allowedDomains: domains }), body);
      await requireCaptcha(c, values.captcha, AUTH_MESSAGES.captchaRequired);
      await consumeAttempt(c, 'signUp', values.email);
      const [campus] = await db
        .select({ campusName: campuses.name, universityName: universities.name })
        .from(campuses)
        .innerJoin(universities, eq(universities.id, campuses.universityId))
        .where(
          and(eq(campuses.id, values.campusId), eq(campuses.universityId, values.universityId)),
        );
      if (!campus) throw invalidField('campusId', AUTH_MESSAGES.selectUniversityAndCampus);
      if (await userIdByEmail(c, values.email)) throw authError('auth/email-already-in-use', 409);
      try {
        await auth.api.signUpEmail({
          headers: authHeaders(c),
          body: {
            name: `${values.firstName} ${values.lastName}`,
            email: values.email,
            password: values.password,
            firstName: values.firstName,
            lastName: values.lastName,
            universityId: values.universityId,
            campusId: values.campusId,
            universityName: campus.universityName,
            campusName: campus.campusName,
          },
        });
      } catch (error) {
        // Two sign-ups for one address at once: the database's unique index decides.
        if (await userIdByEmail(c, values.email)) throw authError('auth/email-already-in-use', 409);
        throw fromAuthError(error);
      }
      return c.json({ ok: true, message: AUTH_MESSAGES.signupSuccess }, 201);
    })
    .post('/sign-in', async (c) => {
      const { auth } = c.get('accounts');
      const body = await jsonBody(c);
      const values = parseWith(ZLoginForm, body);
      await requireCaptcha(c, values.captcha, AUTH_MESSAGES.captchaRequired);
      // Every attempt counts until it succeeds, so only failures add up.
      const refund = await consumeAttempt(c, 'signInFailures', values.email);
      if (!(await userIdByEmail(c, values.email))) throw authError('auth/user-not-found', 401);
      // A new session at every sign-in; the one this browser had before ends here.
      if (c.req.header('cookie')) {
        await auth.api.signOut({ headers: authHeaders(c) }).catch((error: unknown) => {
          c.get('log').warn({ err: error }, 'could not end the previous session at sign-in');
        });
      }
      const response = await auth.api.signInEmail({
        headers: authHeaders(c),
        body: { email: values.email, password: values.password, rememberMe: false },
        asResponse: true,
      });
      if (response.status === 401) throw authError('auth/wrong-password', 401);
      await refund();
      if (response.status === 403) {
        // better-auth has just e-mailed a new verification link (sendOnSignIn).
        const message = AUTH_MESSAGES.emailNotVerified(values.email);
        throw new AppError({ code: 'auth/email-not-verified', status: 403, userMessage: message });
      }
      if (!response.ok) throw new Error(`sign-in answered ${response.status}`);
      const { user } = (await response.json()) as { user: Parameters<typeof toProfile>[0] };
      const profile = toProfile(user);
      const outcome = signInOutcome(profile);
      if (!outcome.ok) {
        await auth.api.signOut({ headers: new Headers({ cookie: cookiesOf(response) }) });
        throw new AppError({
          code: 'permission-denied',
          status: 403,
          userMessage: outcome.message,
        });
      }
      copyCookies(c, response);
      return c.json({ ok: true, user: profile, route: outcome.route });
    })
    .post('/sign-out', async (c) => {
      const response = await c
        .get('accounts')
        .auth.api.signOut({ headers: authHeaders(c), asResponse: true });
      copyCookies(c, response);
      return c.json({ ok: true });
    })
    .post('/password-reset', async (c) => {
      const body = await jsonBody(c);
      const values = parseWith(ZPasswordResetForm, body);
      await requireCaptcha(c, values.captcha, AUTH_MESSAGES.captchaRequired);
      await consumeAttempt(c, 'passwordReset', values.email);
      if (!(await userIdByEmail(c, values.email))) throw authError('auth/user-not-found', 404);
      await c.get('accounts').auth.api.requestPasswordReset({ body: { email: values.email } });
      return c.json({ ok: true, message: AUTH_MESSAGES.resetEmailSent });
    })
    .post('/new-password', async (c) => {
      const body = await jsonBody(c);
      await consumeAttempt(c, 'newPassword');
      const values = parseWith(ZNewPasswordForm, body);
      try {
        await c.get('accounts').auth.api.resetPassword({
          body: { token: values.token, newPassword: values.password },
        });
      } catch (error) {
        if (error instanceof APIError && error.body?.code === 'INVALID_TOKEN') {
          throw invalidField('token', AUTH_MESSAGES.resetLinkInvalid);
        }
        throw fromAuthError(error);
      }
      return c.json({ ok: true, message: AUTH_MESSAGES.passwordChanged });
    })
    .get('/verify-email', async (c) => {
      try {
        await c
          .get('accounts')
          .auth.api.verifyEmail({ query: { token: c.req.query('token') ?? '' } });
        return c.redirect('/login?verified=1', 302);
      } catch {
        return c.redirect('/login?verified=0', 302);
      }
    });
}

/** The cookies a response sets, as a Cookie header. */
function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}
