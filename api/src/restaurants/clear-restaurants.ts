import type { TUserProfile } from '@campus/shared/domain/entities';
import { restaurants } from '@campus/shared/server/db/schema';
import { eq } from 'drizzle-orm';
import { clearAudited } from '../admin/audited-deletes';
import type { AdminDeps } from '../admin/deps';

/** Deletes every restaurant of a campus with their menus; answers how many went. */
export async function clearRestaurants(
  deps: Pick<AdminDeps, 'db' | 'catalogue'>,
  actor: TUserProfile,
  campusId: string,
): Promise<number> {
  const deleted = await clearAudited(deps.db, actor, {
    entity: 'restaurant',
    table: restaurants,
    where: [eq(restaurants.campusId, campusId)],
    scope: { campusId },
  });
  await deps.catalogue.invalidateCampus(campusId);
  return deleted;
}
