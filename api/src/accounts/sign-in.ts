import { AUTH_MESSAGES, type TLoginForm } from '@campus/shared/domain/auth-forms';
import type { TUserProfile } from '@campus/shared/domain/entities';
import { signInOutcome } from '@campus/shared/domain/roles';
import type { Db } from '@campus/shared/server/db/client';
import { accounts } from '@campus/shared/server/db/schema';
import type { Logger } from 'pino';
import { type Attempt, countVerificationMail } from '../auth/attempt-limits';
import { type Auth, toProfile } from '../auth/auth';
import { credentialAccount, isCredentialOf } from '../auth/credential-account';
import { isFirebasePasswordHash } from '../auth/firebase-password';
import { hashPassword } from '../auth/password';
import type { RateLimiter } from '../auth/rate-limit';
import { authRefusal, emailNotVerified, forbidden, passwordNotSet } from '../http/errors';
import { userIdByEmail } from '../users/find-user';

/** The cookies a response sets, as a Cookie header. */
function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/**
 * Signs a person in (docs/product.md §5): a new session at every sign-in (the one of `headers`
 * ends), and only for a verified address and a role the app knows. The attempt was counted against
 * the limits; one whose credentials are right is taken back, so only failures and sign-ins of an
 * address not verified yet add up. Such a sign-in mails a new verification link, at most once per
 * 10 minutes an address. Answers the profile, where the person lands and the Set-Cookie headers
 * of the new session.
 *
 * A person brought over from Firebase without a password gets a reset link instead (their
 * attempt stays counted, which bounds the mails); one whose Firebase hash came along signs in
 * with their old password, after which a hash of ours replaces it.
 */
export async function signIn(
  deps: { db: Db; auth: Auth; rateLimiter: RateLimiter; log: Logger },
  values: TLoginForm,
  headers: Headers,
  attempt: Attempt,
): Promise<{ user: TUserProfile; route: string; cookies: string[] }> {
  const { auth, db } = deps;
  const userId = await userIdByEmail(db, values.email);
  if (!userId) throw authRefusal('auth/user-not-found', 401);
  const stored = (await credentialAccount(db, userId))?.password ?? null;
  if (stored === null) {
    await auth.api.requestPasswordReset({ body: { email: values.email } });
    throw passwordNotSet(AUTH_MESSAGES.passwordNotSet(values.email));
  }
  if (headers.has('cookie')) {
    await auth.api.signOut({ headers }).catch((error: unknown) => {
      deps.log.warn({ err: error }, 'could not end the previous session at sign-in');
    });
  }
  const response = await auth.api.signInEmail({
    headers,
    body: { email: values.email, password: values.password, rememberMe: false },
    asResponse: true,
  });
  if (response.status === 401) throw authRefusal('auth/wrong-password', 401);
  if (isFirebasePasswordHash(stored)) {
    const ours = await hashPassword(values.password);
    await db.update(accounts).set({ password: ours }).where(isCredentialOf(userId));
  }
  if (response.status === 403) throw await notVerified(deps, values.email);
  if (!response.ok) throw new Error(`sign-in answered ${response.status}`);
  await attempt.refund();
  const { user } = (await response.json()) as { user: Parameters<typeof toProfile>[0] };
  const profile = toProfile(user);
  const outcome = signInOutcome(profile);
  if (!outcome.ok) {
    await auth.api.signOut({ headers: new Headers({ cookie: cookiesOf(response) }) });
    throw forbidden(outcome.message);
  }
  return { user: profile, route: outcome.route, cookies: response.headers.getSetCookie() };
}

/**
 * The refusal of a sign-in whose address is not verified: with a new link, unless one is recent.
 */
async function notVerified(
  deps: { auth: Auth; rateLimiter: RateLimiter; log: Logger },
  email: string,
) {
  if (!(await countVerificationMail(deps, email))) {
    return emailNotVerified(AUTH_MESSAGES.emailNotVerifiedLinkRecent(email));
  }
  await deps.auth.api.sendVerificationEmail({ body: { email } });
  return emailNotVerified(AUTH_MESSAGES.emailNotVerified(email));
}
