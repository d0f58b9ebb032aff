import { ADMIN_FORM_MESSAGES, type TCreateUserForm } from '@campus/shared/domain/admin-forms';
import type { TUserProfile } from '@campus/shared/domain/entities';
import { CODE_MESSAGES } from '@campus/shared/domain/error-catalogue';
import type { Db } from '@campus/shared/server/db/client';
import { newId } from '@campus/shared/server/db/ids';
import { accounts, users } from '@campus/shared/server/db/schema';
import { audit } from '../admin/audit';
import { findCampus } from '../admin/campus-lookup';
import { hashPassword } from '../auth/password';
import { invalidField, notFound, uniqueViolation } from '../http/errors';
import { findUser } from './find-user';

/**
 * Creates an account at a campus that exists, with the role the super admin picked. The admin
 * vouches for the address, so the account is verified: the person signs in at once.
 */
export async function createUser(
  db: Db,
  actor: TUserProfile,
  form: TCreateUserForm,
): Promise<TUserProfile> {
  const campus = await findCampus(db, form.universityId, form.campusId);
  if (!campus) throw invalidField('campusId', ADMIN_FORM_MESSAGES.selectAUniversityAndCampus);
  const id = newId();
  const password = await hashPassword(form.password);
  await db
    .transaction(async (tx) => {
      await tx.insert(users).values({
        id,
        email: form.email,
        emailVerified: true,
        name: `${form.firstName} ${form.lastName}`,
        firstName: form.firstName,
        lastName: form.lastName,
        universityId: campus.universityId,
        campusId: campus.campusId,
        universityName: campus.universityName,
        campusName: campus.name,
        role: form.role,
      });
      await tx
        .insert(accounts)
        .values({ id: newId(), accountId: id, providerId: 'credential', userId: id, password });
      await audit(tx, actor, {
        action: 'create',
        entity: 'user',
        entityId: id,
        details: { email: form.email, role: form.role, campusId: campus.campusId },
      });
    })
    .catch(uniqueViolation('email', CODE_MESSAGES['auth/email-already-in-use']));
  const user = await findUser(db, id);
  if (!user) throw notFound();
  return user;
}
