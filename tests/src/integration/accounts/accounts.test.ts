import type { AppEnv } from '@campus/api/app-env';
import { createGuards } from '@campus/api/auth/guards';
import { freePort } from '@campus/shared/dev/free-port';
import type { TMailOutboxResponse } from '@campus/shared/domain/account-api';
import { toApiErrorResponse } from '@campus/shared/domain/error-catalogue';
import type { Database } from '@campus/shared/server/db/client';
import { sessions, users } from '@campus/shared/server/db/schema';
import { listOutbox, readMail } from '@campus/shared/server/mail/eml';
import { createMailer } from '@campus/shared/server/mail/mailer';
import { connectRedis, openCheckedRedis } from '@campus/shared/server/redis';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Redis } from 'ioredis';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, TEST_PUBLIC_URL } from '../../support/app';
import { buildCampusTree } from '../../support/builders';
import { solvedCaptcha } from '../../support/captcha';
import { engine, openTestDatabase } from '../../support/database';
import { testLog } from '../../support/logger';
import { createPerson } from '../../support/people';
import { testRedisUrl } from '../../support/redis';
import { cookieOf } from '../../support/session';

let database: Database;
let redis: Redis;
let tree: Awaited<ReturnType<typeof buildCampusTree>>;

beforeAll(async () => {
  database = await openTestDatabase();
  redis = await openCheckedRedis(testRedisUrl(), 'producer', testLog);
  tree = await buildCampusTree(database.db);
});
afterAll(async () => {
  redis.disconnect();
  await database.close();
});

type TestApp = ReturnType<typeof createTestApp>;
let counter = 0;
const uniqueEmail = (domain = '@uni.edu.pk') => `student${Date.now()}${counter++}${domain}`;

/** A request from one client address, as a browser would send it (JSON, cookies kept by caller). */
function post(
  app: TestApp['app'],
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7', ...headers },
    body: JSON.stringify(body),
  });
}

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}

async function signupBody(app: TestApp['app'], overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Ayesha',
    lastName: 'Khan',
    universityId: tree.university.id,
    campusId: tree.campus.id,
    email: uniqueEmail(),
    password: 'secret-1',
    confirmPassword: 'secret-1',
    captcha: await solvedCaptcha(app),
    ...overrides,
  };
}

async function latestMailTo(mailer: TestApp['mailer'], email: string) {
  const mail = (await listOutbox(mailer.outboxDir as string)).find((m) => m.to.includes(email));
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail;
}

/** Follows an e-mailed link of TEST_PUBLIC_URL on the test app. */
function open(app: TestApp['app'], link: string) {
  return app.request(link.replace(TEST_PUBLIC_URL, ''));
}

async function signIn(app: TestApp['app'], email: string, password: string, headers = {}) {
  return post(
    app,
    '/api/account/sign-in',
    { email, password, captcha: await solvedCaptcha(app) },
    headers,
  );
}

