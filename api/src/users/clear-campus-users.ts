import type { TUserProfile } from '@campus/shared/domain/entities';
import type { TRole } from '@campus/shared/domain/roles';
import type { Db } from '@campus/shared/server/db/client';
import { users } from '@campus/shared/server/db/schema';
import { eq, inArray } from 'drizzle-orm';
import { clearAudited } from '../admin/audited-deletes';

/**
 * Whom clearing a campus's people deletes. A super admin manages every campus, whichever one
 * their profile names (docs/product.md §6), so none is cleared with a campus, the one who asks
 * included.
 */
const CLEARED_ROLES: TRole[] = ['user', 'campusAdmin'];

/** Deletes the students and campus admins of a campus; answers how many went. */
export async function clearCampusUsers(
  db: Db,
  actor: TUserProfile,
  campusId: string,
): Promise<number> {
  return clearAudited(db, actor, {
    entity: 'user',
    table: users,
    where: [eq(users.campusId, campusId), inArray(users.role, CLEARED_ROLES)],
    scope: { campusId },
  });
}
