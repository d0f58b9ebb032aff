import type { TUserProfile } from '@campus/shared/domain/entities';
import { menuItems } from '@campus/shared/server/db/schema';
import { eq } from 'drizzle-orm';
import { clearAudited } from '../admin/audited-deletes';
import { campusOfRestaurant } from '../admin/campus-lookup';
import type { AdminDeps } from '../admin/deps';
import { notFound } from '../http/errors';

/** Empties a restaurant's menu; answers how many items went. */
export async function clearMenuItems(
  deps: Pick<AdminDeps, 'db' | 'catalogue'>,
  actor: TUserProfile,
  restaurantId: string,
): Promise<number> {
  const campus = await campusOfRestaurant(deps.db, restaurantId);
  if (!campus) throw notFound();
  const deleted = await clearAudited(deps.db, actor, {
    entity: 'menu-item',
    table: menuItems,
    where: [eq(menuItems.restaurantId, restaurantId)],
    scope: { restaurantId },
  });
  await deps.catalogue.invalidateCampus(campus.campusId);
  return deleted;
}
