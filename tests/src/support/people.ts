import { hashPassword } from '@campus/api/auth/password';
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
