import { requestPasswordReset } from '@campus/api/accounts/request-password-reset';
import { setNewPassword } from '@campus/api/accounts/set-new-password';
import { signIn } from '@campus/api/accounts/sign-in';
import { signOut } from '@campus/api/accounts/sign-out';
import { signUp } from '@campus/api/accounts/sign-up';
import { verifyEmail } from '@campus/api/accounts/verify-email';
import { findUser, userIdByEmail } from '@campus/api/users/find-user';
import {
  AUTH_MESSAGES,
  createSignupSchema,
  type TSignupForm,
  ZLoginForm,
  ZNewPasswordForm,
} from '@campus/shared/domain/auth-forms';
import type { Database } from '@campus/shared/server/db/client';
import { listOutbox } from '@campus/shared/server/mail/eml';
import { openCheckedRedis } from '@campus/shared/server/redis';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../support/app';
import { buildCampusTree } from '../../support/builders';
import { engine, openTestDatabase } from '../../support/database';
import { testLog } from '../../support/logger';
import { testRedisUrl } from '../../support/redis';

// The account use cases, called directly (the routes' tests go through HTTP, captcha and rate
// limits): sign-up, the e-mailed verification, sign-in and sign-out, and a password reset.

type TestApp = ReturnType<typeof createTestApp>;

let database: Database;
let redis: Redis;
let test: TestApp;
let tree: Awaited<ReturnType<typeof buildCampusTree>>;

const accounts = () => ({ ...test.accounts, log: testLog });
const browser = () => new Headers({ 'user-agent': 'vitest', 'x-forwarded-for': '203.0.113.9' });

let counter = 0;
const uniqueEmail = () => `student${Date.now()}${counter++}@uni.edu.pk`;

function signupForm(overrides: Partial<TSignupForm> = {}): TSignupForm {
  const domains = [
    { domain: '@uni.edu.pk', universityId: tree.university.id, campusId: tree.campus.id },
  ];
  return createSignupSchema({ allowedDomains: domains }).parse({
    firstName: 'Ayesha',
    lastName: 'Khan',
    universityId: tree.university.id,
    campusId: tree.campus.id,
    email: uniqueEmail(),
    password: 'secret-1',
    confirmPassword: 'secret-1',
    captcha: 'checked by the route',
    ...overrides,
  });
}

/** The token of the latest e-mailed link to `email` whose address has `path`. */
async function mailedToken(email: string, path: string): Promise<string> {
  const links = (await listOutbox(test.mailer.outboxDir as string))
    .filter((mail) => mail.to.includes(email))
    .flatMap((mail) => mail.links)
    .filter((link) => link.includes(path));
  const token = links[0] && new URL(links[0]).searchParams.get('token');
  if (!token) throw new Error(`no ${path} link to ${email}`);
  return token;
}

/** An attempt as the rate limits count it; `refunds` says how often it was taken back. */
function countedAttempt() {
  const attempt = {
    refunds: 0,
    refund: async () => {
      attempt.refunds += 1;
    },
  };
  return attempt;
}

const login = (email: string, password: string) =>
  ZLoginForm.parse({ email, password, captcha: 'checked by the route' });

/** A verified account made through signUp and verifyEmail; answers its e-mail and password. */
async function verifiedAccount() {
  const form = signupForm();
  await signUp(test.accounts, form, browser());
  await verifyEmail(test.accounts.auth, await mailedToken(form.email, '/verify-email'));
  return { email: form.email, password: form.password };
}

beforeAll(async () => {
  database = await openTestDatabase();
  redis = await openCheckedRedis(testRedisUrl(), 'producer', testLog);
  test = createTestApp({ database, redis });
  tree = await buildCampusTree(database.db);
});

afterAll(async () => {
  await test?.close();
  redis?.disconnect();
  await database?.close();
});

