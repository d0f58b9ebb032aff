import type { TUniversityForm } from '@campus/shared/domain/admin-forms';
import type { TUniversity, TUserProfile } from '@campus/shared/domain/entities';
import { newId } from '@campus/shared/server/db/ids';
import { universities } from '@campus/shared/server/db/schema';
import { audit } from '../admin/audit';
import type { AdminDeps } from '../admin/deps';
import { alreadyExists, uniqueViolation } from '../http/errors';

/** Creates a university (no campus yet, so no order tab). */
export async function createUniversity(
  deps: Pick<AdminDeps, 'db' | 'catalogue'>,
  actor: TUserProfile,
  form: TUniversityForm,
): Promise<TUniversity> {
  const university = { id: newId(), name: form.name };
  await deps.db
    .transaction(async (tx) => {
      await tx.insert(universities).values(university);
      await audit(tx, actor, {
        action: 'create',
        entity: 'university',
        entityId: university.id,
        details: { name: university.name },
      });
    })
    .catch(uniqueViolation('name', alreadyExists(form.name)));
  await deps.catalogue.invalidateUniversities();
  return university;
}
