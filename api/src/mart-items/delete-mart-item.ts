import type { TUserProfile } from '@campus/shared/domain/entities';
import { martItems } from '@campus/shared/server/db/schema';
import { deleteAudited } from '../admin/audited-deletes';
import type { AdminDeps } from '../admin/deps';

/** Takes an item out of its campus's mart. */
export async function deleteMartItem(
  deps: Pick<AdminDeps, 'db' | 'catalogue'>,
  actor: TUserProfile,
  id: string,
): Promise<void> {
  const gone = await deleteAudited(deps.db, actor, {
    entity: 'mart-item',
    table: martItems,
    id,
    details: (row) => ({ name: row.name, campusId: row.campusId }),
  });
  await deps.catalogue.invalidateMartItems(gone.campusId);
}