describe(`sign-up on ${engine}`, () => {
  it('creates an unverified student at the campus and e-mails the verification link', async () => {
    const form = signupForm();
    await signUp(test.accounts, form, browser());
    const id = await userIdByEmail(database.db, form.email);
    const profile = id ? await findUser(database.db, id) : null;
    expect(profile).toMatchObject({
      role: 'user',
      campusId: tree.campus.id,
      campusName: tree.campus.name,
      universityName: tree.university.name,
      emailVerified: false,
    });
    expect(
      await verifyEmail(test.accounts.auth, await mailedToken(form.email, '/verify-email')),
    ).toBe(true);
    expect((await findUser(database.db, id as string))?.emailVerified).toBe(true);
    expect(await verifyEmail(test.accounts.auth, 'not-a-token')).toBe(false);
  });

  it('refuses an address already taken and a campus that does not exist', async () => {
    const form = signupForm();
    await signUp(test.accounts, form, browser());
    await expect(signUp(test.accounts, form, browser())).rejects.toMatchObject({
      status: 409,
      code: 'auth/email-already-in-use',
    });
    const nowhere = signupForm({ campusId: 'no-such-campus' });
    await expect(signUp(test.accounts, nowhere, browser())).rejects.toMatchObject({
      status: 400,
      fields: { campusId: AUTH_MESSAGES.selectUniversityAndCampus },
    });
  });
});

describe(`sign-in and sign-out on ${engine}`, () => {
  it('signs a verified person in, takes the attempt back, and signs them out', async () => {
    const { email, password } = await verifiedAccount();
    const attempt = countedAttempt();
    const signedIn = await signIn(accounts(), login(email, password), browser(), attempt);
    expect(signedIn.user).toMatchObject({ email, role: 'user' });
    expect(signedIn.route).toBe('/home');
    expect(attempt.refunds).toBe(1);
    const cookie = signedIn.cookies.map((set) => set.split(';')[0]).join('; ');
    const session = () => test.accounts.auth.api.getSession({ headers: new Headers({ cookie }) });
    expect((await session())?.user.email).toBe(email);
    await signOut(test.accounts.auth, new Headers({ cookie }));
    expect(await session()).toBeNull();
  });

  it('keeps a wrong password counted, and refuses an address not verified yet', async () => {
    const { email } = await verifiedAccount();
    const wrong = countedAttempt();
    await expect(
      signIn(accounts(), login(email, 'not-the-password'), browser(), wrong),
    ).rejects.toMatchObject({ status: 401, code: 'auth/wrong-password' });
    expect(wrong.refunds).toBe(0);
  });

  it('counts sign-ins of an address not verified yet, and mails it a new link at most once in 10 minutes', async () => {
    const unverified = signupForm();
    await signUp(test.accounts, unverified, browser());
    const mailsTo = async () =>
      (await listOutbox(test.mailer.outboxDir as string)).filter((mail) =>
        mail.to.includes(unverified.email),
      ).length;
    expect(await mailsTo()).toBe(1);
    const signInUnverified = async (message: string) => {
      const attempt = countedAttempt();
      await expect(
        signIn(accounts(), login(unverified.email, unverified.password), browser(), attempt),
      ).rejects.toMatchObject({ status: 403, userMessage: message });
      expect(attempt.refunds).toBe(0);
    };
    await signInUnverified(AUTH_MESSAGES.emailNotVerified(unverified.email));
    expect(await mailsTo()).toBe(2);
    for (let i = 0; i < 3; i++) {
      await signInUnverified(AUTH_MESSAGES.emailNotVerifiedLinkRecent(unverified.email));
    }
    expect(await mailsTo()).toBe(2);
    // Ten minutes on, the window has ended: a new link goes.
    await redis.del(`${test.prefix}:ratelimit:verificationMail:email:${unverified.email}`);
    await signInUnverified(AUTH_MESSAGES.emailNotVerified(unverified.email));
    expect(await mailsTo()).toBe(3);
  });
});

describe(`password reset on ${engine}`, () => {
  it('e-mails a reset link whose token sets a new password, once', async () => {
    const { email } = await verifiedAccount();
    await requestPasswordReset(test.accounts, email);
    const token = await mailedToken(email, '/reset-password');
    const values = ZNewPasswordForm.parse({
      token,
      password: 'new-secret-2',
      confirmPassword: 'new-secret-2',
    });
    await setNewPassword(test.accounts.auth, values);
    const signedIn = await signIn(
      accounts(),
      login(email, 'new-secret-2'),
      browser(),
      countedAttempt(),
    );
    expect(signedIn.user.email).toBe(email);
    await expect(setNewPassword(test.accounts.auth, values)).rejects.toMatchObject({
      status: 400,
      fields: { token: AUTH_MESSAGES.resetLinkInvalid },
    });
  });

  it('knows no account of an address nobody signed up with', async () => {
    await expect(requestPasswordReset(test.accounts, uniqueEmail())).rejects.toMatchObject({
      status: 404,
      code: 'auth/user-not-found',
    });
  });
});