describe(`accounts on ${engine}`, () => {
  it('refuses a sign-up whose e-mail is not of an allowed domain of the campus', async () => {
    const { app } = createTestApp({ database, redis });
    const response = await post(
      app,
      '/api/account/sign-up',
      await signupBody(app, { email: uniqueEmail('@gmail.com') }),
    );
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(
      'Email must end with one of the allowed domains for this campus: @uni.edu.pk',
    );
  });

  it('refuses a short password, a missing captcha and a replayed captcha with the spec texts', async () => {
    const { app } = createTestApp({ database, redis });
    const short = await post(
      app,
      '/api/account/sign-up',
      await signupBody(app, { password: 'abc', confirmPassword: 'abc' }),
    );
    expect(short.status).toBe(400);
    expect((await errorOf(short)).message).toBe('Password must be at least 6 characters long.');

    const missing = await post(app, '/api/account/sign-up', await signupBody(app, { captcha: '' }));
    expect((await errorOf(missing)).message).toBe('Please complete the CAPTCHA verification.');

    const captcha = await solvedCaptcha(app);
    const first = await post(app, '/api/account/sign-up', await signupBody(app, { captcha }));
    expect(first.status).toBe(201);
    const replayedEmail = uniqueEmail();
    const replay = await post(
      app,
      '/api/account/sign-up',
      await signupBody(app, { captcha, email: replayedEmail }),
    );
    expect(replay.status).toBe(400);
    expect((await errorOf(replay)).message).toBe('Please complete the CAPTCHA verification.');
    const created = await database.db.select().from(users).where(eq(users.email, replayedEmail));
    expect(created).toHaveLength(0);
  });

  it('refuses a second account for one e-mail, whatever its letter case', async () => {
    const { app } = createTestApp({ database, redis });
    const email = uniqueEmail();
    expect((await post(app, '/api/account/sign-up', await signupBody(app, { email }))).status).toBe(
      201,
    );
    const again = await post(
      app,
      '/api/account/sign-up',
      await signupBody(app, { email: email.toUpperCase() }),
    );
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe('An account with this email already exists.');
  });

  it('makes every self sign-up a user, whatever role the request asks for', async () => {
    const { app } = createTestApp({ database, redis });
    const email = uniqueEmail();
    const response = await post(app, '/api/account/sign-up', {
      ...(await signupBody(app, { email })),
      role: 'superAdmin',
    });
    expect(response.status).toBe(201);
    const [person] = await database.db.select().from(users).where(eq(users.email, email));
    expect(person).toMatchObject({
      role: 'user',
      emailVerified: false,
      universityId: tree.university.id,
      campusId: tree.campus.id,
      universityName: tree.university.name,
      campusName: tree.campus.name,
    });
  });

  it('lets nobody set their own role: better-auth endpoints are not exposed', async () => {
    const { app, mailer } = createTestApp({ database, redis });
    const email = uniqueEmail();
    await post(app, '/api/account/sign-up', await signupBody(app, { email }));
    await open(app, (await latestMailTo(mailer, email)).links[0] as string);
    const cookie = cookieOf(await signIn(app, email, 'secret-1'));
    // Mounting better-auth's own router would expose these; none may exist.
    for (const path of [
      '/api/auth/update-user',
      '/api/auth/sign-up/email',
      '/api/auth/sign-in/email',
    ]) {
      const response = await post(app, path, { role: 'superAdmin', campusId: 'other' }, { cookie });
      expect(response.status).toBe(404);
    }
    const [person] = await database.db.select().from(users).where(eq(users.email, email));
    expect(person?.role).toBe('user');
    expect(person?.campusId).toBe(tree.campus.id);
  });

  it('signs up, e-mails a verification link, verifies, then signs in with a browser-session cookie', async () => {
    const { app, mailer } = createTestApp({ database, redis });
    const email = uniqueEmail();
    const signup = await post(app, '/api/account/sign-up', await signupBody(app, { email }));
    expect(signup.status).toBe(201);
    expect(await signup.json()).toEqual({
      ok: true,
      message:
        'Account created successfully! Please check your email to verify your account. You will be redirected to the login page to sign in.',
    });
    expect(signup.headers.getSetCookie()).toEqual([]); // signed out after sign-up

    const unverified = await signIn(app, email, 'secret-1');
    expect(unverified.status).toBe(403);
    expect((await errorOf(unverified)).message).toContain('Please verify your email address');

    const mail = await latestMailTo(mailer, email);
    expect(mail.subject).toBe('Verify your CampusBucket e-mail address');
    const verified = await open(app, mail.links[0] as string);
    expect(verified.status).toBe(302);
    expect(verified.headers.get('location')).toBe('/login?verified=1');

    const signin = await signIn(app, email, 'secret-1');
    expect(signin.status).toBe(200);
    const body = (await signin.json()) as { user: { role: string; email: string }; route: string };
    expect(body.route).toBe('/home');
    expect(body.user).toMatchObject({
      role: 'user',
      email,
      emailVerified: true,
      campusName: tree.campus.name,
    });
    const sessionCookie = signin.headers.getSetCookie().find((c) => c.includes('session_token'));
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
    expect(sessionCookie).not.toMatch(/Max-Age|Expires/i); // ends with the browser session
    expect(sessionCookie).not.toMatch(/Secure/i); // http://; https PUBLIC_URL turns Secure on

    const cookie = cookieOf(signin);
    const session = await app.request('/api/account/session', { headers: { cookie } });
    expect(((await session.json()) as { user: { email: string } }).user.email).toBe(email);

    // A new session id at every sign-in; the previous one ends.
    const again = await signIn(app, email, 'secret-1', { cookie });
    expect(cookieOf(again)).not.toBe(cookie);
    const old = await app.request('/api/account/session', { headers: { cookie } });
    expect(((await old.json()) as { user: unknown }).user).toBeNull();

    const signout = await post(app, '/api/account/sign-out', {}, { cookie: cookieOf(again) });
    expect(signout.status).toBe(200);
    const after = await app.request('/api/account/session', {
      headers: { cookie: cookieOf(again) },
    });
    expect(((await after.json()) as { user: unknown }).user).toBeNull();
  });

  it('answers an unknown e-mail and a wrong password with the spec texts, then rate limits', async () => {
    const { app, mailer } = createTestApp({ database, redis });
    const unknown = await signIn(app, uniqueEmail(), 'whatever');
    expect(unknown.status).toBe(401);
    expect((await errorOf(unknown)).message).toBe('No account found with this email address.');

    const email = uniqueEmail();
    await post(app, '/api/account/sign-up', await signupBody(app, { email }));
    await open(app, (await latestMailTo(mailer, email)).links[0] as string);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const wrong = await signIn(app, email, 'not-the-password');
      expect(wrong.status).toBe(401);
      expect((await errorOf(wrong)).message).toBe('Incorrect password. Please try again.');
    }
    const limited = await signIn(app, email, 'secret-1');
    expect(limited.status).toBe(429);
    expect((await errorOf(limited)).message).toBe(
      'Too many failed attempts. Please try again later.',
    );
    expect(limited.headers.getSetCookie()).toEqual([]);
  });

  it('five wrong passwords from one address do not keep the person out elsewhere; many from many do, but not on their own browser', async () => {
    const { app, mailer } = createTestApp({ database, redis });
    const email = uniqueEmail();
    await post(app, '/api/account/sign-up', await signupBody(app, { email }));
    await open(app, (await latestMailTo(mailer, email)).links[0] as string);
    const from = (ip: string, cookie?: string) => ({
      'x-forwarded-for': ip,
      ...(cookie ? { cookie } : {}),
    });
    const own = await signIn(app, email, 'secret-1', from('198.51.100.1'));
    expect(own.status).toBe(200);
    const known = own.headers.getSetCookie().find((c) => c.startsWith('campus_known_device='));
    expect(known).toMatch(/Path=\/api\/account; HttpOnly; SameSite=Lax/);
    const device = (known as string).split(';')[0] as string;

    const statusesFrom = async (ip: string, times: number) => {
      const statuses: number[] = [];
      for (let i = 0; i < times; i++) {
        statuses.push((await signIn(app, email, 'not-the-password', from(ip))).status);
      }
      return statuses;
    };
    expect(await statusesFrom('203.0.113.50', 6)).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await signIn(app, email, 'secret-1', from('198.51.100.2'))).status).toBe(200);
    // Twenty failures of the e-mail from many addresses: a browser it never signed in on is kept out.
    expect([
      ...(await statusesFrom('203.0.113.51', 5)),
      ...(await statusesFrom('203.0.113.52', 5)),
      ...(await statusesFrom('203.0.113.53', 4)),
    ]).toEqual(Array(14).fill(401));
    expect((await signIn(app, email, 'secret-1', from('198.51.100.3'))).status).toBe(429);
    // Their own browser gets through, and a cookie given for another e-mail or forged does not.
    expect((await signIn(app, email, 'secret-1', from('198.51.100.3', device))).status).toBe(200);
    const forged = `${device.slice(0, -4)}AAAA`;
    expect((await signIn(app, email, 'secret-1', from('198.51.100.3', forged))).status).toBe(429);
  });

  it('counts parallel wrong passwords atomically: at most five get through', async () => {
    const { app, mailer } = createTestApp({ database, redis });
    const email = uniqueEmail();
    await post(app, '/api/account/sign-up', await signupBody(app, { email }));
    await open(app, (await latestMailTo(mailer, email)).links[0] as string);
    const captchas = await Promise.all(Array.from({ length: 8 }, () => solvedCaptcha(app)));
    const answers = await Promise.all(
      captchas.map((captcha) =>
        post(app, '/api/account/sign-in', { email, password: 'wrong-password', captcha }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
  });

  it('does not let requests without a solved captcha spend the limit of an address', async () => {
    const { app } = createTestApp({ database, redis });
    const email = uniqueEmail();
    for (let attempt = 0; attempt < 8; attempt++) {
      const refused = await post(
        app,
        '/api/account/sign-up',
        await signupBody(app, { email, captcha: '' }),
      );
      expect(refused.status).toBe(400);
      const reset = await post(app, '/api/account/password-reset', { email, captcha: 'forged' });
      expect(reset.status).toBe(400);
    }
    expect((await post(app, '/api/account/sign-up', await signupBody(app, { email }))).status).toBe(
      201,
    );
    const reset = await post(app, '/api/account/password-reset', {
      email,
      captcha: await solvedCaptcha(app),
    });
    expect(reset.status).toBe(200);
  });

  it('answers an address the account library refuses with the spec text, not a server error', async () => {
    const { app } = createTestApp({ database, redis });
    const response = await post(
      app,
      '/api/account/sign-up',
      await signupBody(app, { email: 'ali..khan@uni.edu.pk' }),
    );
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe('Please enter a valid email address.');
  });

  it('refuses account forms with the spec text when Redis is away, never skipping a limit', async () => {
    const healthy = createTestApp({ database, redis });
    const deadRedis = connectRedis('redis://127.0.0.1:1', 'producer');
    deadRedis.on('error', () => {});
    try {
      const { app } = createTestApp({ database, redis: deadRedis });
      // Captcha challenges are still served: checkout goes on while Redis is away.
      const challenge = await app.request('/api/account/captcha');
      expect(challenge.status).toBe(200);
      const signin = await post(app, '/api/account/sign-in', {
        email: uniqueEmail(),
        password: 'whatever',
        captcha: await solvedCaptcha(healthy.app),
      });
      expect(signin.status).toBe(503);
      expect((await errorOf(signin)).message).toBe('Service is currently unavailable.');
    } finally {
      deadRedis.disconnect();
    }
  });

  it('resets a forgotten password through the e-mailed link', async () => {
    const { app, mailer } = createTestApp({ database, redis });
    const email = uniqueEmail();
    await post(app, '/api/account/sign-up', await signupBody(app, { email }));
    await open(app, (await latestMailTo(mailer, email)).links[0] as string);

    const noEmail = await post(app, '/api/account/password-reset', { email: '', captcha: 'x' });
    expect((await errorOf(noEmail)).message).toBe('Please enter your email address.');
    const request = await post(app, '/api/account/password-reset', {
      email,
      captcha: await solvedCaptcha(app),
    });
    expect(await request.json()).toEqual({
      ok: true,
      message: 'Password reset email sent! Please check your inbox.',
    });

    const mail = await latestMailTo(mailer, email);
    expect(mail.subject).toBe('Reset your CampusBucket password');
    const token = new URL(mail.links[0] as string).searchParams.get('token');
    const mismatch = await post(app, '/api/account/new-password', {
      token,
      password: 'new-secret',
      confirmPassword: 'other',
    });
    expect((await errorOf(mismatch)).message).toBe('Passwords do not match.');
    const changed = await post(app, '/api/account/new-password', {
      token,
      password: 'new-secret',
      confirmPassword: 'new-secret',
    });
    expect(changed.status).toBe(200);
    const reused = await post(app, '/api/account/new-password', {
      token,
      password: 'other-secret',
      confirmPassword: 'other-secret',
    });
    expect((await errorOf(reused)).message).toBe(
      'This password reset link is invalid or has expired. Please request a new one.',
    );

    expect((await signIn(app, email, 'secret-1')).status).toBe(401);
    expect((await signIn(app, email, 'new-secret')).status).toBe(200);
  });

  it('guards roles on the server: the mail outbox is for super admins only', async () => {
    const { app } = createTestApp({ database, redis });
    const makePerson = async (role: 'user' | 'superAdmin') => {
      const person = await createPerson(database.db, role);
      return cookieOf(await signIn(app, person.email, person.password));
    };
    expect((await app.request('/api/admin/mail')).status).toBe(401);
    const student = await app.request('/api/admin/mail', {
      headers: { cookie: await makePerson('user') },
    });
    expect(student.status).toBe(403);
    expect((await errorOf(student)).message).toBe(
      'Access denied. Super Admin privileges required.',
    );
    const admin = await app.request('/api/admin/mail', {
      headers: { cookie: await makePerson('superAdmin') },
    });
    expect(admin.status).toBe(200);
    const listed = (await admin.json()) as { transport: string; messages: unknown[] };
    expect(listed.transport).toBe('outbox');
  });

  it('gives as links in the outbox only the app’s own, never one a person typed', async () => {
    const { app, accounts } = createTestApp({ database, redis });
    const person = await createPerson(database.db, 'superAdmin');
    const cookie = cookieOf(await signIn(app, person.email, person.password));
    const subject = `Instructions ${crypto.randomUUID()}`;
    const ours = `${TEST_PUBLIC_URL}/orders/1`;
    await accounts.mailer.send({
      to: person.email,
      subject,
      text: `Leave it at the gate, see https://evil.example/reset?x=1 or ${TEST_PUBLIC_URL}.evil.example/a\n${ours}`,
    });
    const listed = (await (
      await app.request('/api/admin/mail', { headers: { cookie } })
    ).json()) as TMailOutboxResponse;
    const mail = listed.messages.find((message) => message.subject === subject);
    expect(mail?.text).toContain('https://evil.example/reset?x=1');
    expect(mail?.links).toEqual([ours]);
  });

  it('guards sign-in and campus scope on the server for every role', async () => {
    const test = createTestApp({ database, redis });
    const other = await buildCampusTree(database.db);
    const person = async (role: 'user' | 'campusAdmin' | 'superAdmin') => {
      const made = await createPerson(
        database.db,
        role,
        role === 'superAdmin' ? null : tree.campus,
      );
      return cookieOf(await signIn(test.app, made.email, made.password));
    };
    // A stand-in admin route: the campus comes from the path, or is unknown (null).
    const { requireCampusAccess, requireSignedIn } = createGuards(test.accounts.auth, database.db);
    const guarded = new Hono<AppEnv>()
      .get(
        '/campus/:campusId',
        requireCampusAccess(async (c) => {
          const id = c.req.param('campusId');
          const campus = [tree.campus, other.campus].find((known) => known.id === id);
          return campus ? { universityId: campus.universityId, campusId: campus.id } : null;
        }),
        (c) => c.json({ ok: true }),
      )
      .get('/signed-in', requireSignedIn, (c) => c.json({ ok: true }))
      .onError((error, c) => {
        const { status, body } = toApiErrorResponse(error);
        return c.json(body, status as 401);
      });
    const statusFor = async (cookie: string | null, campusId: string) => {
      const response = await guarded.request(`/campus/${campusId}`, {
        headers: cookie ? { cookie } : {},
      });
      return [response.status, response.status === 200 ? '' : (await errorOf(response)).message];
    };
    const admin = await person('campusAdmin');
    const superAdmin = await person('superAdmin');
    expect((await guarded.request('/signed-in')).status).toBe(401);
    const student = await person('user');
    expect((await guarded.request('/signed-in', { headers: { cookie: student } })).status).toBe(
      200,
    );
    expect(await statusFor(null, tree.campus.id)).toEqual([
      401,
      'Authentication required. Please log in.',
    ]);
    expect(await statusFor(await person('user'), tree.campus.id)).toEqual([
      403,
      'Access denied. Campus Admin privileges required.',
    ]);
    expect(await statusFor(admin, tree.campus.id)).toEqual([200, '']);
    expect(await statusFor(admin, other.campus.id)).toEqual([
      403,
      'Access denied. Campus Admin privileges required.',
    ]);
    expect(await statusFor(admin, 'no-such-campus')).toEqual([
      403,
      'Access denied. Campus Admin privileges required.',
    ]);
    expect(await statusFor(superAdmin, other.campus.id)).toEqual([200, '']);
    expect(await statusFor(superAdmin, 'no-such-campus')).toEqual([
      404,
      'The requested resource was not found.',
    ]);
  });

  it('reads a session and its person afresh at every request: a changed role, an ended or expired session count at once', async () => {
    const { app, accounts } = createTestApp({ database, redis });
    const verified = vi.spyOn(accounts.auth.api, 'getSession');
    const made = await createPerson(database.db, 'campusAdmin', tree.campus);
    const profileOf = async (cookie: string) => {
      const response = await app.request('/api/account/session', { headers: { cookie } });
      return ((await response.json()) as { user: Record<string, unknown> | null }).user;
    };
    const cookie = cookieOf(await signIn(app, made.email, made.password));
    // The first request of a cookie goes through better-auth, the next ones read it themselves:
    // the same profile both ways.
    const first = await profileOf(cookie);
    expect(first).toMatchObject({ uid: made.id, role: 'campusAdmin', campusId: tree.campus.id });
    expect(await profileOf(cookie)).toEqual(first);
    expect(verified).toHaveBeenCalledTimes(1);
    // The same cookie twice in one header is never remembered: better-auth judges it each time.
    expect(await profileOf(`${cookie}; ${cookie}`)).toEqual(first);
    expect(await profileOf(`${cookie}; ${cookie}`)).toEqual(first);
    expect(verified).toHaveBeenCalledTimes(3);
    expect(await profileOf('campusSelection=a%2Fb')).toBeNull();
    expect(verified).toHaveBeenCalledTimes(3);

    await database.db.update(users).set({ role: 'user' }).where(eq(users.id, made.id));
    expect(await profileOf(cookie)).toEqual({ ...first, role: 'user' });

    // A forged signature on the same token is a cookie never verified: signed out.
    const [name, value] = cookie.split('=') as [string, string];
    const token = decodeURIComponent(value).split('.')[0];
    const forged = `${name}=${encodeURIComponent(`${token}.${'A'.repeat(43)}=`)}`;
    expect(await profileOf(forged)).toBeNull();
    expect(await profileOf(cookie)).toMatchObject({ uid: made.id });

    await database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(sessions.userId, made.id));
    expect(await profileOf(cookie)).toBeNull();

    const again = cookieOf(await signIn(app, made.email, made.password));
    expect(await profileOf(again)).toMatchObject({ uid: made.id });
    expect(await profileOf(again)).toMatchObject({ uid: made.id });
    expect((await post(app, '/api/account/sign-out', {}, { cookie: again })).status).toBe(200);
    expect(await profileOf(again)).toBeNull();
  });

  it('refuses a state-changing request from another site', async () => {
    const { app } = createTestApp({ database, redis });
    const response = await post(
      app,
      '/api/account/sign-out',
      {},
      { origin: 'https://evil.example' },
    );
    expect(response.status).toBe(403);
    const sameSite = await post(app, '/api/account/sign-out', {}, { origin: TEST_PUBLIC_URL });
    expect(sameSite.status).toBe(200);
  });

  it('sends the verification e-mail over real SMTP when SMTP_URL is set', async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    const port = await freePort();
    await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      outboxDir: '/nonexistent',
      from: 'CampusBucket <no-reply@campus.test>',
      log: testLog,
    });
    try {
      const { app } = createTestApp({ database, redis, mailer });
      const email = uniqueEmail();
      expect(
        (await post(app, '/api/account/sign-up', await signupBody(app, { email }))).status,
      ).toBe(201);
      expect(received).toHaveLength(1);
      const mail = await readMail(received[0] as string);
      expect(mail.to).toContain(email);
      const verified = await open(app, mail.links[0] as string);
      expect(verified.headers.get('location')).toBe('/login?verified=1');
      const [person] = await database.db.select().from(users).where(eq(users.email, email));
      expect(person?.emailVerified).toBe(true);
    } finally {
      mailer.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
