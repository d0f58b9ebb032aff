import type { TUserProfile } from '@campus/shared/domain/entities';
import type { Db } from '@campus/shared/server/db/client';
import { preparedRows } from '@campus/shared/server/db/prepared';
import { sessions, users } from '@campus/shared/server/db/schema';
import { and, eq, gt, sql } from 'drizzle-orm';
import { type Auth, toProfile } from './auth';

const PERSON_FIELDS = {
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
};

// Every signed-in request asks: the session of a token, still there and not expired, with its
// person as they are now.
const personOfSession = preparedRows<typeof PERSON_FIELDS, { token: string; now: Date }>(
  'person_of_session',
  PERSON_FIELDS,
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

// A session cookie as better-auth writes it: URL-encoded, so no quotes and no spaces, which any
// cookie parser reads the same way.
const PLAIN_COOKIE_VALUE = /^[\w.%~!*'()-]+$/;

/**
 * The value of the one cookie `name` in a Cookie header, URL-decoded; null when there is none;
 * undefined when there are several or its value is not a plain one (better-auth then judges it).
 */
function onlyCookie(header: string | null, name: string): string | null | undefined {
  let found: string | null = null;
  for (const pair of header?.split(';') ?? []) {
    const at = pair.indexOf('=');
    if (at < 0 || pair.slice(0, at).trim() !== name) continue;
    const value = pair.slice(at + 1).trim();
    if (found !== null || !PLAIN_COOKIE_VALUE.test(value)) return undefined;
    try {
      found = decodeURIComponent(value);
    } catch {
      return undefined;
    }
  }
  return found;
}

/**
 * The profile of a request's session cookie, or null (docs/architecture.md §5). better-auth
 * verifies a cookie (its signature, its session) the first time this process sees it: two
 * statements and its endpoint machinery, most of a signed-in request's own cost. A cookie it
 * accepted carries its session's token in clear before the signature, so after that one prepared
 * statement reads the session and its person at each request: a signed-out or expired session, a
 * changed role or campus count at once, as before. Only a header with one plain session cookie is
 * remembered, the value better-auth read; anything else (an unknown cookie, a session gone) goes to
 * better-auth.
 */
export function createSessionProfile(auth: Auth, db: Db) {
  /** Session cookie values better-auth accepted, with the token each one names. */
  const known = new Map<string, string>();
  let cookieName: Promise<string> | undefined;

  return async function sessionProfile(headers: Headers): Promise<TUserProfile | null> {
    cookieName ??= auth.$context.then((context) => context.authCookies.sessionToken.name);
    const cookie = onlyCookie(headers.get('cookie'), await cookieName);
    // No session cookie: signed out, as better-auth would answer.
    if (cookie === null) return null;
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
