import { AUTH_MESSAGES, type TSignupForm } from '@campus/shared/domain/auth-forms';
import type { Db } from '@campus/shared/server/db/client';
import { campuses, universities } from '@campus/shared/server/db/schema';
import { and, eq } from 'drizzle-orm';
import type { Auth } from '../auth/auth';
import { authRefusal, invalidField } from '../http/errors';
import { userIdByEmail } from '../users/find-user';
import { fromAuthError } from './auth-errors';

/**
 * Creates a student's account at the campus of the form (docs/product.md §5 sign-up); better-auth
 * e-mails the verification link. The profile names the campus as the database has it.
 */
export async function signUp(
  deps: { db: Db; auth: Auth },
  values: TSignupForm,
  headers: Headers,
): Promise<void> {
  const { db, auth } = deps;
  const [campus] = await db
    .select({ campusName: campuses.name, universityName: universities.name })
    .from(campuses)
    .innerJoin(universities, eq(universities.id, campuses.universityId))
    .where(and(eq(campuses.id, values.campusId), eq(campuses.universityId, values.universityId)));
  if (!campus) throw invalidField('campusId', AUTH_MESSAGES.selectUniversityAndCampus);
  const taken = () => authRefusal('auth/email-already-in-use', 409);
  if (await userIdByEmail(db, values.email)) throw taken();
  try {
    await auth.api.signUpEmail({
      headers,
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
    if (await userIdByEmail(db, values.email)) throw taken();
    throw fromAuthError(error);
  }
}
