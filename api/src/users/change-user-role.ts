import { ADMIN_FORM_MESSAGES } from '@campus/shared/domain/admin-forms';
import type { TUserProfile } from '@campus/shared/domain/entities';
import type { TRole } from '@campus/shared/domain/roles';
import type { Db } from '@campus/shared/server/db/client';
import { users } from '@campus/shared/server/db/schema';
import { eq } from 'drizzle-orm';
import { audit } from '../admin/audit';
import { invalidField, notFound } from '../http/errors';
import { findUser } from './find-user';

/** Gives a person another role; nobody changes their own (a dashboard never locks its user out). */
export async function changeUserRole(
  db: Db,
  actor: TUserProfile,
  id: string,
  role: TRole,
): Promise<TUserProfile> {
  if (id === actor.uid) throw invalidField('role', ADMIN_FORM_MESSAGES.cannotChangeOwnRole);
  const before = await findUser(db, id);
  if (!before) throw notFound();
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(users)
      .set({ role })
      .where(eq(users.id, id))
      .returning({ id: users.id });
    if (changed.length === 0) throw notFound();
    await audit(tx, actor, {
      action: 'change-role',
      entity: 'user',
      entityId: id,
      details: { from: before.role, to: role },
    });
  });
  return { ...before, role };
}
