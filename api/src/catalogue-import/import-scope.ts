import type { TCatalogueKind } from '@campus/shared/domain/catalogue-import-api';
import type { TUserProfile } from '@campus/shared/domain/entities';
import type { Db } from '@campus/shared/server/db/client';
import { campusOfRestaurant, findCampus } from '../admin/campus-lookup';
import { INVALID_CAMPUS, INVALID_RESTAURANT, requiredQuery } from '../admin/scope';
import { assertCampusAccess } from '../auth/guards';
import type { ImportScope } from './catalogue-kinds';

/**
 * The menu (?restaurantId) or mart (?universityId&campusId) a request is about, read from the
 * database: a campus admin gets a 403 for anything not of their campus, a super admin a 404 for
 * what does not exist (docs/decisions/006-admin-scope.md).
 */
export async function importScope(
  db: Db,
  actor: TUserProfile,
  kind: TCatalogueKind,
  query: Record<string, string>,
): Promise<ImportScope> {
  if (kind === 'menu') {
    const restaurantId = requiredQuery(query.restaurantId, INVALID_RESTAURANT);
    const campus = await campusOfRestaurant(db, restaurantId);
    assertCampusAccess(actor, campus);
    return { kind, ...campus, restaurantId };
  }
  const universityId = requiredQuery(query.universityId, INVALID_CAMPUS);
  const campusId = requiredQuery(query.campusId, INVALID_CAMPUS);
  const campus = await findCampus(db, universityId, campusId);
  assertCampusAccess(actor, campus);
  return { kind, universityId: campus.universityId, campusId: campus.campusId };
}
