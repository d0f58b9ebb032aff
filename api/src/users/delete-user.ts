import { ADMIN_FORM_MESSAGES } from '@campus/shared/domain/admin-forms';
import type { TUserProfile } from '@campus/shared/domain/entities';
import type { Db } from '@campus/shared/server/db/client';
import { users } from '@campus/shared/server/db/schema';
import { deleteAudited } from '../admin/audited-deletes';
import { invalidField } from '../http/errors';

/** Deletes one person's account; nobody deletes their own. */
export async function deleteUser(db: Db, actor: TUserProfile, id: string): Promise<void> {
  if (id === actor.uid) throw invalidField('id', ADMIN_FORM_MESSAGES.cannotDeleteSelf);
  await deleteAudited(db, actor, {
    entity: 'user',
    table: users,
    id,
    details: (row) => ({ email: row.email, role: row.role }),
  });
}
