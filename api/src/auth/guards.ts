import type { AppError } from '@campus/shared/domain/app-error';
import type { TUserProfile } from '@campus/shared/domain/entities';
import {
  accessDeniedMessage,
  canAccessCampus,
  hasRole,
  type TRole,
} from '@campus/shared/domain/roles';
import type { Db } from '@campus/shared/server/db/client';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';
import { forbidden, notFound, unauthenticated } from '../http/errors';
import type { Auth } from './auth';
import { createSessionProfile } from './session-profile';

const roleRequired = (roles: readonly TRole[]) => forbidden(accessDeniedMessage(roles));

/** Throws the spec's 403 unless the person has one of the roles. */
export function assertRole(user: TUserProfile, ...roles: TRole[]): void {
  if (!hasRole(user, roles)) throw roleRequired(roles);
}

/** Where a campus-scoped request points: a campus that exists, or null. */
export type CampusRef = { universityId: string; campusId: string };

/**
 * Throws unless the person is a super admin, or a campus admin of `campus`. A campus that does
 * not exist (null) is `missing()` for a super admin (404 unless told otherwise) and a 403 for a
 * campus admin, who learns nothing about other campuses.
 */
export function assertCampusAccess(
  user: TUserProfile,
  campus: CampusRef | null,
  missing: () => AppError = notFound,
): asserts campus is CampusRef {
  if (!hasRole(user, ['superAdmin', 'campusAdmin'])) throw roleRequired(['campusAdmin']);
  if (!campus && hasRole(user, ['superAdmin'])) throw missing();
  if (!campus || !canAccessCampus(user, campus.universityId, campus.campusId)) {
    throw roleRequired(['campusAdmin']);
  }
}

/** Who is asking, from the session cookie, and the middlewares that let only some through. */
export function createGuards(auth: Auth, db: Db) {
  const sessionProfile = createSessionProfile(auth, db);

  /** The profile of the session cookie on this request, or null; looked up once per request. */
  async function currentUser(c: Context<AppEnv>): Promise<TUserProfile | null> {
    const known = c.get('user');
    if (known !== undefined) return known;
    const user = await sessionProfile(c.req.raw.headers);
    c.set('user', user);
    return user;
  }

  /** The signed-in profile, or a 401 with the spec's 'Authentication required. Please log in.' */
  async function signedInUser(c: Context<AppEnv>): Promise<TUserProfile> {
    const user = await currentUser(c);
    if (!user) throw unauthenticated();
    return user;
  }

  return {
    currentUser,
    signedInUser,
    /** The profile of the session of these headers now (a long-lived stream asks again). */
    sessionProfile,

    /** Only signed-in people pass. */
    requireSignedIn: createMiddleware<AppEnv>(async (c, next) => {
      await signedInUser(c);
      await next();
    }),

    /** Only the given roles pass: 401 signed out, 403 otherwise. */
    requireRole(...roles: TRole[]) {
      return createMiddleware<AppEnv>(async (c, next) => {
        assertRole(await signedInUser(c), ...roles);
        await next();
      });
    },

    /**
     * Only a super admin, or a campus admin of the campus the request is about, passes.
     * `campusOf` reads the campus from the request (route parameters, or the database for a
     * restaurant id), never from what the client says about itself; null: it does not exist.
     */
    requireCampusAccess(campusOf: (c: Context<AppEnv>) => Promise<CampusRef | null>) {
      return createMiddleware<AppEnv>(async (c, next) => {
        const user = await signedInUser(c);
        if (!hasRole(user, ['superAdmin', 'campusAdmin'])) throw roleRequired(['campusAdmin']);
        assertCampusAccess(user, await campusOf(c));
        await next();
      });
    },
  };
}

export type Guards = ReturnType<typeof createGuards>;
