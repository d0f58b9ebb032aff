import type { TUserProfile } from '@campus/shared/domain/entities';
import { restaurants } from '@campus/shared/server/db/schema';
import { deleteAudited } from '../admin/audited-deletes';
import type { AdminDeps } from '../admin/deps';

/** Deletes a restaurant with its menu (schema.ts cascades). */
export async function deleteRestaurant(
  deps: Pick<AdminDeps, 'db' | 'catalogue'>,
  actor: TUserProfile,
  id: string,
): Promise<void> {
  const gone = await deleteAudited(deps.db, actor, {
    entity: 'restaurant',
    table: restaurants,
    id,
    details: (row) => ({ name: row.name, campusId: row.campusId }),
  });
  await deps.catalogue.invalidateCampus(gone.campusId);
}
