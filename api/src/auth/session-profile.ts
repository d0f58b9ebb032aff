import type { TUserProfile } from '@campus/shared/domain/entities';
import type { Db } from '@campus/shared/server/db/client';
import { preparedRows } from '@campus/shared/server/db/prepared';
import { sessions, users } from '@campus/shared/server/db/schema';
import { and, eq, gt, sql } from 'drizzle-orm';
import { type Auth, toProfile } from './auth';

// Every signed-in request asks: the session of a token, still there and not expired, with its
// person as they are now.
const personOfSession = preparedRows(
  'person_of_session',
  {
    id: users.id,
    email: users.email,
    emailVerified: users.emailVerified,
    createdAtMs: sql<number>`(extract(epoch from ${users.createdAt}) * 1000)::float8`,
    firstName: users.firstName,
    lastName: users.lastName,
    universityId: users.universityId,
    campusId: users.campusId,
    universityName: users.universityName,
    campusName: users.campusName,
    role: users.role,
  },
  (db, fields) =>
    db
      .select(fields)
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.token, sql.placeholder('token')),
          gt(sessions.expiresAt, sql.placeholder('now')),
        ),
      ),
);

// Cookies this process has seen verified, for at most this many sessions at once; when full, it
// starts again (each cookie is then verified once more).
const MAX_KNOWN_COOKIES = 10_000;

/**
 * The profile of a request's session cookie, or null (DESIGN §5). better-auth verifies a cookie
 * (its signature, its session) the first time this process sees it: two statements and its
 * endpoint machinery, most of a signed-in request's own cost. A cookie it accepted carries its
 * session's token in clear before the signature, so after that one prepared statement reads the
 * session and its person at each request: a signed-out or expired session, a changed role or
 * campus count at once, as before. Anything else (an unknown cookie, a session gone) goes to
 * better-auth again.
 */
export function createSessionProfile(auth: Auth, db: Db) {
  /** Session cookie values better-auth accepted, with the token each one names. */
  const known = new Map<string, string>();
  let cookieName: Promise<string> | undefined;

  return async function sessionProfile(
    headers: Headers,
    readCookie: (name: string) => string | undefined,
  ): Promise<TUserProfile | null> {
    cookieName ??= auth.$context.then((context) => context.authCookies.sessionToken.name);
    const cookie = readCookie(await cookieName);
    const token = cookie === undefined ? undefined : known.get(cookie);
    if (cookie !== undefined && token !== undefined) {
      const [person] = await personOfSession(db, { token, now: new Date() });
      if (person) return toProfile({ ...person, createdAt: new Date(person.createdAtMs) });
      known.delete(cookie);
    }
    const session = await auth.api.getSession({ headers });
    if (!session) return null;
    if (cookie?.startsWith(`${session.session.token}.`)) {
      if (known.size >= MAX_KNOWN_COOKIES) known.clear();
      known.set(cookie, session.session.token);
    }
    return toProfile(session.user);
  };
}
