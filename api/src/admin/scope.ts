import { ADMIN_FORM_MESSAGES } from '@campus/shared/domain/admin-forms';
import type { TUserProfile } from '@campus/shared/domain/entities';
import { isSuperAdmin } from '@campus/shared/domain/roles';
import type { CatalogueFilter } from '@campus/shared/server/catalogue/queries';
import type { Db } from '@campus/shared/server/db/client';
import { assertCampusAccess, assertRole } from '../auth/guards';
import { invalidField } from '../http/errors';
import { campusOfRestaurant, type FoundCampus, findCampus } from './campus-lookup';

/** The field and message of a 400 for a form whose campus does not exist. */
export type Invalid = { field: string; message: string };

/** The 400 of a restaurant or mart item form whose campus does not exist. */
export const INVALID_CAMPUS: Invalid = {
  field: 'campusId',
  message: ADMIN_FORM_MESSAGES.selectUniversityAndCampus,
};

/** The 400 of a menu item form whose restaurant does not exist at the campus it names. */
export const INVALID_RESTAURANT: Invalid = {
  field: 'restaurantId',
  message: ADMIN_FORM_MESSAGES.selectUniversityCampusAndRestaurant,
};

/** A query value that must be given, or the 400 that asks for it. */
export function requiredQuery(value: string | undefined, invalid: Invalid): string {
  if (!value) throw invalidField(invalid.field, invalid.message);
  return value;
}

/**
 * The campus a form names (universityId + campusId), if it exists and the person may manage it:
 * a super admin gets a 400 for a campus that does not exist, a campus admin a 403 for any campus
 * but their own.
 */
export async function campusFromBody(
  db: Db,
  user: TUserProfile,
  form: { universityId: string; campusId: string },
): Promise<FoundCampus> {
  const campus = await findCampus(db, form.universityId, form.campusId);
  assertCampusAccess(user, campus, () =>
    invalidField(INVALID_CAMPUS.field, INVALID_CAMPUS.message),
  );
  return campus;
}

/**
 * What an admin list may show for ?universityId, ?campusId and ?restaurantId: a super admin any
 * of them or everything; a campus admin only a campus (or a restaurant of a campus) of their own.
 */
export async function listScope(
  db: Db,
  user: TUserProfile,
  query: Record<string, string>,
): Promise<CatalogueFilter> {
  assertRole(user, 'superAdmin', 'campusAdmin');
  const { universityId, campusId, restaurantId } = query;
  if (restaurantId) {
    const campus = await campusOfRestaurant(db, restaurantId);
    assertCampusAccess(user, campus);
    // The restaurant's campus bounds every list, not only the menu's.
    return { ...campus, restaurantId };
  }
  if (campusId) {
    const campus = universityId ? await findCampus(db, universityId, campusId) : null;
    assertCampusAccess(user, campus);
    return { universityId, campusId };
  }
  if (!isSuperAdmin(user)) assertCampusAccess(user, null);
  return universityId ? { universityId } : {};
}
