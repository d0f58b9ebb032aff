import type { TUserProfile } from '@campus/shared/domain/entities';
import { MIN_PASSWORD_LENGTH } from '@campus/shared/domain/limits';
import type { TRole } from '@campus/shared/domain/roles';
import type { Db } from '@campus/shared/server/db/client';
import { newId } from '@campus/shared/server/db/ids';
import { accounts, sessions, users, verifications } from '@campus/shared/server/db/schema';
import type { Mailer } from '@campus/shared/server/mail/mailer';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { passwordResetMail, verificationMail } from './mails';
import { hashPassword, verifyPassword } from './password';

const TOKEN_LIFETIME_SECONDS = 60 * 60;

export interface AuthOptions {
  db: Db;
  mailer: Mailer;
  secret: string;
  publicUrl: string;
  log: Logger;
}

/**
 * better-auth on our database, called only from our own routes (api/src/routes/account.ts): none
 * of its HTTP endpoints is exposed, so captcha, rate limits and the spec's rules always run first,
 * and nothing lets a person set their own role, university or campus.
 */
export function createAuth(options: AuthOptions) {
  const { publicUrl, mailer, log } = options;
  const profileField = (defaultValue?: string) =>
    ({ type: 'string', required: false, input: true, defaultValue }) as const;
  return betterAuth({
    appName: 'CampusBucket',
    baseURL: publicUrl,
    basePath: '/api/auth',
    secret: options.secret,
    telemetry: { enabled: false },
    logger: {
      log: (level, message, ...args) => log[level]({ args }, `better-auth: ${message}`),
    },
    database: drizzleAdapter(options.db, {
      provider: 'pg',
      schema: { users, sessions, accounts, verifications },
    }),
    user: {
      modelName: 'users',
      additionalFields: {
        firstName: profileField(),
        lastName: profileField(),
        universityId: profileField(),
        campusId: profileField(),
        universityName: profileField(''),
        campusName: profileField(''),
        // Never from a request: self-signup is always a user (docs/product.md §6).
        role: { type: 'string', required: false, input: false, defaultValue: 'user' },
      },
    },
    // Sign-in never remembers (rememberMe false): the cookie has no Max-Age, so it ends with the
    // browser session, and better-auth ends the server side after 24 hours whatever the browser
    // does.
    session: { modelName: 'sessions' },
    account: { modelName: 'accounts' },
    verification: { modelName: 'verifications' },
    advanced: {
      database: { generateId: () => newId() },
      cookiePrefix: 'campusbucket',
      useSecureCookies: publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
    },
    rateLimit: { enabled: false }, // our own limits, shared by replicas through Redis
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      password: { hash: hashPassword, verify: verifyPassword },
      requireEmailVerification: true,
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      // The link went to the address, so following it proves the address: people brought over
      // from Firebase without a password (decision 016) verify it this way.
      onPasswordReset: async ({ user }) => {
        if (user.emailVerified) return;
        await options.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
      },
      resetPasswordTokenExpiresIn: TOKEN_LIFETIME_SECONDS,
      sendResetPassword: async ({ user, token }) => {
        await mailer.send(
          passwordResetMail(
            user.email,
            `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`,
          ),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // Sign-in sends a new link itself, at most once per 10 minutes (accounts/sign-in.ts).
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: 24 * TOKEN_LIFETIME_SECONDS,
      sendVerificationEmail: async ({ user, token }) => {
        await mailer.send(
          verificationMail(
            user.email,
            `${publicUrl}/api/account/verify-email?token=${encodeURIComponent(token)}`,
          ),
        );
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

type AuthUser = {
  id: string;
  email: string;
  emailVerified: boolean;
  createdAt: Date;
  firstName?: string | null;
  lastName?: string | null;
  universityId?: string | null;
  campusId?: string | null;
  universityName?: string | null;
  campusName?: string | null;
  role?: string | null;
};

/** The spec's user profile (docs/product.md §3) of better-auth's user record. */
export function toProfile(user: AuthUser): TUserProfile {
  return {
    uid: user.id,
    email: user.email,
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    universityId: user.universityId ?? null,
    campusId: user.campusId ?? null,
    universityName: user.universityName ?? null,
    campusName: user.campusName ?? null,
    role: (user.role ?? 'user') as TRole,
    createdAt: new Date(user.createdAt).toISOString(),
    emailVerified: user.emailVerified,
  };
}
