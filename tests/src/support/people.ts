import { hashPassword } from '@campus/api/auth/password';
import { findUser } from '@campus/api/users/find-user';
import type { TUserProfile } from '@campus/shared/domain/entities';
import type { TRole } from '@campus/shared/domain/roles';
import type { Db } from '@campus/shared/server/db/client';
import { newId } from '@campus/shared/server/db/ids';
import { accounts, users } from '@campus/shared/server/db/schema';

let counter = 0;

/**
 * A verified person with an e-mail and password credential, as an admin would create them: a
 * super admin without a campus, anyone else at the given campus.
 */
export async function createPerson(
  db: Db,
  role: TRole,
  campus: { id: string; universityId: string } | null = null,
  password = 'person-secret',
) {
  const id = newId();
  const email = `${role.toLowerCase()}${Date.now()}${counter++}@people.test`;
  await db.insert(users).values({
    id,
    email,
    firstName: 'Test',
    lastName: role,
    role,
    emailVerified: true,
    ...(campus ? { universityId: campus.universityId, campusId: campus.id } : {}),
  });
  await db.insert(accounts).values({
    id: newId(),
    accountId: id,
    providerId: 'credential',
    userId: id,
    password: await hashPassword(password),
  });
  return { id, email, password };
}

/** A person made as createPerson makes them, as the api sees them: their profile. */
export async function createProfile(
  db: Db,
  role: TRole,
  campus: { id: string; universityId: string } | null = null,
): Promise<TUserProfile> {
  const person = await createPerson(db, role, campus);
  const profile = await findUser(db, person.id);
  if (!profile) throw new Error('no profile');
  return profile;
}
