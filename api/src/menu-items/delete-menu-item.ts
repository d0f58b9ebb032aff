import type { TUserProfile } from '@campus/shared/domain/entities';
import { menuItems } from '@campus/shared/server/db/schema';
import { deleteAudited } from '../admin/audited-deletes';
import { campusOfMenuItem } from '../admin/campus-lookup';
import type { AdminDeps } from '../admin/deps';
import { notFound } from '../http/errors';

/** Takes an item off its restaurant's menu. */
export async function deleteMenuItem(
  deps: Pick<AdminDeps, 'db' | 'catalogue'>,
  actor: TUserProfile,
  id: string,
): Promise<void> {
  const campus = await campusOfMenuItem(deps.db, id);
  if (!campus) throw notFound();
  await deleteAudited(deps.db, actor, {
    entity: 'menu-item',
    table: menuItems,
    id,
    details: (row) => ({ name: row.name, restaurantId: row.restaurantId }),
  });
  await deps.catalogue.invalidateCampus(campus.campusId);
}
