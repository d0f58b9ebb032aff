import type { TUserProfile } from '@campus/shared/domain/entities';
import { martItems } from '@campus/shared/server/db/schema';
import { eq } from 'drizzle-orm';
import { clearAudited } from '../admin/audited-deletes';
import type { AdminDeps } from '../admin/deps';

/** Empties a campus's mart; answers how many items went. */
export async function clearMartItems(
  deps: Pick<AdminDeps, 'db' | 'catalogue'>,
  actor: TUserProfile,
  campusId: string,
): Promise<number> {
  const deleted = await clearAudited(deps.db, actor, {
    entity: 'mart-item',
    table: martItems,
    where: [eq(martItems.campusId, campusId)],
    scope: { campusId },
  });
  await deps.catalogue.invalidateMartItems(campusId);
  return deleted;
}
